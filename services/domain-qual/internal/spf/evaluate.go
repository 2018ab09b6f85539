package spf

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/miekg/dns"

	"github.com/intel402/intel402/services/domain-qual/internal/finding"
	"github.com/intel402/intel402/services/domain-qual/internal/mxprovider"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

// Limits of RFC 7208 §4.6.4, and the evaluation bounds of this package.
const (
	MaxLookups     = 10
	MaxVoidLookups = 2
	MaxMXHosts     = 10
	// maxNodes bounds the tree so a hostile chain cannot make an audit
	// expensive; it is well above what a valid record can reach (11).
	maxNodes = 40
	maxDepth = 12
)

// Resolver answers one DNS question. It is satisfied by resolver.Resolver.
type Resolver interface {
	Lookup(ctx context.Context, name string, qtype uint16) resolver.Answer
}

// ServiceMatcher recognises the sending service behind an include or
// redirect target. It is satisfied by *mxprovider.Fingerprinter.
type ServiceMatcher interface {
	Service(include string) (mxprovider.Service, bool)
}

// Status is the outcome of the SPF check or of one tree node.
type Status string

// Statuses. Found, Missing, Invalid and Unknown are the top-level values;
// Loop, Macro and Truncated only appear on tree nodes.
const (
	StatusFound     Status = "found"     // one valid SPF record
	StatusMissing   Status = "missing"   // the name has no SPF record (NXDOMAIN, NODATA or no v=spf1)
	StatusInvalid   Status = "invalid"   // permerror: syntax, multiple records, limits, loops
	StatusUnknown   Status = "unknown"   // a DNS failure (SERVFAIL, timeout) hid the answer
	StatusLoop      Status = "loop"      // include/redirect target already on the path
	StatusMacro     Status = "macro"     // target needs macro expansion; not resolved
	StatusTruncated Status = "truncated" // not expanded: evaluation bounds reached
)

// Node is one record in the include/redirect tree.
type Node struct {
	// Domain is the name whose TXT record was evaluated (no trailing dot).
	Domain string `json:"domain"`
	// Via is how the node was reached: root, include or redirect.
	Via string `json:"via"`
	// Status of this node.
	Status Status `json:"status"`
	// Record is the SPF record text.
	Record string `json:"record,omitempty"`
	// Lookups is the number of DNS-querying terms in this record.
	Lookups int `json:"lookups"`
	// VoidLookups is the number of void answers caused by this record's terms.
	VoidLookups int `json:"void_lookups"`
	// Service is the ID of the sending service recognised from Domain, if any.
	Service string `json:"service,omitempty"`
	// Error explains an invalid/unknown/loop status.
	Error string `json:"error,omitempty"`
	// Children are the include/redirect targets, in record order.
	Children []*Node `json:"children,omitempty"`
}

// Walk calls fn for every node of the tree rooted at n, breadth first
// (nearest the root first, record order within a level). A nil tree has no
// nodes.
func (n *Node) Walk(fn func(*Node)) {
	queue := []*Node{n}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == nil {
			continue
		}
		fn(cur)
		queue = append(queue, cur.Children...)
	}
}

// Targets lists the include and redirect targets of the tree rooted at n,
// in Walk order, each once. It is the one answer to "whom does this policy
// hand mail to": mail-provider identification reads it for classify, the
// audit and the profile alike.
func (n *Node) Targets() []string {
	var out []string
	seen := map[string]bool{}
	n.Walk(func(cur *Node) {
		if (cur.Via == "include" || cur.Via == "redirect") && !seen[cur.Domain] {
			seen[cur.Domain] = true
			out = append(out, cur.Domain)
		}
	})
	return out
}

