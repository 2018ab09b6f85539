package domainname_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/domainname"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name        string
		input       string
		ascii       string
		unicode     string
		registrable string
		suffix      string
		sub         bool
	}{
		{name: "bare domain", input: "acme-widgets.com", ascii: "acme-widgets.com", unicode: "acme-widgets.com", registrable: "acme-widgets.com", suffix: "com"},
		{name: "trimmed, lower-cased, trailing dot", input: "  Acme-Widgets.COM.  ", ascii: "acme-widgets.com", unicode: "acme-widgets.com", registrable: "acme-widgets.com", suffix: "com"},
		{name: "email address", input: "Jane.Doe+sales@Acme-Widgets.co.uk", ascii: "acme-widgets.co.uk", unicode: "acme-widgets.co.uk", registrable: "acme-widgets.co.uk", suffix: "co.uk"},
		{name: "URL with scheme and path", input: "https://www.Acme-Widgets.com/path?q=1#top", ascii: "www.acme-widgets.com", unicode: "www.acme-widgets.com", registrable: "acme-widgets.com", suffix: "com", sub: true},
		{name: "URL without scheme", input: "www.acme-widgets.com/about", ascii: "www.acme-widgets.com", unicode: "www.acme-widgets.com", registrable: "acme-widgets.com", suffix: "com", sub: true},
		{name: "URL with port and userinfo", input: "http://user:pw@shop.acme-widgets.de:8443/x", ascii: "shop.acme-widgets.de", unicode: "shop.acme-widgets.de", registrable: "acme-widgets.de", suffix: "de", sub: true},
		{name: "host with port", input: "acme-widgets.com:443", ascii: "acme-widgets.com", unicode: "acme-widgets.com", registrable: "acme-widgets.com", suffix: "com"},
		{name: "mailto URL", input: "mailto:jane@acme-widgets.io", ascii: "acme-widgets.io", unicode: "acme-widgets.io", registrable: "acme-widgets.io", suffix: "io"},
		{name: "IDN to punycode", input: "Bücher.de", ascii: "xn--bcher-kva.de", unicode: "bücher.de", registrable: "xn--bcher-kva.de", suffix: "de"},
		{name: "punycode input", input: "xn--bcher-kva.de", ascii: "xn--bcher-kva.de", unicode: "bücher.de", registrable: "xn--bcher-kva.de", suffix: "de"},
		{name: "IDN TLD", input: "пример.рф", ascii: "xn--e1afmkfd.xn--p1ai", unicode: "пример.рф", registrable: "xn--e1afmkfd.xn--p1ai", suffix: "xn--p1ai"},
		{name: "full-width dot mapped", input: "acme-widgets。com", ascii: "acme-widgets.com", unicode: "acme-widgets.com", registrable: "acme-widgets.com", suffix: "com"},
		{name: "multi-label public suffix", input: "mail.acme.com.au", ascii: "mail.acme.com.au", unicode: "mail.acme.com.au", registrable: "acme.com.au", suffix: "com.au", sub: true},
		{name: "private PSL suffix", input: "acme.github.io", ascii: "acme.github.io", unicode: "acme.github.io", registrable: "acme.github.io", suffix: "github.io"},
		{name: "digits in labels", input: "123-reg.co.uk", ascii: "123-reg.co.uk", unicode: "123-reg.co.uk", registrable: "123-reg.co.uk", suffix: "co.uk"},
		{name: "numeric non-final label", input: "1.2.3.acme.com", ascii: "1.2.3.acme.com", unicode: "1.2.3.acme.com", registrable: "acme.com", suffix: "com", sub: true},
		{name: "63-character label", input: strings.Repeat("a", 63) + ".com", ascii: strings.Repeat("a", 63) + ".com", unicode: strings.Repeat("a", 63) + ".com", registrable: strings.Repeat("a", 63) + ".com", suffix: "com"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := domainname.Parse(tc.input)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.input, err)
			}
			want := domainname.Name{Input: tc.input, ASCII: tc.ascii, Unicode: tc.unicode, Registrable: tc.registrable, PublicSuffix: tc.suffix, IsSubdomain: tc.sub}
			if n != want {
				t.Errorf("Parse(%q) =\n %+v, want\n %+v", tc.input, n, want)
			}
			if n.FQDN() != tc.ascii+"." || n.String() != tc.ascii {
				t.Errorf("FQDN=%q String=%q", n.FQDN(), n.String())
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	long := strings.Repeat("abcdefghi.", 25) + "co.uk" // 255 characters
	tests := []struct {
		name  string
		input string
		code  domainname.Code
	}{
		{name: "empty", input: "", code: domainname.CodeEmpty},
		{name: "blank", input: "   \t", code: domainname.CodeEmpty},
		{name: "only a dot", input: ".", code: domainname.CodeEmpty},
		{name: "email without host", input: "jane@", code: domainname.CodeEmpty},
		{name: "name too long", input: long, code: domainname.CodeTooLong},
		{name: "input too long", input: strings.Repeat("a", 3000), code: domainname.CodeTooLong},
		{name: "label too long", input: strings.Repeat("a", 64) + ".com", code: domainname.CodeLabelTooLong},
		{name: "underscore", input: "_dmarc.acme.com", code: domainname.CodeInvalid},
		{name: "space inside", input: "acme widgets.com", code: domainname.CodeInvalid},
		{name: "empty label", input: "acme..com", code: domainname.CodeInvalid},
		{name: "leading hyphen", input: "-acme.com", code: domainname.CodeInvalid},
		{name: "trailing hyphen", input: "acme-.com", code: domainname.CodeInvalid},
		{name: "two trailing dots", input: "acme.com..", code: domainname.CodeInvalid},
		{name: "bad punycode", input: "xn--zz.com", code: domainname.CodeInvalid},
		{name: "URL without host", input: "https:///path", code: domainname.CodeInvalid},
		{name: "IPv4", input: "192.0.2.1", code: domainname.CodeIPLiteral},
		{name: "IPv4 in URL", input: "http://192.0.2.1/admin", code: domainname.CodeIPLiteral},
		{name: "decimal IPv4", input: "3232235777", code: domainname.CodeIPLiteral},
		{name: "hex IPv4", input: "0x7f000001", code: domainname.CodeIPLiteral},
		{name: "short dotted IPv4", input: "127.1", code: domainname.CodeIPLiteral},
		{name: "octal-looking IPv4", input: "0177.0.0.01", code: domainname.CodeIPLiteral},
		{name: "mixed hex dotted", input: "0x7f.0x0.0x0.0x1", code: domainname.CodeIPLiteral},
		{name: "IPv6", input: "2001:db8::1", code: domainname.CodeIPLiteral},
		{name: "bracketed IPv6", input: "[2001:db8::1]", code: domainname.CodeIPLiteral},
		{name: "IPv6 URL", input: "http://[::1]:8080/", code: domainname.CodeIPLiteral},
		{name: "IPv4 email host", input: "root@10.0.0.1", code: domainname.CodeIPLiteral},
		{name: "single label", input: "intranet", code: domainname.CodeSingleLabel},
		{name: "localhost", input: "localhost", code: domainname.CodeReserved},
		{name: "under localhost", input: "app.localhost", code: domainname.CodeReserved},
		{name: "mDNS local", input: "printer.local", code: domainname.CodeReserved},
		{name: "test", input: "acme.test", code: domainname.CodeReserved},
		{name: "example TLD", input: "acme.example", code: domainname.CodeReserved},
		{name: "example.com", input: "www.example.com", code: domainname.CodeReserved},
		{name: "invalid", input: "acme.invalid", code: domainname.CodeReserved},
		{name: "internal", input: "git.corp.internal", code: domainname.CodeReserved},
		{name: "home.arpa", input: "router.home.arpa", code: domainname.CodeReserved},
		{name: "reverse DNS", input: "1.2.0.192.in-addr.arpa", code: domainname.CodeReserved},
		{name: "onion", input: "abcdefghijklmnop.onion", code: domainname.CodeReserved},
		{name: "unknown TLD", input: "acme.notarealtld", code: domainname.CodeUnknownTLD},
		{name: "private-only suffix as TLD", input: "acme.lan", code: domainname.CodeUnknownTLD},
		{name: "TLD alone with dot", input: "com.", code: domainname.CodeSingleLabel},
		{name: "ICANN public suffix", input: "co.uk", code: domainname.CodePublicSuffix},
		{name: "private public suffix", input: "github.io", code: domainname.CodePublicSuffix},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := domainname.Parse(tc.input)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want error %s", tc.input, n, tc.code)
			}
			var perr *domainname.Error
			if !errors.As(err, &perr) {
				t.Fatalf("error %v is not a *domainname.Error", err)
			}
			if perr.Code != tc.code || domainname.CodeOf(err) != tc.code {
				t.Errorf("code = %s (%v), want %s", perr.Code, err, tc.code)
			}
			if perr.Input != tc.input || perr.Message == "" {
				t.Errorf("error lacks input or message: %+v", perr)
			}
		})
	}
}

