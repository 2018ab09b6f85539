package report

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/services/company-intel/internal/brief"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/qualify"
	"github.com/intel402/intel402/services/company-intel/internal/research"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

// BriefCompany is the deal briefs' company block (its schema in openapi/company-intel.yaml): the signals
// block plus the employee range and the business model. A field is null
// when no source states it.
type BriefCompany struct {
	Name          string  `json:"name"`
	Domain        string  `json:"domain"`
	Description   *string `json:"description"`
	Industry      *string `json:"industry"`
	Headquarters  *string `json:"headquarters"`
	EmployeeRange *string `json:"employeeRange"`
	BusinessModel *string `json:"businessModel"`
}

// Qualification is the deterministic fit (qualify.Result without its
// internal components and evidence). Without a seller, or with one whose
// fields name nothing comparable, fitAssessed is false and fitScore is the
// account's attractiveness (qualify package doc).
type Qualification struct {
	FitAssessed     bool               `json:"fitAssessed"`
	FitScore        int                `json:"fitScore"`
	FitLabel        string             `json:"fitLabel"`
	ScoreComponents map[string]float64 `json:"scoreComponents"`
	Reasons         []string           `json:"reasons"`
	Disqualifiers   []string           `json:"disqualifiers"`
}

// WhyNowItem is one cited reason to reach out now.
type WhyNowItem struct {
	Reason      string   `json:"reason"`
	EvidenceIDs []string `json:"evidenceIds"`
}

// PriorityItem is a likely priority or a strategic initiative.
type PriorityItem struct {
	Priority    string   `json:"priority"`
	Basis       string   `json:"basis"` // observed or inferred
	Explanation string   `json:"explanation"`
	EvidenceIDs []string `json:"evidenceIds"`
}

// Approach is the recommended approach; MessageAngle is null without a
// seller.
type Approach struct {
	MessageAngle        *string  `json:"messageAngle"`
	RecommendedAction   string   `json:"recommendedAction"`
	RolesToContact      []string `json:"rolesToContact"`
	QuestionsToValidate []string `json:"questionsToValidate"`
}

// Risk is something that could stop or slow the deal.
type Risk struct {
	Risk        string `json:"risk"`
	Explanation string `json:"explanation"`
}

// BriefSections are the sections the deal brief and the deep brief share,
// in document order.
type BriefSections struct {
	Company             BriefCompany   `json:"company"`
	Qualification       Qualification  `json:"qualification"`
	WhyNow              []WhyNowItem   `json:"whyNow"`
	RecentSignals       []Signal       `json:"recentSignals"`
	LikelyPriorities    []PriorityItem `json:"likelyPriorities"`
	RecommendedApproach Approach       `json:"recommendedApproach"`
	Risks               []Risk         `json:"risks"`
}

// BriefDoc is the POST /v1/company/deal-brief body without its requestId,
// which is put in front of it when the (possibly cached) body is sent.
type BriefDoc struct {
	BriefSections
	Sources   []Source  `json:"sources"`
	Freshness Freshness `json:"freshness"`
	Meta      Meta      `json:"meta"`
}

// Brief analyses the bundle (signals, profile, qualification against
// seller, which may be nil) and assembles the deal brief. Evidence that
// cannot support a brief (neither a description of the company nor a
// dated trigger event in the window) is a 422 insufficient_evidence, not
// charged; with one of them the brief is written and the gap named.
func Brief(out research.Outcome, seller *qualify.Seller, now time.Time) (BriefDoc, error) {
	in := briefInput(out.Bundle, seller, now)
	composed, err := brief.Compose(in)
	if err != nil {
		return BriefDoc{}, insufficient(out.Bundle, err)
	}
	w := newWriter(out.Bundle)
	doc := BriefDoc{BriefSections: w.brief(out.Bundle, in, composed)}
	doc.Sources = w.c.Sources()
	doc.Freshness = FreshnessOf(out.Bundle, now)
	doc.Meta = MetaOf(out)
	return doc, nil
}

// briefInput runs the analyses a brief reads: signals detected exactly as
// Signals detects them, the profile with its business model filled in by
// qualify.BusinessModel, and the qualification.
func briefInput(b *research.Bundle, seller *qualify.Seller, now time.Time) brief.Input {
	if seller != nil && strings.TrimSpace(seller.Product+seller.ValueProposition+seller.IdealCustomerProfile) == "" {
		seller = nil // an empty seller is no seller (and shares its cache entry)
	}
	detected := signals.Detect(signals.Input{
		Company: b.Company, Window: bundle.Query{Company: b.Company, From: b.From, To: b.To}, Items: b.Items, Now: now,
	})
	profile := b.Profile
	profile.BusinessModel = qualify.BusinessModel(profile, b.Items)
	fit := qualify.Qualify(qualify.Input{
		Company: b.Company, Profile: profile, Items: b.Items, Signals: detected.Signals, Seller: seller, Now: now,
	})
	return brief.Input{
		Company: b.Company, Profile: profile, Items: b.Items, Signals: detected.Signals, Fit: fit, Seller: seller,
		LookbackDays: b.LookbackDays, Partial: b.Partial, Now: now,
	}
}

