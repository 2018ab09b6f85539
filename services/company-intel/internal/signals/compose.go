package signals

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Sentences are composed from an event's own facts. Every branch states
// what the evidence says (amount, round, investors, person, role, product,
// place, counterparty, counts, date) and, when facts are missing, quotes
// the headline instead of guessing.

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	case 2:
		return parts[0] + " and " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// article is "a" or "an" for the phrase that follows it.
func article(phrase string) string {
	p := strings.TrimLeft(phrase, "$€£")
	if p == "" {
		return "a"
	}
	if p != phrase { // an amount: read the number aloud
		digits := p
		if i := strings.IndexFunc(p, func(r rune) bool { return !unicode.IsDigit(r) }); i >= 0 {
			digits = p[:i]
		}
		if strings.HasPrefix(digits, "8") || digits == "11" || digits == "18" {
			return "an"
		}
		return "a"
	}
	l := strings.ToLower(p)
	for _, x := range []string{"uni", "use", "eu", "one", "soc"} {
		if strings.HasPrefix(l, x) {
			return "a"
		}
	}
	if strings.HasPrefix(p, "IPO") || strings.HasPrefix(p, "R&D") || strings.HasPrefix(p, "SEC") || strings.HasPrefix(p, "FDA") || strings.HasPrefix(p, "FCC") || strings.HasPrefix(p, "FTC") {
		return "an"
	}
	r, _ := utf8.DecodeRuneInString(l)
	if strings.ContainsRune("aeio", r) {
		return "an"
	}
	return "a"
}

func quoted(h string) string { return "“" + h + "”" }

// roundPhrase names a round for a sentence: "Series B", "seed round",
// "credit facility".
func roundPhrase(r string) string {
	switch r {
	case "":
		return "round"
	case "Pre-seed", "Seed", "Seed+", "Angel", "Bridge", "Growth", "Mezzanine":
		return strings.ToLower(r) + " round"
	case "Venture debt":
		return "venture debt financing"
	case "IPO":
		return "IPO"
	}
	if strings.HasPrefix(r, "Series ") {
		return r
	}
	return strings.ToLower(r[:1]) + r[1:]
}

// maxNamed is how many investors a sentence names.
const maxNamed = 3

// names lists at most maxNamed names, saying how many more there are.
func listNames(ns []string) string {
	if len(ns) > maxNamed {
		return strings.Join(ns[:maxNamed], ", ") + fmt.Sprintf(" and %d others", len(ns)-maxNamed)
	}
	return joinAnd(ns)
}

// fundingDesc describes a round from its facts, without an article:
// "$40M Series B led by Northgate Ventures"; "" when nothing is known.
// leads is how many of the investors (listed first) lead the round.
func fundingDesc(f Facts, leads int) string {
	var desc string
	switch {
	case f.AmountText != "":
		desc = f.AmountText + " " + roundPhrase(f.Round)
	case f.Round != "":
		desc = roundPhrase(f.Round)
	default:
		return ""
	}
	switch leads = min(leads, len(f.Investors)); {
	case leads > 0:
		desc += " led by " + listNames(f.Investors[:leads])
		if rest := f.Investors[leads:]; len(rest) > 0 && leads < maxNamed {
			desc += " with " + listNames(rest)
		}
	case len(f.Investors) > 0:
		desc += " from " + listNames(f.Investors)
	}
	return desc
}

type stage int

const (
	stageUnknown stage = iota
	stageEarly
	stageA
	stageGrowth
	stageLate
	stageIPO
	stageDebt
	stagePlacement
)

func roundStage(r string) stage {
	switch {
	case r == "":
		return stageUnknown
	case r == "Pre-seed" || r == "Seed" || r == "Seed+" || r == "Angel":
		return stageEarly
	case strings.HasPrefix(r, "Series A"):
		return stageA
	case strings.HasPrefix(r, "Series B") || strings.HasPrefix(r, "Series C"):
		return stageGrowth
	case strings.HasPrefix(r, "Series ") || r == "Growth" || r == "Mezzanine":
		return stageLate
	case r == "IPO":
		return stageIPO
	case r == "Private placement":
		return stagePlacement
	case r == "Venture debt" || r == "Credit facility" || r == "Debt financing" || r == "Term loan" || r == "Convertible note" || r == "Bridge":
		return stageDebt
	}
	return stageUnknown
}

