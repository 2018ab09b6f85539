// Funding: a round's amount, stage and investors (fundingFacts).

package signals

import "strings"

var (
	roundRe = rx(`\b(pre-?seed|seed\+?|angel|series\s+[a-k](?:-?\d|\+{1,2})?|bridge\s+(?:round|financing|loan)|growth\s+(?:equity|round|funding|financing|investment)|mezzanine|venture\s+debt|convertible\s+notes?|(?:revolving\s+)?credit\s+(?:facility|line)|lines?\s+of\s+credit|revolving\s+facility|(?:debt|loan)\s+facility|debt\s+financing|term\s+loan|ipo|initial\s+public\s+offering)\b`)
	ledByRe = rx(`\b(?:co-)?led\s+by\s+`)
	// participants: "with participation from", "from", "backed by",
	// "investors include".
	participantsRe = rx(`\b(?:participation\s+(?:from|of|by)|(?:round|funding|financing|investment|seed|capital|backing|equity|debt|facility|loan)\s+from|backed\s+by|investors\s+(?:include|including)|joined\s+by)\s+(?:existing\s+investors\s+|new\s+investors\s+|investors\s+)?`)
)

// normRound writes a round the way the API reports it.
func normRound(s string) string {
	l := strings.ToLower(strings.Join(strings.Fields(s), " "))
	switch {
	case strings.HasPrefix(l, "pre"):
		return "Pre-seed"
	case strings.HasPrefix(l, "seed"):
		if strings.HasSuffix(l, "+") {
			return "Seed+"
		}
		return "Seed"
	case l == "angel":
		return "Angel"
	case strings.HasPrefix(l, "series "):
		return "Series " + strings.ToUpper(l[len("series "):])
	case strings.HasPrefix(l, "bridge"):
		return "Bridge"
	case strings.HasPrefix(l, "growth"):
		return "Growth"
	case l == "mezzanine":
		return "Mezzanine"
	case l == "venture debt":
		return "Venture debt"
	case strings.HasPrefix(l, "convertible"):
		return "Convertible note"
	case strings.Contains(l, "credit"), strings.HasSuffix(l, "facility"):
		return "Credit facility"
	case l == "debt financing":
		return "Debt financing"
	case l == "term loan":
		return "Term loan"
	case l == "ipo", l == "initial public offering":
		return "IPO"
	}
	return s
}

// nameList reads "A, B and C" as proper-noun phrases.
func nameList(s string) []string {
	var out []string
	rest := s
	for len(out) < 6 {
		p := properNoun(rest, 0, 5)
		if p == "" {
			break
		}
		out = append(out, p)
		i := strings.Index(rest, p)
		rest = strings.TrimSpace(rest[i+len(p):])
		rest = strings.TrimPrefix(rest, "'s")
		switch {
		case strings.HasPrefix(rest, ", and "):
			rest = rest[len(", and "):]
		case strings.HasPrefix(rest, ","):
			rest = strings.TrimSpace(rest[1:])
		case strings.HasPrefix(rest, "and "):
			rest = rest[len("and "):]
		default:
			return out
		}
	}
	return out
}

// fundingFacts reads amount, round and investors; leads is how many of
// the investors (listed first) were named as leading the round.
func fundingFacts(text string, n names) (f Facts, leads int) {
	if a, ok := ParseAmount(text); ok {
		f.AmountUSD, f.AmountText = a.USD, a.Text
	}
	if m := roundRe.FindString(text); m != "" {
		f.Round = normRound(m)
	}
	add := func(list []string) {
		for _, inv := range list {
			if n.is(inv) || genericInvestor(inv) {
				continue
			}
			dup := false
			for k, e := range f.Investors {
				le, li := strings.ToLower(e), strings.ToLower(inv)
				switch {
				case le == li || strings.HasPrefix(le, li+" "):
					dup = true
				case strings.HasPrefix(li, le+" "):
					f.Investors[k], dup = inv, true
				}
			}
			if !dup {
				f.Investors = append(f.Investors, inv)
			}
		}
	}
	for _, m := range ledByRe.FindAllStringIndex(text, -1) {
		add(nameList(text[m[1]:]))
	}
	leads = len(f.Investors)
	for _, m := range participantsRe.FindAllStringIndex(text, -1) {
		add(nameList(text[m[1]:]))
	}
	return f, leads
}

func genericInvestor(s string) bool {
	l := strings.ToLower(s)
	for _, g := range []string{"series", "seed", "existing", "new investors", "the company", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"} {
		if strings.HasPrefix(l, g) {
			return true
		}
	}
	return false
}
