package service_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
)

const (
	pathClassify = "/api/v1/domain/classify"
	pathAudit    = "/api/v1/domain/dns-audit"
)

// exampleInstant is the one clock of the recorded examples: every
// checked_at, every retrieved_at and the MTA-STS id= derived from
// checked_at.
var exampleInstant = time.Date(2026, 11, 22, 4, 30, 29, 0, time.UTC)

// recordedExample is one 200 example of openapi/domain-qual.yaml that
// TestRecordExamples records: the operation, the query it pays for (GET)
// and the response schema whose `schema:` line the example follows.
type recordedExample struct {
	path, query, schema string
	domain              string // the domain the example answers for (TestExamplesAreValid)
	site                bool   // the operation fetches fourth-coffee.com's website fixture
}

// recordedExamples are the recorded examples. The queries are the ones the
// documented examples answer: dns-audit with the DKIM selector s1 of
// tailwind-traders.com's zone, full-profile with selector google (the
// example's optional_dkim names it without tried selectors); batch-classify
// posts the operation's request example.
var recordedExamples = []recordedExample{
	{path: pathClassify, query: "domain=tailwind-traders.com", schema: "ClassifyResult", domain: "tailwind-traders.com"},
	{path: pathAudit, query: "domain=tailwind-traders.com&selector=s1", schema: "AuditResult", domain: "tailwind-traders.com"},
	{path: pathProfile, query: "domain=fourth-coffee.com&selector=google", schema: "ProfileResult", domain: "fourth-coffee.com", site: true},
	{path: pathBatch, schema: "BatchResult"},
}

const yamlPath = "../../../../openapi/domain-qual.yaml"