// roleDomain names what an executive in the role usually buys for.
func roleDomain(role string) string {
	l := strings.ToLower(role)
	k := roleKey(role)
	switch {
	case k == "ceo":
		return "company strategy and the largest vendor decisions"
	case k == "cfo" || strings.Contains(l, "financ"):
		return "finance systems, spend controls and procurement"
	case k == "ciso" || strings.Contains(l, "security"):
		return "the security stack"
	case k == "cto" || strings.Contains(l, "technolog") || strings.Contains(l, "engineering"):
		return "engineering platforms, infrastructure and developer tooling"
	case k == "cio" || strings.Contains(l, "information"):
		return "IT systems and enterprise software"
	case k == "cro" || strings.Contains(l, "revenue") || strings.Contains(l, "sales"):
		return "sales tooling, RevOps and go-to-market"
	case strings.Contains(l, "marketing") || l == "cmo":
		return "the marketing stack and agencies"
	case k == "coo" || strings.Contains(l, "operat"):
		return "operations, logistics and process tooling"
	case k == "chro" || strings.Contains(l, "people") || strings.Contains(l, "human") || strings.Contains(l, "hr"):
		return "HR, payroll and people systems"
	case strings.Contains(l, "product"):
		return "product tooling and the roadmap"
	case strings.Contains(l, "counsel") || strings.Contains(l, "legal") || k == "clo":
		return "legal, contract and compliance tooling"
	case strings.Contains(l, "data") || k == "cdo":
		return "data infrastructure and analytics"
	case strings.Contains(l, "medical") || strings.Contains(l, "clinical"):
		return "clinical operations and trials"
	case strings.Contains(l, "scien"):
		return "research tooling"
	case k == "board" || k == "chair":
		return "governance and strategic direction"
	case strings.Contains(l, "president"):
		return "company-wide operations and strategy"
	case k == "founder":
		return "company direction"
	}
	return "their area's tools and vendors"
}

func founderRole(role string) bool { return roleKey(role) == "founder" }

func boardRole(role string) bool { return roleKey(role) == "board" }

// productName puts an article before a singular lower-case description
// ("a contract review assistant"); names and plurals stay as they are.
func productName(p string) string {
	r, _ := utf8.DecodeRuneInString(p)
	if !unicode.IsLower(r) || strings.HasSuffix(p, "s") || strings.HasPrefix(p, "version") {
		return p
	}
	return article(p) + " " + p
}

// windowLeft says how much of a typical buying window remains.
func windowLeft(total, age int) string {
	if left := total - age; left > 0 {
		return fmt.Sprintf("about %d days of that window remain", left)
	}
	return fmt.Sprintf("at %d days old, that window is closing", age)
}

