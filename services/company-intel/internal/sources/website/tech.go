package website

import (
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/webtech"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// minTechConfidence is the least webtech confidence a technology of the
// home page needs to be reported.
const minTechConfidence = 0.5

// homeItem is the home page's item: a page item with the technologies the
// page shows.
func (c *crawl) homeItem(p *fetch.Page, m htmlmeta.Meta, at time.Time) bundle.Item {
	item := c.pageItem(p, m, at)
	item.Tech = pageTech(p)
	return item
}

// pageTech is what webtech detects on a fetched page (its final URL,
// response headers (Set-Cookie included) and HTML as read, already capped by the
// fetcher), hints below minTechConfidence left out, in webtech's order;
// each Detail is the source and detail of the hint's first evidence, e.g.
// "script https://js.hs-scripts.com/123.js" ("implied by Next.js" for a
// technology another one implies).
func pageTech(p *fetch.Page) []bundle.Tech {
	hints := webtech.Detect(webtech.Input{URL: pageURL(p), Headers: p.Header, HTML: p.Body})
	var out []bundle.Tech
	for _, h := range hints {
		if h.Confidence < minTechConfidence {
			continue
		}
		t := bundle.Tech{Name: h.Name, Category: string(h.Category), Confidence: h.Confidence}
		switch {
		case len(h.Evidence) == 0:
		case h.Evidence[0].Source == webtech.SourceImplied:
			t.Detail = h.Evidence[0].Detail // "implied by Next.js"
		default:
			t.Detail = string(h.Evidence[0].Source) + " " + h.Evidence[0].Detail
		}
		out = append(out, t)
	}
	return out
}