func TestCodeOfForeignError(t *testing.T) {
	if got := domainname.CodeOf(errors.New("other")); got != "" {
		t.Errorf("CodeOf(foreign) = %q, want empty", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"acme.com", "https://www.Bücher.de/x", "a@b.co.uk", "0x7f.1", "[::1]", "xn--bcher-kva.de."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		n, err := domainname.Parse(input)
		if err != nil {
			if domainname.CodeOf(err) == "" {
				t.Fatalf("Parse(%q) error without code: %v", input, err)
			}
			return
		}
		if len(n.ASCII) > domainname.MaxNameLength || n.ASCII != strings.ToLower(n.ASCII) || strings.HasSuffix(n.ASCII, ".") {
			t.Fatalf("Parse(%q) gave a non-normalised name %q", input, n.ASCII)
		}
		if n.ASCII != n.Registrable && !strings.HasSuffix(n.ASCII, "."+n.Registrable) {
			t.Fatalf("registrable %q is not a suffix of %q", n.Registrable, n.ASCII)
		}
		if n.IsSubdomain != (n.ASCII != n.Registrable) {
			t.Fatalf("IsSubdomain inconsistent for %q", n.ASCII)
		}
		// Normalisation is idempotent: parsing the output gives the same name.
		again, err := domainname.Parse(n.ASCII)
		if err != nil || again.ASCII != n.ASCII || again.Registrable != n.Registrable {
			t.Fatalf("re-parsing %q: %+v, %v", n.ASCII, again, err)
		}
	})
}
