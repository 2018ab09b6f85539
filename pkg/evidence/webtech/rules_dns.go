package webtech

// Technologies seen mostly in DNS: mail senders (SPF includes), mail
// gateways and mailbox providers (MX hosts), and SaaS products that ask
// customers to publish a verification TXT record at the apex.

var emailSendingTechs = []Technology{
	{Name: "SendGrid", Category: EmailSending, Website: "https://sendgrid.com", Rules: []Rule{
		SPF("sendgrid.net", 0.9),
	}},
	{Name: "Mailgun", Category: EmailSending, Website: "https://www.mailgun.com", Rules: []Rule{
		SPF("mailgun.org", 0.9),
		MX("mailgun.org", 0.9),
	}},
	{Name: "Amazon SES", Category: EmailSending, Website: "https://aws.amazon.com/ses/", Rules: []Rule{
		SPF("amazonses.com", 0.9),
		TXT("amazonses:", 0.7),
	}},
	{Name: "Postmark", Category: EmailSending, Website: "https://postmarkapp.com", Rules: []Rule{
		SPF("spf.mtasv.net", 0.9),
	}},
	{Name: "SparkPost", Category: EmailSending, Website: "https://www.sparkpost.com", Rules: []Rule{
		SPF("sparkpostmail.com", 0.9),
	}},
	{Name: "Mailjet", Category: EmailSending, Website: "https://www.mailjet.com", Rules: []Rule{
		SPF("spf.mailjet.com", 0.9),
	}},
	{Name: "SMTP2GO", Category: EmailSending, Website: "https://www.smtp2go.com", Rules: []Rule{
		SPF("spf.smtp2go.com", 0.9),
	}},
	{Name: "MailerSend", Category: EmailSending, Website: "https://www.mailersend.com", Rules: []Rule{
		SPF("_spf.mailersend.net", 0.9),
	}},
	{Name: "SocketLabs", Category: EmailSending, Website: "https://www.socketlabs.com", Rules: []Rule{
		SPF("email-od.com", 0.85),
	}},
}

var emailGatewayTechs = []Technology{
	{Name: "Mimecast", Category: EmailSecurityGateway, Website: "https://www.mimecast.com", Rules: []Rule{
		MX("mimecast.com", 0.95),
		MX("mimecast.co.za", 0.95),
		SPF("mimecast.com", 0.8),
	}},
	{Name: "Proofpoint", Category: EmailSecurityGateway, Website: "https://www.proofpoint.com", Rules: []Rule{
		MX("pphosted.com", 0.95),
		MX("ppe-hosted.com", 0.95),
		SPF("pphosted.com", 0.8),
		SPF("ppe-hosted.com", 0.8),
	}},
	{Name: "Barracuda Email Protection", Category: EmailSecurityGateway, Website: "https://www.barracuda.com/products/email-protection", Rules: []Rule{
		MX("barracudanetworks.com", 0.95),
		SPF("barracudanetworks.com", 0.8),
	}},
	{Name: "Cisco Secure Email", Category: EmailSecurityGateway, Website: "https://www.cisco.com/site/us/en/products/security/secure-email/index.html", Rules: []Rule{
		MX("iphmx.com", 0.95),
		SPF("iphmx.com", 0.8),
	}},
	{Name: "Broadcom Email Security.cloud", Category: EmailSecurityGateway, Website: "https://www.broadcom.com", Rules: []Rule{
		MX("messagelabs.com", 0.95),
		SPF("messagelabs.com", 0.8),
	}},
	{Name: "Sophos Email", Category: EmailSecurityGateway, Website: "https://www.sophos.com/products/sophos-email", Rules: []Rule{
		MX("hydra.sophos.com", 0.95),
	}},
	{Name: "Trend Micro Email Security", Category: EmailSecurityGateway, Website: "https://www.trendmicro.com", Rules: []Rule{
		MX("tmes.trendmicro.com", 0.95),
		MX("tmes.trendmicro.eu", 0.95),
	}},
	{Name: "Forcepoint Email Security", Category: EmailSecurityGateway, Website: "https://www.forcepoint.com", Rules: []Rule{
		MX("mailcontrol.com", 0.95),
	}},
	{Name: "Hornetsecurity", Category: EmailSecurityGateway, Website: "https://www.hornetsecurity.com", Rules: []Rule{
		MX("hornetsecurity.com", 0.95),
	}},
	{Name: "SpamExperts", Category: EmailSecurityGateway, Website: "https://www.n-able.com/products/mail-assure", Rules: []Rule{
		MX("antispamcloud.com", 0.9),
	}},
}

