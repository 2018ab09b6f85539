package batch_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
)

// expectation is what one batch position must answer.
type expectation struct {
	input      string
	domain     string
	code       batch.ErrorCode // non-empty: an error item
	domainType classify.DomainType
	readiness  classify.Readiness
	provider   string
	kind       string
	gateway    bool
	mailbox    string
}

// invalidInputs rotate through the domainname rejection codes.
var invalidInputs = []struct {
	input string
	code  domainname.Code
}{
	{"not a domain", domainname.CodeInvalid},
	{"10.0.0.7", domainname.CodeIPLiteral},
	{"intranet", domainname.CodeSingleLabel},
	{"shop.example", domainname.CodeReserved},
	{"acme.notarealtld", domainname.CodeUnknownTLD},
	{"co.uk", domainname.CodePublicSuffix},
	{"   ", domainname.CodeEmpty},
}

func lead(i int) expectation {
	s := shapeOf(i)
	name := fmt.Sprintf("lead-%03d.com", i)
	return expectation{input: name, domain: name, domainType: classify.TypeBusiness, readiness: s.readiness,
		provider: s.provider, kind: s.kind, gateway: s.gateway, mailbox: s.mailbox}
}

// mixedBatch builds 100 entries: leads of four mail shapes, invalid inputs,
// nonexistent domains, free/disposable/education domains and duplicates in
// other spellings.
func mixedBatch() []expectation {
	specials := []expectation{
		{input: "jane@gmail.com", domain: "gmail.com", domainType: classify.TypeFreeEmail, readiness: classify.ReadinessMX, provider: "gmail", kind: "mailbox_provider"},
		{input: "mailinator.com", domain: "mailinator.com", domainType: classify.TypeDisposable, readiness: classify.ReadinessMX, kind: "self_hosted"},
		{input: "https://www.ox.ac.uk/admissions", domain: "www.ox.ac.uk", domainType: classify.TypeNonexistent, readiness: classify.ReadinessNone, kind: "unknown"},
		{input: "OX.AC.UK", domain: "ox.ac.uk", domainType: classify.TypeEducation, readiness: classify.ReadinessMX, provider: "microsoft_365", kind: "mailbox_provider"},
	}
	out := make([]expectation, 0, batch.MaxDomains)
	for i := range batch.MaxDomains {
		switch i % 10 {
		case 3:
			inv := invalidInputs[(i/10)%len(invalidInputs)]
			out = append(out, expectation{input: inv.input, code: batch.ErrorCode(inv.code)})
		case 5:
			out = append(out, specials[(i/10)%len(specials)])
		case 7:
			name := fmt.Sprintf("ghost-%03d.com", i)
			out = append(out, expectation{input: name, domain: name, domainType: classify.TypeNonexistent, readiness: classify.ReadinessNone, kind: "unknown"})
		case 9:
			e := lead(i - 9)
			e.input = strings.ToUpper("Sales@" + e.domain)
			out = append(out, e)
		default:
			out = append(out, lead(i))
		}
	}
	return out
}

