package resolve_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
)

type namer func(ctx context.Context, domain string) (*resolve.Candidate, error)

func (f namer) NameDomain(ctx context.Context, d string) (*resolve.Candidate, error) {
	return f(ctx, d)
}

type finder func(ctx context.Context, name string) ([]resolve.Candidate, bundle.Usage, error)

func (f finder) FindByName(ctx context.Context, n string) ([]resolve.Candidate, bundle.Usage, error) {
	return f(ctx, n)
}

type lister map[string][2]string

func (l lister) Listing(_ context.Context, name string) (string, string, bundle.Usage, error) {
	v, ok := l[name]
	if !ok {
		return "", "", bundle.Usage{Contents: 1}, errors.New("no listing")
	}
	return v[0], v[1], bundle.Usage{Contents: 1}, nil
}

func item(url string) bundle.Item {
	return bundle.Item{Doc: source.NewDocument(source.Document{URL: url, Title: url}), Kind: bundle.KindProfile}
}

func cand(name, domain, evidence string, aliases ...string) resolve.Candidate {
	return resolve.Candidate{Company: bundle.Company{Name: name, Domain: domain, Aliases: aliases},
		Evidence: []bundle.Item{item(evidence)}, Usage: bundle.Usage{Searches: 1}}
}

var (
	wikidataNorthwind = namer(func(_ context.Context, d string) (*resolve.Candidate, error) {
		if d != "northwind-robotics.com" {
			return nil, nil
		}
		c := cand("Northwind Robotics", d, "https://www.wikidata.org/wiki/Q1")
		c.Company.WikidataID = "Q1"
		return &c, nil
	})
	siteName = namer(func(_ context.Context, d string) (*resolve.Candidate, error) {
		switch d {
		case "northwind-robotics.com":
			c := cand("Northwind", d, "https://northwind-robotics.com/")
			return &c, nil
		case "acme-analytics.io":
			c := cand("Acme Analytics", d, "https://acme-analytics.io/")
			return &c, nil
		}
		return nil, nil
	})
	down = namer(func(context.Context, string) (*resolve.Candidate, error) { return nil, errors.New("site unreachable") })
)

func TestResolveDomain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		input      string
		namers     []resolve.DomainNamer
		wantName   string
		wantDomain string
		wantTicker string
		wantReason string
		wantErr    bool
		wantEvid   int
	}{
		{name: "reference name wins over the site's", input: "https://www.northwind-robotics.com/about", namers: []resolve.DomainNamer{wikidataNorthwind, siteName},
			wantName: "Northwind Robotics", wantDomain: "northwind-robotics.com", wantTicker: "NWR", wantEvid: 2},
		{name: "subdomain input resolves to the registrable domain", input: "jobs.acme-analytics.io", namers: []resolve.DomainNamer{wikidataNorthwind, siteName},
			wantName: "Acme Analytics", wantDomain: "acme-analytics.io", wantEvid: 1},
		{name: "nothing speaks for the domain", input: "quiet-domain.com", namers: []resolve.DomainNamer{wikidataNorthwind, siteName},
			wantReason: resolve.ReasonNoEvidence},
		{name: "every provider failed", input: "quiet-domain.com", namers: []resolve.DomainNamer{down}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := resolve.New(resolve.Config{DomainNamers: tt.namers, Lister: lister{"Northwind Robotics": {"NWR", "1234"}}})
			in, err := resolve.ParseInput(tt.input)
			if err != nil {
				t.Fatal(err)
			}
			res, err := r.Resolve(context.Background(), in)
			checkErr(t, err, tt.wantReason, tt.wantErr)
			if err != nil {
				return
			}
			if res.Company.Name != tt.wantName || res.Company.Domain != tt.wantDomain || res.Company.Ticker != tt.wantTicker {
				t.Fatalf("company = %+v", res.Company)
			}
			if len(res.Evidence) != tt.wantEvid {
				t.Fatalf("evidence = %d items, want %d", len(res.Evidence), tt.wantEvid)
			}
		})
	}
}

