package domainlists_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
)

func TestLookup(t *testing.T) {
	l, err := domainlists.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		domain   string
		category domainlists.Category
		entry    string
	}{
		{name: "gmail is free", domain: "gmail.com", category: domainlists.Free, entry: "gmail.com"},
		{name: "case and trailing dot ignored", domain: "GMail.Com.", category: domainlists.Free, entry: "gmail.com"},
		{name: "outlook is free", domain: "outlook.com", category: domainlists.Free, entry: "outlook.com"},
		{name: "proton is free", domain: "proton.me", category: domainlists.Free, entry: "proton.me"},
		{name: "mailinator is disposable", domain: "mailinator.com", category: domainlists.Disposable, entry: "mailinator.com"},
		{name: "subdomain of a disposable domain", domain: "eu.mailinator.com", category: domainlists.Disposable, entry: "mailinator.com"},
		{name: "business domain is neither", domain: "siemens.com", category: domainlists.None},
		{name: "unrelated domain sharing a suffix", domain: "notgmail.com", category: domainlists.None},
		{name: "bare public suffix never matches", domain: "com", category: domainlists.None},
		{name: "empty", domain: "", category: domainlists.None},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, entry := l.Lookup(tc.domain)
			if c != tc.category || entry != tc.entry {
				t.Errorf("Lookup(%q) = %q, %q; want %q, %q", tc.domain, c, entry, tc.category, tc.entry)
			}
			if l.IsFree(tc.domain) != (tc.category == domainlists.Free) || l.IsDisposable(tc.domain) != (tc.category == domainlists.Disposable) {
				t.Errorf("IsFree/IsDisposable disagree with Lookup for %q", tc.domain)
			}
		})
	}
}

// TestDataMatchesManifest checks the embedded files against SOURCES.md:
// counts, sort order, uniqueness, syntax and the free/disposable split.
func TestDataMatchesManifest(t *testing.T) {
	manifest, err := os.ReadFile("data/SOURCES.md")
	if err != nil {
		t.Fatal(err)
	}
	l, err := domainlists.Load()
	if err != nil {
		t.Fatal(err)
	}
	nFree, nDisposable := l.Counts()
	want := map[string]int{"free.txt": nFree, "disposable.txt": nDisposable}
	row := regexp.MustCompile(`(?m)^\| (\S+\.txt) \|.*\| (\d+) \|$`)
	found := 0
	for _, m := range row.FindAllStringSubmatch(string(manifest), -1) {
		n, _ := strconv.Atoi(m[2])
		if want[m[1]] != n {
			t.Errorf("SOURCES.md says %s has %d entries; loaded %d", m[1], n, want[m[1]])
		}
		found++
	}
	if found != 2 {
		t.Fatalf("found %d manifest rows, want 2", found)
	}
	label := `[a-z0-9]([a-z0-9-]*[a-z0-9])?`
	valid := regexp.MustCompile(`^` + label + `(\.` + label + `)+$`)
	disposable := map[string]bool{}
	for _, file := range []string{"data/disposable.txt", "data/free.txt"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		for i, d := range lines {
			if !valid.MatchString(d) {
				t.Errorf("%s:%d: %q is not a valid domain", file, i+1, d)
			}
			if i > 0 && lines[i-1] >= d {
				t.Errorf("%s:%d: not sorted/unique at %q", file, i+1, d)
			}
			if file == "data/disposable.txt" {
				disposable[d] = true
			} else if disposable[d] {
				t.Errorf("%s:%d: %q is also disposable", file, i+1, d)
			}
		}
	}
}
