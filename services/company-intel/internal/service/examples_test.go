package service_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
)

// TestRecordBriefExamples records the signals, deal-brief and deep 200 examples of
// openapi/company-intel.yaml: it pays for each operation's request example
// over the fixture world and writes the response in place of the
// documented one (TestBriefExamplesAreValid checks them). Run with
// RECORD_BRIEF_EXAMPLES=1. The fixture servers' loopback origins are
// replaced by the origins they stand for (SEC EDGAR, the company's site)
// and the source ids recomputed from the replaced URLs; times are cut to
// whole seconds and the request ids fixed.
func TestRecordBriefExamples(t *testing.T) {
	if os.Getenv("RECORD_BRIEF_EXAMPLES") == "" {
		t.Skip("set RECORD_BRIEF_EXAMPLES=1 to record the OpenAPI examples")
	}
	doc, err := openapidoc.Load(openapi.CompanyIntel)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, sourcetest.WorldOptions{}, nil)
	payer := briefPayer(t)
	yamlPath := filepath.Join("..", "..", "..", "..", "openapi", "company-intel.yaml")
	yaml, err := os.ReadFile(yamlPath)
	if err != nil {
		t.Fatal(err)
	}
	out := string(yaml)
	for _, ex := range []struct{ path, schema, requestID string }{
		{pathSignals, "SignalsResponse", "req_5f0c1e9a2b7d4c3e8a1f6b20"},
		{pathBrief, "DealBriefResponse", "req_3f9a2c7d1e8b4a6f0c5d2e91"},
		{pathDeep, "DeepBriefResponse", "req_8d1e4b7a2f9c3e6a0b5d7c42"},
	} {
		body, err := json.Marshal(doc.T.Paths.Find(ex.path).Post.RequestBody.Value.Content.Get("application/json").Example)
		if err != nil {
			t.Fatal(err)
		}
		res, raw := h.post(t, payer, ex.path, string(body))
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", ex.path, res.StatusCode, raw)
		}
		example := normaliseExample(t, raw, ex.requestID)
		if ex.path != pathSignals {
			checkBrief(t, []byte(example), ex.path == pathDeep)
		}
		anchor := "              schema: {$ref: '#/components/schemas/" + ex.schema + "'}\n"
		i := strings.Index(out, anchor)
		if i < 0 {
			t.Fatalf("no %q in %s", anchor, yamlPath)
		}
		i += len(anchor)
		rest := out[i:]
		if strings.HasPrefix(rest, "              example: ") {
			rest = rest[strings.Index(rest, "\n")+1:]
		}
		out = out[:i] + "              example: " + example + "\n" + rest
	}
	if err := os.WriteFile(yamlPath, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

var (
	fixtureOrigin = regexp.MustCompile(`^http://(127\.0\.0\.1|[a-z0-9.-]+):\d+`)
	subSecond     = regexp.MustCompile(`(\d{2}:\d{2}:\d{2})\.\d+Z`)
	requestIDProp = regexp.MustCompile(`"requestId":"[^"]*"`)
)

// normaliseExample rewrites a recorded body for the documentation (see
// TestRecordBriefExamples).
func normaliseExample(t *testing.T, raw []byte, requestID string) string {
	t.Helper()
	var d struct{ Sources []struct{ ID, URL string } }
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	for _, src := range d.Sources {
		m := fixtureOrigin.FindStringSubmatch(src.URL)
		if m == nil {
			continue
		}
		origin := "https://www.sec.gov" // the SEC fake serves on 127.0.0.1
		if m[1] != "127.0.0.1" {
			origin = "https://" + m[1] // a company site of the world
		}
		u := fixtureOrigin.ReplaceAllString(src.URL, origin)
		from, _ := json.Marshal(src.URL)
		to, _ := json.Marshal(u)
		s = strings.ReplaceAll(s, string(from), string(to))
		s = strings.ReplaceAll(s, `"`+src.ID+`"`, `"`+source.ID(u)+`"`)
	}
	s = strings.ReplaceAll(s, "127.0.0.1 gives", "www.sec.gov gives") // a qualification reason naming its source's host
	s = subSecond.ReplaceAllString(s, "${1}Z")
	s = requestIDProp.ReplaceAllString(s, `"requestId":"`+requestID+`"`)
	if strings.Contains(s, "127.0.0.1") {
		t.Fatalf("a loopback address is left in the example: %s", s)
	}
	return s
}
