// Leadership: the person, the role and whether it is a departure
// (leadershipFacts).

package signals

import (
	"regexp"
	"sort"
	"strings"
)

const roleWords = `(?:(?:interim|acting|new|first|global|senior|executive|independent|non-executive)\s+)*(?:chief\s+[a-z]+(?:\s+[a-z&]+){0,3}?\s+officer|chief\s+executive(?:\s+officer)?|chief\s+scientist|ceo|cfo|cto|coo|cro|cmo|cio|ciso|cpo|chro|cdo|cco|cso|cao|clo|president(?:\s+and\s+(?:ceo|coo|chief\s+[a-z]+\s+officer))?|(?:senior\s+|executive\s+)?vice[- ]president(?:\s+of\s+[a-z]+(?:\s+(?:and|&)\s+[a-z]+)?)?|s?vp(?:\s+of\s+[a-z]+)?|evp(?:\s+of\s+[a-z]+)?|general\s+counsel|head\s+of\s+[a-z]+|managing\s+director|executive\s+chair(?:man|woman|person)?|chair(?:man|woman|person)?|directors?|board\s+members?|board(?:\s+of\s+directors)?|finance\s+chief|(?:co-)?founder)`

var (
	personPat = `((?:Dr\.?\s+)?[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?:\s+[A-Z]\.?)?(?:\s+(?:de|van|von|da|di|del|la|le|bin|al)\b)?(?:\s+[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?){1,2})`
	// "Maria Okafor as Chief Revenue Officer", "Daniel Reyes CFO",
	// "Sarah Lindqvist to President".
	personThenRoleRe = regexp.MustCompile(personPat + `(?:,\s*|\s+)(?:(?i:as|to|to\s+the\s+role\s+of|to\s+the\s+post\s+of|to\s+become|will\s+become|becomes)\s+)?(?:(?i:its|the|our)\s+)?(?i:(` + roleWords + `))\b`)
	// "CEO Tom Hargreaves", "chief executive Rita Gomes",
	// "chief financial officer, Grace Holm,".
	roleThenPersonRe = regexp.MustCompile(`(?i:\b(` + roleWords + `|chief))(?:,)?\s+` + personPat)
	// "John Roe steps down as CEO", "Jane Doe joins Acme as CTO".
	personVerbRoleRe = regexp.MustCompile(personPat + `\s+(?i:(?:steps?|stepped|is\s+stepping)\s+(?:down|aside|back)|resigns|resigned|departs|retires|will\s+step\s+down|is\s+named|named|appointed|returns|joins\s+\S+(?:\s+\S+)?|joined\s+\S+(?:\s+\S+)?)\s+(?i:as)\s+(?:(?i:its|the)\s+)?(?:(?i:new)\s+)?(?i:(` + roleWords + `))\b`)
	roleOnlyRe       = rx(`\b` + roleWords + `\b`)
	departureRe      = rx(`\b(?:steps?\s+(?:down|aside|back)|stepping\s+(?:down|aside|back)|stepped\s+(?:down|aside|back)|stands?\s+down|resign\w*|depart\w*|to\s+leave|leaves|leaving|left\s+the|retir\w*|exits?|exiting|ousted|fired|is\s+out)\b`)
	appointRe        = rx(`\b(?:appoint\w*|names?|named|naming|taps?|tapped|hir(?:e|es|ed|ing)|promot\w*|elevat\w*|elect\w*|welcom\w*|joins|joined|takes?\s+(?:over|the\s+helm)|succeed\w*|become|becomes)\b`)
)

// Words a Title Case headline capitalises around a name.
var nameNoise = map[string]bool{
	"names": true, "named": true, "appoints": true, "appointed": true, "taps": true,
	"hires": true, "hired": true, "promotes": true, "promoted": true, "elevates": true,
	"elects": true, "welcomes": true, "picks": true, "adds": true, "steps": true,
	"resigns": true, "joins": true, "retires": true, "departs": true, "to": true,
	"new": true, "former": true, "ex": true, "as": true, "says": true, "will": true,
	"interim": true, "acting": true, "board": true, "chief": true, "the": true,
}

// notPersonWord are words of titles and company names that never appear
// in a person's name.
var notPersonWord = map[string]bool{
	"officer": true, "chief": true, "president": true, "director": true, "counsel": true,
	"chair": true, "vice": true, "head": true, "founder": true, "board": true,
	"executive": true, "manager": true, "operating": true, "motors": true, "labs": true,
	"group": true, "capital": true, "ventures": true, "partners": true, "bank": true,
	"systems": true, "technologies": true, "technology": true, "health": true,
	"robotics": true, "dynamics": true, "analytics": true, "energy": true, "software": true,
	"holdings": true, "inc": true, "corp": true, "ltd": true, "llc": true, "bio": true,
	"pharma": true, "therapeutics": true, "networks": true, "media": true, "foods": true,
	"freight": true, "logistics": true, "industries": true, "aerospace": true,
	"security": true, "cloud": true, "data": true, "ai": true, "university": true,
}

