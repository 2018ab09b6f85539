package finding

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
)

// declaredIDs returns every constant of type ID in ids.go, by value, with
// its Go name.
func declaredIDs(t *testing.T) map[ID]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "ids.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[ID]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if typ, ok := v.Type.(*ast.Ident); !ok || typ.Name != "ID" || len(v.Names) != 1 || len(v.Values) != 1 {
				t.Fatalf("const %s is not one typed ID", v.Names[0].Name)
			}
			lit, ok := v.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Fatalf("const %s is not a string literal", v.Names[0].Name)
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if prev, dup := out[ID(s)]; dup {
				t.Errorf("%s and %s are both %q", prev, v.Names[0].Name, s)
			}
			out[ID(s)] = v.Names[0].Name
		}
	}
	return out
}

// auditChecks is the AuditCheck enum of the dns-audit contract.
func auditChecks(t *testing.T) []string {
	t.Helper()
	doc, err := openapidoc.Load(openapi.DomainQual)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := doc.T.Components.Schemas["AuditCheck"]
	if !ok || s.Value == nil {
		t.Fatal("openapi/domain-qual.yaml has no AuditCheck schema")
	}
	var out []string
	for _, e := range s.Value.Enum {
		out = append(out, e.(string))
	}
	return out
}

// Every id is "check.name" where check is one of the contract's audit
// checks (the check that scores it), and its Go name spells the same.
func TestIDsAreNamedByTheirCheck(t *testing.T) {
	checks := auditChecks(t)
	ids := declaredIDs(t)
	if len(ids) == 0 {
		t.Fatal("no ids declared")
	}
	name := regexp.MustCompile(`^([a-z_]+)\.[a-z0-9_]+$`)
	for id, goName := range ids {
		m := name.FindStringSubmatch(string(id))
		if m == nil || !slices.Contains(checks, m[1]) {
			t.Errorf("%s = %q is not <audit check>.<name> (checks %v)", goName, id, checks)
			continue
		}
		prefix := strings.ToUpper(strings.ReplaceAll(m[1], "_", ""))
		if !strings.HasPrefix(goName, prefix) {
			t.Errorf("%s = %q: the Go name does not start with %s", goName, id, prefix)
		}
	}
}

// The contract does not enumerate finding ids (Finding.id and
// score_breakdown.finding_id are strings); every id it names, in
// descriptions and examples, must be one the service emits.
func TestOpenAPINamesOnlyDeclaredIDs(t *testing.T) {
	ids := declaredIDs(t)
	checks := strings.Join(auditChecks(t), "|")
	named := regexp.MustCompile("[\"`]((?:" + checks + `)\.[a-z0-9_]+)["` + "`]")
	found := 0
	for _, m := range named.FindAllSubmatch(openapi.DomainQual, -1) {
		found++
		if _, ok := ids[ID(m[1])]; !ok {
			t.Errorf("openapi/domain-qual.yaml names finding %q, which no constant declares", m[1])
		}
	}
	if found == 0 {
		t.Fatal("openapi/domain-qual.yaml names no finding id: the pattern is stale")
	}
}

func TestFind(t *testing.T) {
	fs := []Finding{
		{ID: SPFNeutralAll, Severity: High, Title: "root ?all"},
		{ID: SPFIncludePassAll, Severity: Critical, Title: "first include +all"},
		{ID: SPFIncludePassAll, Severity: Critical, Title: "second include +all"},
		{ID: SPFPTRUsed, Severity: Low},
	}
	tests := []struct {
		name  string
		ids   []ID
		title string
		ok    bool
	}{
		{"most severe wins", []ID{SPFNeutralAll, SPFIncludePassAll}, "first include +all", true},
		{"earliest among equals", []ID{SPFIncludePassAll}, "first include +all", true},
		{"one id", []ID{SPFNeutralAll}, "root ?all", true},
		{"absent", []ID{SPFPassAll}, "", false},
		{"no ids", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := Find(fs, tt.ids...)
			if ok != tt.ok || f.Title != tt.title {
				t.Errorf("Find(%v) = %q, %v; want %q, %v", tt.ids, f.Title, ok, tt.title, tt.ok)
			}
		})
	}
}
