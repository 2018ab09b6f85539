package spf

import "strings"

// serviceSuffixes maps SPF include/redirect targets (matched as a suffix on
// label boundaries) to the sending service they authorise. Sources: vendor
// documentation collected in /work/shared/reference/domain-checks.md §3.
var serviceSuffixes = []struct{ suffix, service string }{
	{"_spf.google.com", "Google Workspace"},
	{"spf.protection.outlook.com", "Microsoft 365"},
	{"sendgrid.net", "SendGrid"},
	{"mailgun.org", "Mailgun"},
	{"amazonses.com", "Amazon SES"},
	{"servers.mcsv.net", "Mailchimp"},
	{"spf.mandrillapp.com", "Mandrill"},
	{"_spf.salesforce.com", "Salesforce"},
	{"exacttarget.com", "Salesforce Marketing Cloud"},
	{"hubspotemail.net", "HubSpot"},
	{"mail.zendesk.com", "Zendesk"},
	{"email.freshdesk.com", "Freshdesk"},
	{"_spf.protonmail.ch", "Proton"},
	{"zoho.com", "Zoho"},
	{"zohomail.com", "Zoho"},
	{"zoho.eu", "Zoho"},
	{"spf.mtasv.net", "Postmark"},
	{"_spf.sparkpostmail.com", "SparkPost"},
	{"spf.mailjet.com", "Mailjet"},
	{"spf.brevo.com", "Brevo"},
	{"spf.sendinblue.com", "Brevo"},
	{"spf.constantcontact.com", "Constant Contact"},
	{"mktomail.com", "Marketo"},
	{"_netblocks.mimecast.com", "Mimecast"},
	{"pphosted.com", "Proofpoint"},
}

// ServiceFor returns the sending service an include target belongs to, or ""
// when it is not recognised. Matching is case-insensitive on label boundaries.
func ServiceFor(target string) string {
	t := strings.ToLower(strings.TrimSuffix(target, "."))
	best, bestLen := "", 0
	for _, s := range serviceSuffixes {
		if (t == s.suffix || strings.HasSuffix(t, "."+s.suffix)) && len(s.suffix) > bestLen {
			best, bestLen = s.service, len(s.suffix)
		}
	}
	return best
}
