package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/config"
	ciops "github.com/intel402/intel402/services/company-intel/ops"
	dqops "github.com/intel402/intel402/services/domain-qual/ops"
)

// committed is the reference in the repository (tests run in deploy/cmd/configdoc).
var committed = filepath.Join("..", "..", "..", "docs", "configuration.md")

func TestReferenceIsCurrent(t *testing.T) {
	want, err := reference()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	i := 0
	for i < len(gl) && i < len(wl) && gl[i] == wl[i] {
		i++
	}
	t.Fatalf("docs/configuration.md is stale: run `make configdoc`. First difference, line %d:\n"+
		"committed: %s\ngenerated: %s", i+1, line(gl, i), line(wl, i))
}

// line is lines[i], or "(end of file)".
func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}

// The declarations list exactly the variables the loaders look up (the
// names the deployment manifests are checked against).
func TestDeclarationsAreEveryVariableRead(t *testing.T) {
	svcs, err := services()
	if err != nil {
		t.Fatal(err)
	}
	for i, names := range [][]string{ciops.EnvNames(), dqops.EnvNames()} {
		var declared []string
		for _, d := range svcs[i].decls {
			declared = append(declared, d.Name)
		}
		slices.Sort(declared)
		if !slices.Equal(declared, names) {
			t.Errorf("%s: declared %v\nread %v", svcs[i].name, declared, names)
		}
	}
}

func TestRender(t *testing.T) {
	port := func(def string) config.Decl {
		return config.Decl{Name: "PORT", Kind: "integer", Default: def, Allowed: "0..65535", Doc: "listen port"}
	}
	key := config.Decl{Name: "KEY", Kind: "text", Secret: true, Doc: "a | b"}
	got := string(render([]service{
		{"one", []config.Decl{port("8080"), key, {Name: "DNS", Kind: "text", Doc: "one's"}}},
		{"two", []config.Decl{{Name: "DNS", Kind: "text", Doc: "two's"}, port("8081"), key}},
	}))
	for _, want := range []string{
		"## Both services\n\nRead alike by both; a default that differs is given per service.\n\n" +
			"| Variable | Default | Allowed | Secret | Description |\n|---|---|---|---|---|\n" +
			"| `PORT` | `8080` (one), `8081` (two) | integer (0..65535) |  | listen port |\n" +
			"| `KEY` | none | text | yes | a \\| b |\n\n## one\n",
		"## one\n\nRead by one alone, or in its own way.\n\n| Variable | Default | Allowed | Secret | Description |\n" +
			"|---|---|---|---|---|\n| `DNS` | none | text |  | one's |\n\n## two\n",
		"| `DNS` | none | text |  | two's |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("render lacks\n%s\nin\n%s", want, got)
		}
	}
}
