package audit

import (
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/dmarc"
	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/spf"
)

func TestScore(t *testing.T) {
	f := func(check CheckName, id finding.ID) scoredFinding {
		return scoredFinding{check: check, f: finding.Finding{ID: id}}
	}
	tests := []struct {
		name  string
		in    []scoredFinding
		score int
		items int
		level RiskLevel
	}{
		{name: "nothing", score: 0, level: RiskLow},
		{name: "informational findings add nothing", in: []scoredFinding{f(CheckDKIM, "dkim.not_found_among_tried"), f(CheckSPF, "spf.softfail_all")}, score: 0, level: RiskLow},
		{name: "duplicate IDs count once", in: []scoredFinding{f(CheckMX, "mx.unresolvable"), f(CheckMX, "mx.unresolvable")}, score: 10, items: 1, level: RiskLow},
		{name: "medium", in: []scoredFinding{f(CheckDMARC, "dmarc.policy_none")}, score: 20, items: 1, level: RiskMedium},
		{name: "high", in: []scoredFinding{f(CheckDMARC, "dmarc.missing"), f(CheckSPF, "spf.missing")}, score: 55, items: 2, level: RiskHigh},
		{name: "clamped to 100", in: []scoredFinding{f(CheckDMARC, "dmarc.missing"), f(CheckSPF, "spf.pass_all"), f(CheckSPF, "spf.multiple_records"),
			f(CheckSPF, "spf.too_many_lookups"), f(CheckDKIM, "dkim.rsa_too_short"), f(CheckMX, "mx.special_address")}, score: 100, items: 6, level: RiskCritical},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, items := score(tt.in)
			if got != tt.score || len(items) != tt.items || riskLevel(got) != tt.level {
				t.Fatalf("score = %d (%d items, %s), want %d (%d items, %s)", got, len(items), riskLevel(got), tt.score, tt.items, tt.level)
			}
			for i := 1; i < len(items); i++ {
				if items[i].Points > items[i-1].Points {
					t.Fatalf("breakdown not sorted by points: %+v", items)
				}
			}
		})
	}
}

func TestSuggestSPF(t *testing.T) {
	parsed := func(s string) *spf.Record {
		r, err := spf.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return &r
	}
	mailbox := func(id string) mxprovider.Result {
		return mxprovider.Result{Provider: mxprovider.Provider{ID: id, Kind: mxprovider.MailboxProvider}}
	}
	tests := []struct {
		name     string
		record   *spf.Record
		provider mxprovider.Result
		noMail   bool
		want     string
	}{
		{name: "replace plus all", record: parsed("v=spf1 ip4:192.0.2.0/24 include:_spf.google.com +all"), want: "v=spf1 ip4:192.0.2.0/24 include:_spf.google.com -all"},
		{name: "append missing all keeps exp", record: parsed("v=spf1 mx exp=explain.example.com"), want: "v=spf1 mx exp=explain.example.com -all"},
		{name: "microsoft mailbox", provider: mailbox("microsoft_365"), want: "v=spf1 include:spf.protection.outlook.com -all"},
		{name: "gateway with google behind", provider: mxprovider.Result{Provider: mxprovider.Provider{ID: "proofpoint", Kind: mxprovider.SecurityGateway}, Gateway: true,
			MailboxProvider: &mxprovider.Provider{ID: "google_workspace", Kind: mxprovider.MailboxProvider}}, want: "v=spf1 include:_spf.google.com -all"},
		{name: "self hosted", provider: mxprovider.Result{Provider: mxprovider.Provider{Kind: mxprovider.SelfHosted}}, want: "v=spf1 mx -all"},
		{name: "unknown provider", provider: mxprovider.Result{Provider: mxprovider.Provider{Kind: mxprovider.Unknown}}, want: "v=spf1 mx -all"},
		{name: "no mail", noMail: true, want: "v=spf1 -all"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := assessment{res: &Result{SPF: spf.Result{Parsed: tt.record}}, provider: tt.provider}
			if got := a.suggestSPF(tt.noMail); got != tt.want {
				t.Fatalf("suggestSPF = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDMARCRewrites(t *testing.T) {
	tests := []struct {
		name, in, policy, wantPolicy, wantNoTesting string
	}{
		{name: "adds rua", in: "v=DMARC1; p=none", wantPolicy: "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@example.org", wantNoTesting: "v=DMARC1; p=none"},
		{name: "keeps tags drops testing", in: "v=DMARC1; p=none; sp=none; pct=50; t=y; rua=mailto:r@example.org",
			wantPolicy: "v=DMARC1; p=quarantine; sp=none; pct=50; t=y; rua=mailto:r@example.org", wantNoTesting: "v=DMARC1; p=none; sp=none; rua=mailto:r@example.org"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _, err := dmarc.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := withPolicy(&rec, "quarantine", "example.org"); got != tt.wantPolicy {
				t.Errorf("withPolicy = %q, want %q", got, tt.wantPolicy)
			}
			if got := withoutTesting(&rec); got != tt.wantNoTesting {
				t.Errorf("withoutTesting = %q, want %q", got, tt.wantNoTesting)
			}
		})
	}
}

func TestNewValidates(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Fatal("New without resolver succeeded")
	}
	if _, err := New(Config{Resolver: newSession(nil)}); err == nil {
		t.Fatal("New without fetcher succeeded")
	}
}