// whyNow states the dated trigger with its facts and what it implies for
// timing.
func whyNow(e *event, company string, now time.Time) string {
	f, d := e.facts, e.d
	date := e.date.Format("2006-01-02")
	age := ageDays(e.date, now)
	h := quoted(e.word.title)
	switch e.typ {
	case TypeFunding:
		desc := fundingDesc(f, d.leads)
		if desc == "" {
			desc = "new funding (" + h + ")"
		} else {
			desc = article(desc) + " " + desc
		}
		switch roundStage(f.Round) {
		case stageIPO:
			return fmt.Sprintf("Announced %s on %s — newly public companies invest in finance, compliance and investor-relations systems during their first year of reporting.", desc, date)
		case stageDebt:
			return fmt.Sprintf("Announced %s on %s — debt funding is drawn for a stated plan (working capital, equipment, runway), so spending follows that plan over the next quarters.", desc, date)
		}
		timing := fmt.Sprintf("the round is %d days old, so that window is open now", age)
		if age > 60 {
			timing = windowLeft(90, age)
		}
		return fmt.Sprintf("Announced %s on %s — new budgets are usually committed within 60–90 days of a round; %s.", desc, date, timing)
	case TypeLeadership:
		switch {
		case boardRole(f.Role) && f.Person != "":
			return fmt.Sprintf("Appointed %s to its board (%s) on %s — board changes reshape strategy and oversight of major spending over the following quarters.", f.Person, f.Role, date)
		case boardRole(f.Role):
			return fmt.Sprintf("Announced board changes (%s) on %s — new directors reshape strategy and oversight of major spending over the following quarters.", h, date)
		case founderRole(f.Role) && f.Person != "":
			return fmt.Sprintf("Announced a leadership transition involving %s %s on %s — a founder changing roles reopens strategy, structure and vendor ownership.", strings.ToLower(f.Role), f.Person, date)
		case d.departure && f.Person != "" && f.Role != "":
			return fmt.Sprintf("%s is leaving the %s role (announced %s) — until a successor settles in, decisions about %s are open to review.", f.Person, f.Role, date, roleDomain(f.Role))
		case d.departure && f.Role != "":
			return fmt.Sprintf("Announced the departure of its %s on %s — until a successor settles in, decisions about %s are open to review.", f.Role, date, roleDomain(f.Role))
		case f.Person != "" && f.Role != "":
			return fmt.Sprintf("Appointed %s as %s on %s — new executives usually review vendors and set priorities within 90 days; %s.", f.Person, f.Role, date, windowLeft(90, age))
		case f.Role != "":
			return fmt.Sprintf("Named a new %s on %s — new executives usually review vendors and set priorities within 90 days; %s.", f.Role, date, windowLeft(90, age))
		}
		return fmt.Sprintf("Announced a leadership change (%s) on %s — new leaders usually revisit priorities and vendors within 90 days; %s.", h, date, windowLeft(90, age))
	case TypeProduct:
		what := "a launch (" + h + ")"
		if f.Product != "" {
			what = productName(f.Product)
		}
		return fmt.Sprintf("Launched %s on %s — a launch creates immediate go-to-market, onboarding and support work over the following quarter.", what, date)
	case TypeHiring:
		if d.board != "" {
			var top []string
			for i, c := range d.depts {
				if i == 2 {
					break
				}
				top = append(top, fmt.Sprintf("%d in %s", c.n, c.label))
			}
			mix := ""
			if len(top) > 0 {
				mix = " (" + strings.Join(top, ", ") + ")"
			}
			return fmt.Sprintf("Lists %d open roles%s on %s, the newest posted %s — a team growing at this pace needs onboarding, tooling and seats now.", f.OpenRoles, mix, d.board, date)
		}
		if f.OpenRoles > 0 {
			where := ""
			if f.Place != "" {
				where = " in " + f.Place
			}
			return fmt.Sprintf("Announced plans to hire %d people%s on %s — hiring at this scale needs recruiting, onboarding and equipment in the coming months.", f.OpenRoles, where, date)
		}
		return fmt.Sprintf("Announced a hiring push (%s) on %s — a growing team needs onboarding and tooling in the coming months.", h, date)
	case TypeExpansion:
		switch {
		case d.facility != "" && f.Place != "" && !strings.HasSuffix(f.Place, " market"):
			return fmt.Sprintf("Announced %s %s in %s on %s — a new site needs local hiring, IT, facilities and compliance vendors within one to two quarters.", article(d.facility), d.facility, f.Place, date)
		case f.Place != "":
			return fmt.Sprintf("Announced an expansion into %s on %s — entering a new market needs local hiring, payroll, legal and go-to-market support within one to two quarters.", f.Place, date)
		}
		return fmt.Sprintf("Announced an expansion (%s) on %s — new locations need local hiring, IT and facilities vendors within one to two quarters.", h, date)
	case TypePartnership:
		switch {
		case f.Counterparty != "" && d.customer:
			return fmt.Sprintf("Won %s as a customer (announced %s) — rolling out a new customer stretches implementation and support teams over the next quarter.", f.Counterparty, date)
		case f.Counterparty != "":
			return fmt.Sprintf("Announced a partnership with %s on %s — integration work and joint go-to-market usually start within a quarter.", f.Counterparty, date)
		}
		return fmt.Sprintf("Announced a partnership (%s) on %s — integration work and joint go-to-market usually start within a quarter.", h, date)
	case TypeAcquisition:
		price := ""
		if f.AmountText != "" {
			price = " for " + f.AmountText
		}
		what := f.Counterparty
		if d.object != "" {
			what = d.object
		}
		switch {
		case f.Counterparty != "" && d.target:
			return fmt.Sprintf("Announced its acquisition by %s%s on %s — purchasing usually freezes or moves to the acquirer until the deal closes and integration starts.", f.Counterparty, price, date)
		case f.Counterparty != "" && d.divest:
			return fmt.Sprintf("Announced the sale of a business to %s%s on %s — a narrower company reviews which tools and contracts it still needs.", f.Counterparty, price, date)
		case f.Counterparty != "" && d.merger:
			return fmt.Sprintf("Announced a merger with %s on %s — a merger forces choices between overlapping systems and vendors in its first year.", f.Counterparty, date)
		case f.Counterparty != "":
			return fmt.Sprintf("Announced the acquisition of %s%s on %s — integrating an acquisition consolidates systems, contracts and teams over the next 6–12 months.", what, price, date)
		}
		return fmt.Sprintf("Announced a deal (%s) on %s — acquisitions reshuffle systems, contracts and budgets over the following 6–12 months.", h, date)
	case TypeFinancial:
		switch d.sub {
		case "restructuring":
			return fmt.Sprintf("Announced cuts (%s) on %s — after layoffs every discretionary purchase is reviewed; pitch measurable savings, not expansion.", h, date)
		case "insolvency":
			return fmt.Sprintf("Reported financial distress (%s) on %s — most new purchasing stops; treat the account as a credit risk.", h, date)
		case "outlook":
			return fmt.Sprintf("Changed its outlook (%s) on %s — a new forecast shifts budget priorities for the rest of the year.", h, date)
		case "valuation":
			return fmt.Sprintf("Reported a valuation event (%s) on %s — a higher valuation supports continued investment in growth.", h, date)
		case "capital-return":
			return fmt.Sprintf("Announced a return of capital (%s) on %s — returning cash signals a profitable, cost-disciplined buyer.", h, date)
		}
		return fmt.Sprintf("Reported results (%s) on %s — fresh numbers reset budgets for the next quarter.", h, date)
	case TypeRegulatory:
		switch d.sub {
		case "certification":
			return fmt.Sprintf("Achieved %s on %s — with that compliance work done, enterprise and public-sector deals that waited on it can move now.", d.detail, date)
		case "approval":
			who := "regulatory"
			if d.detail != "" {
				who = d.detail
			}
			return fmt.Sprintf("Received %s approval (%s) on %s — approval unlocks commercial rollout, which needs launch and scale-up support.", who, h, date)
		case "incident":
			return fmt.Sprintf("Disclosed a security incident (%s) on %s — incidents trigger security reviews and new controls within weeks.", h, date)
		}
		if f.AmountText != "" {
			return fmt.Sprintf("Was penalised %s (%s) on %s — remediation and compliance spending usually follows enforcement.", f.AmountText, h, date)
		}
		return fmt.Sprintf("Faces regulatory or legal action (%s) since %s — remediation and compliance work usually follows.", h, date)
	case TypeTechnology:
		switch {
		case d.sub == "open-source":
			return fmt.Sprintf("Open-sourced technology (%s) on %s — an engineering team investing in public code is receptive to developer tooling.", h, date)
		case d.sub == "patent":
			return fmt.Sprintf("Was granted a patent (%s) on %s — it is investing in proprietary technology it intends to commercialise.", h, date)
		case f.Product != "":
			return fmt.Sprintf("Moved to %s (%s) on %s — a platform change reopens decisions on adjacent tooling while the new stack is being set up.", f.Product, h, date)
		}
		return fmt.Sprintf("Changed its technology stack (%s) on %s — a platform change reopens decisions on adjacent tooling.", h, date)
	}
	switch d.sub {
	case "event":
		return fmt.Sprintf("Announced a public appearance (%s) on %s — a chance to meet the team in person.", h, date)
	case "milestone":
		return fmt.Sprintf("Reported a milestone (%s) on %s — growth at this scale strains systems and processes.", h, date)
	case "anniversary":
		return fmt.Sprintf("Marked an anniversary (%s) on %s — a friendly opener, not a budget trigger.", h, date)
	}
	return fmt.Sprintf("Received recognition (%s) on %s — a timely, positive opener for outreach, not a budget trigger.", h, date)
}

