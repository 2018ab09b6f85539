// Helpers that write the reasons (quoting terms, naming sources and the
// company), collect their evidence URLs, and build an excluded component.

package qualify

import (
	"net/url"
	"strings"
)

func quote(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = "'" + s + "'"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func surfaces(t terms, stems []string, limit int) []string {
	var out []string
	for _, s := range stems {
		if len(out) == limit {
			break
		}
		out = append(out, t.surface[s])
	}
	return out
}

// sourceName names where a fact came from: "Wikidata", "SEC EDGAR" or the
// host.
func sourceName(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return "a cited source"
	}
	h := strings.TrimPrefix(strings.ToLower(p.Hostname()), "www.")
	switch {
	case strings.Contains(h, "wikidata"):
		return "Wikidata"
	case strings.HasSuffix(h, "sec.gov"):
		return "SEC EDGAR"
	}
	return h
}

// possessive is "Acme's", or "Northwind Robotics'" for a name ending in s.
func possessive(n string) string {
	if strings.HasSuffix(n, "s") {
		return n + "'"
	}
	return n + "'s"
}

func name(in Input) string {
	if in.Company.Name != "" {
		return in.Company.Name
	}
	return in.Company.Domain
}

func uniq(urls ...string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, u := range urls {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

func excluded(n, why string) scored {
	return scored{Component: Component{Name: n, Reason: "Excluded: " + why + "; its weight is shared among the other components."}}
}
