package googlenews

import (
	"html"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/source"
)

// description is what is read from an item's description, an HTML
// fragment (escaped in the XML). Today's feed sends
//
//	<a href="https://news.google.com/rss/articles/…" target="_blank">Headline</a>&nbsp;&nbsp;<font color="#6f6f6f">Publisher</font>
//
// A story cluster (the 2020 feeds) sends an <ol> of such pairs, the
// item's own first, ending with <li><strong><a href=".../stories/…">View
// Full Coverage…</a></strong></li>; older feeds added a snippet in <font
// size="-1">. Only that snippet is prose: the anchors are headlines (the
// item's own or other articles') and the colored labels publishers.
type description struct {
	href  string // the first anchor's href
	text  string // all text, folded
	prose string // text outside anchors and publisher labels (<font color=…>), folded
}

// parseDescription reads a description fragment. It tolerates anything:
// unclosed tags, stray "<", unknown entities.
func parseDescription(s string) description {
	var d description
	var all, prose strings.Builder
	anchors := 0
	var fonts []bool // open <font> elements: true for a publisher label
	labels := 0
	text := func(t string) {
		t = html.UnescapeString(t)
		all.WriteString(t)
		if anchors == 0 && labels == 0 {
			prose.WriteString(t)
		}
	}
	for s != "" {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			text(s)
			break
		}
		text(s[:lt])
		s = s[lt:]
		if !startsTag(s) {
			// A "<" not followed by a tag name is text, as in HTML.
			text("<")
			s = s[1:]
			continue
		}
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				break
			}
			s = s[end+3:]
			continue
		}
		gt := strings.IndexByte(s, '>')
		if gt < 0 {
			text(s)
			break
		}
		name, closing, attrs := parseTag(s[1:gt])
		s = s[gt+1:]
		// Every tag separates words ("<br>", "</li><li>").
		all.WriteByte(' ')
		prose.WriteByte(' ')
		switch name {
		case "a":
			switch {
			case closing:
				anchors = max(anchors-1, 0)
			case !selfClosing(attrs):
				anchors++
				if d.href == "" {
					d.href = attr(attrs, "href")
				}
			}
		case "font":
			switch {
			case closing && len(fonts) > 0:
				if fonts[len(fonts)-1] {
					labels--
				}
				fonts = fonts[:len(fonts)-1]
			case !closing:
				label := attr(attrs, "color") != ""
				fonts = append(fonts, label)
				if label {
					labels++
				}
			}
		}
	}
	d.text = source.Fold(all.String())
	d.prose = source.Fold(prose.String())
	return d
}

// startsTag reports whether s (starting with "<") opens a tag, a closing
// tag or a comment.
func startsTag(s string) bool {
	if len(s) < 2 {
		return false
	}
	c := s[1]
	return c == '/' || c == '!' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// parseTag splits the inside of a tag ("a href=x", "/font") into its
// lower-case name, whether it closes, and the attribute text.
func parseTag(t string) (name string, closing bool, attrs string) {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "/") {
		closing = true
		t = strings.TrimSpace(t[1:])
	}
	end := strings.IndexFunc(t, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '/' })
	if end < 0 {
		end = len(t)
	}
	return strings.ToLower(t[:end]), closing, t[end:]
}

func selfClosing(attrs string) bool { return strings.HasSuffix(strings.TrimSpace(attrs), "/") }

// attr returns the unescaped value of attribute name in attrs ("" when
// absent). Values may be double-quoted, single-quoted or bare.
func attr(attrs, name string) string {
	s := attrs
	for s != "" {
		s = strings.TrimLeft(s, " \t\r\n/")
		eq := strings.IndexAny(s, "= \t\r\n")
		if eq < 0 {
			return ""
		}
		key := strings.ToLower(s[:eq])
		s = strings.TrimLeft(s[eq:], " \t\r\n")
		if !strings.HasPrefix(s, "=") {
			// An attribute without a value.
			if key == name {
				return ""
			}
			continue
		}
		s = strings.TrimLeft(s[1:], " \t\r\n")
		var val string
		switch {
		case s == "":
		case s[0] == '"' || s[0] == '\'':
			end := strings.IndexByte(s[1:], s[0])
			if end < 0 {
				val, s = s[1:], ""
			} else {
				val, s = s[1:1+end], s[2+end:]
			}
		default:
			end := strings.IndexAny(s, " \t\r\n")
			if end < 0 {
				end = len(s)
			}
			val, s = s[:end], s[end:]
		}
		if key == name {
			return html.UnescapeString(val)
		}
	}
	return ""
}
