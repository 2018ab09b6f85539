package httpapi

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/platform/apierror"
)

// Selector bounds (a DKIM selector is a dot-separated sequence of LDH
// labels, RFC 6376 §3.1, placed in front of "._domainkey.<domain>").
const (
	MaxSelectorLength      = 253
	MaxSelectorLabelLength = 63
	dkimInfix              = "._domainkey."
	maxEchoedInput         = 256
)

// ClassifyQuery is the validated query of GET /api/v1/domain/classify.
type ClassifyQuery struct {
	Name domainname.Name
}

// AuditQuery is the validated query of GET /api/v1/domain/dns-audit.
type AuditQuery struct {
	Name domainname.Name
	// Selector is the lower-case DKIM selector, "" when not given.
	Selector string
}

// ProfileQuery is the validated query of GET /api/v1/domain/full-profile:
// the dns-audit query (same parameters, same rules).
type ProfileQuery struct {
	AuditQuery
}

// ParseProfileQuery validates the raw query string of a full-profile
// request with the dns-audit rules.
func ParseProfileQuery(rawQuery string) (ProfileQuery, error) {
	q, err := ParseAuditQuery(rawQuery)
	if err != nil {
		return ProfileQuery{}, err
	}
	return ProfileQuery{AuditQuery: q}, nil
}

// ParseClassifyQuery validates the raw query string of a classify request.
func ParseClassifyQuery(rawQuery string) (ClassifyQuery, error) {
	vals, err := parseQuery(rawQuery, "domain")
	if err != nil {
		return ClassifyQuery{}, err
	}
	name, err := parseDomain(vals)
	if err != nil {
		return ClassifyQuery{}, err
	}
	return ClassifyQuery{Name: name}, nil
}

// ParseAuditQuery validates the raw query string of a dns-audit request.
func ParseAuditQuery(rawQuery string) (AuditQuery, error) {
	vals, err := parseQuery(rawQuery, "domain", "selector")
	if err != nil {
		return AuditQuery{}, err
	}
	name, err := parseDomain(vals)
	if err != nil {
		return AuditQuery{}, err
	}
	q := AuditQuery{Name: name}
	if vs, ok := vals["selector"]; ok {
		sel := strings.ToLower(strings.TrimSpace(vs[0]))
		if reason := SelectorProblem(sel); reason != "" {
			return AuditQuery{}, apierror.InvalidField("selector", reason, nil)
		}
		if n := len(sel) + len(dkimInfix) + len(name.ASCII); n > domainname.MaxNameLength {
			return AuditQuery{}, apierror.InvalidField("selector",
				fmt.Sprintf("%s%s%s would be %d characters, more than %d", sel, dkimInfix, name.ASCII, n, domainname.MaxNameLength), nil)
		}
		q.Selector = sel
	}
	return q, nil
}

// parseQuery decodes rawQuery and refuses malformed encoding, parameters
// not in allowed and parameters given more than once.
func parseQuery(rawQuery string, allowed ...string) (url.Values, error) {
	vals, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, apierror.Wrap(err, apierror.CodeInvalidRequest,
			"the query string is not valid URL encoding").WithDetails(map[string]any{"reason": "malformed query string"})
	}
	names := make([]string, 0, len(vals))
	for k := range vals {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !slices.Contains(allowed, k) {
			return nil, apierror.InvalidField(k, "unknown query parameter", map[string]any{"allowed": allowed})
		}
		if len(vals[k]) > 1 {
			return nil, apierror.InvalidField(k, "query parameter given more than once", nil)
		}
	}
	return vals, nil
}

// parseDomain validates the required domain parameter.
func parseDomain(vals url.Values) (domainname.Name, error) {
	vs, ok := vals["domain"]
	if !ok || strings.TrimSpace(vs[0]) == "" {
		return domainname.Name{}, apierror.InvalidField("domain", "required: a domain name, an email address or a URL", nil)
	}
	name, err := domainname.Parse(vs[0])
	if err != nil {
		return domainname.Name{}, invalidDomain(vs[0], err)
	}
	return name, nil
}

// invalidDomain is the apierror.CodeInvalidDomain error for a rejected
// input: a domain parameter that is not an acceptable public domain name
// (an IP literal, a single label, a reserved or special-use name, an
// unknown suffix, a public suffix or malformed). details.reason carries
// the domainname rejection code.
func invalidDomain(input string, err error) *apierror.Error {
	reason, msg := "invalid_characters", "not an acceptable domain name"
	var perr *domainname.Error
	if errors.As(err, &perr) {
		reason, msg = string(perr.Code), perr.Message
	}
	if len(input) > maxEchoedInput {
		input = input[:maxEchoedInput]
	}
	return &apierror.Error{
		Code:    apierror.CodeInvalidDomain,
		Message: "domain: " + msg,
		Details: map[string]any{"field": "domain", "reason": reason, "input": strings.ToValidUTF8(input, "")},
		Err:     err,
	}
}

// SelectorProblem returns why sel is not a DKIM selector ("" when it is):
// dot-separated labels of letters, digits and inner hyphens, each 1..63
// characters, at most 253 in total. sel must already be lower case.
func SelectorProblem(sel string) string {
	if sel == "" {
		return "empty; omit the parameter to try provider-typical selectors"
	}
	if len(sel) > MaxSelectorLength {
		return fmt.Sprintf("longer than %d characters", MaxSelectorLength)
	}
	for _, l := range strings.Split(sel, ".") {
		switch {
		case l == "":
			return "empty label (leading, trailing or doubled dot)"
		case len(l) > MaxSelectorLabelLength:
			return fmt.Sprintf("label longer than %d characters", MaxSelectorLabelLength)
		case l[0] == '-' || l[len(l)-1] == '-':
			return fmt.Sprintf("label %q starts or ends with a hyphen", l)
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return fmt.Sprintf("label %q has a character other than letters, digits and hyphens", l)
			}
		}
	}
	return ""
}
