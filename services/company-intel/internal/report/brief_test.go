package report_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/report"
	"github.com/intel402/intel402/services/company-intel/internal/research"
)

// briefBundle is fixtureBundle with a richer profile: an employee range, an
// industry and a home page stating the business model.
func briefBundle() *research.Bundle {
	b := fixtureBundle()
	home := bundle.Item{Provider: "website", Kind: bundle.KindPage, Doc: source.NewDocument(source.Document{
		URL: "https://northwind-robotics.com/", Title: "Northwind Robotics — Autonomous mobile robots for warehouses",
		Excerpt:   "Northwind Robotics builds autonomous mobile robots for B2B warehouse operators, grocers and 3PLs.",
		Authority: source.AuthorityFirstParty, RetrievedAt: now})}
	b.Items = append(b.Items, home)
	b.Providers = []string{"googlenews", "website", "wikidata"}
	wd := b.Profile.Description.SourceURL
	b.Profile.Industry = &bundle.Fact{Value: "warehouse automation", SourceURL: wd}
	b.Profile.EmployeeRange = &bundle.Fact{Value: "1001-5000", SourceURL: wd}
	return b
}

var seller = &qualify.Seller{
	Product:              "Fleet analytics software for warehouse robots",
	ValueProposition:     "Cut robot downtime in warehouses by predicting failures",
	IdealCustomerProfile: "Mid-market and enterprise warehouse automation companies in North America",
}

// nullable are the fields the contract lets be null.
var nullable = regexp.MustCompile(`^(company\.(description|industry|headquarters|employeeRange|businessModel)|` +
	`recentSignals\[\d+\]\.eventDate|sources\[\d+\]\.publishedDate|recommendedApproach\.messageAngle)$`)

// nulls lists the paths of null values in a decoded JSON document.
func nulls(path string, v any) []string {
	var out []string
	switch x := v.(type) {
	case nil:
		return []string{path}
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out = append(out, nulls(p, e)...)
		}
	case []any:
		for i, e := range x {
			out = append(out, nulls(fmt.Sprintf("%s[%d]", path, i), e)...)
		}
	}
	return out
}

