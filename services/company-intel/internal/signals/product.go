// Product: the launched product's name (productFacts).

package signals

import (
	"regexp"
	"strings"
)

var (
	launchVerbRe  = rx(`\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|introduc(?:es|ed|ing)|debut(?:s|ed|ing)?|releas(?:es|ed|ing)|rolls?\s+out|rolled\s+out|rolling\s+out|ships|shipped|previews?|previewed|(?:general\s+)?availability\s+of|early\s+access\s+to|beta\s+of|brings?|adds?|added|expands?\s+(?:its\s+)?(?:platform|product|suite)\s+with)\s+`)
	availableRe   = rx(`^(.{3,80}?)\s+(?:is|are)\s+now\s+(?:generally\s+)?available\b`)
	nowAvailRe    = rx(`^now\s+(?:generally\s+)?available\s*:\s*`)
	versionOnlyRe = regexp.MustCompile(`^[\d.]+$`)
	samplesOfRe   = rx(`^(?:the\s+|its\s+|our\s+)?(?:first\s+|initial\s+|early\s+)?(?:commercial\s+|customer\s+|engineering\s+|production\s+)?(?:samples?|units|shipments|deliveries|batch(?:es)?|volumes)\s+of\s+(?:the\s+|its\s+|our\s+|their\s+)?`)
	acronymRe     = regexp.MustCompile(`^[A-Z]{2,4}$`)
	lowerStop     = map[string]bool{"for": true, "to": true, "with": true, "in": true, "at": true, "on": true, "that": true, "which": true, "as": true, "across": true, "amid": true, "after": true, "by": true, "from": true, "of": true, "and": true, "into": true, "aimed": true, "designed": true, "built": true, "powered": true}
)

// objectPhrase reads the noun phrase at the start of s: a proper-noun
// product name when there is one within two words, else up to six
// lower-case words ending before a function word.
func objectPhrase(s string) string {
	if p := properNoun(s, 2, 5); p != "" && !versionOnlyRe.MatchString(p) && !(acronymRe.MatchString(p) && !strings.HasPrefix(s, p)) {
		// "the M4 smart inverter": keep up to three lower-case words that
		// name the product's kind.
		rest := s[strings.Index(s, p)+len(p):]
		if rest != "" && rest[0] == ' ' {
			var tail []string
			for _, raw := range words(rest) {
				w, end := trimWord(raw)
				lw := strings.ToLower(w)
				if lowerStop[lw] || isNameWord(w) || len(tail) >= 3 || w == "" {
					break
				}
				tail = append(tail, w)
				if end {
					break
				}
			}
			if len(tail) > 0 {
				p += " " + strings.Join(tail, " ")
			}
		}
		return p
	}
	var out []string
	for _, raw := range words(s) {
		w, end := trimWord(raw)
		lw := strings.ToLower(w)
		if lowerStop[lw] || len(out) >= 6 {
			break
		}
		if len(out) == 0 && (lw == "a" || lw == "an" || lw == "the" || lw == "its" || lw == "new" || lw == "their") {
			continue
		}
		out = append(out, w)
		if end {
			break
		}
	}
	return strings.Join(out, " ")
}

func productFacts(text string, n names) Facts {
	var f Facts
	head, _, _ := strings.Cut(text, ". ")
	if m := nowAvailRe.FindStringIndex(head); m != nil {
		f.Product = objectPhrase(head[m[1]:])
	} else if m := availableRe.FindStringSubmatch(head); m != nil {
		subj := m[1]
		// "Acme's Widget Pro is now available": the product is what the
		// company's possessive names.
		if owner, rest, ok := strings.Cut(subj, "'s "); ok && n.is(owner) {
			subj = rest
		}
		f.Product = strings.TrimSpace(subj)
	} else if loc := launchVerbRe.FindStringIndex(text); loc != nil {
		obj := text[loc[1]:]
		// "ships first samples of its MX-1 electrolyte": the product is
		// what is sampled or shipped, not the samples.
		if m := samplesOfRe.FindStringIndex(obj); m != nil {
			obj = obj[m[1]:]
		}
		f.Product = objectPhrase(obj)
	}
	if n.is(f.Product) && !strings.Contains(f.Product, " ") {
		f.Product = ""
	}
	return f
}
