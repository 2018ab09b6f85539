package config

import "sort"

// Names returns every variable load reads, sorted and without duplicates.
// load is called once with a lookup that has nothing set, so every optional
// variable is asked for, and every secret's NAME_FILE too: the list is
// derived from the loader itself and cannot drift from it (deployment
// manifests are checked against it).
func Names(load func(Lookup)) []string {
	seen := map[string]bool{}
	load(func(key string) (string, bool) {
		seen[key] = true
		return "", false
	})
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