func TestClassify100MixedInInputOrder(t *testing.T) {
	e := setup(t, dnstest.Config{}, 2*time.Second)
	counting := newCounting(e.c)
	b := newBatcher(t, counting, 0)
	want := mixedBatch()
	inputs := make([]string, len(want))
	for i, w := range want {
		inputs[i] = w.input
	}
	if err := batch.Validate(inputs); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	got := b.Classify(ctx, inputs)

	if got.Count != 100 || len(got.Results) != 100 {
		t.Fatalf("count = %d, results = %d, want 100", got.Count, len(got.Results))
	}
	if !got.CheckedAt.Equal(fixedNow) {
		t.Errorf("checked_at = %v, want %v", got.CheckedAt, fixedNow)
	}
	firstPos := map[string]int{}
	wantFailed, wantUnique := 0, 0
	for i, w := range want {
		it := got.Results[i]
		if it.Index != i || it.Input != w.input {
			t.Fatalf("position %d holds index %d input %q, want %q", i, it.Index, it.Input, w.input)
		}
		if w.code != "" {
			wantFailed++
			if it.Error == nil || it.Error.Code != w.code || it.Error.Message == "" || it.Classification != nil {
				t.Errorf("position %d (%q): got error %+v classification %v, want code %s", i, w.input, it.Error, it.Classification, w.code)
			}
			continue
		}
		if it.Error != nil || it.Classification == nil {
			t.Errorf("position %d (%q): error %+v, want a classification", i, w.input, it.Error)
			continue
		}
		if it.Domain != w.domain {
			t.Errorf("position %d: domain %q, want %q", i, it.Domain, w.domain)
		}
		if p, ok := firstPos[w.domain]; ok {
			if it.DuplicateOf == nil || *it.DuplicateOf != p {
				t.Errorf("position %d (%q): duplicate_of %v, want %d", i, w.input, it.DuplicateOf, p)
			}
		} else {
			firstPos[w.domain] = i
			wantUnique++
			if it.DuplicateOf != nil {
				t.Errorf("position %d (%q): duplicate_of %d on a first occurrence", i, w.input, *it.DuplicateOf)
			}
		}
		c := it.Classification
		if c.DomainType != w.domainType || c.MailReadiness != w.readiness || c.MXProvider.ID != w.provider ||
			string(c.MXProvider.Kind) != w.kind || c.MXProvider.Gateway != w.gateway || c.MXProvider.MailboxProviderID != w.mailbox {
			t.Errorf("position %d (%q): got type=%s readiness=%s provider=%q kind=%s gateway=%v mailbox=%q; want %s %s %q %s %v %q",
				i, w.input, c.DomainType, c.MailReadiness, c.MXProvider.ID, c.MXProvider.Kind, c.MXProvider.Gateway, c.MXProvider.MailboxProviderID,
				w.domainType, w.readiness, w.provider, w.kind, w.gateway, w.mailbox)
		}
		if c.Confidence <= 0 || c.Confidence > 1 || len(c.ReasonCodes) == 0 || len(c.UnknownChecks) != 0 {
			t.Errorf("position %d (%q): confidence %v reasons %v unknowns %v", i, w.input, c.Confidence, c.ReasonCodes, c.UnknownChecks)
		}
	}
	if got.Failed != wantFailed || got.Succeeded != 100-wantFailed || got.UniqueDomains != wantUnique {
		t.Errorf("succeeded/failed/unique = %d/%d/%d, want %d/%d/%d", got.Succeeded, got.Failed, got.UniqueDomains, 100-wantFailed, wantFailed, wantUnique)
	}
	calls, peak := counting.snapshot()
	if len(calls) != wantUnique {
		t.Errorf("%d distinct domains classified, want %d", len(calls), wantUnique)
	}
	for d, n := range calls {
		if n != 1 {
			t.Errorf("%s classified %d times, want once", d, n)
		}
	}
	if peak > batch.DefaultWorkers || peak < 2 {
		t.Errorf("peak concurrent classifications = %d, want 2..%d", peak, batch.DefaultWorkers)
	}
}

