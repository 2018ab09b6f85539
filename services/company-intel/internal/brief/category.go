package brief

import (
	"regexp"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// category is the seller's product category, which decides the roles to
// contact and the buying committee (company-signals reference §6).
type category int

// Categories in precedence order (a tie goes to the earlier one).
const (
	catNone category = iota
	catSecurity
	catFinanceHR
	catSalesMarketing
	catDataAI
	catDevInfra
	catOperations
	catGeneral // a seller whose product names no category cue
)

// catCues are the cue patterns of each category, matched case-insensitively
// as whole words over the seller's product and value proposition.
var catCues = []struct {
	cat category
	re  *regexp.Regexp
}{
	{catSecurity, cue(`security|secure|phishing|threat|threats|malware|ransomware|siem|soc|edr|xdr|endpoint protection|firewall|zero trust|vulnerability|vulnerabilities|pentest|penetration testing|identity|iam|sso|dmarc|spf|dkim|compliance automation|soc 2`)},
	{catFinanceHR, cue(`payroll|accounting|accounts payable|expense|expenses|spend management|invoicing|invoices|procurement|erp|fp&a|budgeting|treasury|tax|hr|hris|human resources|benefits|recruiting|applicant tracking|onboarding|performance reviews|compensation`)},
	{catSalesMarketing, cue(`crm|sales|marketing|leads|lead generation|pipeline|prospecting|outreach|abm|advertising|ads|campaigns|revenue intelligence|sales engagement|seo|email marketing|customer acquisition`)},
	{catDataAI, cue(`data|analytics|bi|business intelligence|dashboards|machine learning|ml|ai|llm|forecasting|data warehouse|etl|elt|data pipeline|data pipelines`)},
	{catDevInfra, cue(`developer|developers|devops|api|apis|sdk|cloud|infrastructure|kubernetes|ci/cd|ci|observability|monitoring|logging|database|databases|hosting|cdn|deployment|deployments|incident response`)},
	{catOperations, cue(`logistics|supply chain|fleet|fleets|warehouse|warehouses|inventory|maintenance|field service|manufacturing|factory|plant|safety|facilities|procurement of parts|quality control|scheduling|dispatch|freight|shipping`)},
}

func cue(alts string) *regexp.Regexp { return regexp.MustCompile(`(?i)\b(?:` + alts + `)\b`) }

// classify picks the category with the most cue matches in text
// (precedence breaks ties); catGeneral when none matches.
func classify(text string) category {
	best, bestN := catGeneral, 0
	for _, c := range catCues {
		if n := len(c.re.FindAllStringIndex(text, -1)); n > bestN {
			best, bestN = c.cat, n
		}
	}
	return best
}

// roles are a category's buying roles (reference §6 "Roles by product
// category", with operations and general added by the same pattern).
type roles struct {
	economic  string   // the economic buyer
	champions []string // champions and users
	technical []string // technical and risk reviewers
	area      string   // what the category's buyers own, for sentences
}

var categoryRoles = map[category]roles{
	catSecurity:       {"CISO", []string{"SecOps lead", "GRC lead"}, []string{"IT", "Legal", "Procurement"}, "security"},
	catFinanceHR:      {"CFO or CHRO", []string{"Controller", "FP&A or HR Operations lead"}, []string{"IT", "Audit"}, "finance and people operations"},
	catSalesMarketing: {"CRO or CMO", []string{"RevOps lead", "Sales or Marketing Operations manager"}, []string{"IT", "Legal (data privacy)"}, "go-to-market"},
	catDataAI:         {"CDO or CTO", []string{"Data engineering lead", "Analytics lead"}, []string{"Security", "Legal (privacy)"}, "data and analytics"},
	catDevInfra:       {"CTO or VP Engineering", []string{"Engineering managers", "Platform lead"}, []string{"CISO", "Procurement"}, "engineering"},
	catOperations:     {"COO or VP Operations", []string{"Operations managers", "Site or plant leads"}, []string{"IT", "EHS or Quality", "Procurement"}, "operations"},
	catGeneral:        {"the executive who owns the budget for your product", []string{"the team lead who would use it daily"}, []string{"IT", "Procurement"}, "the business"},
}

// departmentCategory maps a hiring department to the category whose
// buyers own it, so an executive named in a signal or a busy department
// can be matched to the seller's category.
func departmentCategory(dept string) category {
	l := strings.ToLower(dept)
	switch {
	case strings.Contains(l, "security"):
		return catSecurity
	case strings.Contains(l, "financ") || strings.Contains(l, "people") || strings.Contains(l, "hr") || strings.Contains(l, "talent"):
		return catFinanceHR
	case strings.Contains(l, "sales") || strings.Contains(l, "marketing") || strings.Contains(l, "growth") || strings.Contains(l, "revenue"):
		return catSalesMarketing
	case strings.Contains(l, "data") || strings.Contains(l, "analytics"):
		return catDataAI
	case strings.Contains(l, "engineer") || strings.Contains(l, "r&d") || strings.Contains(l, "product") || strings.Contains(l, "technology"):
		return catDevInfra
	case strings.Contains(l, "operat") || strings.Contains(l, "manufactur") || strings.Contains(l, "logistic") || strings.Contains(l, "supply") || strings.Contains(l, "store") || strings.Contains(l, "service"):
		return catOperations
	}
	return catGeneral
}

// roleCategory maps an executive role (from a leadership signal) to a
// category.
func roleCategory(role string) category {
	l := strings.ToLower(role)
	switch {
	case strings.Contains(l, "security") || strings.Contains(l, "ciso"):
		return catSecurity
	case strings.Contains(l, "financ") || strings.Contains(l, "cfo") || strings.Contains(l, "people") || strings.Contains(l, "human"):
		return catFinanceHR
	case strings.Contains(l, "revenue") || strings.Contains(l, "sales") || strings.Contains(l, "marketing") || strings.Contains(l, "commercial"):
		return catSalesMarketing
	case strings.Contains(l, "data") || strings.Contains(l, "analytics"):
		return catDataAI
	case strings.Contains(l, "technolog") || strings.Contains(l, "engineering") || strings.Contains(l, "information") || strings.Contains(l, "cto") || strings.Contains(l, "cio"):
		return catDevInfra
	case strings.Contains(l, "operat") || strings.Contains(l, "coo") || strings.Contains(l, "supply"):
		return catOperations
	}
	return catGeneral
}

// typeRelevance is how directly a signal type opens a budget in each
// category (0..3); leadership and hiring signals are scored by the role
// or department they name instead (relevance).
var typeRelevance = map[category]map[signals.Type]int{
	catSecurity:       {signals.TypeRegulatory: 3, signals.TypeAcquisition: 2, signals.TypeFunding: 2, signals.TypeExpansion: 2, signals.TypeTechnology: 2, signals.TypePartnership: 1, signals.TypeProduct: 1, signals.TypeFinancial: 1},
	catFinanceHR:      {signals.TypeFunding: 3, signals.TypeAcquisition: 3, signals.TypeExpansion: 2, signals.TypeFinancial: 2, signals.TypeRegulatory: 1, signals.TypePartnership: 1, signals.TypeProduct: 1, signals.TypeTechnology: 1},
	catSalesMarketing: {signals.TypeFunding: 3, signals.TypeProduct: 3, signals.TypeExpansion: 2, signals.TypePartnership: 2, signals.TypeAcquisition: 1, signals.TypeTechnology: 1, signals.TypeFinancial: 1, signals.TypeRegulatory: 1},
	catDataAI:         {signals.TypeTechnology: 3, signals.TypeFunding: 2, signals.TypeProduct: 2, signals.TypeAcquisition: 2, signals.TypePartnership: 1, signals.TypeExpansion: 1, signals.TypeFinancial: 1, signals.TypeRegulatory: 1},
	catDevInfra:       {signals.TypeTechnology: 3, signals.TypeProduct: 3, signals.TypeFunding: 2, signals.TypeAcquisition: 2, signals.TypePartnership: 1, signals.TypeExpansion: 1, signals.TypeFinancial: 1, signals.TypeRegulatory: 1},
	catOperations:     {signals.TypeExpansion: 3, signals.TypePartnership: 3, signals.TypeProduct: 2, signals.TypeFunding: 2, signals.TypeAcquisition: 2, signals.TypeRegulatory: 1, signals.TypeFinancial: 1, signals.TypeTechnology: 1},
}

// relevance is how directly a signal opens a budget for the seller's
// category: a leadership signal naming a role of the category 3 (the CEO
// or a founder 2, another role 1); a hiring signal concentrated in a
// department of the category 3 (otherwise 1); other types by
// typeRelevance. Without a seller (catNone) or for catGeneral every signal
// scores 0, so the signals' own rank decides.
func relevance(s signals.Signal, c category) int {
	if c == catNone || c == catGeneral {
		return 0
	}
	switch s.Type {
	case signals.TypeLeadership:
		switch {
		case s.Facts.Role != "" && roleCategory(s.Facts.Role) == c:
			return 3
		case signals.RoleKey(s.Facts.Role) == "ceo" || signals.RoleKey(s.Facts.Role) == "founder" || strings.Contains(strings.ToLower(s.Facts.Role), "president"):
			return 2
		}
		return 1
	case signals.TypeHiring:
		if s.Facts.Department != "" && departmentCategory(s.Facts.Department) == c {
			return 3
		}
		return 1
	}
	return typeRelevance[c][s.Type]
}