// cleanPerson drops Title Case verbs and company words around a name and
// keeps it only when two to four words remain.
func cleanPerson(p string, n names) string {
	ws := strings.Fields(p)
	for len(ws) > 0 && (nameNoise[strings.ToLower(ws[0])] || n.is(ws[0])) {
		ws = ws[1:]
	}
	for len(ws) > 0 && nameNoise[strings.ToLower(ws[len(ws)-1])] {
		ws = ws[:len(ws)-1]
	}
	if len(ws) < 2 || len(ws) > 4 || n.is(strings.Join(ws, " ")) {
		return ""
	}
	for _, w := range ws {
		if notPersonWord[strings.ToLower(strings.TrimRight(w, ".,"))] {
			return ""
		}
	}
	if strings.TrimSuffix(ws[0], ".") == "Dr" {
		ws = ws[1:]
		if len(ws) < 2 {
			return ""
		}
	}
	return strings.Join(ws, " ")
}

func cleanRole(r string) string {
	r = strings.Join(strings.Fields(r), " ")
	for _, p := range []string{"new ", "New ", "first ", "First "} {
		r = strings.TrimPrefix(r, p)
	}
	return r
}

// roleKey canonicalises a role for comparison: "chief executive
// officer", "chief executive" and "CEO" are all "ceo"; "chief X Y
// officer" becomes its initials.
func roleKey(r string) string {
	l := strings.ToLower(strings.Join(strings.Fields(r), " "))
	for _, p := range []string{"interim ", "acting ", "new ", "first ", "global ", "senior ", "independent ", "non-executive "} {
		l = strings.TrimPrefix(l, p)
	}
	switch {
	case l == "chief executive" || l == "chief executive officer":
		return "ceo"
	case l == "finance chief":
		return "cfo"
	case strings.HasPrefix(l, "chief ") && strings.HasSuffix(l, " officer"):
		key := "c"
		for _, w := range strings.Fields(strings.TrimSuffix(strings.TrimPrefix(l, "chief "), " officer")) {
			if w != "and" && w != "&" {
				key += w[:1]
			}
		}
		return key + "o"
	case strings.Contains(l, "founder"):
		return "founder"
	case strings.HasPrefix(l, "chair") || strings.HasPrefix(l, "executive chair"):
		return "chair"
	case strings.Contains(l, "board") || strings.HasPrefix(l, "director"):
		return "board"
	}
	return l
}

type personRole struct {
	at           int
	person, role string
}

// personRoles finds the person-and-role pairs of text, in text order.
func personRoles(text string, n names) []personRole {
	var out []personRole
	for _, m := range personThenRoleRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[2]:m[3]], n); p != "" {
			out = append(out, personRole{m[2], p, cleanRole(text[m[4]:m[5]])})
		}
	}
	for _, m := range roleThenPersonRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[4]:m[5]], n); p != "" {
			out = append(out, personRole{m[4], p, cleanRole(text[m[2]:m[3]])})
		}
	}
	for _, m := range personVerbRoleRe.FindAllStringSubmatchIndex(text, -1) {
		if p := cleanPerson(text[m[2]:m[3]], n); p != "" {
			out = append(out, personRole{m[2], p, cleanRole(text[m[4]:m[5]])})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// vagueRole is a role word that does not say which office ("chief").
func vagueRole(r string) bool {
	l := strings.ToLower(r)
	return l == "chief" || l == "executive"
}

// leadershipFacts finds the person and role of a leadership event, and
// whether it is a departure. The headline decides the role; a person named
// only in the lead is taken when the lead gives them the same role (or
// states the headline's role just before the name), so that a successor's
// or predecessor's current title is not reported as the new one.
func leadershipFacts(headline, lead string, n names) (f Facts, departure bool) {
	hRole := ""
	if m := roleOnlyRe.FindString(headline); m != "" && !vagueRole(m) {
		hRole = cleanRole(m)
	}
	if prs := personRoles(headline, n); len(prs) > 0 {
		f.Person, f.Role = prs[0].person, prs[0].role
		if vagueRole(f.Role) {
			f.Role = hRole
		}
	} else {
		f.Role = hRole
		for _, pr := range personRoles(lead, n) {
			before := strings.ToLower(lead[max(0, pr.at-40):pr.at])
			if hRole == "" || roleKey(pr.role) == roleKey(hRole) || strings.Contains(before, strings.ToLower(hRole)) {
				f.Person = pr.person
				if hRole == "" && !vagueRole(pr.role) {
					f.Role = pr.role
				}
				break
			}
		}
		if f.Role == "" {
			if m := roleOnlyRe.FindString(lead); m != "" && !vagueRole(m) {
				f.Role = cleanRole(m)
			}
		}
	}
	text := headline
	if !departureRe.MatchString(headline) && !appointRe.MatchString(headline) {
		text = headline + ". " + lead
	}
	d := departureRe.FindStringIndex(text)
	a := appointRe.FindStringIndex(text)
	departure = d != nil && (a == nil || d[0] < a[0])
	return f, departure
}
