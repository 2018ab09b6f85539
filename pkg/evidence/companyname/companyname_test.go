package companyname_test

import (
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"legal suffix", "Acme Robotics, Inc.", "acme robotics"},
		{"stacked suffixes", "Acme Holdings, Inc.", "acme"},
		{"dotted abbreviation", "Philips N.V.", "philips"},
		{"ampersand", "Johnson & Johnson", "johnson and johnson"},
		{"accents", "Société Générale S.A.", "societe generale"},
		{"leading the", "The Trade Desk, Inc.", "trade desk"},
		{"suffix alone is kept", "Company", "company"},
		{"punctuation", "Yahoo!", "yahoo"},
		{"gmbh", "Northwind Logistik GmbH", "northwind logistik"},
		{"possessive", "Macy's, Inc.", "macys"},
		{"and co", "JPMorgan Chase & Co", "jpmorgan chase"},
		{"and inside the name kept", "Johnson & Johnson Holdings", "johnson and johnson"},
		{"societas europaea", "Northwind Logistik SE", "northwind logistik"},
		{"empty", "  ", ""},
	}
	for _, tt := range tests {
		if got := companyname.Normalize(tt.in); got != tt.want {
			t.Errorf("%s: Normalize(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestSame(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"suffix differs", "Northwind Robotics", "Northwind Robotics, Inc.", true},
		{"spacing differs", "Northwind Robotics", "NorthwindRobotics", true},
		{"case", "ACME ANALYTICS", "Acme Analytics LLC", true},
		{"different company", "Acme Analytics", "Acme Robotics", false},
		{"prefix only", "Acme", "Acme Analytics", false},
		{"empty never matches", "", "", false},
	}
	for _, tt := range tests {
		if got := companyname.Same(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: Same(%q, %q) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
	if got := companyname.Slug("Northwind Robotics, Inc."); got != "northwind-robotics" {
		t.Errorf("Slug = %q", got)
	}
}

func TestMatcherMentions(t *testing.T) {
	t.Parallel()
	acme := companyname.NewMatcher("Acme Robotics, Inc.", []string{"AcmeBot"}, "acme-robotics.com")
	macys := companyname.NewMatcher("Macy's, Inc.", nil, "macys.com")
	societe := companyname.NewMatcher("Société Générale S.A.", []string{"SocGen"}, "")
	tests := []struct {
		name string
		m    companyname.Matcher
		text string
		want bool
	}{
		{"plain", acme, "Acme Robotics raises $30M", true},
		{"straight possessive", acme, "Acme Robotics's new arm ships", true},
		{"curly possessive", acme, "Acme Robotics’ new arm and Acme Robotics’s gripper", true},
		{"possessive in a sentence", acme, "How we migrated Acme Robotics' pipeline", true},
		{"possessive after short s", acme, "Inside Acme Robotics‘s plant", true},
		{"modifier apostrophe", acme, "Acme Roboticsʼs results", true},
		{"hyphenated", acme, "Acme-Robotics opens Berlin site", true},
		{"joined", acme, "ACMEROBOTICS expands", true},
		{"upper case", acme, "ACME ROBOTICS INC. FILES 8-K", true},
		{"alias", acme, "AcmeBot's CEO speaks", true},
		{"domain as written", acme, "Read more at acme-robotics.com today", true},
		{"legal suffix in text", acme, "Acme Robotics, Inc. announced", true},
		{"soft hyphen", acme, "Acme Ro\u00adbotics hires", true},
		{"first word alone", acme, "Acme Corp sues Road Runner", false},
		{"longer word", acme, "Acme Roboticsville council meets", false},
		{"plural not possessive", acme, "Acme Roboticss", false},
		{"name with possessive, written with it", macys, "Macy's to close 60 stores", true},
		{"name with possessive, written without", macys, "Macys to close 60 stores", true},
		{"name with possessive, curly", macys, "Macy’s Thanksgiving parade", true},
		{"name with possessive, other word", macys, "Macy Gray sings", false},
		{"accents folded", societe, "Societe Generale's profit falls", true},
		{"accents kept", societe, "Société Générale’s board", true},
		{"accented alias possessive", societe, "SocGen's bond desk", true},
		{"zero matcher", companyname.Matcher{}, "Acme Robotics", false},
	}
	for _, tt := range tests {
		if got := tt.m.Mentions(tt.text); got != tt.want {
			t.Errorf("%s: Mentions(%q) = %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}

func TestMatcherRefers(t *testing.T) {
	t.Parallel()
	m := companyname.NewMatcher("Acme Robotics, Inc.", []string{"Acme"}, "acme.com")
	tests := []struct {
		phrase string
		want   bool
	}{
		{"Acme", true},
		{"Acme's", true},
		{"Acme’s", true},
		{"Acme Robotics Europe", true},
		{"ACME ROBOTICS INC", true},
		{"Globex", false},
		{"Acmeville", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := m.Refers(tt.phrase); got != tt.want {
			t.Errorf("Refers(%q) = %v, want %v", tt.phrase, got, tt.want)
		}
	}
	// The domain's first label names the company as a phrase, never as a
	// mention.
	n := companyname.NewMatcher("Northwind Robotics", nil, "northwind.io")
	if !n.Refers("Northwind") || n.Mentions("Northwind Traders opens a store") {
		t.Error("domain label: want Refers true and Mentions false")
	}
	if !n.NameWord("Northwind's") || !n.NameWord("robotics") || n.NameWord("traders") {
		t.Error("NameWord")
	}
}

func TestDisplay(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Northwind Robotics, Inc.", "Northwind Robotics"},
		{"Acme Holdings, Inc.", "Acme"},
		{"JPMorgan Chase & Co.", "JPMorgan Chase"},
		{"Globex Corp.", "Globex"},
		{"Macy's, Inc.", "Macy's"},
		{"Yahoo!", "Yahoo!"},
		{"  ", ""},
	}
	for _, tt := range tests {
		if got := companyname.Display(tt.in); got != tt.want {
			t.Errorf("Display(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzMatcher(f *testing.F) {
	for _, s := range []string{"Acme's", "Acme’s new", "Ac\u00adme", "'s", "’", "N.V.", "O'Neil & Co", "Société"} {
		f.Add(s)
	}
	m := companyname.NewMatcher("Acme Robotics, Inc.", []string{"Acme"}, "acme.com")
	f.Fuzz(func(t *testing.T, s string) {
		// Never panics; a text that mentions the company still does with
		// more text around it.
		if m.Mentions(s) && !m.Mentions("News: "+s+" today") {
			t.Errorf("Mentions(%q) true but not with context", s)
		}
		_ = m.Refers(s)
		_ = companyname.Display(s)
	})
}

func TestMark(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string // the words, a company word in capitals, a possessive one followed by "+"
	}{
		{"Acme Robotics, Inc.", "Globex buys Acme Robotics", "globex buys ACME ROBOTICS"},
		{"Acme Robotics", "Acme Robotics’ CEO steps down", "ACME ROBOTICS+ ceo steps down"},
		{"Acme", "Acme's new CEO", "ACMES+ new ceo"},
		{"Macy's", "Macy's opens a store", "MACYS opens a store"},
		{"Acme", "Acmeville mayor", "acmeville mayor"},
	} {
		var got []string
		for _, w := range companyname.NewMatcher(tc.name, nil, "").Mark(tc.text) {
			s := w.Text
			if w.Name {
				s = strings.ToUpper(s)
			}
			if w.Possessive {
				s += "+"
			}
			got = append(got, s)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("Mark(%q, %q) = %q, want %q", tc.name, tc.text, g, tc.want)
		}
	}
}
