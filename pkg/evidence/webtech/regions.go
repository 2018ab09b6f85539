package webtech

import (
	"regexp"
	"slices"
	"strings"
)

// Where in a document an HTML literal counts. A vendor named in
// commented-out code is not loaded, and a selector such as
// "[data-reactroot]" inside another vendor's script or stylesheet is not
// the page's own markup.
const (
	placeAnywhere   uint8 = iota // the whole document (a marker comment: "<!-- This is Squarespace. -->")
	placeNotComment              // outside HTML comments (hosts, paths, code identifiers)
	placeMarkup                  // in tags: outside comments and outside script and style text
)

// Kinds of region the markup pass records.
const (
	regionComment uint8 = 1 << iota // an HTML comment, not an IE conditional comment
	regionText                      // the text of a <script> or <style> element
)

// regions are the non-markup byte ranges of a document, in document order.
type regions struct {
	spans []span
}

type span struct {
	start, end int // [start, end)
	kind       uint8
}

func (r *regions) add(kind uint8, start, end int) {
	if end > start {
		r.spans = append(r.spans, span{start: start, end: end, kind: kind})
	}
}

// allows reports whether a literal of place starting at pos counts.
func (r *regions) allows(place uint8, pos int) bool {
	if place == placeAnywhere || len(r.spans) == 0 {
		return true
	}
	i, _ := slices.BinarySearchFunc(r.spans, pos, func(s span, p int) int {
		switch {
		case s.end <= p:
			return -1
		case s.start > p:
			return 1
		}
		return 0
	})
	if i >= len(r.spans) || r.spans[i].start > pos || pos >= r.spans[i].end {
		return true
	}
	switch r.spans[i].kind {
	case regionComment:
		return false
	case regionText:
		return place != placeMarkup
	}
	return true
}

// conditionalComment reports whether a comment's text is an IE conditional
// comment ("[if lt IE 9]><script src=...>", "<![endif]"): old browsers load
// what it holds, so it is read as markup.
func conditionalComment(text []byte) bool {
	t := strings.TrimSpace(string(text))
	return strings.HasPrefix(t, "[if") || strings.HasPrefix(t, "<![endif]") || strings.HasSuffix(t, "<![endif]")
}

// attributeLiteral matches literals that are an attribute ("data-wf-page=",
// `id="__NEXT_DATA__"`, "data-reactroot", "ng-app") or an element
// ("<mux-player"): they are evidence only in the page's tags.
var attributeLiteral = regexp.MustCompile(`^(?:<[a-zA-Z]|[a-zA-Z][\w:-]*="?$|[a-zA-Z][\w:-]*="|(?:data|ng)-[a-z-]*[a-z]$)`)

// literalPlace is where an HTML literal counts: a literal that is itself a
// comment anywhere, an attribute or element in tags only, anything else
// outside comments.
func literalPlace(lit string) uint8 {
	switch {
	case strings.HasPrefix(lit, "<!--"):
		return placeAnywhere
	case attributeLiteral.MatchString(lit):
		return placeMarkup
	}
	return placeNotComment
}