// Result is the SPF evaluation of one domain.
type Result struct {
	// Status is found, missing, invalid or unknown.
	Status Status `json:"status"`
	// Record is the domain's own SPF record ("" when missing).
	Record string `json:"record,omitempty"`
	// AllQualifier is the result of the effective all mechanism (pass,
	// fail, softfail, neutral), following redirects; "" when there is none.
	AllQualifier string `json:"all_qualifier,omitempty"`
	// LookupCount is the number of DNS-querying terms in the whole tree.
	LookupCount int `json:"lookup_count"`
	// VoidLookupCount is the number of void answers in the whole tree.
	VoidLookupCount int `json:"void_lookup_count"`
	// Complete is false when a DNS failure hid part of the tree, so counts
	// are lower bounds.
	Complete bool `json:"complete"`
	// Tree is the include/redirect tree rooted at the domain.
	Tree *Node `json:"tree,omitempty"`
	// Services are the sending services recognised from include/redirect
	// targets, in order of first appearance.
	Services []mxprovider.Service `json:"services"`
	// Errors are findings that make the policy a permerror or dangerous.
	Errors []finding.Finding `json:"errors"`
	// Warnings are the remaining findings.
	Warnings []finding.Finding `json:"warnings"`
	// Parsed is the domain's own parsed record (not serialised).
	Parsed *Record `json:"-"`
}

// permissiveIDs are the findings that say the policy lets any server
// send: the domain's record ends in +all or ?all, or a record it includes
// or redirects to ends in +all. They are dangerous, not a permerror: the
// policy stays found. Result.Permissive is the one judgement of them;
// other packages ask it.
var permissiveIDs = []finding.ID{finding.SPFPassAll, finding.SPFIncludePassAll, finding.SPFNeutralAll}

// Permissive returns the finding that says the policy lets any server send
// (finding.SPFPassAll, SPFIncludePassAll or SPFNeutralAll; the most severe
// when there are several), and false when the policy does not.
func (r Result) Permissive() (finding.Finding, bool) {
	f, ok := finding.Find(r.Errors, permissiveIDs...)
	if w, wok := finding.Find(r.Warnings, permissiveIDs...); wok && (!ok || w.Severity.Rank() < f.Severity.Rank()) {
		return w, true
	}
	return f, ok
}

// TXTStrings returns, for each TXT record of the answer, its character
// strings.
func TXTStrings(a resolver.Answer) [][]string {
	var out [][]string
	for _, rr := range a.Records {
		if t, ok := rr.(*dns.TXT); ok {
			out = append(out, t.Txt)
		}
	}
	return out
}

// selection is the SPF record chosen among a name's TXT records.
type selection struct {
	chunks    []string
	text      string
	count     int
	senderID  bool
	otherSPFs []string
}

func selectSPF(a resolver.Answer) selection {
	var s selection
	for _, chunks := range TXTStrings(a) {
		text := strings.Join(chunks, "")
		switch {
		case IsSPF(strings.TrimLeft(text, " ")):
			s.count++
			if s.count == 1 {
				s.chunks, s.text = chunks, strings.TrimLeft(text, " ")
			} else {
				s.otherSPFs = append(s.otherSPFs, text)
			}
		case IsSenderID(text):
			s.senderID = true
		}
	}
	return s
}

func fqdn(name string) string { return dns.Fqdn(strings.ToLower(name)) }
func bare(name string) string { return strings.TrimSuffix(strings.ToLower(name), ".") }

type evaluation struct {
	res      *Result
	matcher  ServiceMatcher
	nodes    int
	included map[string]int
	services map[string]bool
}

type pending struct {
	node      *Node
	ancestors []string
}

type termQuery struct {
	node  *Node
	mech  Mechanism
	names []string
	types []uint16
}

// Evaluate fetches and evaluates the SPF policy of domain. services may be
// nil (no service recognition). It never returns an error: DNS failures
// become StatusUnknown nodes.
func Evaluate(ctx context.Context, r Resolver, services ServiceMatcher, domain string) Result {
	res := Result{Complete: true, Services: []mxprovider.Service{}, Errors: []finding.Finding{}, Warnings: []finding.Finding{}}
	root := &Node{Domain: bare(domain), Via: "root"}
	res.Tree = root
	ev := &evaluation{res: &res, matcher: services, included: map[string]int{}, services: map[string]bool{}}

	level := []pending{{node: root}}
	var terms []termQuery
	for depth := 0; len(level) > 0 || len(terms) > 0; depth++ {
		answers, termAnswers := ev.round(ctx, r, level, terms)
		for i, tq := range terms {
			ev.applyTerm(tq, termAnswers[i])
		}
		terms = nil
		var next []pending
		for i, p := range level {
			children, tq := ev.visit(p, answers[i], depth)
			next = append(next, children...)
			terms = append(terms, tq...)
		}
		level = next
	}
	ev.finish()
	return res
}

