package ats

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// FuzzParseBoardURL: any input either is no board or a board with a valid
// token whose public URL parses back to the same board.
func FuzzParseBoardURL(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		b, ok := ParseBoardURL(raw)
		if !ok {
			if b != (Board{}) {
				t.Fatalf("rejected input returned %+v", b)
			}
			return
		}
		if displayName[b.Provider] == "" || !validToken(b.Token, b.Provider == ProviderAshby) {
			t.Fatalf("ParseBoardURL(%q) = %+v", raw, b)
		}
		again, ok := ParseBoardURL(b.URL())
		if !ok || again.key() != b.key() {
			t.Fatalf("URL() %q of %+v parses to %+v, %v", b.URL(), b, again, ok)
		}
	})
}

// FuzzRoles decodes a provider payload (provider chosen by the first
// argument) the way the source does and maps it: no panic, and every role
// has a folded title without zero-width characters, an absolute http(s)
// URL or none, and a UTC date or none; the board item keeps at most
// MaxJobs roles, newest first. Seeds cover each provider's real shapes
// (testdata/fuzz/FuzzRoles: bulk-updated Greenhouse boards, listings
// without content, custom-field shapes, Lever createdAt forms, Ashby
// instant forms, sparse SmartRecruiters postings, postings of an
// unexpected shape).
func FuzzRoles(f *testing.F) {
	s := &Source{maxJobs: 50, now: func() time.Time { return now }}
	f.Fuzz(func(t *testing.T, provider byte, body []byte) {
		var jobs []bundle.Job
		total := 0
		b := Board{Token: "northwind"}
		switch provider % 5 {
		case 0:
			var page greenhouseJobs
			if json.Unmarshal(body, &page) != nil {
				return
			}
			jobs, total = greenhouseRoles(page)
			b.Provider = ProviderGreenhouse
		case 1:
			var page entries[leverPosting]
			if json.Unmarshal(body, &page) != nil {
				return
			}
			leverRoles(page.items, map[string]bool{}, &jobs)
			b.Provider = ProviderLever
		case 2:
			var board ashbyBoard
			if json.Unmarshal(body, &board) != nil {
				return
			}
			jobs = ashbyRoles(board)
			b.Provider = ProviderAshby
		case 3:
			var acct workableAccount
			if json.Unmarshal(body, &acct) != nil {
				return
			}
			jobs = workableRoles(acct)
			b.Provider = ProviderWorkable
		default:
			var page smartRecruitersPage
			if json.Unmarshal(body, &page) != nil {
				return
			}
			smartRecruitersRoles(page.Content.items, "northwind", map[string]bool{}, &jobs)
			total = page.TotalFound
			b.Provider = ProviderSmartRecruiters
		}
		for _, j := range jobs {
			if j.Title == "" || strings.Join(strings.Fields(j.Title), " ") != j.Title || strings.ContainsFunc(j.Title, invisible) {
				t.Fatalf("title %q not cleaned", j.Title)
			}
			if j.URL != "" && !strings.HasPrefix(j.URL, "https://") && !strings.HasPrefix(j.URL, "http://") {
				t.Fatalf("url %q", j.URL)
			}
			if !j.Published.IsZero() && j.Published.Location() != time.UTC {
				t.Fatalf("published %v not UTC", j.Published)
			}
		}
		it := s.item(bundle.Query{Company: northwind}, b, listing{jobs: jobs, total: total})
		if len(it.Jobs) > s.maxJobs || it.Kind != bundle.KindJobBoard || it.Doc.URL == "" || it.Doc.Excerpt == "" {
			t.Fatalf("item %+v", it.Doc)
		}
		for i := 1; i < len(it.Jobs); i++ {
			if it.Jobs[i].Published.After(it.Jobs[i-1].Published) {
				t.Fatalf("jobs not newest first")
			}
		}
	})
}
