package service

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/cache"
	pconfig "github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/services/company-intel/internal/config"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestReplicasShareReferenceData: research of a domain costs Wikidata the
// three calls of finding the item by its website (the gathering reads the
// item from the shared store), and a second replica sharing the store
// researches the same company, for another window, without calling
// Wikidata; a third resolves another listed company without fetching the
// SEC ticker file again.
func TestReplicasShareReferenceData(t *testing.T) {
	ctx := context.Background()
	w := sourcetest.StartWorld(t, time.Now().UTC())
	env := w.Env()
	env["X402_PAY_TO"] = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
	env["X402_FACILITATOR_URL"] = "http://127.0.0.1:1"
	env["RESEARCH_TIMEOUT"] = "30s"
	cfg, _, err := config.Load(pconfig.Map(env))
	if err != nil {
		t.Fatal(err)
	}
	store := cache.NewMemory(10000)
	replica := func() *research.Researcher {
		t.Helper()
		rt, err := app.Start(ctx, Name, "test", cfg.Base, io.Discard, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = rt.Close(ctx) })
		rt.Store = store // what REDIS_URL gives every replica
		r, err := newResearcher(rt, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	in, err := resolve.ParseInput("northwind-robotics.com")
	if err != nil {
		t.Fatal(err)
	}
	wd, sec := w.Wikidata(), w.SEC()
	const tickerFile = "/files/company_tickers.json"

	a, err := replica().Research(ctx, in, 90)
	if err != nil {
		t.Fatal(err)
	}
	if a.Bundle.Partial || a.Bundle.Company.WikidataID == "" {
		t.Fatalf("replica A: partial %v (%+v), company %+v", a.Bundle.Partial, a.Bundle.Failures, a.Bundle.Company)
	}
	if n, q := wd.Calls(), wd.CallsTo(sourcetest.WikidataSPARQLPath); n != 3 || q != 1 {
		t.Errorf("replica A: %d Wikidata calls (%d SPARQL), want 3 (1 SPARQL + 2 wbgetentities; gathering reads the stored item)", n, q)
	}
	if n := sec.CallsTo(tickerFile); n != 1 {
		t.Errorf("replica A fetched the ticker file %d times, want 1 (company resolution reads its listing)", n)
	}

	news := w.GoogleNews().Calls()
	b, err := replica().Research(ctx, in, 30) // another window: gathered again
	if err != nil {
		t.Fatal(err)
	}
	if b.Reused || w.GoogleNews().Calls() == news {
		t.Fatalf("replica B did not gather (reused %v): the test proves nothing", b.Reused)
	}
	if n := wd.Calls(); n != 3 {
		t.Errorf("replica B made %d Wikidata calls, want 0", n-3)
	}
	if a.Bundle.Profile.Headquarters == nil || b.Bundle.Profile.Headquarters == nil ||
		*a.Bundle.Profile.Headquarters != *b.Bundle.Profile.Headquarters {
		t.Errorf("headquarters: replica A %+v, replica B %+v", a.Bundle.Profile.Headquarters, b.Bundle.Profile.Headquarters)
	}
	for _, p := range []string{"wikidata", "sec"} {
		if !hasProvider(a.Bundle, p) || !hasProvider(b.Bundle, p) {
			t.Errorf("provider %s: replica A %v, replica B %v", p, a.Bundle.Providers, b.Bundle.Providers)
		}
	}

	// A third replica resolves another listed company: its listing comes
	// from the ticker file replica A fetched.
	other, err := resolve.ParseInput("acme-analytics.com")
	if err != nil {
		t.Fatal(err)
	}
	c, err := replica().Research(ctx, other, 90)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bundle.Company.Ticker == "" || !hasProvider(c.Bundle, "sec") {
		t.Fatalf("replica C: company %+v, providers %v: the test needs a listed company", c.Bundle.Company, c.Bundle.Providers)
	}
	if n := sec.CallsTo(tickerFile); n != 1 {
		t.Errorf("the ticker file was fetched %d times by three replicas, want 1", n)
	}
}

func hasProvider(b *research.Bundle, p string) bool {
	for _, x := range b.Providers {
		if x == p {
			return true
		}
	}
	return false
}