// round issues the TXT queries of one tree level and the term queries of
// the previous level concurrently.
func (ev *evaluation) round(ctx context.Context, r Resolver, level []pending, terms []termQuery) ([]resolver.Answer, [][]resolver.Answer) {
	answers := make([]resolver.Answer, len(level))
	termAnswers := make([][]resolver.Answer, len(terms))
	var wg sync.WaitGroup
	for i, p := range level {
		wg.Go(func() { answers[i] = r.Lookup(ctx, fqdn(p.node.Domain), dns.TypeTXT) })
	}
	for i, tq := range terms {
		termAnswers[i] = make([]resolver.Answer, len(tq.names))
		for j := range tq.names {
			wg.Go(func() { termAnswers[i][j] = r.Lookup(ctx, fqdn(tq.names[j]), tq.types[j]) })
		}
	}
	wg.Wait()
	return answers, termAnswers
}

func isVoid(a resolver.Answer) bool {
	return a.Status == resolver.StatusNXDomain || a.Status == resolver.StatusNoData ||
		(a.Status == resolver.StatusRecords && len(a.Records) == 0)
}

func (ev *evaluation) applyTerm(tq termQuery, answers []resolver.Answer) {
	unknown, void := false, true
	for _, a := range answers {
		if a.Status == resolver.StatusUnknown {
			unknown = true
		}
		if !isVoid(a) {
			void = false
		}
	}
	if unknown {
		ev.res.Complete = false
		ev.warn(finding.Finding{ID: finding.SPFLookupUnknown, Severity: finding.Info, RFC: "RFC 7208 §5",
			Title:    "an SPF mechanism lookup failed",
			Detail:   fmt.Sprintf("%s in the record of %s could not be resolved (%s); void-lookup counting is incomplete", tq.mech.Raw, tq.node.Domain, answers[0].Reason),
			Evidence: tq.mech.Raw,
		})
		return
	}
	if void {
		tq.node.VoidLookups++
		ev.res.VoidLookupCount++
	}
	if tq.mech.Kind == KindMX && len(answers) > 0 && len(answers[0].Records) > MaxMXHosts {
		ev.error(finding.Finding{ID: finding.SPFMXTooManyHosts, Severity: finding.High, RFC: "RFC 7208 §4.6.4",
			Title:    "an SPF mx mechanism returns more than 10 MX hosts",
			Detail:   fmt.Sprintf("%s returns %d MX hosts; receivers return permerror", tq.mech.Raw, len(answers[0].Records)),
			Evidence: tq.mech.Raw,
		})
	}
}

