package wikidata_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/cache"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/wikidata"
)

const (
	northwindDomain = "northwind-robotics.com"
	northwindQID    = "Q138100001"
)

// replicas returns n sources over srv sharing store, as n replicas of the
// service do.
func replicas(t *testing.T, srv *sourcetest.Server, store wikidata.Store, n int, mod ...func(*wikidata.Config)) []*wikidata.Source {
	t.Helper()
	var out []*wikidata.Source
	for range n {
		out = append(out, newSource(t, srv, append([]func(*wikidata.Config){func(c *wikidata.Config) { c.Store = store }}, mod...)...))
	}
	return out
}

// resolveThenGather is what a domain input costs: company resolution
// (ByDomain) then research's Gather with the resolved item's id.
func resolveThenGather(t *testing.T, s *wikidata.Source, domain string) (*wikidata.Entity, bundle.Result) {
	t.Helper()
	ctx := context.Background()
	e, _, err := s.ByDomain(ctx, domain)
	if err != nil {
		t.Fatalf("ByDomain(%s): %v", domain, err)
	}
	if e == nil {
		t.Fatalf("ByDomain(%s): no item", domain)
	}
	res, err := s.Gather(ctx, query(bundle.Company{Name: e.Label, Domain: domain, WikidataID: e.ID}))
	if err != nil {
		t.Fatalf("Gather: %v", err)
	}
	return e, res
}

// TestSharedStoreSavesCalls: resolution then Gather of a domain costs
// ByDomain's three calls and nothing more; another replica sharing the
// store resolves and gathers the same company without calling Wikidata,
// and gets the same entity and result.
func TestSharedStoreSavesCalls(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	rs := replicas(t, srv, cache.NewMemory(100), 2)
	a, b := rs[0], rs[1]

	// Without a store the same company costs five calls: ByDomain's
	// three, then Gather's wbgetentities and labels again.
	plainSrv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	wantEntity, wantRes := resolveThenGather(t, newSource(t, plainSrv), northwindDomain)
	if n := plainSrv.Calls(); n != 5 {
		t.Fatalf("without a store: %d calls, want 5 (the baseline this store removes)", n)
	}

	e, res := resolveThenGather(t, a, northwindDomain)
	if n := srv.Calls(); n != 3 || srv.CallsTo(sourcetest.WikidataSPARQLPath) != 1 {
		t.Fatalf("replica A: %d calls (%d SPARQL), want ByDomain's 3 (1 SPARQL, 2 wbgetentities)", n, srv.CallsTo(sourcetest.WikidataSPARQLPath))
	}
	if res.Usage != (bundle.Usage{}) {
		t.Errorf("Gather after resolution: usage %+v, want none (served by the store)", res.Usage)
	}
	if !reflect.DeepEqual(*e, *wantEntity) || e.ID != northwindQID {
		t.Errorf("entity %+v, want %+v", *e, *wantEntity)
	}
	if d := sourcetest.JSONDiff(wantRes.Items, res.Items); d != "" {
		t.Errorf("items (-no store +store):\n%s", d)
	}
	if d := sourcetest.JSONDiff(wantRes.Profile, res.Profile); d != "" {
		t.Errorf("profile (-no store +store):\n%s", d)
	}

	// Another replica: the same domain, then Gather by domain alone and by
	// id, all without a call.
	eb, resB := resolveThenGather(t, b, northwindDomain)
	byDomain, err := b.Gather(context.Background(), query(bundle.Company{Domain: "WWW.Northwind-Robotics.com"}))
	if err != nil {
		t.Fatal(err)
	}
	if n := srv.Calls(); n != 3 {
		t.Fatalf("replica B made %d Wikidata calls, want 0", n-3)
	}
	if !reflect.DeepEqual(*eb, *wantEntity) {
		t.Errorf("replica B entity %+v, want %+v", *eb, *wantEntity)
	}
	for _, r := range []bundle.Result{resB, byDomain} {
		if d := sourcetest.JSONDiff(wantRes.Profile, r.Profile); d != "" || len(r.Items) != 1 || r.Usage != (bundle.Usage{}) {
			t.Errorf("replica B result: usage %+v, items %d, profile diff:\n%s", r.Usage, len(r.Items), d)
		}
	}
}

// TestSharedStoreMergedItem: an id merged into another is kept under both
// ids: Get of either on another replica makes no call.
func TestSharedStoreMergedItem(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	rs := replicas(t, srv, cache.NewMemory(100), 2)
	ctx := context.Background()
	e, u, err := rs[0].Get(ctx, "q138100009")
	if err != nil || e == nil || e.ID != northwindQID || u.Contents != 2 {
		t.Fatalf("Get(merged) = %+v, %+v, %v", e, u, err)
	}
	for _, id := range []string{"Q138100009", northwindQID} {
		got, u, err := rs[1].Get(ctx, id)
		if err != nil || got == nil || !reflect.DeepEqual(*got, *e) || u != (bundle.Usage{}) {
			t.Errorf("replica B Get(%s) = %+v, %+v, %v", id, got, u, err)
		}
	}
	if n := srv.Calls(); n != 2 {
		t.Errorf("%d calls, want 2 (replica A's Get only)", n)
	}
}

