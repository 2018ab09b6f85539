// Package domainname (shared by both services: one owner of "is this a
// registrable public domain") turns user input (a bare domain, an email address or a
// URL) into a validated, normalised, registrable DNS domain name.
package domainname

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// Limits from RFC 1035 §2.3.4 (presentation form without the trailing dot).
const (
	MaxNameLength  = 253
	MaxLabelLength = 63
	// maxInputLength bounds the raw input (URLs may carry long paths).
	maxInputLength = 2048
)

// Name is a validated domain name.
type Name struct {
	// Input is the caller's input, unchanged.
	Input string
	// ASCII is the normalised name: lower case, punycode (A-labels), no trailing dot.
	ASCII string
	// Unicode is the display form (U-labels).
	Unicode string
	// Registrable is the registrable domain (eTLD+1) per the Public Suffix List.
	Registrable string
	// PublicSuffix is the name's public suffix (e.g. "co.uk").
	PublicSuffix string
	// IsSubdomain is true when ASCII is below Registrable.
	IsSubdomain bool
}

// String is the ASCII form.
func (n Name) String() string { return n.ASCII }

// FQDN is the ASCII form with a trailing dot, as DNS questions need it.
func (n Name) FQDN() string { return n.ASCII + "." }

// Code is a stable, machine-readable reason for rejecting an input.
type Code string

// Rejection codes.
const (
	CodeEmpty        Code = "empty"
	CodeTooLong      Code = "too_long"
	CodeLabelTooLong Code = "label_too_long"
	CodeInvalid      Code = "invalid_characters" // not a host name: bad characters, empty or malformed labels, bad IDN
	CodeIPLiteral    Code = "ip_literal"
	CodeSingleLabel  Code = "single_label"
	CodeReserved     Code = "reserved_name"
	CodeUnknownTLD   Code = "unknown_suffix"
	CodePublicSuffix Code = "public_suffix"
)

// Error explains why an input is not an acceptable domain name.
type Error struct {
	Code    Code   // stable reason
	Input   string // the rejected input
	Message string // human-readable explanation
	Err     error  // underlying cause, if any
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("domainname: %q: %s: %v", e.Input, e.Message, e.Err)
	}
	return fmt.Sprintf("domainname: %q: %s", e.Input, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the Code of a *Error in err's chain, or "" when there is none.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func reject(input string, code Code, cause error, format string, args ...any) (Name, error) {
	return Name{}, &Error{Code: code, Input: input, Message: fmt.Sprintf(format, args...), Err: cause}
}

// reservedSuffix returns the special-use or reserved name that ascii equals
// or lies below: RFC 6761 (localhost, test, example, invalid and the RFC
// 2606 example second-level names), RFC 6762 "local", RFC 7686 "onion",
// RFC 8375 "home.arpa" (and all of "arpa", which is infrastructure), RFC
// 9476 "alt" and ICANN's 2024 "internal" reservation.
func reservedSuffix(ascii string) (string, bool) {
	for s := ascii; ; {
		switch s {
		case "localhost", "local", "test", "example", "invalid", "internal", "onion", "alt",
			"arpa", "example.com", "example.net", "example.org":
			return s, true
		}
		i := strings.IndexByte(s, '.')
		if i < 0 {
			return "", false
		}
		s = s[i+1:]
	}
}