func TestDuplicatesAreClassifiedOnce(t *testing.T) {
	e := setup(t, dnstest.Config{}, 2*time.Second)
	counting := newCounting(e.c)
	b := newBatcher(t, counting, 4)
	inputs := []string{"lead-001.com", "LEAD-001.COM.", "https://lead-001.com/pricing", "ceo@Lead-001.com", "lead-002.com", "www.lead-001.com", "lead-002.com"}
	got := b.Classify(context.Background(), inputs)

	wantDup := []int{-1, 0, 0, 0, -1, -1, 4}
	for i, it := range got.Results {
		dup := -1
		if it.DuplicateOf != nil {
			dup = *it.DuplicateOf
		}
		if dup != wantDup[i] {
			t.Errorf("position %d (%q): duplicate_of %d, want %d", i, it.Input, dup, wantDup[i])
		}
		if it.Classification == nil {
			t.Fatalf("position %d (%q): no classification: %+v", i, it.Input, it.Error)
		}
	}
	a, _ := json.Marshal(got.Results[0].Classification)
	for _, i := range []int{1, 2, 3} {
		if d, _ := json.Marshal(got.Results[i].Classification); string(d) != string(a) {
			t.Errorf("position %d classification differs from position 0:\n%s\n%s", i, d, a)
		}
	}
	calls, _ := counting.snapshot()
	want := map[string]int{"lead-001.com": 1, "lead-002.com": 1, "www.lead-001.com": 1}
	if len(calls) != len(want) {
		t.Errorf("classified %v, want %v", calls, want)
	}
	for d, n := range want {
		if calls[d] != n {
			t.Errorf("%s classified %d times, want %d", d, calls[d], n)
		}
	}
	if q := e.srv.QueriesFor("lead-001.com.", dns.TypeMX); q != 1 {
		t.Errorf("MX lead-001.com asked %d times, want 1", q)
	}
	if got.UniqueDomains != 3 || got.Succeeded != 7 || got.Failed != 0 {
		t.Errorf("unique/succeeded/failed = %d/%d/%d, want 3/7/0", got.UniqueDomains, got.Succeeded, got.Failed)
	}
}

func TestOneDomainTimesOutOthersSucceed(t *testing.T) {
	// A dropped answer holds an exchange for about 2 s (the resolver's
	// timeout and the miekg/dns read deadline), longer than the batch
	// deadline, so only the deadline can end that classification.
	e := setup(t, dnstest.Config{Faults: []dnstest.Fault{{Name: "lead-042.com", Kind: dnstest.FaultDrop}}}, 10*time.Second)
	b := newBatcher(t, e.c, 0)
	var inputs []string
	for i := range 20 {
		inputs = append(inputs, fmt.Sprintf("lead-%03d.com", 30+i))
	}
	inputs = append(inputs, "not a domain")
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	got := b.Classify(ctx, inputs)

	if ctx.Err() == nil {
		t.Error("Classify returned before the deadline although lead-042.com never answers")
	}
	for i, it := range got.Results {
		switch {
		case it.Input == "lead-042.com":
			if it.Error == nil || it.Error.Code != batch.CodeTimeout || it.Domain != "lead-042.com" {
				t.Errorf("lead-042.com: error %+v domain %q, want code timeout with the domain", it.Error, it.Domain)
			}
		case it.Input == "not a domain":
			if it.Error == nil || it.Error.Code != batch.ErrorCode(domainname.CodeInvalid) {
				t.Errorf("invalid input: error %+v", it.Error)
			}
		default:
			if it.Error != nil || it.Classification == nil || it.Classification.DomainType != classify.TypeBusiness {
				t.Errorf("position %d (%s): error %+v classification %+v, want business", i, it.Input, it.Error, it.Classification)
			}
		}
	}
	if got.Succeeded != 19 || got.Failed != 2 {
		t.Errorf("succeeded/failed = %d/%d, want 19/2", got.Succeeded, got.Failed)
	}
}