// TestSharedStoreSearch: the hits Search returns are kept, so research's
// Gather of the one chosen makes no call, on any replica.
func TestSharedStoreSearch(t *testing.T) {
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	rs := replicas(t, srv, cache.NewMemory(100), 2)
	ctx := context.Background()
	hits, _, err := rs[0].Search(ctx, "Acme Analytics")
	if err != nil || len(hits) == 0 {
		t.Fatalf("Search = %+v, %v", hits, err)
	}
	calls := srv.Calls()
	for _, h := range hits {
		got, u, err := rs[1].Get(ctx, h.ID)
		if err != nil || got == nil || !reflect.DeepEqual(*got, h) || u != (bundle.Usage{}) {
			t.Errorf("replica B Get(%s) = %+v, %+v, %v; want the hit %+v", h.ID, got, u, err, h)
		}
	}
	if n := srv.Calls() - calls; n != 0 {
		t.Errorf("Get of the hits made %d calls, want 0", n)
	}
}

// TestSharedStoreTTLs: a domain's item is kept for EntityTTL, "no item"
// for NoItemTTL (both configurable), on the store's clock.
func TestSharedStoreTTLs(t *testing.T) {
	clock := now
	store := cache.NewMemory(100).WithClock(func() time.Time { return clock })
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	rs := replicas(t, srv, store, 2, func(c *wikidata.Config) { c.EntityTTL = 6 * time.Hour; c.NoItemTTL = 30 * time.Minute })
	ctx := context.Background()
	byDomain := func(s *wikidata.Source, domain string) *wikidata.Entity {
		t.Helper()
		e, _, err := s.ByDomain(ctx, domain)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	const unknown = "unknown-company.example"
	for i, step := range []struct {
		advance         time.Duration
		domain          string
		wantSPARQL      int // SPARQL calls so far
		wantItem        bool
		replica         int
		wantTotalCalled int
	}{
		{0, unknown, 1, false, 0, 1},
		{29 * time.Minute, unknown, 1, false, 1, 1}, // "no item" kept
		{time.Minute, unknown, 2, false, 1, 2},      // expired after 30 min
		{0, northwindDomain, 3, true, 0, 5},
		{5 * time.Hour, northwindDomain, 3, true, 1, 5}, // item kept
		{time.Hour, northwindDomain, 4, true, 1, 8},     // expired after 6 h
	} {
		clock = clock.Add(step.advance)
		e := byDomain(rs[step.replica], step.domain)
		if (e != nil) != step.wantItem {
			t.Fatalf("step %d: ByDomain(%s) = %+v", i, step.domain, e)
		}
		if n, all := srv.CallsTo(sourcetest.WikidataSPARQLPath), srv.Calls(); n != step.wantSPARQL || all != step.wantTotalCalled {
			t.Fatalf("step %d: %d SPARQL calls and %d in all, want %d and %d", i, n, all, step.wantSPARQL, step.wantTotalCalled)
		}
	}
}

// TestSharedStoreKeepsNoFailure: a failed label call (the item comes back
// partial, with the error) and a failed SPARQL query keep nothing: the
// next replica asks Wikidata again and gets the complete item.
func TestSharedStoreKeepsNoFailure(t *testing.T) {
	ctx := context.Background()
	t.Run("labels fail", func(t *testing.T) {
		srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
		rs := replicas(t, srv, cache.NewMemory(100), 2)
		srv.Fail(sourcetest.WikidataAPIPath, "", sourcetest.FaultMalformed)
		e, _, err := rs[0].ByDomain(ctx, northwindDomain)
		if err == nil || e == nil || e.Headquarters != "" {
			t.Fatalf("ByDomain with failed labels = %+v, %v; want a partial item and the error", e, err)
		}
		if _, _, err := rs[0].Get(ctx, northwindQID); err != nil {
			t.Fatal(err)
		}
		if n := srv.Calls(); n != 5 {
			t.Fatalf("%d calls, want 5 (the partial item was not kept: Get asked again)", n)
		}
		got, u, err := rs[1].ByDomain(ctx, northwindDomain)
		if err != nil || got == nil || got.Headquarters != "Pittsburgh" || u.Searches != 1 {
			t.Fatalf("replica B ByDomain = %+v, %+v, %v; want the complete item from Wikidata", got, u, err)
		}
	})
	t.Run("sparql fails", func(t *testing.T) {
		srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
		rs := replicas(t, srv, cache.NewMemory(100), 2, func(c *wikidata.Config) { c.MaxRetries = -1 })
		srv.Fail(sourcetest.WikidataSPARQLPath, sourcetest.Fault503)
		if e, _, err := rs[0].ByDomain(ctx, northwindDomain); err == nil || e != nil {
			t.Fatalf("ByDomain with SPARQL down = %+v, %v", e, err)
		}
		e, u, err := rs[1].ByDomain(ctx, northwindDomain)
		if err != nil || e == nil || u.Searches != 1 {
			t.Fatalf("replica B ByDomain = %+v, %+v, %v; want the item (no failure kept as \"no item\")", e, u, err)
		}
	})
}

// TestSharedStoreAway: a store that does not answer (a Redis down), or
// answers values that do not decode, never fails a request: the source
// calls Wikidata as without a store.
func TestSharedStoreAway(t *testing.T) {
	down, err := cache.NewRedis("redis://127.0.0.1:1/0?dial_timeout=100ms")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = down.Close() })
	garbage := cache.NewMemory(100)
	ctx := context.Background()
	for _, k := range []string{wikidata.DefaultKeyPrefix + "domain:v1:" + northwindDomain, wikidata.DefaultKeyPrefix + "entity:v1:" + northwindQID} {
		if err := garbage.Set(ctx, k, []byte("{not json"), time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	for name, store := range map[string]wikidata.Store{"redis down": down, "undecodable values": garbage} {
		t.Run(name, func(t *testing.T) {
			srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
			s := replicas(t, srv, store, 1)[0]
			e, res := resolveThenGather(t, s, northwindDomain)
			if e.ID != northwindQID || res.Profile.Headquarters == nil || len(res.Items) != 1 {
				t.Fatalf("entity %+v, result %+v", e, res)
			}
			want := 5 // ByDomain's three calls and Gather's two
			if name == "undecodable values" {
				want = 3 // the complete entity replaced the bad value
			}
			if n := srv.Calls(); n != want {
				t.Errorf("%d calls, want %d", n, want)
			}
		})
	}
}

// TestSharedStoreRedis: two replicas, each with its own connection to one
// real Redis: the second resolves and gathers the company with no call.
func TestSharedStoreRedis(t *testing.T) {
	url := redistest.URL(t)
	prefix := "test:wikidata:" + time.Now().Format("150405.000000000") + ":"
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	var rs []*wikidata.Source
	for range 2 {
		r, err := cache.NewRedis(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			for _, k := range []string{prefix + "domain:v1:" + northwindDomain, prefix + "entity:v1:" + northwindQID} {
				_ = r.Release(context.Background(), k)
			}
			_ = r.Close()
		})
		rs = append(rs, replicas(t, srv, r, 1, func(c *wikidata.Config) { c.KeyPrefix = prefix; c.EntityTTL = time.Minute })...)
	}
	ea, _ := resolveThenGather(t, rs[0], northwindDomain)
	if n := srv.Calls(); n != 3 {
		t.Fatalf("replica A: %d calls, want 3", n)
	}
	eb, res := resolveThenGather(t, rs[1], northwindDomain)
	if n := srv.Calls(); n != 3 {
		t.Fatalf("replica B made %d calls, want 0", n-3)
	}
	if !reflect.DeepEqual(ea, eb) || res.Profile.EmployeeRange == nil || res.Profile.EmployeeRange.Value != "1001-5000" {
		t.Errorf("replica B: entity %+v (want %+v), profile %+v", eb, ea, res.Profile)
	}
}