// Parse extracts the host from input, normalises and validates it. It
// accepts "example.co.uk", "Jane@Example.co.uk", "https://www.example.co.uk/path"
// and "www.example.co.uk/path". The host is trimmed, lower-cased, stripped of
// one trailing dot and converted to punycode (IDNA Lookup profile). It is
// rejected (with an *Error) when empty, too long, malformed, an IP literal,
// a single label, reserved, under a TLD that is not in the ICANN section of
// the Public Suffix List, or itself a public suffix.
func Parse(input string) (Name, error) {
	raw := strings.TrimSpace(input)
	if raw == "" {
		return reject(input, CodeEmpty, nil, "no domain given")
	}
	if len(raw) > maxInputLength {
		return reject(input, CodeTooLong, nil, "input longer than %d bytes", maxInputLength)
	}
	if !utf8.ValidString(raw) {
		return reject(input, CodeInvalid, nil, "input is not valid UTF-8")
	}
	host, err := extractHost(raw)
	if err != nil {
		return reject(input, CodeInvalid, err, "cannot find a host name")
	}
	if isIPLiteral(host) {
		return reject(input, CodeIPLiteral, nil, "IP addresses are not domain names")
	}
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return reject(input, CodeEmpty, nil, "no domain given")
	}
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return reject(input, CodeInvalid, err, "not a valid host name")
	}
	ascii = strings.ToLower(ascii)
	// The A-labels must themselves be valid IDNA (this rejects labels that
	// only encode mapped replacement characters) so that Parse is idempotent.
	if again, err := idna.Lookup.ToASCII(ascii); err != nil || again != ascii {
		return reject(input, CodeInvalid, err, "not a valid internationalised host name")
	}
	if len(ascii) > MaxNameLength {
		return reject(input, CodeTooLong, nil, "name longer than %d characters", MaxNameLength)
	}
	labels := strings.Split(ascii, ".")
	for _, l := range labels {
		if len(l) > MaxLabelLength {
			return reject(input, CodeLabelTooLong, nil, "label %q longer than %d characters", l, MaxLabelLength)
		}
		if !isLDHLabel(l) {
			return reject(input, CodeInvalid, nil, "label %q is not letters, digits and inner hyphens", l)
		}
	}
	if isNumericName(labels) {
		return reject(input, CodeIPLiteral, nil, "all-numeric names are IP addresses, not domain names")
	}
	if s, ok := reservedSuffix(ascii); ok {
		return reject(input, CodeReserved, nil, "%q is a reserved or special-use name", s)
	}
	if len(labels) == 1 {
		return reject(input, CodeSingleLabel, nil, "a single label is not a public domain name")
	}
	tld := labels[len(labels)-1]
	if ps, icann := publicsuffix.PublicSuffix(tld); !icann || ps != tld {
		return reject(input, CodeUnknownTLD, nil, "%q is not a delegated top-level domain", tld)
	}
	suffix, _ := publicsuffix.PublicSuffix(ascii)
	if suffix == ascii {
		return reject(input, CodePublicSuffix, nil, "%q is a public suffix, not a registrable domain", ascii)
	}
	registrable, err := publicsuffix.EffectiveTLDPlusOne(ascii)
	if err != nil {
		return reject(input, CodePublicSuffix, err, "no registrable domain")
	}
	unicode, err := idna.Display.ToUnicode(ascii)
	if err != nil {
		unicode = ascii
	}
	return Name{
		Input:        input,
		ASCII:        ascii,
		Unicode:      unicode,
		Registrable:  registrable,
		PublicSuffix: suffix,
		IsSubdomain:  ascii != registrable,
	}, nil
}

// extractHost finds the host part of a bare name, an email address or a URL.
func extractHost(s string) (string, error) {
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		return s, nil // bracketed IPv6 literal; rejected by the caller
	}
	if !strings.Contains(s, "://") {
		if at := strings.LastIndexByte(s, '@'); at >= 0 && !strings.ContainsAny(s, "/?#") {
			return s[at+1:], nil
		}
		if _, err := netip.ParseAddr(s); err == nil {
			return s, nil // bare IPv6 (contains colons); rejected by the caller
		}
		if !strings.ContainsAny(s, "/?#:@") {
			return s, nil
		}
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("parse as URL: %w", err)
	}
	if u.Host == "" {
		return "", errors.New("URL has no host")
	}
	if strings.HasPrefix(u.Host, "[") {
		return "[" + u.Hostname() + "]", nil
	}
	return u.Hostname(), nil
}

// isIPLiteral reports IPv4/IPv6 addresses, bracketed or with a zone.
func isIPLiteral(host string) bool {
	h := strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if h != host {
		return true
	}
	if i := strings.IndexByte(h, '%'); i >= 0 {
		h = h[:i]
	}
	_, err := netip.ParseAddr(h)
	return err == nil
}

// isNumericName reports names that URL parsers and inet_aton read as IPv4
// addresses: the last label is a decimal, octal or 0x-hex number (WHATWG
// URL "ends in a number"), e.g. "3232235777", "0x7f.1", "127.1".
func isNumericName(labels []string) bool {
	last := labels[len(labels)-1]
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") {
		return isHex(last[2:])
	}
	return isDigits(last)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// isLDHLabel checks the preferred name syntax (RFC 1123 §2.1): letters,
// digits and hyphens, not starting or ending with a hyphen, not empty.
func isLDHLabel(l string) bool {
	if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
