package config

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Decl is the declaration of one variable, as the getter that reads it
// states it: the configuration reference (docs/configuration.md) is
// generated from these, so it cannot drift from the loaders.
type Decl struct {
	Name string
	// Kind is what the getter parses: "text", "file path", "integer",
	// "number", "duration", "boolean", "URL", "host:port list" or
	// "address".
	Kind string
	// Default is the value used while the variable is unset, written as a
	// user would set it (5s, 8081, https://api.exa.ai); "" = none.
	Default string
	// Allowed is the getter's bound or format beyond its kind (1..65535,
	// http, https), or "".
	Allowed string
	// Secret is set for a variable masked in Effective.
	Secret bool
	// Doc is the one-line description given with Describe.
	Doc string
}

// Describe gives the description of each variable the caller reads
// (name → one line). A loader function calls it next to its getters, with
// a map declared beside it, so a variable and its description are written
// in one place; Declarations reports a variable read without one, and a
// description of a variable never read. A secret's NAME_FILE needs no
// entry: it is described from NAME.
func (l *Loader) Describe(docs map[string]string) {
	if l.docs == nil {
		l.docs = map[string]string{}
	}
	for name, doc := range docs {
		if _, dup := l.docs[name]; dup {
			l.docErrs = append(l.docErrs, name+": described twice")
		}
		l.docs[name] = doc
	}
}

// Declarations returns the declaration of every variable read so far, in
// reading order, each once, with its description. The error names every
// variable read without a description, every description of a variable
// never read, and every variable read twice with different declarations.
//
// A getter declares its variable whether or not it is set (and Secret
// declares NAME_FILE too), so one run of a loader over an empty lookup
// declares every variable, provided the loader calls its getters
// unconditionally (a getter called only when another variable is set
// would be missed: read it always and use it conditionally).
func (l *Loader) Declarations() ([]Decl, error) {
	problems := append([]string(nil), l.docErrs...)
	seen := map[string]int{}
	var out []Decl
	for _, d := range l.decls {
		if i, ok := seen[d.Name]; ok {
			if out[i].Kind != d.Kind || out[i].Default != d.Default || out[i].Allowed != d.Allowed || out[i].Secret != d.Secret {
				problems = append(problems, d.Name+": read twice with different declarations")
			}
			continue
		}
		doc, ok := l.docs[d.Name]
		switch {
		case ok:
			d.Doc = doc
		case d.fileOf != "":
			d.Doc = "path of a file holding `" + d.fileOf + "`, read when `" + d.fileOf + "` is unset"
		default:
			problems = append(problems, d.Name+": read without a description (Describe)")
		}
		seen[d.Name] = len(out)
		out = append(out, d.Decl)
	}
	var stale []string
	for name := range l.docs {
		if _, ok := seen[name]; !ok {
			stale = append(stale, name+": described but never read")
		}
	}
	sort.Strings(stale)
	problems = append(problems, stale...)
	if len(problems) > 0 {
		return out, errors.New("configuration declarations:\n  - " + strings.Join(problems, "\n  - "))
	}
	return out, nil
}

// Declare runs load over a Loader with nothing set and returns its
// Declarations: the reference of every variable load reads.
func Declare(load func(*Loader)) ([]Decl, error) {
	l := NewLoader(Map(nil))
	load(l)
	return l.Declarations()
}

// decl is a Decl as recorded, with the secret a NAME_FILE belongs to.
type decl struct {
	Decl
	fileOf string
}

func (l *Loader) declare(d Decl) { l.decls = append(l.decls, decl{Decl: d}) }

// FormatDuration writes d as a user would set it: 6h rather than 6h0m0s,
// 1m30s, 250ms.
func FormatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// formatFloat writes f as a user would set it: 0.05, 20.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