// commercialMeaning says what the event implies for a seller, from its
// facts.
func commercialMeaning(e *event, company string) string {
	f, d := e.facts, e.d
	h := quoted(e.word.title)
	switch e.typ {
	case TypeFunding:
		desc := fundingDesc(f, d.leads)
		var s string
		if desc != "" {
			s = fmt.Sprintf("The %s gives %s fresh budget. ", desc, company)
		} else {
			s = fmt.Sprintf("New funding gives %s fresh budget. ", company)
		}
		switch roundStage(f.Round) {
		case stageEarly:
			s += "Early rounds pay for the first engineering and go-to-market hires and the basic tools they need."
		case stageA:
			s += "A Series A usually funds a repeatable sales motion: first sales and marketing hires, CRM and analytics tooling."
		case stageGrowth:
			s += fmt.Sprintf("A %s usually funds scaling sales, engineering and operations, and the tools that headcount growth needs.", f.Round)
		case stageLate:
			s += "Late-stage money usually goes to international expansion, acquisitions and maturing systems (security, compliance, finance)."
		case stageIPO:
			s += "Going public brings spending on finance systems, audit, compliance and investor relations."
		case stageDebt:
			s += "Debt funding usually extends runway or finances working capital and assets rather than new headcount, so expect targeted rather than broad spending."
		case stagePlacement:
			s += "A private placement adds capital without a public offering; spending follows the plan presented to investors."
		default:
			s += "New capital usually turns into hiring and new tooling over the following quarters."
		}
		switch {
		case f.AmountUSD >= 100_000_000:
			s += fmt.Sprintf(" At %s the round is large enough to open several budgets at once.", f.AmountText)
		case f.AmountUSD > 0 && f.AmountUSD <= 5_000_000:
			s += fmt.Sprintf(" At %s, spending will be focused on a few priorities.", f.AmountText)
		}
		return s
	case TypeLeadership:
		switch {
		case boardRole(f.Role):
			return fmt.Sprintf("New board members at %s shape governance and strategic direction; expect closer scrutiny of large purchases while they settle in.", company)
		case founderRole(f.Role):
			return fmt.Sprintf("A change in the founder's role at %s redistributes ownership of strategy and budgets; find out who now owns the decisions you sell into.", company)
		case d.departure && f.Role != "":
			return fmt.Sprintf("With the %s post changing hands, decisions about %s may pause or be reopened; find out who owns them in the interim.", f.Role, roleDomain(f.Role))
		case f.Role != "":
			who := ""
			if f.Person != "" {
				who = " (" + f.Person + ")"
			}
			return fmt.Sprintf("A new %s%s typically reviews %s in the first 90 days — the moment to get on the shortlist before budgets are reset.", f.Role, who, roleDomain(f.Role))
		}
		return fmt.Sprintf("Leadership changes at %s (%s) usually bring a review of priorities and vendors.", company, h)
	case TypeProduct:
		if f.Product != "" {
			return fmt.Sprintf("Launching %s puts load on marketing, sales enablement, support and infrastructure; tools that make the rollout faster or cheaper are timely.", productName(f.Product))
		}
		return fmt.Sprintf("A launch (%s) puts load on marketing, sales enablement, support and infrastructure.", h)
	case TypeHiring:
		switch {
		case len(d.depts) > 0:
			c := d.depts[0]
			return fmt.Sprintf("Hiring is concentrated in %s (%d of %d open roles), pointing to team growth there; every new hire needs accounts, equipment and the team's tools.", c.label, c.n, f.OpenRoles)
		case f.OpenRoles > 0 && f.Place != "":
			return fmt.Sprintf("Adding %d people in %s means new seats, onboarding and recruiting capacity over the coming months.", f.OpenRoles, f.Place)
		case f.OpenRoles > 0:
			return fmt.Sprintf("%d new or open roles point to broad team growth; new hires need accounts, equipment and onboarding.", f.OpenRoles)
		}
		return fmt.Sprintf("A hiring push at %s means new seats, onboarding and recruiting capacity.", company)
	case TypeExpansion:
		switch {
		case f.Place != "" && d.facility != "":
			return fmt.Sprintf("Setting up %s %s in %s means fit-out, local hiring, IT, payroll and compliance work; vendors that serve %s are relevant now.", article(d.facility), d.facility, f.Place, f.Place)
		case f.Place != "":
			return fmt.Sprintf("Expanding into %s means local hiring, payroll, legal and go-to-market work; vendors that serve %s are relevant now.", f.Place, f.Place)
		}
		return fmt.Sprintf("An expansion (%s) means new-site setup: local hiring, IT, facilities and compliance.", h)
	case TypePartnership:
		switch {
		case f.Counterparty != "" && d.customer:
			return fmt.Sprintf("Delivering for %s means an implementation project and new support load; tools that help deploy and scale are relevant.", f.Counterparty)
		case f.Counterparty != "":
			return fmt.Sprintf("The %s partnership implies integration work, partner enablement and joint go-to-market; integration, data-sync and partner-management tools become relevant.", f.Counterparty)
		}
		return fmt.Sprintf("A partnership (%s) implies integration work and joint go-to-market.", h)
	case TypeAcquisition:
		switch {
		case f.Counterparty != "" && d.target:
			return fmt.Sprintf("As %s takes over, purchasing authority may move to the acquirer and existing contracts come under review; engage both sides.", f.Counterparty)
		case f.Counterparty != "" && d.divest:
			return fmt.Sprintf("Selling a business to %s narrows %s's scope; contracts tied to the divested unit will be cut or transferred.", f.Counterparty, company)
		case f.Counterparty != "" && d.merger:
			return fmt.Sprintf("Merging with %s means consolidating overlapping systems, vendors and teams; both sides' tools are up for review.", f.Counterparty)
		case d.object != "":
			return fmt.Sprintf("Integrating %s means consolidating overlapping systems, contracts and teams; vendors are re-evaluated during integration.", d.object)
		case f.Counterparty != "":
			return fmt.Sprintf("Integrating %s means consolidating overlapping systems, contracts and teams; vendors are re-evaluated during integration.", f.Counterparty)
		}
		return fmt.Sprintf("A deal (%s) reshuffles systems, contracts and budgets during integration.", h)
	case TypeFinancial:
		switch d.sub {
		case "restructuring":
			return fmt.Sprintf("Cost-cutting at %s puts every renewal and new purchase under review; offers that cut cost or consolidate tools fit, expansion pitches do not.", company)
		case "insolvency":
			return fmt.Sprintf("Financial distress at %s freezes discretionary spend and puts existing contracts at risk; qualify carefully and protect receivables.", company)
		case "outlook":
			return fmt.Sprintf("%s's changed outlook resets budget priorities; align any pitch with the direction of the new forecast.", company)
		case "valuation":
			return fmt.Sprintf("A valuation event (%s) signals investor confidence and room to keep investing.", h)
		case "capital-return":
			return fmt.Sprintf("Returning capital (%s) marks %s as profitable and cost-disciplined: expect careful, ROI-driven buying.", h, company)
		}
		return fmt.Sprintf("Reported results (%s) set %s's budget priorities for the coming quarters; growth frees budget, misses tighten it.", h, company)
	case TypeRegulatory:
		switch d.sub {
		case "certification":
			return fmt.Sprintf("%s opens regulated and enterprise buyers to %s; expect a push into those segments and the sales and security work it brings.", d.detail, company)
		case "approval":
			return fmt.Sprintf("The approval (%s) clears %s to commercialise; launch, manufacturing and go-to-market capacity are the next bottlenecks.", h, company)
		case "incident":
			return fmt.Sprintf("After a security incident %s will fund security tooling, monitoring and response quickly, and will scrutinise every vendor's security posture.", company)
		}
		if f.AmountText != "" {
			return fmt.Sprintf("A %s penalty pushes %s to spend on compliance, legal and controls; offers that reduce regulatory risk are timely, others may wait.", f.AmountText, company)
		}
		return fmt.Sprintf("Regulatory or legal pressure (%s) pushes %s to spend on compliance, legal and controls; offers that reduce that risk are timely.", h, company)
	case TypeTechnology:
		switch {
		case d.sub == "open-source":
			return fmt.Sprintf("Open-sourcing (%s) shows an engineering team that invests in developer experience and community; developer tooling is relevant.", h)
		case d.sub == "patent":
			return fmt.Sprintf("A patent (%s) signals proprietary technology %s intends to commercialise.", h, company)
		case f.Product != "":
			return fmt.Sprintf("Adopting %s creates needs around migration, monitoring, security and skills for that stack; tools that work with %s are timely.", f.Product, f.Product)
		}
		return fmt.Sprintf("A technology change (%s) reopens decisions on adjacent tooling.", h)
	}
	switch d.sub {
	case "event":
		return fmt.Sprintf("A public appearance (%s) is an opportunity to meet %s's team; it does not create budget by itself.", h, company)
	case "milestone":
		return fmt.Sprintf("A growth milestone (%s) suggests systems and processes are being stretched.", h)
	}
	return fmt.Sprintf("Recognition (%s) is a conversation opener; it does not create budget by itself.", h)
}