var emailHostingTechs = []Technology{
	{Name: "Google Workspace", Category: EmailHosting, Website: "https://workspace.google.com", Rules: []Rule{
		MX("google.com", 0.95),
		MX("googlemail.com", 0.95),
		SPF("_spf.google.com", 0.85),
	}},
	{Name: "Microsoft 365", Category: EmailHosting, Website: "https://www.microsoft.com/microsoft-365", Rules: []Rule{
		MX("mail.protection.outlook.com", 0.95),
		SPF("spf.protection.outlook.com", 0.9),
		TXT("MS=", 0.8),
	}},
	{Name: "Zoho Mail", Category: EmailHosting, Website: "https://www.zoho.com/mail/", Rules: []Rule{
		MX("zoho.com", 0.95),
		MX("zoho.eu", 0.95),
		MX("zoho.in", 0.95),
		MX("zoho.com.au", 0.95),
		SPF("zoho.com", 0.8),
		SPF("zoho.eu", 0.8),
		TXT("zoho-verification=", 0.7),
	}},
	{Name: "Fastmail", Category: EmailHosting, Website: "https://www.fastmail.com", Rules: []Rule{
		MX("messagingengine.com", 0.95),
		SPF("spf.messagingengine.com", 0.85),
	}},
	{Name: "Proton Mail", Category: EmailHosting, Website: "https://proton.me/mail", Rules: []Rule{
		MX("protonmail.ch", 0.95),
		SPF("_spf.protonmail.ch", 0.85),
		TXT("protonmail-verification=", 0.85),
	}},
	{Name: "GoDaddy Email", Category: EmailHosting, Website: "https://www.godaddy.com/email", Rules: []Rule{
		MX("secureserver.net", 0.9),
		SPF("secureserver.net", 0.8),
	}},
	{Name: "Yandex 360", Category: EmailHosting, Website: "https://360.yandex.com", Rules: []Rule{
		MX("mx.yandex.net", 0.95),
		MX("mx.yandex.ru", 0.95),
		SPF("_spf.yandex.net", 0.85),
	}},
	{Name: "iCloud Mail", Category: EmailHosting, Website: "https://support.apple.com/guide/icloud/custom-email-domain", Rules: []Rule{
		MX("mail.icloud.com", 0.95),
		SPF("icloud.com", 0.8),
		TXT("apple-domain=", 0.8),
	}},
	{Name: "Cloudflare Email Routing", Category: EmailHosting, Website: "https://www.cloudflare.com/developer-platform/email-routing/", Rules: []Rule{
		MX("mx.cloudflare.net", 0.95),
		SPF("_spf.mx.cloudflare.net", 0.85),
	}},
	{Name: "Rackspace Email", Category: EmailHosting, Website: "https://www.rackspace.com/applications/rackspace-email", Rules: []Rule{
		MX("emailsrvr.com", 0.95),
		SPF("emailsrvr.com", 0.8),
	}},
	{Name: "Namecheap Private Email", Category: EmailHosting, Website: "https://www.namecheap.com/hosting/email/", Rules: []Rule{
		MX("privateemail.com", 0.95),
	}},
}

