package companyname_test

import (
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/companyname"
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
