package mxprovider_test

import (
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
		ok      bool
	}{
		{name: "Google", include: "_spf.google.com", id: "google_workspace", mailbox: true, ok: true},
		{name: "Microsoft 365", include: "spf.protection.outlook.com.", id: "microsoft_365", mailbox: true, ok: true},
		{name: "SendGrid subdomain", include: "u123.wl.sendgrid.net", id: "sendgrid", ok: true},
		{name: "Mailgun EU", include: "_spf.eu.mailgun.org", id: "mailgun", ok: true},
		{name: "Mimecast netblocks", include: "eu._netblocks.mimecast.com", id: "mimecast", ok: true},
		{name: "unknown", include: "spf.acme.com", ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := f.Service(tc.include)
			if ok != tc.ok || s.ID != tc.id || s.Mailbox != tc.mailbox {
				t.Errorf("Service(%q) = %+v, %v; want id=%q mailbox=%v ok=%v", tc.include, s, ok, tc.id, tc.mailbox, tc.ok)
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
		{name: "null MX", mx: []mxprovider.MX{{Host: ".", Preference: 0}}, kind: mxprovider.Unknown},
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
			id:       "proofpoint", kind: mxprovider.SecurityGateway, gateway: true, mailbox: "microsoft_365", evidence: "include:spf.protection.outlook.com"},
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
			r := f.Identify("acme.com", tc.mx, tc.includes)
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
