// Package domainlists knows which mail domains are free webmail providers
// and which are disposable (throw-away) address services. The data is
// embedded from public CC0/MIT lists; see data/SOURCES.md.
package domainlists

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/net/publicsuffix"
)

var (
	//go:embed data/free.txt
	freeData []byte
	//go:embed data/disposable.txt
	disposableData []byte
)

// Category says which list a domain is on.
type Category string

// Categories. A domain on both lists is disposable.
const (
	None       Category = ""
	Free       Category = "free_email"
	Disposable Category = "disposable"
)

// Lists holds the parsed sets. It is immutable and safe for concurrent use.
type Lists struct {
	free       map[string]struct{}
	disposable map[string]struct{}
}

// Load parses the embedded lists. Call it once at start-up and share the result.
func Load() (*Lists, error) {
	free, err := parse(freeData)
	if err != nil {
		return nil, fmt.Errorf("domainlists: free.txt: %w", err)
	}
	disposable, err := parse(disposableData)
	if err != nil {
		return nil, fmt.Errorf("domainlists: disposable.txt: %w", err)
	}
	return &Lists{free: free, disposable: disposable}, nil
}

func parse(data []byte) (map[string]struct{}, error) {
	set := make(map[string]struct{}, bytes.Count(data, []byte{'\n'}))
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		d := strings.TrimSpace(sc.Text())
		if d == "" || strings.HasPrefix(d, "#") {
			continue
		}
		if d != strings.ToLower(d) || strings.ContainsAny(d, " \t/@") || !strings.Contains(d, ".") {
			return nil, fmt.Errorf("line %d: %q is not a lower-case domain", line, d)
		}
		set[d] = struct{}{}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	return set, nil
}

// Counts returns the number of free and disposable entries.
func (l *Lists) Counts() (free, disposable int) { return len(l.free), len(l.disposable) }

// Lookup returns the category of domain and the list entry that matched.
// The domain itself and each parent up to its registrable domain (eTLD+1)
// are checked, so "eu.mailinator.com" matches "mailinator.com" but "co.uk"
// entries could never match every British domain.
func (l *Lists) Lookup(domain string) (Category, string) {
	for _, cand := range candidates(domain) {
		if _, ok := l.disposable[cand]; ok {
			return Disposable, cand
		}
	}
	for _, cand := range candidates(domain) {
		if _, ok := l.free[cand]; ok {
			return Free, cand
		}
	}
	return None, ""
}

// IsFree reports whether domain is a free webmail domain (and not disposable).
func (l *Lists) IsFree(domain string) bool {
	c, _ := l.Lookup(domain)
	return c == Free
}

// IsDisposable reports whether domain is a disposable-address domain.
func (l *Lists) IsDisposable(domain string) bool {
	c, _ := l.Lookup(domain)
	return c == Disposable
}

// candidates lists domain and its parents down to the registrable domain.
func candidates(domain string) []string {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(domain)), ".")
	if d == "" {
		return nil
	}
	stop, err := publicsuffix.EffectiveTLDPlusOne(d)
	if err != nil {
		return []string{d}
	}
	out := []string{d}
	for d != stop {
		i := strings.IndexByte(d, '.')
		if i < 0 {
			break
		}
		d = d[i+1:]
		out = append(out, d)
	}
	return out
}
