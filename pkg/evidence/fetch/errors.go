package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

// Code is a stable, machine-readable reason for a failed fetch. Callers may
// report it to their own clients verbatim.
type Code string

// Error codes.
const (
	CodeBadURL           Code = "bad_url"            // unparsable, relative or opaque URL
	CodeBlockedAddress   Code = "blocked_address"    // target is not a public unicast address
	CodeBlockedScheme    Code = "blocked_scheme"     // not http/https (or not https when required)
	CodeBlockedPort      Code = "blocked_port"       // port other than 80/443 and not allow-listed
	CodeCredentialsInURL Code = "credentials_in_url" // user:password@ in the URL
	CodeTooManyRedirects Code = "too_many_redirects" // redirect limit exceeded
	CodeRedirectRefused  Code = "redirect_refused"   // a redirect where none may be followed
	CodeTimeout          Code = "timeout"            // per-fetch deadline or transport timeout
	CodeTooLarge         Code = "too_large"          // body exceeds the cap and a complete body was required
	CodeBadContentType   Code = "bad_content_type"   // media type not in the accepted list
	CodeDNSFailure       Code = "dns_failure"        // the name did not resolve
	CodeHTTPStatus       Code = "http_status"        // final status 4xx/5xx (or an unfollowed 3xx)
	CodeCanceled         Code = "canceled"           // the caller's context was canceled
	CodeNetwork          Code = "network_error"      // connection refused/reset, TLS failure, ...
)

// Error is returned by every failed fetch.
type Error struct {
	Code   Code
	URL    string // the URL being fetched when the failure happened (may be a redirect target)
	Status int    // HTTP status for CodeHTTPStatus, else 0
	Err    error  // underlying cause, may be nil
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("fetch %s: %s", e.URL, e.Code)
	if e.Status != 0 {
		msg += fmt.Sprintf(" (status %d)", e.Status)
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the Code of err, or "" when err is nil. Errors that are not
// from this package are classified as well as possible.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	return classify(err)
}

// lookupError marks a failed name resolution inside the dialer or preflight.
type lookupError struct {
	host string
	err  error
}

func (e *lookupError) Error() string { return fmt.Sprintf("resolve %s: %v", e.host, e.err) }
func (e *lookupError) Unwrap() error { return e.err }

// classify maps transport-level errors to codes.
func classify(err error) Code {
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	var de *guard.DeniedError
	if errors.As(err, &de) {
		if errors.Is(de.Kind, guard.ErrBlockedPort) {
			return CodeBlockedPort
		}
		return CodeBlockedAddress
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return CodeTimeout
	}
	if errors.Is(err, context.Canceled) {
		return CodeCanceled
	}
	var le *lookupError
	if errors.As(err, &le) {
		return CodeDNSFailure
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return CodeDNSFailure
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return CodeTimeout
	}
	return CodeNetwork
}