func TestResolveName(t *testing.T) {
	t.Parallel()
	wikidata := finder(func(_ context.Context, n string) ([]resolve.Candidate, bundle.Usage, error) {
		switch n {
		case "Northwind Robotics", "northwind robotics inc":
			return []resolve.Candidate{cand("Northwind Robotics, Inc.", "northwind-robotics.com", "https://www.wikidata.org/wiki/Q1"),
				cand("Northwind Robotics Museum", "nwr-museum.org", "https://www.wikidata.org/wiki/Q2")}, bundle.Usage{Searches: 1}, nil
		case "Mercury":
			return []resolve.Candidate{cand("Mercury", "mercury.com", "https://www.wikidata.org/wiki/Q3"),
				cand("Mercury", "mercury-insurance.com", "https://www.wikidata.org/wiki/Q4"),
				cand("Mercury Systems", "mrcy.com", "https://www.wikidata.org/wiki/Q5")}, bundle.Usage{Searches: 1}, nil
		case "Acme":
			return []resolve.Candidate{cand("Acme Analytics", "acme-analytics.io", "https://www.wikidata.org/wiki/Q6", "Acme")}, bundle.Usage{Searches: 1}, nil
		}
		return nil, bundle.Usage{Searches: 1}, nil
	})
	exaCalls := 0
	exa := finder(func(_ context.Context, n string) ([]resolve.Candidate, bundle.Usage, error) {
		exaCalls++
		if n == "Zephyr Labs" {
			return []resolve.Candidate{cand("Zephyr Labs", "zephyrlabs.ai", "https://zephyrlabs.ai/")}, bundle.Usage{Searches: 1, CostUSD: 0.007}, nil
		}
		return nil, bundle.Usage{Searches: 1, CostUSD: 0.007}, nil
	})
	broken := finder(func(context.Context, string) ([]resolve.Candidate, bundle.Usage, error) {
		return nil, bundle.Usage{}, errors.New("wikidata: failure (HTTP 503)")
	})
	tests := []struct {
		name           string
		input          string
		finders        []resolve.Finder
		wantDomain     string
		wantReason     string
		wantCandidates int
		wantErr        bool
		wantExaCalls   int
	}{
		{name: "one exact match among near ones", input: "Northwind Robotics", finders: []resolve.Finder{wikidata}, wantDomain: "northwind-robotics.com"},
		{name: "alias match", input: "Acme", finders: []resolve.Finder{wikidata}, wantDomain: "acme-analytics.io"},
		{name: "ambiguous", input: "Mercury", finders: []resolve.Finder{wikidata}, wantReason: resolve.ReasonAmbiguous, wantCandidates: 2},
		{name: "paid finder only when free found nothing", input: "Zephyr Labs", finders: []resolve.Finder{wikidata}, wantDomain: "zephyrlabs.ai", wantExaCalls: 1},
		{name: "not found lists nothing", input: "Nonexistent Widgets", finders: []resolve.Finder{wikidata}, wantReason: resolve.ReasonNotFound, wantExaCalls: 1},
		{name: "all finders failed", input: "Northwind Robotics", finders: []resolve.Finder{broken}, wantErr: true, wantExaCalls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exaCalls = 0
			r := resolve.New(resolve.Config{Finders: tt.finders, PaidFinders: []resolve.Finder{exa}})
			in, err := resolve.ParseInput(tt.input)
			if err != nil {
				t.Fatal(err)
			}
			res, err := r.Resolve(context.Background(), in)
			checkErr(t, err, tt.wantReason, tt.wantErr)
			if exaCalls != tt.wantExaCalls {
				t.Fatalf("paid finder called %d times, want %d", exaCalls, tt.wantExaCalls)
			}
			if tt.wantReason != "" {
				var e *apierror.Error
				errors.As(err, &e)
				if got := len(e.Details["candidates"].([]map[string]any)); tt.wantCandidates > 0 && got != tt.wantCandidates {
					t.Fatalf("candidates = %d, want %d: %v", got, tt.wantCandidates, e.Details)
				}
				return
			}
			if err == nil && res.Company.Domain != tt.wantDomain {
				t.Fatalf("domain = %q, want %q", res.Company.Domain, tt.wantDomain)
			}
		})
	}
}

func checkErr(t *testing.T, err error, wantReason string, wantErr bool) {
	t.Helper()
	var e *apierror.Error
	switch {
	case wantReason != "":
		if !errors.As(err, &e) || e.HTTPStatus() != http.StatusUnprocessableEntity || e.Code != apierror.CodeCompanyNotResolved || e.Details["reason"] != wantReason {
			t.Fatalf("err = %v, want 422 %s/%s", err, apierror.CodeCompanyNotResolved, wantReason)
		}
	case wantErr:
		if err == nil || errors.As(err, &e) {
			t.Fatalf("err = %v, want a provider failure (not a 422)", err)
		}
	case err != nil:
		t.Fatal(err)
	}
}

func TestParseInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in   string
		wantDomain string
		wantName   string
		wantCode   domainname.Code
		wantErr    bool
	}{
		{name: "bare domain", in: "Acme-Analytics.io", wantDomain: "acme-analytics.io"},
		{name: "url with path", in: "https://www.acme-analytics.io/company/about?utm_source=x", wantDomain: "acme-analytics.io"},
		{name: "email", in: "press@acme-analytics.io", wantDomain: "acme-analytics.io"},
		{name: "name with spaces", in: "  Acme Analytics, Inc. ", wantName: "Acme Analytics, Inc."},
		{name: "single word name", in: "Stripe", wantName: "Stripe"},
		{name: "reserved domain", in: "acme.internal", wantCode: domainname.CodeReserved, wantErr: true},
		{name: "ip literal", in: "http://10.0.0.1/", wantCode: domainname.CodeIPLiteral, wantErr: true},
		{name: "public suffix", in: "co.uk", wantCode: domainname.CodePublicSuffix, wantErr: true},
		{name: "punctuation only", in: "?!", wantErr: true},
	}
	for _, tt := range tests {
		in, err := resolve.ParseInput(tt.in)
		if (err != nil) != tt.wantErr || domainname.CodeOf(err) != tt.wantCode {
			t.Errorf("%s: err = %v (code %q), want err %v code %q", tt.name, err, domainname.CodeOf(err), tt.wantErr, tt.wantCode)
			continue
		}
		if in.Domain != tt.wantDomain || in.Name != tt.wantName {
			t.Errorf("%s: %+v", tt.name, in)
		}
	}
	a, _ := resolve.ParseInput("Acme Analytics, Inc.")
	b, _ := resolve.ParseInput("ACME ANALYTICS")
	if a.Key() != b.Key() {
		t.Errorf("keys differ: %q %q", a.Key(), b.Key())
	}
}