var saasTechs = []Technology{
	{Name: "Google Search Console", Category: SaaS, Website: "https://search.google.com/search-console", Rules: []Rule{
		TXT("google-site-verification=", 0.9),
		Meta("google-site-verification", "", 0.9),
	}},
	{Name: "Bing Webmaster Tools", Category: SaaS, Website: "https://www.bing.com/webmasters", Rules: []Rule{
		Meta("msvalidate.01", "", 0.9),
	}},
	{Name: "Yandex Webmaster", Category: SaaS, Website: "https://webmaster.yandex.com", Rules: []Rule{
		TXT("yandex-verification:", 0.9),
		Meta("yandex-verification", "", 0.9),
	}},
	{Name: "Atlassian Cloud", Category: SaaS, Website: "https://www.atlassian.com", Rules: []Rule{
		TXT("atlassian-domain-verification=", 0.9),
		SPF("_spf.atlassian.net", 0.8),
	}},
	{Name: "Meta Business Manager", Category: SaaS, Website: "https://business.facebook.com", Rules: []Rule{
		TXT("facebook-domain-verification=", 0.9),
		Meta("facebook-domain-verification", "", 0.9),
	}},
	{Name: "DocuSign", Category: SaaS, Website: "https://www.docusign.com", Rules: []Rule{
		TXT("docusign=", 0.9),
	}},
	{Name: "Zoom", Category: SaaS, Website: "https://zoom.us", Rules: []Rule{
		TXT("ZOOM_verify_", 0.9),
		TXT("zoom-domain-verification", 0.9),
	}},
	{Name: "Apple Business", Category: SaaS, Website: "https://www.apple.com/business/", Rules: []Rule{
		TXT("apple-domain-verification=", 0.9),
	}},
	{Name: "Adobe Admin Console", Category: SaaS, Website: "https://adminconsole.adobe.com", Rules: []Rule{
		TXT("adobe-idp-site-verification=", 0.9),
	}},
	{Name: "Adobe Acrobat Sign", Category: SaaS, Website: "https://www.adobe.com/sign.html", Rules: []Rule{
		TXT("adobe-sign-verification=", 0.9),
	}},
	{Name: "Dropbox", Category: SaaS, Website: "https://www.dropbox.com/business", Rules: []Rule{
		TXT("dropbox-domain-verification=", 0.9),
	}},
	{Name: "Twilio", Category: SaaS, Website: "https://www.twilio.com", Rules: []Rule{
		TXT("twilio-domain-verification=", 0.85),
	}},
	{Name: "Miro", Category: SaaS, Website: "https://miro.com", Rules: []Rule{
		TXT("miro-verification=", 0.85),
	}},
	{Name: "Cisco Webex", Category: SaaS, Website: "https://www.webex.com", Rules: []Rule{
		TXT("cisco-ci-domain-verification=", 0.9),
	}},
	{Name: "GlobalSign", Category: SaaS, Website: "https://www.globalsign.com", Rules: []Rule{
		TXT("globalsign-domain-verification=", 0.9),
		TXT("_globalsign-domain-verification=", 0.9),
	}},
	{Name: "Have I Been Pwned", Category: SaaS, Website: "https://haveibeenpwned.com", Rules: []Rule{
		TXT("have-i-been-pwned-verification=", 0.9),
	}},
	{Name: "OpenAI", Category: SaaS, Website: "https://openai.com", Rules: []Rule{
		TXT("openai-domain-verification=", 0.9),
	}},
	{Name: "Pinterest Business", Category: SaaS, Website: "https://business.pinterest.com", Rules: []Rule{
		TXT("pinterest-site-verification=", 0.9),
		Meta("p:domain_verify", "", 0.9),
	}},
	{Name: "Keybase", Category: SaaS, Website: "https://keybase.io", Rules: []Rule{
		TXT("keybase-site-verification=", 0.9),
	}},
	{Name: "LastPass", Category: SaaS, Website: "https://www.lastpass.com", Rules: []Rule{
		TXT("lastpass-verification-code=", 0.85),
	}},
	{Name: "KnowBe4", Category: SaaS, Website: "https://www.knowbe4.com", Rules: []Rule{
		TXT("knowbe4-site-verification=", 0.85),
	}},
	{Name: "Citrix", Category: SaaS, Website: "https://www.citrix.com", Rules: []Rule{
		TXT("citrix-verification-code=", 0.85),
	}},
	{Name: "Smartsheet", Category: SaaS, Website: "https://www.smartsheet.com", Rules: []Rule{
		TXT("smartsheet-site-validation=", 0.85),
	}},
	{Name: "Ahrefs", Category: SaaS, Website: "https://ahrefs.com", Rules: []Rule{
		TXT("ahrefs-site-verification_", 0.9),
		Meta("ahrefs-site-verification", "", 0.9),
	}},
	{Name: "Brave Creators", Category: SaaS, Website: "https://creators.brave.com", Rules: []Rule{
		TXT("brave-ledger-verification=", 0.9),
	}},
}
