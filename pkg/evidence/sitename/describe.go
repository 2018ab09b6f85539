package sitename

import "strings"

// Where a description was read (Description.From).
const (
	DescMeta   = "description"
	DescOG     = "og:description"
	DescJSONLD = "json-ld"
	DescHero   = "hero"
)

// Description is one text in which the page describes its owner.
type Description struct {
	Text string `json:"text"`
	From string `json:"from"`
}

// Descriptions are the page's descriptions of its owner, in the order a
// caller should try them: the meta description, og:description, the
// JSON-LD descriptions of the page's Organization and WebSite nodes, and
// the hero — the first h1 outside the header with the paragraph after it
// ("Payroll for restaurants. Run payroll in minutes."; the heading alone
// when no paragraph follows it). Empty and repeated texts are left out.
// Whether a text really describes what the company does is Describes;
// Describe returns the first that does.
func (p Page) Descriptions() []Description {
	var out []Description
	seen := map[string]bool{}
	add := func(text, from string) {
		if k := strings.ToLower(text); text != "" && !seen[k] {
			seen[k] = true
			out = append(out, Description{Text: text, From: from})
		}
	}
	add(p.MetaDescription, DescMeta)
	add(p.OGDescription, DescOG)
	for _, e := range p.Entities {
		add(e.Description, DescJSONLD)
	}
	add(p.hero(), DescHero)
	return out
}

// hero joins the hero heading and paragraph into one text.
func (p Page) hero() string {
	h, para := p.HeroHeading, p.HeroParagraph
	switch {
	case h == "":
		return ""
	case para == "":
		return h
	case strings.HasSuffix(h, ".") || strings.HasSuffix(h, "!") || strings.HasSuffix(h, "?") || strings.HasSuffix(h, ":"):
		return h + " " + para
	}
	return h + ". " + para
}