// insufficient maps brief's *Insufficient to a 422 insufficient_evidence
// naming the company and the reason; any other error is a 500 (a bug).
func insufficient(b *research.Bundle, err error) error {
	var ins *brief.Insufficient
	if !errors.As(err, &ins) {
		return apierror.Wrap(err, apierror.CodeInternal, "the brief could not be composed")
	}
	return apierror.Wrap(err, apierror.CodeInsufficientEvidence,
		"the public evidence about "+b.Company.Name+" ("+b.Company.Domain+") cannot support a brief: "+ins.Reason+
			"; nothing was charged — a longer lookbackDays may find a trigger event").
		WithDetails(map[string]any{"domain": b.Company.Domain, "lookbackDays": b.LookbackDays,
			"documentsExamined": len(b.Items), "providers": b.Providers, "partial": b.Partial, "reason": ins.Reason})
}

// writer turns composed claims into cited document sections. Sources get
// their place in first-cited order, so every section is cited in a fixed
// order (brief, then deep) and identical evidence gives identical bytes:
// company facts, recentSignals, whyNow, qualification reasons and
// disqualifiers, likelyPriorities, recommendedApproach, risks, then the
// deep sections in document order. Every claim with at least one cited
// source is recorded in evidence under its evidenceMap key.
type writer struct {
	c        *Citer
	evidence map[string][]string
}

func newWriter(b *research.Bundle) *writer {
	return &writer{c: NewCiter(b), evidence: map[string][]string{}}
}

// cite returns the source ids of urls and records them under key.
func (w *writer) cite(key string, urls []string) []string {
	ids := w.c.Cite(urls...)
	if len(ids) > 0 {
		w.evidence[key] = ids
	}
	return ids
}

func indexed(section string, i int) string { return section + "[" + strconv.Itoa(i) + "]" }

func (w *writer) brief(b *research.Bundle, in brief.Input, s brief.Brief) BriefSections {
	out := BriefSections{Company: w.company(b, in.Profile)}
	out.RecentSignals = []Signal{}
	for _, sig := range citeSignals(w.c, in.Signals) {
		w.evidence[indexed("recentSignals", len(out.RecentSignals))] = sig.EvidenceIDs
		out.RecentSignals = append(out.RecentSignals, sig)
	}
	out.WhyNow = []WhyNowItem{}
	for i, x := range s.WhyNow {
		out.WhyNow = append(out.WhyNow, WhyNowItem{Reason: x.Reason, EvidenceIDs: w.cite(indexed("whyNow", i), x.Evidence)})
	}
	out.Qualification = w.qualification(in.Fit)
	out.LikelyPriorities = w.priorities("likelyPriorities", s.Priorities)
	out.RecommendedApproach = Approach{
		MessageAngle: s.Approach.MessageAngle, RecommendedAction: s.Approach.RecommendedAction,
		RolesToContact: strs(s.Approach.RolesToContact), QuestionsToValidate: strs(s.Approach.QuestionsToValidate),
	}
	w.cite("recommendedApproach", s.Approach.Evidence)
	out.Risks = []Risk{}
	for i, r := range s.Risks {
		w.cite(indexed("risks", i), r.Evidence)
		out.Risks = append(out.Risks, Risk{Risk: r.Risk, Explanation: r.Explanation})
	}
	return out
}

// company builds the brief's company block; each known fact cites its
// source (listed in sources, keyed "company.<field>" in the evidence map).
func (w *writer) company(b *research.Bundle, p bundle.Profile) BriefCompany {
	fact := func(key string, f *bundle.Fact) *string {
		if f == nil || strings.TrimSpace(f.Value) == "" {
			return nil
		}
		w.cite("company."+key, []string{f.SourceURL})
		v := f.Value
		return &v
	}
	return BriefCompany{
		Name: b.Company.Name, Domain: b.Company.Domain,
		Description: fact("description", p.Description), Industry: fact("industry", p.Industry),
		Headquarters: fact("headquarters", p.Headquarters), EmployeeRange: fact("employeeRange", p.EmployeeRange),
		BusinessModel: fact("businessModel", p.BusinessModel),
	}
}

// qualification copies the fit and cites the evidence of each reason and
// disqualifier (qualify.Result.Evidence).
func (w *writer) qualification(r qualify.Result) Qualification {
	q := Qualification{FitAssessed: r.FitAssessed, FitScore: r.FitScore, FitLabel: r.FitLabel,
		ScoreComponents: map[string]float64{}, Reasons: strs(r.Reasons), Disqualifiers: strs(r.Disqualifiers)}
	for k, v := range r.ScoreComponents {
		q.ScoreComponents[k] = v
	}
	for i, text := range q.Reasons {
		w.cite(indexed("qualification.reasons", i), r.Evidence[text])
	}
	for i, text := range q.Disqualifiers {
		w.cite(indexed("qualification.disqualifiers", i), r.Evidence[text])
	}
	return q
}

func (w *writer) priorities(section string, in []brief.Priority) []PriorityItem {
	out := []PriorityItem{}
	for i, p := range in {
		out = append(out, PriorityItem{Priority: p.Priority, Basis: string(p.Basis), Explanation: p.Explanation,
			EvidenceIDs: w.cite(indexed(section, i), p.Evidence)})
	}
	return out
}

// strs is s, or an empty (never null) array.
func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
