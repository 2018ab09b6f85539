package qualify

import (
	"fmt"
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// BusinessModel is the company's business model as its own text states it:
// the profile's fact when a source gave one, otherwise the models (B2B,
// B2C, marketplace, SaaS, agency; doc.go) named by the first of the
// company's own documents — its description fact, then its site pages and
// press items in bundle order — that names any, cited to that document.
// Nil when none does: a model is never guessed from the industry. The
// brief's company block reads it, so it and the businessModel component
// apply the same cues.
func BusinessModel(p bundle.Profile, items []bundle.Item) *bundle.Fact {
	if f := p.BusinessModel; f != nil && strings.TrimSpace(f.Value) != "" {
		v := *f
		return &v
	}
	for _, d := range ownDocs(Input{Profile: p, Items: items}) {
		if ms := findCompanyModels(d.Text); len(ms) > 0 {
			return &bundle.Fact{Value: strings.Join(ms, ", "), SourceURL: d.URL}
		}
	}
	return nil
}

// companyModels reads the business models the company's own text states:
// the business-model fact, then its own documents; with the URLs behind
// each.
func companyModels(in Input, docs []doc) (map[string][]string, []string) {
	found := map[string][]string{}
	var order []string
	add := func(text, u string) {
		for _, m := range findCompanyModels(text) {
			if _, ok := found[m]; !ok {
				order = append(order, m)
			}
			found[m] = uniq(append(found[m], u)...)
		}
	}
	if f := in.Profile.BusinessModel; f != nil {
		add(f.Value, f.SourceURL)
	}
	for _, d := range docs {
		add(d.Text, d.URL)
	}
	return found, order
}

func modelFit(in Input, q icp, docs []doc) scored {
	found, order := companyModels(in, docs)
	if len(order) == 0 {
		return excluded(CompModel, "the company's own text states no business model")
	}
	want := findModels(q.Positive)
	if len(want) == 0 {
		return excluded(CompModel, "the ICP names no business model")
	}
	c := scored{known: true, Component: Component{Name: CompModel}}
	var hit []string
	for _, m := range want {
		if _, ok := found[m]; ok {
			hit = append(hit, m)
			c.Evidence = uniq(append(c.Evidence, found[m]...)...)
		}
	}
	if len(hit) == 0 {
		for _, m := range order {
			c.Evidence = uniq(append(c.Evidence, found[m]...)...)
		}
		c.Reason = fmt.Sprintf("Business model does not match: %s own text describes it as %s; the ICP names %s.", possessive(name(in)), quote(order), quote(want))
		return c
	}
	c.Score = 1
	c.reason = fmt.Sprintf("Business model matches the ICP: %s own text describes it as %s; the ICP names %s.", possessive(name(in)), quote(hit), quote(want))
	c.Reason = c.reason
	return c
}
