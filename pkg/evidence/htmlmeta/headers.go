package htmlmeta

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// HSTS is a parsed Strict-Transport-Security header (RFC 6797 §6.1).
type HSTS struct {
	MaxAge            int64 `json:"maxAge"` // seconds
	IncludeSubDomains bool  `json:"includeSubDomains"`
	Preload           bool  `json:"preload"`
}

// SecurityHeaders summarises the security-relevant response headers.
type SecurityHeaders struct {
	// HSTS is nil when the header is absent or invalid; HSTSRaw keeps the
	// first header value and HSTSError why it was rejected.
	HSTS      *HSTS  `json:"hsts"`
	HSTSRaw   string `json:"hstsRaw,omitempty"`
	HSTSError string `json:"hstsError,omitempty"`
	// CSP is true when Content-Security-Policy is present (enforced);
	// CSPReportOnly when only Content-Security-Policy-Report-Only is.
	CSP           bool `json:"csp"`
	CSPReportOnly bool `json:"cspReportOnly"`
	// Values as sent (first header field), trimmed; "" when absent.
	XFrameOptions       string `json:"xFrameOptions,omitempty"`
	XContentTypeOptions string `json:"xContentTypeOptions,omitempty"`
	ReferrerPolicy      string `json:"referrerPolicy,omitempty"`
	PermissionsPolicy   string `json:"permissionsPolicy,omitempty"`
}

// ParseSecurityHeaders reads the security headers of a response. Only the
// first Strict-Transport-Security field is processed, as RFC 6797 §8.1
// requires of user agents.
func ParseSecurityHeaders(h http.Header) SecurityHeaders {
	var s SecurityHeaders
	if vs := h.Values("Strict-Transport-Security"); len(vs) > 0 {
		s.HSTSRaw = strings.TrimSpace(vs[0])
		if v, err := ParseHSTS(vs[0]); err != nil {
			s.HSTSError = err.Error()
		} else {
			s.HSTS = &v
		}
	}
	s.CSP = strings.TrimSpace(h.Get("Content-Security-Policy")) != ""
	s.CSPReportOnly = !s.CSP && strings.TrimSpace(h.Get("Content-Security-Policy-Report-Only")) != ""
	s.XFrameOptions = strings.TrimSpace(h.Get("X-Frame-Options"))
	s.XContentTypeOptions = strings.TrimSpace(h.Get("X-Content-Type-Options"))
	s.ReferrerPolicy = strings.TrimSpace(h.Get("Referrer-Policy"))
	s.PermissionsPolicy = strings.TrimSpace(h.Get("Permissions-Policy"))
	return s
}

// ParseHSTS parses a Strict-Transport-Security value. Directive names are
// case-insensitive, values may be quoted, unknown directives are ignored,
// max-age is required, and a directive that appears twice makes the whole
// header invalid (RFC 6797 §6.1).
func ParseHSTS(v string) (HSTS, error) {
	var out HSTS
	seen := map[string]bool{}
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, hasValue := strings.Cut(part, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		value = strings.TrimSpace(value)
		if seen[name] {
			return HSTS{}, fmt.Errorf("hsts: directive %q appears more than once", name)
		}
		seen[name] = true
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = value[1 : len(value)-1]
		}
		switch name {
		case "max-age":
			if !hasValue || value == "" {
				return HSTS{}, errors.New("hsts: max-age has no value")
			}
			for _, c := range value {
				if c < '0' || c > '9' {
					return HSTS{}, fmt.Errorf("hsts: max-age %q is not delta-seconds", value)
				}
			}
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				return HSTS{}, fmt.Errorf("hsts: max-age %q: %w", value, err)
			}
			out.MaxAge = n
		case "includesubdomains":
			if hasValue {
				return HSTS{}, errors.New("hsts: includeSubDomains takes no value")
			}
			out.IncludeSubDomains = true
		case "preload":
			out.Preload = true
		}
	}
	if !seen["max-age"] {
		return HSTS{}, errors.New("hsts: max-age is missing")
	}
	return out, nil
}
