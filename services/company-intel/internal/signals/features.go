package signals

import (
	"regexp"
	"slices"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/services/company-intel/internal/techterms"
)

// featureTemplates are the kinds of feature Features extracts, each a
// name prefix (see doc.go, "The type model"). FeatureSet is built from
// them and a version that changes whenever what a template means changes.
var featureTemplates = []string{
	"h:",     // a headline word
	"h2:",    // two consecutive headline words ("^" starts the headline)
	"l:",     // a lead word (the lead's first two sentences, no dateline)
	"l2:",    // two consecutive lead words
	"hs:",    // a headline word's crude stem (stem)
	"ls:",    // a lead word's crude stem
	"hv:",    // the class of a headline word (wordClasses: verb classes, role titles, money words)
	"lv:",    // the class of a lead word
	"guard:", // the item guard that matched the headline (itemGuard)
	"co:",    // where the company is named: first (the headline's subject), head, poss, lead, absent, unknown
	"tech:",  // the category of a technology the headline (h:) or lead (l:) names (techterms)
	"shape:", // the item's shape: "nolead" when only a headline is known
	"amt:",   // a sum of money in the headline (h) or the lead (l) (hasMoney)
}

// featureVersion changes whenever a template's meaning changes (its words'
// normal form, the lexicon's rules, a guard), so that a model trained on
// the old meaning is refused.
const featureVersion = 1

// FeatureSet names the features this code extracts; a model file records
// the FeatureSet it was trained on and LoadModel refuses another.
var FeatureSet = func() string {
	var b strings.Builder
	b.WriteString("signals/")
	b.WriteString(string(rune('0' + featureVersion)))
	b.WriteString(":")
	for i, t := range featureTemplates {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strings.TrimSuffix(t, ":"))
	}
	return b.String()
}()

// knownFeature reports whether a feature name belongs to a template.
func knownFeature(f string) bool {
	for _, t := range featureTemplates {
		if rest, ok := strings.CutPrefix(f, t); ok && rest != "" {
			return true
		}
	}
	return false
}

// itemGuard names the item guard that matches a prepared headline, ""
// when none does: a form that is not the report of an event (nonevent:
// question, opinion, interview, listicle), a denial, negation, talks or
// rumour (notyet), a job advertisement (jobad), a customer story
// (customer), a stock-price move (stock).
func itemGuard(h string) string {
	if h == "" {
		return ""
	}
	folded := foldCase(h)
	for _, g := range itemGuards {
		for _, f := range g.res {
			if f.match(h, folded) {
				return g.name
			}
		}
	}
	return ""
}

// itemGuards are the item guards in the order itemGuard tries them, with
// their prefilters.
var itemGuards = func() []struct {
	name string
	res  []filtered
} {
	out := []struct {
		name string
		res  []filtered
	}{}
	for _, g := range []struct {
		name string
		res  []*regexp.Regexp
	}{
		{"nonevent", nonEventRe}, {"notyet", notYetRe}, {"jobad", jobAdRe},
		{"customer", []*regexp.Regexp{customerStoryRe}}, {"stock", []*regexp.Regexp{stockMoveRe}},
	} {
		var fs []filtered
		for _, re := range g.res {
			fs = append(fs, newFiltered(re))
		}
		out = append(out, struct {
			name string
			res  []filtered
		}{g.name, fs})
	}
	return out
}()

// features returns the type model's features of one item: its prepared
// headline and lead (prepText, foldAbbrev; leadText), the item guard that
// matched the headline (itemGuard) and the company's Matcher (the zero
// Matcher when the company is not known: co:unknown).
func features(h, l, guard string, m companyname.Matcher) []string {
	out := make([]string, 0, 96)
	hw := m.Mark(h)
	lw := m.Mark(l)
	out = appendWords(out, "h:", "h2:", hw)
	out = appendWords(out, "l:", "l2:", lw)
	out = appendStems(out, "hs:", hw)
	out = appendStems(out, "ls:", lw)
	out = appendClasses(out, "hv:", hw)
	out = appendClasses(out, "lv:", lw)
	if guard != "" {
		out = append(out, "guard:"+guard)
	}
	out = append(out, "co:"+companyPlace(hw, lw, m))
	if l == "" {
		out = append(out, "shape:nolead")
	}
	for _, t := range techterms.Find(h) {
		out = append(out, "tech:h:"+string(t.Category))
	}
	for _, t := range techterms.Find(l) {
		out = append(out, "tech:l:"+string(t.Category))
	}
	if hasMoney(h) {
		out = append(out, "amt:h")
	}
	if hasMoney(l) {
		out = append(out, "amt:l")
	}
	return out
}

// companyPlace says where the company is named (the co: template).
func companyPlace(hw, lw []companyname.Word, m companyname.Matcher) string {
	if m.Empty() {
		return "unknown"
	}
	for i, w := range hw {
		if !w.Name {
			continue
		}
		switch {
		case w.Possessive || (i+1 < len(hw) && hw[i+1].Possessive):
			return "poss"
		case i == 0:
			return "first"
		default:
			return "head"
		}
	}
	for _, w := range lw {
		if w.Name {
			return "lead"
		}
	}
	return "absent"
}

