package webtech

import "slices"

// ruleSet is the immutable, compiled rule table built at package init.
type ruleSet struct {
	techs  []Technology
	byName map[string]*Technology
	nrules int
	// html finds every HTML literal (contains patterns and regexp anchors)
	// in one pass over the document; htmlPlace says where each counts.
	html      *multiMatcher
	htmlPlace []uint8
	// snippets finds every Snippet literal and SnippetRe anchor in the
	// inline script text in one pass.
	snippets *multiMatcher
	// hosts indexes host-suffix rules by source and suffix, so a URL or DNS
	// host is checked against the few rules for its own suffixes only.
	hosts map[Source]map[string][]*Rule
}

// registry is read-only after initialisation.
var registry = newRuleSet(
	cmsTechs, siteBuilderTechs, commerceTechs, analyticsTechs, tagManagerTechs,
	marketingTechs, crmTechs, salesTechs, chatTechs, schedulingTechs, formsTechs,
	consentTechs, abTestingTechs, advertisingTechs, cdnTechs, hostingTechs,
	webServerTechs, webFrameworkTechs, securityTechs, monitoringTechs,
	jsFrameworkTechs, uiFrameworkTechs, fontTechs, videoTechs, searchTechs,
	identityTechs, paymentTechs, emailTXTTechs, saasTechs,
)

func newRuleSet(groups ...[]Technology) ruleSet {
	var rs ruleSet
	for _, g := range groups {
		for _, t := range g {
			t.Rules = slices.Clone(t.Rules) // the table owns its rules
			rs.techs = append(rs.techs, t)
		}
	}
	rs.byName = make(map[string]*Technology, len(rs.techs))
	rs.hosts = make(map[Source]map[string][]*Rule)
	var literals, snippets []string
	for i := range rs.techs {
		t := &rs.techs[i]
		rs.byName[t.Name] = t
		for j := range t.Rules {
			r := &t.Rules[j]
			r.id = rs.nrules
			rs.nrules++
			switch {
			case r.Source == SourceHTML && r.Kind == MatchContains:
				r.litID, r.place = len(literals), literalPlace(r.Pattern)
				literals = append(literals, r.Pattern)
				rs.htmlPlace = append(rs.htmlPlace, r.place)
			case r.Source == SourceHTML:
				r.litID, r.place = len(literals), literalPlace(r.anchor)
				literals = append(literals, r.anchor)
				rs.htmlPlace = append(rs.htmlPlace, r.place)
			case r.Source == SourceSnippet && r.Kind == MatchContains:
				r.litID = len(snippets)
				snippets = append(snippets, r.Pattern)
			case r.Source == SourceSnippet:
				r.litID = len(snippets)
				snippets = append(snippets, r.anchor)
			case r.Kind == MatchHostSuffix:
				bySuffix := rs.hosts[r.Source]
				if bySuffix == nil {
					bySuffix = make(map[string][]*Rule)
					rs.hosts[r.Source] = bySuffix
				}
				bySuffix[r.Pattern] = append(bySuffix[r.Pattern], r)
			}
		}
	}
	rs.html = newMultiMatcher(literals)
	rs.snippets = newMultiMatcher(snippets)
	return rs
}

// Technologies returns a copy of the rule set, in definition order.
func Technologies() []Technology {
	out := make([]Technology, len(registry.techs))
	for i, t := range registry.techs {
		t.Rules = slices.Clone(t.Rules)
		t.Implies = slices.Clone(t.Implies)
		out[i] = t
	}
	return out
}

// Count returns the number of distinct technologies in the rule set.
func Count() int {
	return len(registry.techs)
}