// TestRecordExamples records the classify, dns-audit, full-profile and
// batch-classify 200 examples of openapi/domain-qual.yaml: it pays for each
// operation's request over the fixture world (testdata/*.zone, the
// fourth-coffee.html site), one freshly booted service per operation, and
// writes the response, normalised by normaliseExample, in place of the
// documented one (TestExamplesAreValid checks them). Run with
// RECORD_DQ_EXAMPLES=1.
//
// The service validates its embedded document's examples when it starts,
// so it cannot start while an example is invalid (after a schema change):
// the recorder then removes the four examples, fails, and records them
// when run again (the test binary embeds the document as it was built).
func TestRecordExamples(t *testing.T) {
	if os.Getenv("RECORD_DQ_EXAMPLES") == "" {
		t.Skip("set RECORD_DQ_EXAMPLES=1 to record the OpenAPI examples")
	}
	yaml, err := os.ReadFile(filepath.FromSlash(yamlPath))
	if err != nil {
		t.Fatal(err)
	}
	out := string(yaml)
	doc, err := openapidoc.Load(openapi.DomainQual)
	if err != nil && !strings.Contains(err.Error(), "example") {
		t.Fatal(err)
	}
	if err != nil {
		for _, ex := range recordedExamples {
			out = setExample(t, out, ex.schema, "")
		}
		if err := os.WriteFile(filepath.FromSlash(yamlPath), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Fatalf("the embedded document does not load (%v): removed the recorded examples from %s; run again to record them", err, yamlPath)
	}
	for _, ex := range recordedExamples {
		var env map[string]string
		if ex.site {
			env = fixtureSite(t)
		}
		h := newHarness(t, zoneConfig(), env)
		var res *http.Response
		var raw []byte
		if ex.path == pathBatch {
			body, err := json.Marshal(doc.T.Paths.Find(ex.path).Post.RequestBody.Value.Content.Get("application/json").Example)
			if err != nil {
				t.Fatal(err)
			}
			res, raw = h.post(t, h.paid, ex.path, "application/json", body)
		} else {
			res, raw = h.get(t, h.paid, ex.path, ex.query)
		}
		if res.StatusCode != http.StatusOK || res.Header.Get("x-domain-qual-cache") != "MISS" {
			t.Fatalf("%s: %d cache %q: %s", ex.path, res.StatusCode, res.Header.Get("x-domain-qual-cache"), raw)
		}
		out = setExample(t, out, ex.schema, normaliseExample(t, raw, env["WEBSITE_HTTP_PORT"]))
	}
	if _, err := openapidoc.Load([]byte(out)); err != nil {
		t.Fatalf("the recorded document does not load: %v", err)
	}
	if err := os.WriteFile(filepath.FromSlash(yamlPath), []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// setExample puts example (one line of JSON; "" removes it) on the
// `example:` line that follows the 200 response's `schema:` line naming
// schema.
func setExample(t *testing.T, doc, schema, example string) string {
	t.Helper()
	const indent = "              "
	anchor := indent + "schema: {$ref: '#/components/schemas/" + schema + "'}\n"
	if n := strings.Count(doc, anchor); n != 1 {
		t.Fatalf("%d lines %q in %s, want 1", n, anchor, yamlPath)
	}
	i := strings.Index(doc, anchor) + len(anchor)
	rest := doc[i:]
	if strings.HasPrefix(rest, indent+"example: ") {
		rest = rest[strings.Index(rest, "\n")+1:]
	}
	if example == "" {
		return doc[:i] + rest
	}
	return doc[:i] + indent + "example: " + example + "\n" + rest
}

var (
	checkedAtProp   = regexp.MustCompile(`"checked_at":"([^"]*)"`)
	retrievedAtProp = regexp.MustCompile(`"retrieved_at":"[^"]*"`)
	loopback        = regexp.MustCompile(`127\.0\.0\.1|\[::1\]|localhost`)
)

// normaliseExample rewrites a recorded body for the documentation: the
// website fixture's loopback port (sitePort, "" when the operation fetches
// no site) is dropped from its URLs, which then name the origin the fixture
// stands for (http://fourth-coffee.com), and the source ids are recomputed
// from the rewritten URLs; checked_at, the MTA-STS id= derived from it and
// retrieved_at become exampleInstant. The key order is the service's; the
// JSON is put on one line with a space after each colon and comma, and
// without the HTML escapes of encoding/json, as the document's other
// examples.
func normaliseExample(t *testing.T, raw []byte, sitePort string) string {
	t.Helper()
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	s := compact.String()
	if sitePort != "" {
		var d struct {
			Website struct {
				Source *struct{ ID, URL string } `json:"source"`
			} `json:"website_metadata"`
		}
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatal(err)
		}
		s = regexp.MustCompile(`(https?://[a-z0-9.-]+):`+regexp.QuoteMeta(sitePort)+`\b`).ReplaceAllString(s, "${1}")
		if src := d.Website.Source; src != nil {
			if src.ID != source.ID(src.URL) {
				t.Fatalf("source id %s is not the id of %s", src.ID, src.URL)
			}
			u := strings.Replace(src.URL, ":"+sitePort, "", 1)
			s = strings.ReplaceAll(s, `"`+src.ID+`"`, `"`+source.ID(u)+`"`)
		}
		if strings.Contains(s, ":"+sitePort) {
			t.Fatalf("the fixture port %s is left in the example: %s", sitePort, s)
		}
	}
	fixed := exampleInstant.Format(time.RFC3339)
	stsID := func(ts string) string { return strings.NewReplacer("-", "", ":", "", "T", "", "Z", "").Replace(ts) }
	for _, m := range checkedAtProp.FindAllStringSubmatch(s, -1) {
		if _, err := time.Parse(time.RFC3339, m[1]); err != nil {
			t.Fatalf("checked_at %q: %v", m[1], err)
		}
		s = strings.ReplaceAll(s, m[0], `"checked_at":"`+fixed+`"`)
		s = strings.ReplaceAll(s, "v=STSv1; id="+stsID(m[1]), "v=STSv1; id="+stsID(fixed))
	}
	s = retrievedAtProp.ReplaceAllString(s, `"retrieved_at":"`+fixed+`"`)
	if loopback.MatchString(s) {
		t.Fatalf("a loopback address is left in the example: %s", s)
	}
	return spaced(s)
}

// spaced re-spaces compact JSON: a space after every colon and comma
// outside strings, and \u003c, \u003e, \u0026 written as <, >, &.
func spaced(s string) string {
	unescape := map[string]byte{`\u003c`: '<', `\u003e`: '>', `\u0026`: '&'}
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inString && c == '\\':
			if r, ok := unescape[s[i:min(i+6, len(s))]]; ok {
				b.WriteByte(r)
				i += 5
				continue
			}
			b.WriteString(s[i : i+2]) // an escape: \" and \\ do not end the string
			i++
			continue
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			b.WriteByte(c)
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// TestExamplesAreValid: the embedded document loads (openapidoc.Load
// checks every example against its schema) and has the recorded 200
// examples, each for the domain it is recorded for, with the recorder's
// clock; the batch example answers the operation's request example, entry
// by entry.
func TestExamplesAreValid(t *testing.T) {
	checkExamples(t, openapi.DomainQual)
}

func checkExamples(t *testing.T, document []byte) {
	t.Helper()
	doc, err := openapidoc.Load(document)
	if err != nil {
		t.Fatal(err)
	}
	fixed := exampleInstant.Format(time.RFC3339)
	for _, ex := range recordedExamples {
		op := doc.T.Paths.Find(ex.path).GetOperation(http.MethodGet)
		if ex.path == pathBatch {
			op = doc.T.Paths.Find(ex.path).Post
		}
		media := op.Responses.Status(http.StatusOK).Value.Content.Get("application/json")
		if media.Schema.Ref != "#/components/schemas/"+ex.schema || media.Example == nil {
			t.Errorf("%s: 200 schema %q, example %v: want %s with an example (RECORD_DQ_EXAMPLES=1 records it)", ex.path, media.Schema.Ref, media.Example, ex.schema)
			continue
		}
		js, err := json.Marshal(media.Example)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Domain    string `json:"domain"`
			CheckedAt string `json:"checked_at"`
			Results   []struct {
				Input string `json:"input"`
			} `json:"results"`
		}
		if err := json.Unmarshal(js, &got); err != nil {
			t.Fatal(err)
		}
		if got.Domain != ex.domain || got.CheckedAt != fixed {
			t.Errorf("%s example: domain %q checked_at %q, want %q %q", ex.path, got.Domain, got.CheckedAt, ex.domain, fixed)
		}
		if loopback.Match(js) {
			t.Errorf("%s example names a loopback address: %s", ex.path, js)
		}
		if ex.path == pathBatch {
			var req struct {
				Domains []string `json:"domains"`
			}
			body, _ := json.Marshal(op.RequestBody.Value.Content.Get("application/json").Example)
			if err := json.Unmarshal(body, &req); err != nil || len(req.Domains) == 0 {
				t.Fatalf("batch request example %s: %v", body, err)
			}
			var inputs []string
			for _, r := range got.Results {
				inputs = append(inputs, r.Input)
			}
			if strings.Join(inputs, "\n") != strings.Join(req.Domains, "\n") {
				t.Errorf("batch example answers %q, the request example is %q", inputs, req.Domains)
			}
		}
	}
}