// checkDocument checks what every brief document promises: no null but
// the nullable fields, at most 8 recent signals each citing a source,
// every evidence id a source, no source listed twice.
func checkDocument(t *testing.T, doc any) (raw []byte, sources map[string]bool, cited map[string]bool) {
	t.Helper()
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, p := range nulls("", m) {
		if !nullable.MatchString(p) {
			t.Errorf("%s is null", p)
		}
	}
	var d struct {
		Company       map[string]any `json:"company"`
		RecentSignals []struct {
			EvidenceIDs []string `json:"evidenceIds"`
		} `json:"recentSignals"`
		Sources []report.Source `json:"sources"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Company) != 7 {
		t.Errorf("company has %d fields, want 7: %v", len(d.Company), d.Company)
	}
	if len(d.RecentSignals) == 0 || len(d.RecentSignals) > 8 {
		t.Errorf("%d recent signals", len(d.RecentSignals))
	}
	for i, s := range d.RecentSignals {
		if len(s.EvidenceIDs) == 0 {
			t.Errorf("recentSignals[%d] cites nothing", i)
		}
	}
	sources = map[string]bool{}
	for _, s := range d.Sources {
		if sources[s.ID] {
			t.Errorf("source %s listed twice", s.ID)
		}
		sources[s.ID] = true
	}
	cited = map[string]bool{}
	for _, id := range evidenceIDs(m) {
		if !sources[id] {
			t.Errorf("evidence id %s is not a source", id)
		}
		cited[id] = true
	}
	return raw, sources, cited
}

// evidenceIDs collects every evidenceIds entry of a decoded document.
func evidenceIDs(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "evidenceIds" {
				for _, id := range e.([]any) {
					out = append(out, id.(string))
				}
				continue
			}
			out = append(out, evidenceIDs(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, evidenceIDs(e)...)
		}
	}
	return out
}

func TestBriefDocument(t *testing.T) {
	t.Parallel()
	b := briefBundle()
	out := research.Outcome{Bundle: b, Usage: bundle.Usage{Searches: 3, Contents: 2}}
	doc, err := report.Brief(out, nil, now)
	if err != nil {
		t.Fatal(err)
	}
	raw, sources, cited := checkDocument(t, doc)

	c := doc.Company
	if c.Name != "Northwind Robotics" || c.Description == nil || c.Industry == nil || c.EmployeeRange == nil ||
		c.Headquarters == nil || c.BusinessModel == nil || !strings.Contains(*c.BusinessModel, "B2B") {
		t.Fatalf("company = %+v", c)
	}
	// The business model is the home page's statement: its source is
	// listed although nothing cites it through evidenceIds.
	if !sources[source.ID("https://northwind-robotics.com/")] || !sources[source.ID(b.Profile.Description.SourceURL)] {
		t.Fatalf("the company facts' sources are not listed: %v", sources)
	}
	q := doc.Qualification
	if q.FitAssessed || q.ScoreComponents == nil || len(q.Reasons) == 0 || !strings.HasPrefix(q.Reasons[0], "Fit was not assessed") ||
		q.Disqualifiers == nil || q.FitLabel != qualify.Label(q.FitScore) {
		t.Fatalf("qualification without a seller = %+v", q)
	}
	if doc.RecommendedApproach.MessageAngle != nil {
		t.Fatalf("message angle %q without a seller", *doc.RecommendedApproach.MessageAngle)
	}
	if len(doc.WhyNow) == 0 || len(doc.RecentSignals) == 0 || doc.RecentSignals[0].Type != "funding" {
		t.Fatalf("whyNow %+v, recentSignals %+v", doc.WhyNow, doc.RecentSignals)
	}
	for id := range cited {
		if !sources[id] {
			t.Fatalf("%s cited, not listed", id)
		}
	}
	if doc.Freshness.LookbackDays != 90 || !doc.Freshness.GeneratedAt.Equal(now) || doc.Meta.Provider != "googlenews+website+wikidata" {
		t.Fatalf("freshness %+v, meta %+v", doc.Freshness, doc.Meta)
	}

	// Identical evidence gives identical bytes; an empty seller is no seller.
	for _, s := range []*qualify.Seller{nil, {}, {Product: "  "}} {
		again, err := report.Brief(out, s, now)
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(again)
		if string(b2) != string(raw) {
			t.Fatalf("seller %+v: not the same document:\n%s\n%s", s, raw, b2)
		}
	}
}

func TestBriefWithSeller(t *testing.T) {
	t.Parallel()
	out := research.Outcome{Bundle: briefBundle()}
	doc, err := report.Brief(out, seller, now)
	if err != nil {
		t.Fatal(err)
	}
	checkDocument(t, doc)
	if !doc.Qualification.FitAssessed || len(doc.Qualification.ScoreComponents) == 0 {
		t.Fatalf("qualification = %+v", doc.Qualification)
	}
	if doc.RecommendedApproach.MessageAngle == nil || *doc.RecommendedApproach.MessageAngle == "" {
		t.Fatal("no message angle with a seller")
	}
	plain, _ := report.Brief(out, nil, now)
	a, _ := json.Marshal(plain)
	b, _ := json.Marshal(doc)
	if string(a) == string(b) {
		t.Fatal("the seller changed nothing")
	}
}

// evidenceKey is the documented grammar of evidenceMap keys.
var evidenceKey = regexp.MustCompile(`^(company\.(description|industry|headquarters|employeeRange|businessModel)|` +
	`qualification\.(reasons|disqualifiers)\[\d+\]|` +
	`(whyNow|recentSignals|likelyPriorities|risks|strategicInitiatives|technologyAndOperationalClues|` +
	`competitorConsiderations|likelyObjections|buyingCommitteeRoles|discoveryQuestions)\[\d+\]|` +
	`recommendedApproach|recommendedPositioning|accountPlan)$`)

func TestDeepDocument(t *testing.T) {
	t.Parallel()
	out := research.Outcome{Bundle: briefBundle()}
	doc, err := report.Deep(out, seller, now)
	if err != nil {
		t.Fatal(err)
	}
	raw, sources, cited := checkDocument(t, doc)
	if len(doc.DiscoveryQuestions) != 5 {
		t.Fatalf("%d discovery questions", len(doc.DiscoveryQuestions))
	}
	if doc.RecommendedPositioning == "" || doc.AccountPlan.Objective == "" || doc.AccountPlan.FirstStep == "" {
		t.Fatalf("positioning %q, plan %+v", doc.RecommendedPositioning, doc.AccountPlan)
	}
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	mapped := map[string]bool{}
	for key, ids := range doc.EvidenceMap {
		if !evidenceKey.MatchString(key) {
			t.Errorf("evidenceMap key %q is not of the documented form", key)
		}
		if len(ids) == 0 {
			t.Errorf("evidenceMap[%q] is empty", key)
		}
		for _, id := range ids {
			if !sources[id] {
				t.Errorf("evidenceMap[%q] cites %s, not a source", key, id)
			}
			mapped[id] = true
		}
		// A claim with evidenceIds carries the same ids as its entry.
		if v := pointer(m, key); v != nil {
			if obj, ok := v.(map[string]any); ok {
				if e, ok := obj["evidenceIds"]; ok && fmt.Sprint(e) != fmt.Sprint(toAny(ids)) {
					t.Errorf("%s: evidenceIds %v, evidenceMap %v", key, e, ids)
				}
			}
		} else {
			t.Errorf("evidenceMap key %q names no claim of the document", key)
		}
	}
	for id := range cited {
		if !mapped[id] {
			t.Errorf("%s is cited but in no evidenceMap entry", id)
		}
	}
	if len(mapped) != len(sources) {
		t.Errorf("%d sources, %d in the evidence map: a source is listed that nothing cites", len(sources), len(mapped))
	}
	for _, k := range []string{"company.description", "company.businessModel", "recentSignals[0]"} {
		if _, ok := doc.EvidenceMap[k]; !ok {
			t.Errorf("evidenceMap lacks %s: %v", k, keys(doc.EvidenceMap))
		}
	}
	// The deep brief's brief sections are the brief's.
	plain, err := report.Brief(out, seller, now)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(plain.BriefSections)
	b, _ := json.Marshal(doc.BriefSections)
	if string(a) != string(b) {
		t.Errorf("deep's brief sections differ from the brief's:\n%s\n%s", a, b)
	}
	again, _ := report.Deep(out, seller, now)
	c, _ := json.Marshal(again)
	if string(c) != string(raw) {
		t.Fatal("not deterministic")
	}
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func keys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var step = regexp.MustCompile(`^([A-Za-z]+)(?:\[(\d+)\])?$`)

// pointer resolves an evidenceMap key in a decoded document.
func pointer(doc map[string]any, key string) any {
	var cur any = doc
	for _, part := range strings.Split(key, ".") {
		m := step.FindStringSubmatch(part)
		obj, ok := cur.(map[string]any)
		if m == nil || !ok {
			return nil
		}
		cur = obj[m[1]]
		if m[2] != "" {
			arr, ok := cur.([]any)
			var i int
			_, _ = fmt.Sscan(m[2], &i)
			if !ok || i >= len(arr) {
				return nil
			}
			cur = arr[i]
		}
	}
	return cur
}

func TestBriefInsufficientEvidenceIs422(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		modify func(*research.Bundle)
		reason string
	}{
		{"no description and no event in the window", func(b *research.Bundle) {
			b.Profile.Description = nil
			b.Items = slices.DeleteFunc(b.Items, func(it bundle.Item) bool {
				return it.Kind == bundle.KindNews && it.Doc.Published.After(now.AddDate(0, 0, -90))
			})
		}, "no source describes what the company does, and no dated trigger event"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := briefBundle()
			tt.modify(b)
			for name, run := range map[string]func() error{
				"brief": func() error { _, err := report.Brief(research.Outcome{Bundle: b}, seller, now); return err },
				"deep":  func() error { _, err := report.Deep(research.Outcome{Bundle: b}, seller, now); return err },
			} {
				err := run()
				var e *apierror.Error
				if !errors.As(err, &e) || e.HTTPStatus() != 422 || e.Code != apierror.CodeInsufficientEvidence {
					t.Fatalf("%s: err = %v, want 422 insufficient_evidence", name, err)
				}
				reason, _ := e.Details["reason"].(string)
				if !strings.Contains(reason, tt.reason) || !strings.Contains(e.Message, "Northwind Robotics") ||
					!strings.Contains(e.Message, "nothing was charged") || !strings.Contains(e.Message, reason) {
					t.Fatalf("%s: message %q, reason %q", name, e.Message, reason)
				}
				for _, k := range []string{"domain", "lookbackDays", "documentsExamined", "providers", "partial"} {
					if _, ok := e.Details[k]; !ok {
						t.Fatalf("%s: details lack %s: %v", name, k, e.Details)
					}
				}
			}
		})
	}
}

// Events without a description: a 200 brief whose company.description is
// null and whose risks and questions name the gap.
func TestBriefWithoutDescription(t *testing.T) {
	t.Parallel()
	b := briefBundle()
	b.Profile.Description = nil
	for name, run := range map[string]func() (any, error){
		"brief": func() (any, error) { return report.Brief(research.Outcome{Bundle: b}, seller, now) },
		"deep":  func() (any, error) { return report.Deep(research.Outcome{Bundle: b}, seller, now) },
	} {
		doc, err := run()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		raw, _ := json.Marshal(doc)
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		company, _ := m["company"].(map[string]any)
		if v, ok := company["description"]; !ok || v != nil {
			t.Errorf("%s: company.description = %v (present %v), want null", name, v, ok)
		}
		if r := pointer(m, "risks[0].risk"); r != "No self-description" {
			t.Errorf("%s: risks[0] = %v", name, r)
		}
		if !strings.Contains(string(raw), "We found no self-description") {
			t.Errorf("%s: no question names the gap", name)
		}
		if w, _ := m["whyNow"].([]any); len(w) == 0 {
			t.Errorf("%s: no why-now", name)
		}
	}
}
