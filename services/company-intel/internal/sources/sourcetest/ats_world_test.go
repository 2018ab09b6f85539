package sourcetest_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/ats"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// The world's boards are served in the real shapes, Greenhouse's with one
// bulk updated_at for every posting; read through the ATS source, each
// board is dated by its newest role's first publication: the day the
// world's hiring event (or small-board decoy) is on.
func TestWorldBoardsDatedByFirstPosting(t *testing.T) {
	now := time.Now()
	w := sourcetest.StartWorld(t, now)
	base := w.ATS().URL
	s, err := ats.New(ats.Config{GreenhouseURL: base, LeverURL: base, AshbyURL: base, WorkableURL: base, SmartRecruitersURL: base,
		RatePerSecond: -1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
	greenhouse := 0
	for _, c := range w.Companies() {
		if c.Board == "" {
			continue
		}
		b, ok := ats.ParseBoardURL(c.Board)
		if !ok {
			t.Fatalf("%s: board %q", c.Domain, c.Board)
		}
		var event *sourcetest.WorldEvent
		for _, e := range append(append([]sourcetest.WorldEvent{}, c.Events...), c.Decoys...) {
			for _, ev := range e.Evidence {
				if ev.Provider == b.Provider {
					event = &e
				}
			}
		}
		if event == nil {
			t.Fatalf("%s: no world event cites its board", c.Domain)
		}
		res, err := s.Gather(context.Background(), bundle.Query{Company: bundle.Company{Name: c.Name, Domain: c.Domain}, JobBoards: []string{c.Board}})
		if err != nil || len(res.Items) != 1 || len(res.Items[0].Jobs) == 0 {
			t.Fatalf("%s: %+v, %v", c.Domain, res.Items, err)
		}
		it := res.Items[0]
		daysAgo := int(today.Sub(it.Doc.Published.Truncate(24*time.Hour)).Hours() / 24)
		if daysAgo != event.DaysAgo || !it.Doc.Published.Equal(it.Jobs[0].Published) {
			t.Errorf("%s (%s): board dated %v (%d days ago), newest role %v; the world's event is %d days ago",
				c.Domain, b.Provider, it.Doc.Published, daysAgo, it.Jobs[0].Published, event.DaysAgo)
		}
		if b.Provider != ats.ProviderGreenhouse {
			continue
		}
		greenhouse++
		// The raw listing: one bulk updated_at on a later day than the
		// newest first_published, so a source reading updated_at would
		// misdate the board.
		updated := greenhouseUpdated(t, base, b.Token)
		if len(updated) != 1 {
			t.Errorf("%s: updated_at values %v, want one bulk update", c.Domain, updated)
		}
		for u := range updated {
			if ut, _ := time.Parse(time.RFC3339, u); ut.UTC().Truncate(24 * time.Hour).Equal(it.Doc.Published.Truncate(24 * time.Hour)) {
				t.Errorf("%s: bulk update %s falls on the newest role's day: the world cannot tell the dates apart", c.Domain, u)
			}
		}
	}
	if greenhouse == 0 {
		t.Fatal("the world has no Greenhouse board")
	}
}

// greenhouseUpdated counts a Greenhouse board's updated_at values.
func greenhouseUpdated(t *testing.T, base, token string) map[string]int {
	t.Helper()
	resp, err := http.Get(base + "/v1/boards/" + url.PathEscape(strings.ToLower(token)) + "/jobs?content=true")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var page struct {
		Jobs []struct {
			UpdatedAt string `json:"updated_at"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, j := range page.Jobs {
		out[j.UpdatedAt]++
	}
	return out
}