func TestCanceledBeforeStartAnswersEveryPosition(t *testing.T) {
	counting := newCounting(classifierFunc(func(ctx context.Context, n domainname.Name) (classify.Result, error) {
		return classify.Result{}, fmt.Errorf("classify %s: %w", n.ASCII, ctx.Err())
	}))
	b := newBatcher(t, counting, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := b.Classify(ctx, []string{"lead-001.com", "bad input", "lead-002.com"})
	want := []batch.ErrorCode{batch.CodeCanceled, batch.ErrorCode(domainname.CodeInvalid), batch.CodeCanceled}
	for i, it := range got.Results {
		if it.Error == nil || it.Error.Code != want[i] {
			t.Errorf("position %d: error %+v, want %s", i, it.Error, want[i])
		}
	}
	if got.Failed != 3 || got.Succeeded != 0 {
		t.Errorf("succeeded/failed = %d/%d, want 0/3", got.Succeeded, got.Failed)
	}
}

func TestClassifierFailureIsAPerItemError(t *testing.T) {
	boom := errors.New("resolver configuration broken")
	b := newBatcher(t, classifierFunc(func(_ context.Context, n domainname.Name) (classify.Result, error) {
		if n.ASCII == "lead-002.com" {
			return classify.Result{}, boom
		}
		return classify.Result{Domain: n.ASCII, DomainType: classify.TypeBusiness}, nil
	}), 0)
	got := b.Classify(context.Background(), []string{"lead-001.com", "lead-002.com"})
	if got.Results[0].Classification == nil || got.Results[0].Classification.DomainType != classify.TypeBusiness {
		t.Errorf("lead-001.com: %+v", got.Results[0])
	}
	if e := got.Results[1].Error; e == nil || e.Code != batch.CodeClassificationFailed || !strings.Contains(e.Message, boom.Error()) {
		t.Errorf("lead-002.com: error %+v, want classification_failed citing the cause", e)
	}
}

type classifierFunc func(ctx context.Context, name domainname.Name) (classify.Result, error)

func (f classifierFunc) Classify(ctx context.Context, name domainname.Name) (classify.Result, error) {
	return f(ctx, name)
}

func TestResultJSONShape(t *testing.T) {
	b := newBatcher(t, classifierFunc(func(_ context.Context, n domainname.Name) (classify.Result, error) {
		return classify.Result{Domain: n.ASCII, RegistrableDomain: n.Registrable, DomainType: classify.TypeBusiness,
			MailReadiness: classify.MailReadiness{Status: classify.ReadinessMX, MXHosts: []classify.MXHost{{Host: "aspmx.l.google.com", Preference: 1}}},
			MXProvider:    mxprovider.Verdict{ID: "google_workspace", Name: "Google Workspace", Kind: "mailbox_provider"},
			Confidence:    0.9, Reasons: []classify.Reason{{Code: classify.ReasonMXPresent}}, TTLSeconds: 300}, nil
	}), 0)
	got := b.Classify(context.Background(), []string{"Acme-Widgets.com", "acme-widgets.com", "!!"})
	data, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"checked_at":"2026-11-22T09:30:15Z","count":3,"unique_domains":1,"succeeded":2,"failed":1,"results":[` +
		`{"index":0,"input":"Acme-Widgets.com","domain":"acme-widgets.com","classification":{"domain_type":"business","registrable_domain":"acme-widgets.com","is_subdomain":false,"dns_presence":"","mail_readiness":"mx","mx_hosts":["aspmx.l.google.com"],"mx_provider":{"id":"google_workspace","name":"Google Workspace","kind":"mailbox_provider","gateway":false},"parked":false,"confidence":0.9,"reason_codes":["mx_present"],"unknown_checks":[],"ttl_seconds":300}},` +
		`{"index":1,"input":"acme-widgets.com","domain":"acme-widgets.com","duplicate_of":0,"classification":{"domain_type":"business","registrable_domain":"acme-widgets.com","is_subdomain":false,"dns_presence":"","mail_readiness":"mx","mx_hosts":["aspmx.l.google.com"],"mx_provider":{"id":"google_workspace","name":"Google Workspace","kind":"mailbox_provider","gateway":false},"parked":false,"confidence":0.9,"reason_codes":["mx_present"],"unknown_checks":[],"ttl_seconds":300}},` +
		`{"index":2,"input":"!!","error":{"code":"invalid_characters","message":`
	if !strings.HasPrefix(string(data), want) {
		t.Errorf("JSON:\n%s\nwant prefix:\n%s", data, want)
	}
}
