package mxprovider_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
)

func TestHost(t *testing.T) {
	f := mxprovider.New()
	tests := []struct {
		name        string
		host        string
		registrable string
		id          string
		kind        mxprovider.Kind
		pattern     string
	}{
		{name: "Google Workspace legacy", host: "ASPMX.L.GOOGLE.COM.", registrable: "acme.com", id: "google_workspace", kind: mxprovider.MailboxProvider, pattern: "aspmx.l.google.com"},
		{name: "Google Workspace alt", host: "alt2.aspmx.l.google.com", registrable: "acme.com", id: "google_workspace", kind: mxprovider.MailboxProvider, pattern: "aspmx.l.google.com"},
		{name: "Google Workspace single MX", host: "smtp.google.com", registrable: "acme.com", id: "google_workspace", kind: mxprovider.MailboxProvider, pattern: "smtp.google.com"},
		{name: "Gmail consumer beats shorter Google suffixes", host: "alt1.gmail-smtp-in.l.google.com", registrable: "gmail.com", id: "gmail", kind: mxprovider.MailboxProvider, pattern: "gmail-smtp-in.l.google.com"},
		{name: "Microsoft 365", host: "acme-com.mail.protection.outlook.com", registrable: "acme.com", id: "microsoft_365", kind: mxprovider.MailboxProvider, pattern: "mail.protection.outlook.com"},
		{name: "Microsoft 365 mx.microsoft", host: "acme-com.n-v1.mx.microsoft", registrable: "acme.com", id: "microsoft_365", kind: mxprovider.MailboxProvider, pattern: "mx.microsoft"},
		{name: "Outlook.com consumer", host: "outlook-com.olc.protection.outlook.com", registrable: "outlook.com", id: "outlook_com", kind: mxprovider.MailboxProvider, pattern: "olc.protection.outlook.com"},
		{name: "Zoho EU", host: "mx.zoho.eu", registrable: "acme.de", id: "zoho", kind: mxprovider.MailboxProvider, pattern: "zoho.eu"},
		{name: "Yahoo small business is more specific than Yahoo", host: "mx-biz.mail.am0.yahoodns.net", registrable: "acme.com", id: "yahoo_small_business", kind: mxprovider.MailboxProvider, pattern: "mx-biz.mail.am0.yahoodns.net"},
		{name: "Amazon SES inbound needs its prefix", host: "inbound-smtp.eu-west-1.amazonaws.com", registrable: "acme.com", id: "amazon_ses", kind: mxprovider.MailboxProvider, pattern: "amazonaws.com"},
		{name: "other amazonaws host is not SES", host: "ec2-1-2-3-4.compute.amazonaws.com", registrable: "acme.com", kind: mxprovider.Unknown},
		{name: "Proofpoint gateway", host: "mx0a-00123401.pphosted.com", registrable: "acme.com", id: "proofpoint", kind: mxprovider.SecurityGateway, pattern: "pphosted.com"},
		{name: "Mimecast gateway", host: "eu-smtp-inbound-1.mimecast.com", registrable: "acme.co.uk", id: "mimecast", kind: mxprovider.SecurityGateway, pattern: "mimecast.com"},
		{name: "Cisco gateway", host: "mx1.acme.iphmx.com", registrable: "acme.com", id: "cisco_secure_email", kind: mxprovider.SecurityGateway, pattern: "iphmx.com"},
		{name: "Cloudflare forwarder", host: "route2.mx.cloudflare.net", registrable: "acme.dev", id: "cloudflare_email_routing", kind: mxprovider.Forwarder, pattern: "mx.cloudflare.net"},
		{name: "self-hosted under own domain", host: "mail.acme.co.uk", registrable: "acme.co.uk", kind: mxprovider.SelfHosted},
		{name: "self-hosted under a sibling of a subdomain", host: "mx.eu.acme.com", registrable: "acme.com", kind: mxprovider.SelfHosted},
		{name: "unknown third party", host: "mx.small-isp.net", registrable: "acme.com", kind: mxprovider.Unknown},
		{name: "label boundary respected", host: "notpphosted.com", registrable: "acme.com", kind: mxprovider.Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := f.Host(tc.host, tc.registrable)
			if m.Provider.ID != tc.id || m.Provider.Kind != tc.kind || m.Pattern != tc.pattern {
				t.Errorf("Host(%q) = %+v, want id=%q kind=%q pattern=%q", tc.host, m, tc.id, tc.kind, tc.pattern)
			}
			if m.Host != strings.TrimSuffix(strings.ToLower(tc.host), ".") {
				t.Errorf("host not normalised: %q", m.Host)
			}
		})
	}
}

