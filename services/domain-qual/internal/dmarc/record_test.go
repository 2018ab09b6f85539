package dmarc

import (
	"slices"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
)

func ids(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.ID))
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		wantErr    bool
		p, sp, np  Policy
		explicit   bool
		adkim      string
		pct        int
		testing    bool
		psd        string
		rua        []string // domains
		ruaAddr    []string
		ruf        int
		findings   []string
		noFindings []string
	}{
		{name: "minimal reject", in: "v=DMARC1; p=reject", p: PolicyReject, sp: PolicyReject, np: PolicyReject, explicit: true, adkim: "r", pct: 100, psd: "u",
			findings: nil, noFindings: []string{"dmarc.missing_p"}},
		{name: "sp and np defaults chain", in: "v=DMARC1; p=reject; sp=quarantine", p: PolicyReject, sp: PolicyQuarantine, np: PolicyQuarantine, explicit: true, adkim: "r", pct: 100, psd: "u"},
		{name: "np explicit", in: "v=DMARC1; p=none; np=reject; adkim=s", p: PolicyNone, sp: PolicyNone, np: PolicyReject, explicit: true, adkim: "s", pct: 100, psd: "u"},
		{name: "missing p is none under 9989", in: "v=DMARC1; rua=mailto:d@example.com", p: PolicyNone, sp: PolicyNone, np: PolicyNone, adkim: "r", pct: 100, psd: "u",
			rua: []string{"example.com"}, ruaAddr: []string{"d@example.com"}, findings: []string{"dmarc.missing_p"}},
		{name: "pct lowers and is removed", in: "v=DMARC1; p=quarantine; pct=50; rf=afrf; ri=3600", p: PolicyQuarantine, sp: PolicyQuarantine, np: PolicyQuarantine, explicit: true, adkim: "r", pct: 50, testing: true, psd: "u",
			findings: []string{"dmarc.removed_tag_pct", "dmarc.removed_tag_rf", "dmarc.removed_tag_ri"}},
		{name: "t=y testing", in: "v=DMARC1; p=reject; t=y; psd=n", p: PolicyReject, sp: PolicyReject, np: PolicyReject, explicit: true, adkim: "r", pct: 100, testing: true, psd: "n"},
		{name: "invalid values fall back", in: "v=DMARC1; p=block; adkim=x; pct=200; t=maybe; fo=0:z", p: PolicyNone, sp: PolicyNone, np: PolicyNone, adkim: "r", pct: 100, psd: "u",
			findings: []string{"dmarc.invalid_p", "dmarc.invalid_adkim", "dmarc.invalid_pct", "dmarc.invalid_t", "dmarc.invalid_fo"}, noFindings: []string{"dmarc.missing_p"}},
		{name: "unknown tag warned", in: "v=DMARC1; p=none; foo=bar", p: PolicyNone, sp: PolicyNone, np: PolicyNone, explicit: true, adkim: "r", pct: 100, psd: "u", findings: []string{"dmarc.unknown_tag"}},
		{name: "p not second", in: "v=DMARC1; rua=mailto:a@example.com; p=none", p: PolicyNone, sp: PolicyNone, np: PolicyNone, explicit: true, adkim: "r", pct: 100, psd: "u",
			rua: []string{"example.com"}, ruaAddr: []string{"a@example.com"}, findings: []string{"dmarc.p_not_second"}},
		{name: "rua list with size and three destinations", in: "v=DMARC1; p=none; rua=mailto:a@example.com!10m, mailto:b@Reports.Example.net,mailto:c@x.example.org; ruf=mailto:f@example.com",
			p: PolicyNone, sp: PolicyNone, np: PolicyNone, explicit: true, adkim: "r", pct: 100, psd: "u",
			rua: []string{"example.com", "reports.example.net", "x.example.org"}, ruaAddr: []string{"a@example.com", "b@Reports.Example.net", "c@x.example.org"}, ruf: 1,
			findings: []string{"dmarc.obsolete_size_limit", "dmarc.too_many_rua"}},
		{name: "non-mailto and broken mailbox", in: "v=DMARC1; p=none; rua=https://r.example.com/x,mailto:nobody", p: PolicyNone, sp: PolicyNone, np: PolicyNone, explicit: true, adkim: "r", pct: 100, psd: "u",
			rua: []string{"r.example.com"}, ruaAddr: []string{""}, findings: []string{"dmarc.non_mailto_rua", "dmarc.invalid_rua"}},
		{name: "duplicate tags invalid", in: "v=DMARC1; p=none; p=reject", wantErr: true},
		{name: "v not first", in: "p=reject; v=DMARC1", wantErr: true},
		{name: "wrong version case", in: "v=dmarc1; p=reject", wantErr: true},
		{name: "tag syntax error", in: "v=DMARC1; p reject", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, fs, err := Parse(tt.in)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Parse(%q) err = nil, want error", tt.in)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q) unexpected error %v", tt.in, err)
			}
			if rec.Policy != tt.p || rec.SubdomainPolicy != tt.sp || rec.NonExistentPolicy != tt.np || rec.PolicyExplicit != tt.explicit ||
				rec.ADKIM != tt.adkim || rec.Pct != tt.pct || rec.Testing != tt.testing || rec.PSD != tt.psd {
				t.Fatalf("Parse(%q) = p=%s sp=%s np=%s explicit=%v adkim=%s pct=%d testing=%v psd=%s", tt.in,
					rec.Policy, rec.SubdomainPolicy, rec.NonExistentPolicy, rec.PolicyExplicit, rec.ADKIM, rec.Pct, rec.Testing, rec.PSD)
			}
			var doms, addrs []string
			for _, u := range rec.RUA {
				doms = append(doms, u.Domain)
				addrs = append(addrs, u.Address)
			}
			if !slices.Equal(doms, tt.rua) || (tt.ruaAddr != nil && !slices.Equal(addrs, tt.ruaAddr)) || len(rec.RUF) != tt.ruf {
				t.Errorf("rua domains=%v addrs=%v ruf=%d; want %v %v %d", doms, addrs, len(rec.RUF), tt.rua, tt.ruaAddr, tt.ruf)
			}
			got := ids(fs)
			for _, id := range tt.findings {
				if !slices.Contains(got, id) {
					t.Errorf("finding %s missing; got %v", id, got)
				}
			}
			for _, id := range tt.noFindings {
				if slices.Contains(got, id) {
					t.Errorf("finding %s present; want absent", id)
				}
			}
		})
	}
}

