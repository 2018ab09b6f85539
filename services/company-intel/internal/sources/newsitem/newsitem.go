// Package newsitem holds what company-intel's news sources (googlenews,
// gdelt, exa) share: their provider endpoint and client, the name they
// search for, the rule that decides whether a story is about the company,
// the window rule for dated items, how a story becomes a bundle.Item, the
// order items are returned in, and what counts as a search made.
//
// Relevance rule: a story is about the company when its text mentions it
// by companyname's one rule (companyname.Matcher: name, aliases, short
// name or domain, whole words, possessives and hyphenation read through,
// case and accents ignored).
package newsitem

import (
	"cmp"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// QueryName is the name a news search asks for: the company's name as
// written, cut after the last word of its normal form, so trailing legal
// forms and punctuation go ("Northwind Robotics, Inc." → "Northwind
// Robotics"). A company without a usable name falls back to its first
// alias; "" when there is none.
func QueryName(c bundle.Company) string {
	if n := displayName(c.Name); n != "" {
		return n
	}
	for _, a := range c.Aliases {
		if n := displayName(a); n != "" {
			return n
		}
	}
	return ""
}

func displayName(name string) string {
	if utf8.RuneCountInString(companyname.Normalize(name)) < companyname.MinMatch {
		return ""
	}
	return companyname.Display(name)
}

// Matcher decides whether texts mention one company: companyname's
// Matcher. The zero Matcher matches nothing.
type Matcher = companyname.Matcher

// NewMatcher returns the Matcher for c: its name, aliases and domain.
func NewMatcher(c bundle.Company) Matcher {
	return companyname.NewMatcher(c.Name, c.Aliases, c.Domain)
}

// InWindow reports whether a date known at precision p lies within the
// query's window. An undated item (zero t) is kept: the window rule is for
// dated items. A day-precision date is in the window when any part of that
// UTC day is (a story dated the day the window opens counts even though
// its midnight is before From).
func InWindow(q bundle.Query, t time.Time, p source.Precision) bool {
	switch {
	case t.IsZero():
		return true
	case p == source.PrecisionDay:
		day := t.UTC().Truncate(24 * time.Hour)
		return day.Add(24*time.Hour).After(q.From) && !day.After(q.To)
	}
	return q.In(t)
}

// Item wraps a normalised document as an item of provider: a
// first-party document (the company's site, a press-release wire) is the
// company's own announcement (KindPress), anything else is news.
func Item(provider string, d source.Document) bundle.Item {
	kind := bundle.KindNews
	if d.Authority == source.AuthorityFirstParty {
		kind = bundle.KindPress
	}
	return bundle.Item{Doc: d, Provider: provider, Kind: kind}
}

// Finish drops later items whose canonical URL repeats an earlier one and
// sorts the rest by publication date, newest first (undated last), then by
// URL, so the same answer always gives the same order.
func Finish(items []bundle.Item) []bundle.Item {
	seen := make(map[string]bool, len(items))
	out := make([]bundle.Item, 0, len(items))
	for _, it := range items {
		if seen[it.Doc.URL] {
			continue
		}
		seen[it.Doc.URL] = true
		out = append(out, it)
	}
	slices.SortStableFunc(out, func(a, b bundle.Item) int {
		if c := b.Doc.Published.Compare(a.Doc.Published); c != 0 {
			return c
		}
		return cmp.Compare(a.Doc.URL, b.Doc.URL)
	})
	return out
}

// Host returns the lower-case host of an absolute http(s) URL, "" for
// anything else.
func Host(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
}

// Publisher names a publisher by its site's host without "www.".
func Publisher(host string) string { return strings.TrimPrefix(strings.ToLower(host), "www.") }

// Endpoint is a news source's connection to its provider: the endpoint
// URL, the HTTP client, the clock and the logger.
type Endpoint struct {
	URL    *url.URL
	Client *upstream.Client
	Now    func() time.Time
	Log    *slog.Logger
}

// NewEndpoint checks the provider's endpoint rawURL (defaultURL when
// empty) and builds its client from uc, named provider; a zero
// uc.RatePerSecond takes the provider's rate and burst. A nil now is
// time.Now; a nil uc.Logger discards.
func NewEndpoint(provider, rawURL, defaultURL string, uc upstream.Config, rate float64, burst int, now func() time.Time) (Endpoint, error) {
	if rawURL == "" {
		rawURL = defaultURL
	}
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Endpoint{}, fmt.Errorf("%s: base URL %q is not an absolute http(s) URL", provider, rawURL)
	}
	uc.Name = provider
	if uc.RatePerSecond <= 0 {
		uc.RatePerSecond, uc.Burst = rate, burst
	}
	if now == nil {
		now = time.Now
	}
	log := uc.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return Endpoint{URL: u, Client: upstream.New(uc), Now: now, Log: log}, nil
}

// Collect maps a provider's results to items with toItem, keeps those it
// accepts (about q.Company, within the window) and returns them finished
// (Finish).
func Collect[T any](results []T, q bundle.Query, retrieved time.Time, toItem func(T, bundle.Query, Matcher, time.Time) (bundle.Item, bool)) []bundle.Item {
	m := NewMatcher(q.Company)
	var items []bundle.Item
	for _, r := range results {
		if it, ok := toItem(r, q, m, retrieved); ok {
			items = append(items, it)
		}
	}
	return Finish(items)
}

// SearchUsage is the Usage of one free search call that ended with err:
// one search when the provider answered (see Answered), none otherwise.
func SearchUsage(err error) bundle.Usage {
	if Answered(err) {
		return bundle.Usage{Searches: 1}
	}
	return bundle.Usage{}
}

// Answered reports whether a call reached the provider and got an answer
// (a response, or an error carrying an HTTP status): such a call counts as
// a search made. Calls refused locally (cost guard, rate limiter) or lost
// to a network error or deadline before any answer do not.
func Answered(err error) bool {
	if err == nil {
		return true
	}
	var e *upstream.Error
	return errors.As(err, &e) && e.Status != 0
}
