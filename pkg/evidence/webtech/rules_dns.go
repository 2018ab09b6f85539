package webtech

// Technologies seen in DNS TXT records: mail services' and SaaS products'
// verification tokens at the apex.

// Mail services that also publish a TXT verification token. Who receives
// and sends a domain's mail (MX hosts, SPF targets) is not decided here:
// the caller identifies it (domain-qual's mxprovider) and passes it in
// Input.Mail, which merges with these by name.
var emailTXTTechs = []Technology{
	{Name: "Amazon SES", Category: EmailSending, Website: "https://aws.amazon.com/ses/", Rules: []Rule{
		TXT("amazonses:", 0.7),
	}},
	{Name: "Microsoft 365", Category: EmailHosting, Website: "https://www.microsoft.com/microsoft-365", Rules: []Rule{
		TXT("MS=", 0.8),
	}},
	{Name: "Zoho Mail", Category: EmailHosting, Website: "https://www.zoho.com/mail/", Rules: []Rule{
		TXT("zoho-verification=", 0.7),
	}},
	{Name: "Proton Mail", Category: EmailHosting, Website: "https://proton.me/mail", Rules: []Rule{
		TXT("protonmail-verification=", 0.85),
	}},
	{Name: "iCloud Mail", Category: EmailHosting, Website: "https://support.apple.com/guide/icloud/custom-email-domain", Rules: []Rule{
		TXT("apple-domain=", 0.8),
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
