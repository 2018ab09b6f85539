package landing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// What Abridge keeps of an example.
const (
	abridgeItems = 2  // items shown of an array
	abridgeKeys  = 8  // keys shown of a nested object (the top level shows all)
	abridgeRunes = 90 // characters shown of a string
	abridgeDepth = 3  // nesting shown: a container deeper than this is summarised
)

// Abridge renders a JSON value (as encoding/json decodes into any) as
// indented JSON shortened for reading, the same way every time: object
// keys sorted; an array shows its first abridgeItems items and then a line
// "… N more"; a nested object shows its first abridgeKeys keys and then
// "… N more keys"; a string longer than abridgeRunes characters is cut and ends
// in "…"; an object or array nested deeper than abridgeDepth is written
// {…N keys} or […N items]. Nothing is left out silently, so the result is
// JSON only where nothing was cut.
func Abridge(v any) string {
	var b strings.Builder
	abridge(&b, v, 0)
	return b.String()
}

func abridge(b *strings.Builder, v any, depth int) {
	switch x := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		shown := len(keys)
		if depth > 0 {
			shown = min(shown, abridgeKeys)
		}
		entries := make([]entry, shown)
		for i, k := range keys[:shown] {
			entries[i] = entry{jsonText(k) + ": ", x[k]}
		}
		container(b, depth, len(x), entries, "{", "}", "key", "keys")
	case []any:
		entries := make([]entry, min(len(x), abridgeItems))
		for i := range entries {
			entries[i] = entry{"", x[i]}
		}
		container(b, depth, len(x), entries, "[", "]", "item", "items")
	case string:
		if r := []rune(x); len(r) > abridgeRunes {
			b.WriteString(jsonText(string(r[:abridgeRunes-1]) + "…"))
			return
		}
		b.WriteString(jsonText(x))
	default:
		b.WriteString(jsonText(x))
	}
}

// entry is one member of an object ("key": value) or array (value).
type entry struct {
	label string
	value any
}

// container writes an object or array of n members, of which entries are
// shown: one per line, then a line "… N more" for the rest (naming keys,
// not items, for an object); below abridgeDepth only the count.
func container(b *strings.Builder, depth, n int, entries []entry, open, close, one, many string) {
	switch {
	case n == 0:
		b.WriteString(open + close)
		return
	case depth >= abridgeDepth:
		fmt.Fprintf(b, "%s…%d %s%s", open, n, plural(n, one, many), close)
		return
	}
	indent := strings.Repeat("  ", depth)
	b.WriteString(open + "\n")
	for i, e := range entries {
		b.WriteString(indent + "  " + e.label)
		abridge(b, e.value, depth+1)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	if rest := n - len(entries); rest > 0 {
		more := ""
		if open == "{" {
			more = " " + plural(rest, one, many)
		}
		fmt.Fprintf(b, "%s  … %d more%s\n", indent, rest, more)
	}
	b.WriteString(indent + close)
}

// jsonText is v as JSON, without encoding/json's HTML escapes (the page
// template escapes what it writes).
func jsonText(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