// visit processes one node's TXT answer and returns the next level and the
// mechanism lookups to issue.
func (ev *evaluation) visit(p pending, a resolver.Answer, depth int) ([]pending, []termQuery) {
	n := p.node
	isRoot := n.Via == "root"
	if a.Status == resolver.StatusUnknown {
		n.Status, n.Error = StatusUnknown, "TXT lookup failed: "+a.Reason
		ev.res.Complete = false
		return nil, nil
	}
	sel := selectSPF(a)
	if isRoot {
		ev.res.Record = sel.text
		if sel.senderID {
			ev.warn(finding.Finding{ID: finding.SPFSenderID, Severity: finding.Low, RFC: "RFC 4406",
				Title:  "obsolete Sender ID (spf2.0) record published",
				Detail: "Sender ID is historic and ignored by receivers; remove the spf2.0 record.",
			})
		}
	} else if isVoid(a) {
		n.VoidLookups++
		ev.res.VoidLookupCount++
	}
	switch {
	case sel.count == 0:
		n.Status = StatusMissing
		if !isRoot {
			n.Error = "no SPF record at " + n.Domain
			ev.error(finding.Finding{ID: viaID(n.Via, finding.SPFIncludeMissing, finding.SPFRedirectMissing), Severity: finding.High, RFC: "RFC 7208 §5.2, §6.1",
				Title:  fmt.Sprintf("SPF %s target has no SPF record", n.Via),
				Detail: fmt.Sprintf("%s:%s has no SPF record, which makes the whole policy a permerror", n.Via, n.Domain),
			})
		}
		return nil, nil
	case sel.count > 1:
		n.Status, n.Error = StatusInvalid, fmt.Sprintf("%d SPF records", sel.count)
		n.Record = sel.text
		ev.error(finding.Finding{ID: finding.SPFMultipleRecords, Severity: finding.Critical, RFC: "RFC 7208 §4.5",
			Title:    "more than one SPF record",
			Detail:   fmt.Sprintf("%s publishes %d v=spf1 records; receivers return permerror", n.Domain, sel.count),
			Evidence: strings.Join(append([]string{sel.text}, sel.otherSPFs...), " | "),
			Fix:      "Merge the records into one v=spf1 record.",
		})
		return nil, nil
	}
	n.Record = sel.text
	if isRoot {
		for _, f := range CheckSize(sel.chunks) {
			ev.add(f)
		}
	}
	rec, err := Parse(sel.text)
	if err != nil {
		n.Status, n.Error = StatusInvalid, err.Error()
		ev.error(finding.Finding{ID: finding.SPFSyntaxError, Severity: finding.Critical, RFC: "RFC 7208 §4.6",
			Title:    "SPF record has a syntax error",
			Detail:   fmt.Sprintf("%s: %v", n.Domain, err),
			Evidence: sel.text,
		})
		return nil, nil
	}
	n.Status = StatusFound
	if isRoot {
		ev.res.Parsed = &rec
	}
	for _, f := range Lint(rec, sel.text, isRoot) {
		ev.add(f)
	}
	n.Lookups = rec.LookupTerms()
	ev.res.LookupCount += n.Lookups

	ancestors := append(append([]string(nil), p.ancestors...), n.Domain)
	var children []pending
	var terms []termQuery
	child := func(via, target string) {
		c := &Node{Domain: bare(target), Via: via}
		n.Children = append(n.Children, c)
		if ev.matcher != nil {
			if s, ok := ev.matcher.Service(c.Domain); ok {
				c.Service = s.ID
				if !ev.services[s.ID] {
					ev.services[s.ID] = true
					ev.res.Services = append(ev.res.Services, s)
				}
			}
		}
		switch {
		case strings.Contains(target, "%"):
			c.Status, c.Error = StatusMacro, "target uses macros; evaluated per message"
			ev.warn(finding.Finding{ID: finding.SPFMacroNotEvaluated, Severity: finding.Info, RFC: "RFC 7208 §7",
				Title: "SPF " + via + " target uses macros", Detail: via + ":" + target + " is counted but not resolved.",
			})
			return
		case contains(ancestors, c.Domain):
			c.Status, c.Error = StatusLoop, "already on the path "+strings.Join(ancestors, " -> ")
			ev.error(finding.Finding{ID: viaID(via, finding.SPFIncludeLoop, finding.SPFRedirectLoop), Severity: finding.Critical, RFC: "RFC 7208 §4.6.4",
				Title:  "SPF " + via + " loop",
				Detail: fmt.Sprintf("%s -> %s loops back; receivers return permerror", strings.Join(ancestors, " -> "), c.Domain),
			})
			return
		case ev.nodes >= maxNodes || depth+1 >= maxDepth:
			c.Status, c.Error = StatusTruncated, "evaluation bounds reached"
			ev.res.Complete = false
			return
		}
		if via == "include" {
			ev.included[c.Domain]++
			if ev.included[c.Domain] == 2 {
				ev.warn(finding.Finding{ID: finding.SPFDuplicateInclude, Severity: finding.Low, RFC: "RFC 7208 §4.6.4",
					Title:  "the same SPF record is included more than once",
					Detail: c.Domain + " is included several times; each costs lookups again.",
				})
			}
		}
		ev.nodes++
		children = append(children, pending{node: c, ancestors: ancestors})
	}
	for _, m := range rec.Mechanisms {
		target := m.Target
		if target == "" {
			target = n.Domain
		}
		switch m.Kind {
		case KindInclude:
			child("include", m.Target)
		case KindA:
			if !m.HasMacro() {
				terms = append(terms, termQuery{node: n, mech: m, names: []string{target, target}, types: []uint16{dns.TypeA, dns.TypeAAAA}})
			}
		case KindMX:
			if !m.HasMacro() {
				terms = append(terms, termQuery{node: n, mech: m, names: []string{target}, types: []uint16{dns.TypeMX}})
			}
		case KindExists:
			if !m.HasMacro() {
				terms = append(terms, termQuery{node: n, mech: m, names: []string{target}, types: []uint16{dns.TypeA}})
			}
		}
	}
	if rec.RedirectEffective() {
		child("redirect", rec.Redirect)
	}
	return children, terms
}

