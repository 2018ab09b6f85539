package qualify

import (
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