// TestEntityJSONRoundTrip: the store keeps an Entity as JSON; every field
// must come back as it was (a field left out of the encoding would be lost
// on every replica reading it).
func TestEntityJSONRoundTrip(t *testing.T) {
	full := wikidata.Entity{
		ID: "Q42", Label: "Acme, Inc.", Description: "maker of \"everything\" — ünïcode <&>",
		Aliases: []string{"Acme", "ACME Corp"}, Websites: []string{"https://acme.example/"},
		Industry: []string{"anvils", "rockets"}, Headquarters: "Dublin", Country: "Ireland",
		Employees: 9007199254740993, EmployeesYear: 2025, Inception: 1949,
		Ticker: "ACME", Exchange: "New York Stock Exchange", Instance: []string{"business", "public company"},
	}
	v := reflect.ValueOf(full)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("field %s is zero in the test entity: set it so that its encoding is checked", v.Type().Field(i).Name)
		}
	}
	entities := []wikidata.Entity{full, {ID: "Q1", Label: "Q1"}}
	srv := sourcetest.NewWikidata(t, sourcetest.WikidataQuirks()...)
	s := newSource(t, srv)
	for _, id := range []string{"Q138100000", northwindQID, "Q138100002", "Q138100003", "Q138100004", "Q138100005"} {
		e, _, err := s.Get(context.Background(), id)
		if err != nil || e == nil {
			t.Fatalf("Get(%s) = %v, %v", id, e, err)
		}
		entities = append(entities, *e)
	}
	for _, e := range entities {
		raw, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var got wikidata.Entity
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, e) {
			t.Errorf("round trip of %s:\n got %#v\nwant %#v", e.ID, got, e)
		}
	}
}
