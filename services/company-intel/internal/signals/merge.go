// Merging: which candidates report one event (sameEvent, crossType), the
// clustering of candidates into events (cluster) and the one type a merged
// group gets (retype).

package signals

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// MergeWindow is how far apart two reports of one event may be dated.
const MergeWindow = 7 * day24

// HeadlineJaccard is the headline token overlap at which two reports of
// the same type are one event.
const HeadlineJaccard = 0.6

// sameEvent decides whether two candidates report one event: same type,
// dated at most MergeWindow apart, and the same URL, or near-duplicate
// text (SimHash), or the same event key, or (when the keys do not
// differ) headline token Jaccard ≥ HeadlineJaccard.
func sameEvent(a, b *cand) bool {
	gap := a.date.Sub(b.date)
	if gap < 0 {
		gap = -gap
	}
	if a.typ != b.typ {
		return crossType(a, b, gap)
	}
	if gap > MergeWindow {
		return false
	}
	if a.url == b.url {
		return true
	}
	k := keyCompat(a, b)
	switch {
	case k == keyDiffer:
		return false
	case k == keySame:
		return true
	case gap <= SameDayWindow && a.typ != TypeOther:
		// One company, one type, facts that do not conflict, reported
		// within a day: one event however it is worded. Not for other:
		// a company collects several awards or talks on one day.
		return true
	case gap <= SameDayWindow && sharesName(a.names, b.names):
		// Other reports of one day that name the same award, list, show
		// or programme ("Green Apple", "Automatica") are one event.
		return true
	case a.hashed && b.hashed && Hamming(a.hash, b.hash) <= NearDuplicate:
		return true
	case jaccard(a.headToks, b.headToks) >= HeadlineJaccard:
		return true
	}
	return sharedRun(a.runToks, b.runToks) >= SharedPhrase
}

// crossType decides whether two news or press reports typed differently
// report one event: reported within SameDayWindow, and each report's
// type at least CrossTypeMin probable for the other (an integration read
// as a product by one outlet and as a partnership by another). A report
// read by its headline alone (no excerpt) knows less than one read with
// its lead, so only its own reading must allow the other's type ("lands
// $62M to fly lab samples", a partnership by the headline, next to the
// same day's report of the round). Structured candidates are typed by
// their form and never merge across types.
func crossType(a, b *cand, gap time.Duration) bool {
	if a.typed.probs == nil || b.typed.probs == nil || gap > SameDayWindow || a.url == b.url {
		return false
	}
	aBare, bBare := a.leadText == "", b.leadText == ""
	switch {
	case aBare && !bBare:
		return a.typed.prob(b.typ) >= CrossTypeMin
	case bBare && !aBare:
		return b.typed.prob(a.typ) >= CrossTypeMin
	}
	return a.typed.prob(b.typ) >= CrossTypeMin && b.typed.prob(a.typ) >= CrossTypeMin
}

// CrossTypeMin is how probable, under the type model, each of two
// same-day reports must find the other's type for them to be one event.
const CrossTypeMin = 0.1

// retype gives a merged group one type: a structured member's (a filing
// or job board is typed by its form), else the type with the largest sum
// of the members' probabilities among the members' types. Members of
// another type are read again as that type (facts, strength).
func retype(group []*cand, n names) {
	var structured Type
	mixed := false
	for _, c := range group {
		mixed = mixed || c.typ != group[0].typ
		if c.typed.probs == nil && structured == "" {
			structured = c.typ
		}
	}
	if !mixed {
		return
	}
	best := structured
	if best == "" {
		sums := map[Type]float64{}
		for _, c := range group {
			sums[c.typ] = 0
		}
		for t := range sums {
			for _, c := range group {
				sums[t] += c.typed.prob(t)
			}
		}
		for _, t := range Types { // precedence order breaks ties
			if v, ok := sums[t]; ok && (best == "" || v > sums[best]) {
				best = t
			}
		}
	}
	for _, c := range group {
		if c.typed.probs == nil || c.typ == best {
			continue
		}
		c.typ = best
		c.strength = c.typed.prob(best)
		c.head = headCarries(foldAbbrev(c.headText), c.leadText, best)
		c.facts, c.d = extractFacts(best, c.headText, c.leadText, c.head, n)
	}
}

// SameDayWindow: two reports of one type (but other) about the company
// whose key facts do not differ are one event when their dates are this
// close.
const SameDayWindow = 36 * time.Hour

// SharedPhrase is how many consecutive headline tokens (stopwords and the
// company's own name left out) two reports of one type must share to be
// one event when their keys do not differ: rewritten reports of a list, an
// award or a deal keep its name ("Massachusetts' fastest-growing private
// companies").
const SharedPhrase = 4

// sharedRun is the length of the longest run of consecutive tokens that a
// and b share.
func sharedRun(a, b []string) int {
	best := 0
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
				best = max(best, cur[j+1])
			} else {
				cur[j+1] = 0
			}
		}
		prev, cur = cur, prev
	}
	return best
}

// cluster groups candidates into events (connected components of
// sameEvent), each group and the group list in candidate order.
func cluster(cs []*cand) [][]*cand {
	parent := make([]int, len(cs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if sameEvent(cs[i], cs[j]) {
				if ri, rj := find(i), find(j); ri != rj {
					parent[max(ri, rj)] = min(ri, rj)
				}
			}
		}
	}
	var groups [][]*cand
	at := map[int]int{}
	for i, c := range cs {
		r := find(i)
		g, ok := at[r]
		if !ok {
			g = len(groups)
			at[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], c)
	}
	return groups
}

// otherNames returns an other report's distinctive names: the capitalised
// words of its headline and excerpt (an award's, a list's, a show's or a
// programme's name) that are not the company's name, a calendar word or a
// word any such report uses.
func otherNames(raw string, n names) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(raw, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || utf8.RuneCountInString(w) < 3 || n.m.NameWord(w) {
			continue
		}
		lw := strings.ToLower(w)
		if stopwords[lw] || genericOtherWords[lw] {
			continue
		}
		out[lw] = true
	}
	return out
}

// sharesName reports whether two name sets have a word in common.
func sharesName(a, b map[string]bool) bool {
	for w := range a {
		if b[w] {
			return true
		}
	}
	return false
}

// genericOtherWords are capitalised words that name no particular award,
// list or show: titles, months and days, and the words of any such report.
var genericOtherWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`award awards prize prizes winner winners win wins won best top year years
		annual conference summit expo show fair festival week keynote talk panel demo booth stage live today
		ceo cto cfo coo founder cofounder team teams company companies group inc ltd llc plc corp gmbh
		january february march april may june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday
		proud thrilled excited honoured honored delighted congratulations thank thanks big news new
		anniversary birthday celebrating celebrates celebrate milestone named recognised recognized list`) {
		m[w] = true
	}
	return m
}()
