package report

import (
	"time"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// SignalsDoc is the POST /v1/company/signals body without its requestId,
// which is put in front of it when the (possibly cached) body is sent.
type SignalsDoc struct {
	Company   Company   `json:"company"`
	Signals   []Signal  `json:"signals"`
	WhyNow    []string  `json:"whyNow"`
	Sources   []Source  `json:"sources"`
	Freshness Freshness `json:"freshness"`
	Meta      Meta      `json:"meta"`
}

// Signals detects the trigger events in the bundle and assembles the
// signals document. No event in the window is a 422 insufficient_evidence
// (not charged): a paid answer must say something.
func Signals(out research.Outcome, now time.Time) (SignalsDoc, error) {
	b := out.Bundle
	detected := signals.Detect(signals.Input{
		Company: b.Company, Window: bundle.Query{Company: b.Company, From: b.From, To: b.To}, Items: b.Items, Now: now,
	})
	c := NewCiter(b)
	doc := SignalsDoc{Signals: []Signal{}, WhyNow: []string{}, Freshness: FreshnessOf(b, now),
		Meta: MetaOf(out)}
	doc.Signals = citeSignals(c, detected.Signals)
	if len(doc.Signals) == 0 {
		return SignalsDoc{}, apierror.New(apierror.CodeInsufficientEvidence,
			"no dated trigger event about %s (%s) was found in the last %d days; nothing was charged — a longer lookbackDays may find one",
			b.Company.Name, b.Company.Domain, b.LookbackDays).
			WithDetails(map[string]any{"domain": b.Company.Domain, "lookbackDays": b.LookbackDays,
				"documentsExamined": len(b.Items), "providers": b.Providers, "partial": b.Partial})
	}
	if len(detected.WhyNow) > 0 {
		doc.WhyNow = detected.WhyNow
	}
	doc.Company = CompanyOf(b, c)
	doc.Sources = c.Sources()
	return doc, nil
}

// citeSignals converts detected signals, citing their evidence; a signal
// none of whose evidence is in the bundle is dropped (it could not be
// cited).
func citeSignals(c *Citer, in []signals.Signal) []Signal {
	out := []Signal{}
	for _, s := range in {
		ids := c.Cite(s.Evidence...)
		if len(ids) == 0 {
			continue
		}
		out = append(out, Signal{
			Type: string(s.Type), Headline: s.Headline, EventDate: s.EventDate, Summary: s.Summary,
			CommercialMeaning: s.CommercialMeaning, Confidence: s.Confidence, EvidenceIDs: ids,
		})
	}
	return out
}
