package sec

// Forms of interest: the filings that can carry a trigger signal, with the
// plain description a title uses. Routine or high-volume forms are left
// out on purpose: DEF 14A (the annual proxy: the same agenda every year),
// Forms 3/4/5 (insider trades), 13G (passive holders), S-8 (employee plan
// registrations), 424B2/424B3/424B5 (shelf take-downs, hundreds a year at
// banks) and the amendments of periodic reports (10-K/A, 10-Q/A).
var forms = map[string]string{
	"8-K":            "Current report",                             // events: items below
	"8-K/A":          "Current report (amendment)",                 // events
	"6-K":            "Report of a foreign private issuer",         // foreign issuers' events
	"10-K":           "Annual report",                              // financial
	"10-Q":           "Quarterly report",                           // financial
	"20-F":           "Annual report of a foreign private issuer",  // financial
	"40-F":           "Annual report of a Canadian issuer",         // financial
	"S-1":            "Registration statement",                     // funding: IPO
	"S-1/A":          "Registration statement (amendment)",         // funding: IPO
	"F-1":            "Registration statement of a foreign issuer", // funding: IPO
	"F-1/A":          "Registration statement of a foreign issuer (amendment)",
	"424B4":          "Final prospectus",                                  // funding: the offering priced
	"S-4":            "Registration statement for a business combination", // acquisition
	"DEFM14A":        "Definitive merger proxy statement",                 // acquisition
	"SC TO-T":        "Third-party tender offer statement",                // acquisition
	"SC 13D":         "Beneficial ownership report (5% or more, active)",
	"SC 13D/A":       "Beneficial ownership report (5% or more, active; amendment)",
	"SCHEDULE 13D":   "Beneficial ownership report (5% or more, active)", // the form's name since December 2024
	"SCHEDULE 13D/A": "Beneficial ownership report (5% or more, active; amendment)",
	"D":              "Notice of an exempt offering of securities", // funding: private rounds
	"D/A":            "Notice of an exempt offering of securities (amendment)",
}

// itemTitle is an 8-K item's meaning: a short form for titles and the
// form's own wording for excerpts.
type itemTitle struct{ short, full string }

// items are the Form 8-K items (General Instructions B, the form's item
// list).
var items = map[string]itemTitle{
	"1.01": {"Material Definitive Agreement", "Entry into a Material Definitive Agreement"},
	"1.02": {"Termination of a Material Agreement", "Termination of a Material Definitive Agreement"},
	"1.03": {"Bankruptcy or Receivership", "Bankruptcy or Receivership"},
	"1.04": {"Mine Safety", "Mine Safety - Reporting of Shutdowns and Patterns of Violations"},
	"1.05": {"Material Cybersecurity Incident", "Material Cybersecurity Incidents"},
	"2.01": {"Completed Acquisition or Disposition", "Completion of Acquisition or Disposition of Assets"},
	"2.02": {"Results of Operations", "Results of Operations and Financial Condition"},
	"2.03": {"Direct Financial Obligation", "Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant"},
	"2.04": {"Triggering Events", "Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement"},
	"2.05": {"Exit or Disposal Costs", "Costs Associated with Exit or Disposal Activities"},
	"2.06": {"Material Impairments", "Material Impairments"},
	"3.01": {"Delisting Notice", "Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing"},
	"3.02": {"Unregistered Equity Sales", "Unregistered Sales of Equity Securities"},
	"3.03": {"Modification of Security Holder Rights", "Material Modification to Rights of Security Holders"},
	"4.01": {"Auditor Change", "Changes in Registrant's Certifying Accountant"},
	"4.02": {"Non-Reliance on Prior Financial Statements", "Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review"},
	"5.01": {"Change in Control", "Changes in Control of Registrant"},
	"5.02": {"Departure/Election of Directors or Officers", "Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers"},
	"5.03": {"Charter or Bylaw Amendments", "Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year"},
	"5.04": {"Benefit Plan Trading Suspension", "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"},
	"5.05": {"Code of Ethics Change", "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics"},
	"5.06": {"Shell Company Status Change", "Change in Shell Company Status"},
	"5.07": {"Shareholder Vote", "Submission of Matters to a Vote of Security Holders"},
	"5.08": {"Shareholder Director Nominations", "Shareholder Director Nominations"},
	"6.01": {"ABS Informational Material", "ABS Informational and Computational Material"},
	"6.02": {"Change of Servicer or Trustee", "Change of Servicer or Trustee"},
	"6.03": {"Change in Credit Enhancement", "Change in Credit Enhancement or Other External Support"},
	"6.04": {"Failure to Make a Required Distribution", "Failure to Make a Required Distribution"},
	"6.05": {"Securities Act Updating Disclosure", "Securities Act Updating Disclosure"},
	"6.06": {"Static Pool", "Static Pool"},
	"7.01": {"Regulation FD Disclosure", "Regulation FD Disclosure"},
	"8.01": {"Other Events", "Other Events"},
	"9.01": {"Financial Statements and Exhibits", "Financial Statements and Exhibits"},
}

// exemptions are the federal exemptions and exclusions a Form D claims
// (its item 6), as the submissions JSON's items column writes them.
var exemptions = map[string]string{
	"04":   "Rule 504",
	"04a5": "Securities Act Section 4(a)(5)",
	"05":   "Rule 505",
	"06":   "Rule 506",
	"06b":  "Rule 506(b)",
	"06c":  "Rule 506(c)",
	"3c":   "Investment Company Act Section 3(c)",
}

// usStates are the two-letter codes EDGAR uses for US states, the District
// of Columbia and US territories in stateOrCountry; every other value is a
// foreign code (letter and digit, e.g. "X0" United Kingdom).
var usStates = map[string]bool{
	"AL": true, "AK": true, "AZ": true, "AR": true, "CA": true, "CO": true, "CT": true, "DE": true, "DC": true,
	"FL": true, "GA": true, "HI": true, "ID": true, "IL": true, "IN": true, "IA": true, "KS": true, "KY": true,
	"LA": true, "ME": true, "MD": true, "MA": true, "MI": true, "MN": true, "MS": true, "MO": true, "MT": true,
	"NE": true, "NV": true, "NH": true, "NJ": true, "NM": true, "NY": true, "NC": true, "ND": true, "OH": true,
	"OK": true, "OR": true, "PA": true, "RI": true, "SC": true, "SD": true, "TN": true, "TX": true, "UT": true,
	"VT": true, "VA": true, "WA": true, "WV": true, "WI": true, "WY": true,
	"PR": true, "VI": true, "GU": true, "AS": true, "MP": true,
}
