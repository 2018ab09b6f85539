package mxprovider

// Fingerprint data written from the facts collected in
// /work/shared/reference/domain-checks.md §3 (MX suffixes and SPF includes
// of mailbox providers, security gateways and forwarders). Suffixes match on
// label boundaries of the lower-cased MX host without its trailing dot.

// Mailbox providers named both by MX and by SPF fingerprints.
func googleWorkspace() Provider {
	return Provider{ID: "google_workspace", Name: "Google Workspace", Kind: MailboxProvider}
}
func gmail() Provider { return Provider{ID: "gmail", Name: "Gmail", Kind: MailboxProvider} }
func microsoft365() Provider {
	return Provider{ID: "microsoft_365", Name: "Microsoft 365", Kind: MailboxProvider}
}
func outlookCom() Provider {
	return Provider{ID: "outlook_com", Name: "Outlook.com", Kind: MailboxProvider}
}
func zoho() Provider     { return Provider{ID: "zoho", Name: "Zoho Mail", Kind: MailboxProvider} }
func proton() Provider   { return Provider{ID: "proton", Name: "Proton Mail", Kind: MailboxProvider} }
func fastmail() Provider { return Provider{ID: "fastmail", Name: "Fastmail", Kind: MailboxProvider} }
func icloud() Provider   { return Provider{ID: "icloud", Name: "iCloud Mail", Kind: MailboxProvider} }