// viaID picks the finding id of an include target or of a redirect target.
func viaID(via string, include, redirect finding.ID) finding.ID {
	if via == "redirect" {
		return redirect
	}
	return include
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (ev *evaluation) add(f finding.Finding) {
	if f.IsError() {
		ev.error(f)
	} else {
		ev.warn(f)
	}
}
func (ev *evaluation) error(f finding.Finding) { ev.res.Errors = append(ev.res.Errors, f) }
func (ev *evaluation) warn(f finding.Finding)  { ev.res.Warnings = append(ev.res.Warnings, f) }

// finish derives the top-level status, all qualifier and limit findings.
func (ev *evaluation) finish() {
	res, root := ev.res, ev.res.Tree
	res.AllQualifier = effectiveAll(root)
	if res.LookupCount > MaxLookups {
		ev.error(finding.Finding{ID: finding.SPFTooManyLookups, Severity: finding.High, RFC: "RFC 7208 §4.6.4",
			Title:  "SPF policy needs more than 10 DNS lookups",
			Detail: fmt.Sprintf("the include/redirect tree has %d DNS-querying terms; receivers return permerror after 10", res.LookupCount),
			Fix:    "Remove unused includes or replace includes by the ip4/ip6 ranges they publish.",
		})
	}
	if res.VoidLookupCount > MaxVoidLookups {
		ev.error(finding.Finding{ID: finding.SPFTooManyVoidLookups, Severity: finding.High, RFC: "RFC 7208 §4.6.4",
			Title:  "SPF policy causes more than 2 void DNS lookups",
			Detail: fmt.Sprintf("%d lookups return NXDOMAIN or no records; receivers may return permerror after 2", res.VoidLookupCount),
			Fix:    "Remove mechanisms that point at names without records.",
		})
	}
	switch root.Status {
	case StatusUnknown:
		res.Status = StatusUnknown
	case StatusMissing:
		res.Status = StatusMissing
	case StatusInvalid:
		res.Status = StatusInvalid
	default:
		res.Status = StatusFound
		for _, f := range res.Errors {
			if !slices.Contains(permissiveIDs, f.ID) {
				res.Status = StatusInvalid
				break
			}
		}
	}
	if !res.Complete && res.Status == StatusFound {
		ev.warn(finding.Finding{ID: finding.SPFPartiallyUnknown, Severity: finding.Info, RFC: "RFC 7208 §4.6.4",
			Title:  "part of the SPF tree could not be resolved",
			Detail: "a DNS failure hid part of the include tree; lookup counts are lower bounds.",
		})
	}
}

// effectiveAll follows redirects to find the qualifier that ends evaluation.
func effectiveAll(n *Node) string {
	for n != nil && n.Status == StatusFound {
		rec, err := Parse(n.Record)
		if err != nil {
			return ""
		}
		if all, ok := rec.All(); ok {
			return all.Qualifier.Result()
		}
		var next *Node
		for _, c := range n.Children {
			if c.Via == "redirect" {
				next = c
			}
		}
		n = next
	}
	return ""
}