func TestEffective(t *testing.T) {
	tests := []struct {
		name   string
		rec    string
		asked  Policy
		want   Policy
		enforc Enforcement
	}{
		{"reject full", "v=DMARC1; p=reject", PolicyReject, PolicyReject, EnforcementFull},
		{"reject pct lowers to quarantine", "v=DMARC1; p=reject; pct=10", PolicyReject, PolicyQuarantine, EnforcementPartial},
		{"quarantine t=y lowers to none", "v=DMARC1; p=quarantine; t=y", PolicyQuarantine, PolicyNone, EnforcementPartial},
		{"none stays none", "v=DMARC1; p=none; t=y", PolicyNone, PolicyNone, EnforcementNone},
		{"pct 100 not lowered", "v=DMARC1; p=quarantine; pct=100", PolicyQuarantine, PolicyQuarantine, EnforcementFull},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _, err := Parse(tt.rec)
			if err != nil {
				t.Fatal(err)
			}
			got, e := rec.Effective(tt.asked)
			if got != tt.want || e != tt.enforc {
				t.Fatalf("Effective(%s) = %s/%s, want %s/%s", tt.asked, got, e, tt.want, tt.enforc)
			}
		})
	}
}

func TestIsDMARC(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"canonical", "v=DMARC1; p=none", true},
		{"spaces and case", " v = dmarc1 ;p=none", true},
		{"bare", "v=DMARC1", true},
		{"spf", "v=spf1 -all", false},
		{"glued", "v=DMARC10; p=none", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsDMARC(tt.in); got != tt.want {
				t.Fatalf("IsDMARC(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// The ids of the tags that share a check spell the tag, as the contract's
// ids always have ("dmarc.invalid_" + tag ...).
func TestTagFindingIDsNameTheirTag(t *testing.T) {
	for tag, ids := range tagIDs {
		for kind, id := range map[string]finding.ID{"invalid_": ids.invalid, "removed_tag_": ids.removed, "non_mailto_": ids.nonMailto, "too_many_": ids.tooMany} {
			if id != "" && string(id) != "dmarc."+kind+tag {
				t.Errorf("tag %s: %s id is %q, want %q", tag, kind, id, "dmarc."+kind+tag)
			}
		}
		if !knownTags[tag] {
			t.Errorf("tagIDs names %s, which is not a DMARC tag", tag)
		}
	}
	// Every tag Parse reports through tagIDs has the ids it uses.
	for _, tag := range []string{"sp", "np", "adkim", "aspf", "rua", "ruf"} {
		if tagIDs[tag].invalid == "" {
			t.Errorf("tag %s has no invalid id", tag)
		}
	}
	for _, tag := range []string{"rf", "ri"} {
		if tagIDs[tag].removed == "" {
			t.Errorf("tag %s has no removed id", tag)
		}
	}
	for _, tag := range []string{"rua", "ruf"} {
		if tagIDs[tag].nonMailto == "" || tagIDs[tag].tooMany == "" {
			t.Errorf("report tag %s lacks an id: %+v", tag, tagIDs[tag])
		}
	}
}
