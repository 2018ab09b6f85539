// The company's own documents (ownDocs) and the topic terms of a text
// (topicTerms).

package qualify

import (
	"strings"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// doc is one of the company's own documents.
type doc struct {
	URL  string
	Text string
}

// ownDocs are the company's own texts: the description fact, then its
// site pages and press items (title and excerpt), in input order.
func ownDocs(in Input) []doc {
	var out []doc
	if f := in.Profile.Description; f != nil && strings.TrimSpace(f.Value) != "" {
		out = append(out, doc{f.SourceURL, f.Value})
	}
	for _, it := range in.Items {
		if it.Kind != bundle.KindPage && it.Kind != bundle.KindPress {
			continue
		}
		t := strings.TrimSpace(it.Doc.Title + ". " + it.Doc.Excerpt)
		if t != "." {
			out = append(out, doc{it.Doc.URL, t})
		}
	}
	return out
}

// terms are distinct stems in first-seen order with a surface form each.
type terms struct {
	order   []string
	surface map[string]string
}

func (t *terms) add(s, surface string) {
	if t.surface == nil {
		t.surface = map[string]string{}
	}
	if _, ok := t.surface[s]; !ok {
		t.order = append(t.order, s)
		t.surface[s] = surface
	}
}

func (t terms) has(s string) bool { _, ok := t.surface[s]; return ok }

// topicTerms are a text's stems minus generic business, size, model and
// place words: what the text is about.
func topicTerms(texts ...string) terms {
	var t terms
	for _, s := range texts {
		for _, tok := range tokenize(s) {
			if genericWords[tok.Stem] || sizeWords[tok.Stem] || modelWords[tok.Stem] || placeWords[tok.Stem] {
				continue
			}
			t.add(tok.Stem, tok.Surface)
		}
	}
	return t
}