// mxRules returns the MX fingerprints. It builds a fresh slice on each call
// so no package state is shared or mutable.
func mxRules() []rule {
	mp := func(id, name string) Provider { return Provider{ID: id, Name: name, Kind: MailboxProvider} }
	gw := func(id, name string) Provider { return Provider{ID: id, Name: name, Kind: SecurityGateway} }
	fw := func(id, name string) Provider { return Provider{ID: id, Name: name, Kind: Forwarder} }
	ionos := mp("ionos", "IONOS (1&1)")
	zohoR := func(suffix string) rule { return rule{suffix: suffix, provider: zoho()} }
	return []rule{
		// Mailbox providers.
		{suffix: "aspmx.l.google.com", provider: googleWorkspace()},
		{suffix: "googlemail.com", provider: googleWorkspace()},
		{suffix: "smtp.google.com", provider: googleWorkspace()},
		{suffix: "gmail-smtp-in.l.google.com", provider: gmail()},
		{suffix: "mail.protection.outlook.com", provider: microsoft365()},
		{suffix: "mx.microsoft", provider: microsoft365()},
		{suffix: "olc.protection.outlook.com", provider: outlookCom()},
		{suffix: "hotmail.com", provider: outlookCom()},
		zohoR("zoho.com"), zohoR("zoho.eu"), zohoR("zoho.in"), zohoR("zoho.com.au"), zohoR("zoho.jp"), zohoR("zohomail.com"),
		{suffix: "mail.protonmail.ch", provider: proton()},
		{suffix: "mailsec.protonmail.ch", provider: proton()},
		{suffix: "messagingengine.com", provider: fastmail()},
		{suffix: "mail.icloud.com", provider: icloud()},
		{suffix: "mx-biz.mail.am0.yahoodns.net", provider: mp("yahoo_small_business", "Yahoo Small Business")},
		{suffix: "am0.yahoodns.net", provider: mp("yahoo", "Yahoo Mail")},
		{suffix: "mx.yandex.ru", provider: mp("yandex", "Yandex Mail")},
		{suffix: "mx.yandex.net", provider: mp("yandex_360", "Yandex 360")},
		{suffix: "emx.mail.ru", provider: mp("mail_ru", "Mail.ru")},
		{suffix: "gmx.net", provider: mp("gmx", "GMX")},
		{suffix: "gmx.com", provider: mp("gmx", "GMX")},
		{suffix: "1and1.com", provider: ionos}, {suffix: "1and1.de", provider: ionos}, {suffix: "1and1.co.uk", provider: ionos},
		{suffix: "kundenserver.de", provider: ionos},
		{suffix: "ionos.com", provider: ionos}, {suffix: "ionos.de", provider: ionos}, {suffix: "ionos.co.uk", provider: ionos},
		{suffix: "ionos.fr", provider: ionos}, {suffix: "ionos.es", provider: ionos},
		{suffix: "ovh.net", provider: mp("ovh", "OVHcloud")},
		{suffix: "secureserver.net", provider: mp("godaddy", "GoDaddy")},
		{suffix: "privateemail.com", provider: mp("namecheap_private_email", "Namecheap Private Email")},
		{suffix: "web-hosting.com", provider: mp("namecheap_hosting", "Namecheap Hosting")},
		{suffix: "emailsrvr.com", provider: mp("rackspace", "Rackspace Email")},
		{suffix: "amazonaws.com", prefix: "inbound-smtp.", provider: mp("amazon_ses", "Amazon SES / WorkMail")},
		{suffix: "hostinger.com", provider: mp("hostinger", "Hostinger")},
		{suffix: "hostinger.in", provider: mp("hostinger", "Hostinger")},
		{suffix: "titan.email", provider: mp("titan", "Titan")},
		{suffix: "netsolmail.net", provider: mp("network_solutions", "Network Solutions")},
		{suffix: "mail.gandi.net", provider: mp("gandi", "Gandi")},
		{suffix: "migadu.com", provider: mp("migadu", "Migadu")},
		{suffix: "mxroute.com", provider: mp("mxroute", "MXroute")},
		{suffix: "rzone.de", provider: mp("strato", "Strato")},
		{suffix: "one.com", provider: mp("one_com", "one.com")},
		{suffix: "mail.dreamhost.com", provider: mp("dreamhost", "DreamHost")},

		// Forwarders.
		{suffix: "mx.cloudflare.net", provider: fw("cloudflare_email_routing", "Cloudflare Email Routing")},
		{suffix: "mailgun.org", provider: fw("mailgun", "Mailgun")},
		{suffix: "registrar-servers.com", provider: fw("namecheap_forwarding", "Namecheap email forwarding")},

		// Security gateways.
		{suffix: "pphosted.com", provider: gw("proofpoint", "Proofpoint")},
		{suffix: "ppe-hosted.com", provider: gw("proofpoint_essentials", "Proofpoint Essentials")},
		{suffix: "mimecast.com", provider: gw("mimecast", "Mimecast")},
		{suffix: "mimecast.co.za", provider: gw("mimecast", "Mimecast")},
		{suffix: "barracudanetworks.com", provider: gw("barracuda", "Barracuda")},
		{suffix: "iphmx.com", provider: gw("cisco_secure_email", "Cisco Secure Email")},
		{suffix: "hydra.sophos.com", provider: gw("sophos", "Sophos Central Email")},
		{suffix: "tmes.trendmicro.com", provider: gw("trend_micro", "Trend Micro Email Security")},
		{suffix: "tmes.trendmicro.eu", provider: gw("trend_micro", "Trend Micro Email Security")},
		{suffix: "mailcontrol.com", provider: gw("forcepoint", "Forcepoint")},
		{suffix: "messagelabs.com", provider: gw("symantec", "Broadcom Symantec Email Security")},
		{suffix: "spamtitan.com", provider: gw("spamtitan", "SpamTitan")},
		{suffix: "hornetsecurity.com", provider: gw("hornetsecurity", "Hornetsecurity")},
		{suffix: "antispameurope.com", provider: gw("hornetsecurity", "Hornetsecurity")},
		{suffix: "antispamcloud.com", provider: gw("spamexperts", "SpamExperts (N-able)")},
		{suffix: "esvacloud.com", provider: gw("libraesva", "Libraesva")},
		{suffix: "arsmtp.com", provider: gw("appriver", "AppRiver")},
		{suffix: "mxlogic.net", provider: gw("mcafee_mxlogic", "McAfee MXLogic")},
		{suffix: "fireeyecloud.com", provider: gw("trellix", "Trellix (FireEye)")},
		{suffix: "expurgate.net", provider: gw("cyren", "Cyren")},
	}
}