func TestService(t *testing.T) {
	f := mxprovider.New()
	tests := []struct {
		name    string
		include string
		id      string
		mailbox bool
		kind    mxprovider.Kind
		ok      bool
	}{
		{name: "Google", include: "_spf.google.com", id: "google_workspace", mailbox: true, kind: mxprovider.MailboxProvider, ok: true},
		{name: "Microsoft 365", include: "spf.protection.outlook.com.", id: "microsoft_365", mailbox: true, kind: mxprovider.MailboxProvider, ok: true},
		{name: "Fastmail", include: "spf.messagingengine.com", id: "fastmail", mailbox: true, kind: mxprovider.MailboxProvider, ok: true},
		{name: "SendGrid subdomain", include: "u123.wl.sendgrid.net", id: "sendgrid", kind: mxprovider.SendingService, ok: true},
		{name: "Mailgun EU", include: "_spf.eu.mailgun.org", id: "mailgun", kind: mxprovider.SendingService, ok: true},
		{name: "SparkPost", include: "_spf.sparkpostmail.com", id: "sparkpost", kind: mxprovider.SendingService, ok: true},
		{name: "Atlassian", include: "_spf.atlassian.net", id: "atlassian", kind: mxprovider.SendingService, ok: true},
		{name: "Mimecast netblocks", include: "eu._netblocks.mimecast.com", id: "mimecast", kind: mxprovider.SecurityGateway, ok: true},
		{name: "Cloudflare routing", include: "_spf.mx.cloudflare.net", id: "cloudflare_email_routing", kind: mxprovider.Forwarder, ok: true},
		{name: "unknown", include: "spf.acme.com", ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := f.Service(tc.include)
			if ok != tc.ok || s.ID != tc.id || s.Mailbox != tc.mailbox || s.Kind != tc.kind {
				t.Errorf("Service(%q) = %+v, %v; want id=%q mailbox=%v kind=%q ok=%v", tc.include, s, ok, tc.id, tc.mailbox, tc.kind, tc.ok)
			}
		})
	}
}