// appendWords adds the unigram and bigram features of marked words
// (unigrams without stopwords, which only fit noise; bigrams with them,
// which carry syntax: "^ _co_", "has not"): a run of the company's words
// is one word "_co_", a word that starts with a digit "_n_"
// (a four-digit number from 1900 to 2099 "_y_").
func appendWords(out []string, uni, bi string, ws []companyname.Word) []string {
	prev := "^"
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		word := w.Text
		if w.Name {
			for i+1 < len(ws) && ws[i+1].Name && !ws[i].Possessive {
				i++
			}
			word = "_co_"
		} else if isNumber(word) {
			word = "_n_"
			if len(w.Text) == 4 && (strings.HasPrefix(w.Text, "19") || strings.HasPrefix(w.Text, "20")) && strings.Trim(w.Text, "0123456789") == "" {
				word = "_y_"
			}
		}
		if !stopwords[word] {
			out = append(out, uni+word)
		}
		out = append(out, bi+prev+" "+word)
		prev = word
	}
	return out
}

// isNumber reports whether a word starts with a digit ("42", "42m", "3rd").
func isNumber(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// appendStems adds the stems of the words that are not the company's or
// numbers.
func appendStems(out []string, prefix string, ws []companyname.Word) []string {
	for _, w := range ws {
		if !w.Name && !isNumber(w.Text) && !stopwords[w.Text] {
			out = append(out, prefix+stem(w.Text))
		}
	}
	return out
}

// stem strips a few English inflections so that the forms of a verb or
// noun share a feature ("acquires", "acquired", "acquiring": "acquir").
func stem(w string) string {
	n := len(w)
	switch {
	case n > 5 && strings.HasSuffix(w, "ing"):
		return w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "es")):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "e"):
		return w[:n-1]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return w[:n-1]
	}
	return w
}

// appendClasses adds the classes of the words wordClasses knows.
func appendClasses(out []string, prefix string, ws []companyname.Word) []string {
	for _, w := range ws {
		for _, c := range wordClasses[stem(w.Text)] {
			out = append(out, prefix+c)
		}
	}
	return out
}

// wordClasses groups stems (stem) by what they do in a report, so that a
// verb the training items never used still counts with its class; a stem
// may belong to several classes (in the classes' order).
var wordClasses = func() map[string][]string {
	m := map[string][]string{}
	for _, cw := range []struct{ class, words string }{
		{"buy", "acquire buy purchase takeover merge merger acquisition snap sell sale divest dispos"},
		{"raise", "raise secure land close bag fund funding round seed series financing investor invest backing"},
		{"appoint", "appoint name hire promot succeed join tap elect step resign retire depart leav oust"},
		{"role", "ceo cfo cto coo cmo cro cio ciso chief president chair chairman chairwoman director vp officer founder cofounder board executive"},
		{"launch", "launch unveil releas debut introduc ship rollout announc avail preview beta"},
		{"open", "open enter expand expansion facility plant office site warehouse store capacity headquarter hq"},
		{"partner", "partner partnership team collaborat alliance agreement contract deal reseller distribut integrat select choos award win"},
		{"hire", "recruit hiring jobs role vacancy headcount staff apprentice graduate"},
		{"cut", "layoff lay cut job redundanc restructur furlough"},
		{"result", "revenue profit loss earning result quarter guidance outlook forecast dividend buyback valuation ipo list delist"},
		{"rule", "regulator approv clear fine penalty licens authoris authoriz certif complianc lawsuit sue court ruling settle investigation probe recall fda sec fca cma"},
		{"tech", "migrat moved adopt deploy implement rebuilt rewrote rewrite rewritten sourc opensourc platform cloud stack infrastructur postgres kubernet aws azure gcp"},
		{"honour", "award honour honor prize gold winner shortlist recognis recogniz anniversary celebrat milestone donat charity sponsor conference keynote summit exhibit booth talk speak"},
		{"deny", "deni deny rumour rumor talk consider explor mull weigh report said"},
	} {
		for _, w := range strings.Fields(cw.words) {
			if st := stem(w); !slices.Contains(m[st], cw.class) {
				m[st] = append(m[st], cw.class)
			}
		}
	}
	return m
}()

// hasMoney reports whether text states a sum of money: a currency sign or
// code before a number ("$40M", "€ 12", "USD 5") or a number followed by
// a money scale or currency word ("12 million", "3bn", "40 euros"). It is
// a cheap test (ParseAmount reads the amount).
func hasMoney(text string) bool {
	for i := 0; i < len(text); i++ {
		if !isDigit(text[i]) || (i > 0 && isDigit(text[i-1])) {
			continue
		}
		before := strings.TrimRight(text[max(0, i-5):i], " ")
		if strings.HasSuffix(before, "$") || strings.HasSuffix(before, "€") || strings.HasSuffix(before, "£") ||
			strings.HasSuffix(strings.ToUpper(before), "USD") || strings.HasSuffix(strings.ToUpper(before), "EUR") || strings.HasSuffix(strings.ToUpper(before), "GBP") {
			return true
		}
		j := i
		for j < len(text) && (isDigit(text[j]) || text[j] == '.' || text[j] == ',') {
			j++
		}
		rest := strings.TrimLeft(text[j:min(len(text), j+12)], " ")
		word := strings.ToLower(rest[:len(rest)-len(strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))])
		if moneyWords[word] {
			return true
		}
	}
	return false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// moneyWords are the scales and currencies a sum is written with.
var moneyWords = map[string]bool{
	"m": true, "mm": true, "mn": true, "mln": true, "million": true, "b": true, "bn": true, "bln": true, "billion": true,
	"k": true, "thousand": true, "euro": true, "euros": true, "dollars": true, "pounds": true, "sterling": true, "yen": true,
	"yuan": true, "rupees": true, "francs": true, "kronor": true, "kroner": true, "krona": true, "reais": true, "pesos": true,
}