// spfRules returns the SPF include/redirect fingerprints. Mailbox marks
// services that host mailboxes, which are the ones that can explain mail
// hidden behind a security gateway.
func spfRules() []serviceRule {
	svc := func(id, name string) Service { return Service{ID: id, Name: name, Kind: SendingService} }
	box := func(p Provider) Service { return Service{ID: p.ID, Name: p.Name, Mailbox: true, Kind: MailboxProvider} }
	gw := func(id, name string) Service { return Service{ID: id, Name: name, Kind: SecurityGateway} }
	fw := func(id, name string) Service { return Service{ID: id, Name: name, Kind: Forwarder} }
	return []serviceRule{
		{suffix: "_spf.google.com", service: box(googleWorkspace())},
		{suffix: "spf.protection.outlook.com", service: box(microsoft365())},
		{suffix: "_spf.protonmail.ch", service: box(proton())},
		{suffix: "zoho.com", service: box(zoho())},
		{suffix: "zohomail.com", service: box(zoho())},
		{suffix: "zoho.eu", service: box(zoho())},
		{suffix: "spf.messagingengine.com", service: box(fastmail())},
		{suffix: "icloud.com", service: box(icloud())},
		{suffix: "_spf.yandex.net", service: box(Provider{ID: "yandex_360", Name: "Yandex 360", Kind: MailboxProvider})},
		{suffix: "secureserver.net", service: box(Provider{ID: "godaddy", Name: "GoDaddy", Kind: MailboxProvider})},
		{suffix: "emailsrvr.com", service: box(Provider{ID: "rackspace", Name: "Rackspace Email", Kind: MailboxProvider})},
		{suffix: "_spf.mx.cloudflare.net", service: fw("cloudflare_email_routing", "Cloudflare Email Routing")},
		{suffix: "sendgrid.net", service: svc("sendgrid", "SendGrid")},
		{suffix: "mailgun.org", service: svc("mailgun", "Mailgun")},
		{suffix: "amazonses.com", service: svc("amazon_ses", "Amazon SES")},
		{suffix: "servers.mcsv.net", service: svc("mailchimp", "Mailchimp")},
		{suffix: "spf.mandrillapp.com", service: svc("mandrill", "Mandrill")},
		{suffix: "_spf.salesforce.com", service: svc("salesforce", "Salesforce")},
		{suffix: "exacttarget.com", service: svc("salesforce_marketing_cloud", "Salesforce Marketing Cloud")},
		{suffix: "hubspotemail.net", service: svc("hubspot", "HubSpot")},
		{suffix: "mail.zendesk.com", service: svc("zendesk", "Zendesk")},
		{suffix: "email.freshdesk.com", service: svc("freshdesk", "Freshdesk")},
		{suffix: "spf.mtasv.net", service: svc("postmark", "Postmark")},
		{suffix: "sparkpostmail.com", service: svc("sparkpost", "SparkPost")},
		{suffix: "spf.mailjet.com", service: svc("mailjet", "Mailjet")},
		{suffix: "spf.brevo.com", service: svc("brevo", "Brevo")},
		{suffix: "spf.sendinblue.com", service: svc("brevo", "Brevo")},
		{suffix: "spf.constantcontact.com", service: svc("constant_contact", "Constant Contact")},
		{suffix: "mktomail.com", service: svc("marketo", "Marketo")},
		{suffix: "spf.smtp2go.com", service: svc("smtp2go", "SMTP2GO")},
		{suffix: "_spf.mailersend.net", service: svc("mailersend", "MailerSend")},
		{suffix: "email-od.com", service: svc("socketlabs", "SocketLabs")},
		{suffix: "_spf.atlassian.net", service: svc("atlassian", "Atlassian Cloud")},
		{suffix: "helpscoutemail.com", service: svc("help_scout", "Help Scout")},
		{suffix: "aspmx.pardot.com", service: svc("pardot", "Pardot")},
		{suffix: "emsd1.com", service: svc("activecampaign", "ActiveCampaign")},
		{suffix: "createsend.com", service: svc("campaign_monitor", "Campaign Monitor")},
		{suffix: "en25.com", service: svc("oracle_eloqua", "Oracle Eloqua")},
		{suffix: "mimecast.com", service: gw("mimecast", "Mimecast")},
		{suffix: "pphosted.com", service: gw("proofpoint", "Proofpoint")},
		{suffix: "ppe-hosted.com", service: gw("proofpoint_essentials", "Proofpoint Essentials")},
		{suffix: "barracudanetworks.com", service: gw("barracuda", "Barracuda")},
		{suffix: "iphmx.com", service: gw("cisco_secure_email", "Cisco Secure Email")},
		{suffix: "messagelabs.com", service: gw("symantec", "Broadcom Symantec Email Security")},
	}
}