func TestIdentify(t *testing.T) {
	f := mxprovider.New()
	tests := []struct {
		name     string
		mx       []mxprovider.MX
		includes []string
		id       string
		kind     mxprovider.Kind
		gateway  bool
		mailbox  string // inferred mailbox provider ID
		evidence string // substring of the last evidence line
	}{
		{name: "no MX", kind: mxprovider.Unknown},
		{name: "null MX", mx: []mxprovider.MX{{Host: ".", Preference: 0}}, kind: mxprovider.Unknown, evidence: "null MX"},
		{name: "null MX next to other records", mx: []mxprovider.MX{{Host: "aspmx.l.google.com.", Preference: 1}, {Host: ".", Preference: 0}}, kind: mxprovider.Unknown, evidence: "RFC 7505"},
		{name: "Google by lowest preference", mx: []mxprovider.MX{
			{Host: "alt1.aspmx.l.google.com.", Preference: 5}, {Host: "aspmx.l.google.com.", Preference: 1}},
			id: "google_workspace", kind: mxprovider.MailboxProvider, evidence: "Google Workspace"},
		{name: "self-hosted primary wins over third-party backup", mx: []mxprovider.MX{
			{Host: "mx2.backup-mx.net.", Preference: 20}, {Host: "mail.acme.com.", Preference: 10}},
			kind: mxprovider.SelfHosted, evidence: "own registrable domain"},
		{name: "recognised host wins a preference tie", mx: []mxprovider.MX{
			{Host: "a.unknown-host.net.", Preference: 10}, {Host: "acme-com.mail.protection.outlook.com.", Preference: 10}},
			id: "microsoft_365", kind: mxprovider.MailboxProvider},
		{name: "gateway with M365 inferred from SPF", mx: []mxprovider.MX{
			{Host: "mx0a-001.pphosted.com.", Preference: 10}, {Host: "mx0b-001.pphosted.com.", Preference: 10}},
			includes: []string{"_spf.salesforce.com", "spf.protection.outlook.com"},
			id:       "proofpoint", kind: mxprovider.SecurityGateway, gateway: true, mailbox: "microsoft_365", evidence: "SPF target spf.protection.outlook.com"},
		{name: "gateway with backup MX revealing Google", mx: []mxprovider.MX{
			{Host: "us-smtp-inbound-1.mimecast.com.", Preference: 10}, {Host: "aspmx.l.google.com.", Preference: 50}},
			includes: []string{"spf.protection.outlook.com"},
			id:       "mimecast", kind: mxprovider.SecurityGateway, gateway: true, mailbox: "google_workspace", evidence: "backup MX aspmx.l.google.com"},
		{name: "gateway with only non-mailbox includes", mx: []mxprovider.MX{{Host: "acme.iphmx.com.", Preference: 10}},
			includes: []string{"sendgrid.net"},
			id:       "cisco_secure_email", kind: mxprovider.SecurityGateway, gateway: true, evidence: "could not be inferred"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			r := f.Identify("acme.com", tc.mx, func() []string { calls++; return tc.includes })
			if calls > 1 {
				t.Errorf("spfTargets called %d times", calls)
			}
			// The targets are read only when the answer depends on them.
			needed := r.Gateway && (r.MailboxProvider == nil || !strings.Contains(r.Evidence[len(r.Evidence)-1], "backup MX"))
			if (calls == 1) != needed {
				t.Errorf("spfTargets called %d times; needed=%v", calls, needed)
			}
			if again := f.Identify("acme.com", tc.mx, func() []string { return tc.includes }); !reflect.DeepEqual(again, r) {
				t.Errorf("not deterministic: %+v vs %+v", again, r)
			}
			if r.Provider.ID != tc.id || r.Provider.Kind != tc.kind || r.Gateway != tc.gateway {
				t.Errorf("provider = %+v gateway=%v, want id=%q kind=%q gateway=%v", r.Provider, r.Gateway, tc.id, tc.kind, tc.gateway)
			}
			gotMailbox := ""
			if r.MailboxProvider != nil {
				gotMailbox = r.MailboxProvider.ID
			}
			if gotMailbox != tc.mailbox {
				t.Errorf("mailbox provider = %q, want %q", gotMailbox, tc.mailbox)
			}
			if tc.evidence != "" && (len(r.Evidence) == 0 || !strings.Contains(r.Evidence[len(r.Evidence)-1], tc.evidence)) {
				t.Errorf("evidence = %q, want it to mention %q", r.Evidence, tc.evidence)
			}
			if r.Hosts == nil || r.Evidence == nil {
				t.Error("nil slices would encode as JSON null")
			}
			for i := 1; i < len(r.Hosts); i++ {
				if r.Hosts[i-1].Preference > r.Hosts[i].Preference {
					t.Errorf("hosts not ordered by preference: %+v", r.Hosts)
				}
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	f := mxprovider.New()
	r := f.Identify("acme.com", []mxprovider.MX{{Host: "mx0a-001.pphosted.com", Preference: 10}},
		func() []string { return []string{"_spf.google.com"} })
	v := r.Verdict()
	if v.ID != "proofpoint" || v.Kind != mxprovider.SecurityGateway || !v.Gateway || v.MailboxProvider == nil ||
		*v.MailboxProvider != (mxprovider.Named{ID: "google_workspace", Name: "Google Workspace"}) || len(v.Evidence) != 2 {
		t.Errorf("Verdict() = %+v", v)
	}
	if u := (mxprovider.Result{}).Verdict(); u.Kind != mxprovider.Unknown || u.Evidence == nil {
		t.Errorf("zero Result verdict = %+v, want kind unknown and a non-nil evidence list", u)
	}
	if u := mxprovider.UnknownVerdict(); u.Kind != mxprovider.Unknown || u.Evidence == nil || u.MailboxProvider != nil {
		t.Errorf("UnknownVerdict() = %+v", u)
	}
}
