package fetch

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

// target is a URL that passed the syntactic checks.
type target struct {
	host string     // lower-case host name or IP literal, no brackets, no trailing dot
	addr netip.Addr // valid when host is an IP literal
	port uint16
}

// checkURL applies the checks that need no network: scheme, credentials,
// host syntax (including non-canonical IPv4 forms such as 2130706433,
// 0x7f000001, 0177.0.0.1 and 127.1, which some resolvers would map to
// 127.0.0.1), IP-literal policy and port. It is pure.
func checkURL(u *url.URL, allow guard.AllowList, httpsOnly bool) (target, *Error) {
	fail := func(c Code, msg string) (target, *Error) {
		return target{}, &Error{Code: c, URL: redact(u), Err: errString(msg)}
	}
	switch u.Scheme {
	case "https":
	case "http":
		if httpsOnly {
			return fail(CodeBlockedScheme, "https is required")
		}
	default:
		return fail(CodeBlockedScheme, "scheme "+strconv.Quote(u.Scheme)+" is not http or https")
	}
	if u.User != nil {
		return fail(CodeCredentialsInURL, "credentials in URLs are not sent")
	}
	if u.Opaque != "" || u.Host == "" {
		return fail(CodeBadURL, "URL has no host")
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" {
		return fail(CodeBadURL, "URL has no host")
	}
	var port uint16 = 80
	if u.Scheme == "https" {
		port = 443
	}
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil || n == 0 {
			return fail(CodeBadURL, "invalid port "+strconv.Quote(p))
		}
		port = uint16(n)
	}
	t := target{host: host, port: port}
	if a, err := netip.ParseAddr(host); err == nil {
		t.addr = a
		if err := guard.NewPolicy(allow).CheckAddrPort(netip.AddrPortFrom(a, port), "ip", u.Host); err != nil {
			return target{}, &Error{Code: classify(err), URL: redact(u), Err: err}
		}
		return t, nil
	}
	if strings.ContainsAny(host, "%[]") {
		return fail(CodeBadURL, "invalid host "+strconv.Quote(host))
	}
	if numericIPv4Form(host) {
		return fail(CodeBlockedAddress, "non-canonical IPv4 literal "+strconv.Quote(host))
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return fail(CodeBlockedAddress, "localhost names are loopback (RFC 6761)")
	}
	if !guard.IsDefaultPort(port) && !allow.HasPort(port) {
		return fail(CodeBlockedPort, "port "+strconv.Itoa(int(port))+" is not 80 or 443")
	}
	return t, nil
}

// numericIPv4Form reports whether host would be read as an IPv4 address by
// the WHATWG URL parser or by inet_aton: its last label is a decimal, octal
// or 0x-hex number. Such hosts are never valid DNS names with a real TLD.
func numericIPv4Form(host string) bool {
	labels := strings.Split(host, ".")
	last := labels[len(labels)-1]
	if last == "" && len(labels) > 1 {
		last = labels[len(labels)-2]
	}
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") {
		for _, r := range last[2:] {
			if !strings.ContainsRune("0123456789abcdef", r) {
				return false
			}
		}
		return true
	}
	for _, r := range last {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// redact returns u as a string without userinfo.
func redact(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	return c.String()
}

type errString string

func (e errString) Error() string { return string(e) }
