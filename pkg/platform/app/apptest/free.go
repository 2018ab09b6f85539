package apptest

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
)

// CheckFreeEndpoints checks what every service serves for free: the health
// body (validated against document, with the service name, network and
// version "test" that Boot sets, never a payment challenge), /openapi.json,
// the landing page and its JSON index (CheckLanding), the error envelope of
// an unknown route, and HEAD on the free GET routes (health, /openapi.json,
// /capabilities.json, /pricing.json, /): 200, the GET's Content-Type, no
// body.
func CheckFreeEndpoints(tb testing.TB, base, service, healthPath, unknownPath string, document []byte) {
	tb.Helper()
	v := contracttest.New(tb, document)

	req, _ := http.NewRequest(http.MethodGet, base+healthPath, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	body := v.CheckResponse(tb, req, res)
	res.Body.Close()
	var h map[string]any
	_ = json.Unmarshal(body, &h)
	if res.StatusCode != http.StatusOK || h["status"] != "ok" || h["service"] != service ||
		h["network"] != "eip155:8453" || h["version"] != "test" {
		tb.Fatalf("health %d %s", res.StatusCode, body)
	}
	if at, _ := h["generatedAt"].(string); at == "" {
		tb.Fatal("health without generatedAt")
	} else if _, err := time.Parse(time.RFC3339, at); err != nil {
		tb.Fatalf("generatedAt: %v", err)
	}
	if res.Header.Get("Payment-Required") != "" {
		tb.Fatal("health must never ask for payment")
	}

	res, err = http.Get(base + "/openapi.json")
	if err != nil {
		tb.Fatal(err)
	}
	var doc map[string]any
	if err := json.NewDecoder(res.Body).Decode(&doc); err != nil || res.StatusCode != http.StatusOK {
		tb.Fatalf("openapi.json: %d %v", res.StatusCode, err)
	}
	res.Body.Close()
	if version, _ := doc["openapi"].(string); !strings.HasPrefix(version, "3.") {
		tb.Fatalf("openapi version %v", doc["openapi"])
	}

	CheckLanding(tb, v, base, document)

	for _, path := range []string{healthPath, "/openapi.json", "/capabilities.json", "/pricing.json", "/"} {
		get, err := http.Get(base + path)
		if err != nil {
			tb.Fatal(err)
		}
		get.Body.Close()
		head, err := http.Head(base + path)
		if err != nil {
			tb.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, head.Body)
		head.Body.Close()
		if head.StatusCode != http.StatusOK || n != 0 || head.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
			tb.Fatalf("HEAD %s: %d, %d body bytes, Content-Type %q (GET: %d, %q)", path, head.StatusCode, n,
				head.Header.Get("Content-Type"), get.StatusCode, get.Header.Get("Content-Type"))
		}
	}

	res, err = http.Get(base + unknownPath)
	if err != nil {
		tb.Fatal(err)
	}
	var env struct {
		Error struct{ Code, RequestID string } `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound || env.Error.Code != "not_found" || env.Error.RequestID == "" ||
		env.Error.RequestID != res.Header.Get("X-Request-Id") {
		tb.Fatalf("unknown route: %d %+v", res.StatusCode, env)
	}
}

// CheckLanding checks GET / against document: the HTML page by default,
// and for a client that prefers JSON the index, which must be the
// document's example of it but for the version Boot sets (and the links to
// /docs, which a binary built without the Swagger UI files does not
// serve); /docs and /docs/licenses answer as the document says, 200 exactly
// when the index links them.
func CheckLanding(tb testing.TB, v *contracttest.Validator, base string, document []byte) {
	tb.Helper()
	get := func(path, accept string) (*http.Response, []byte) {
		tb.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			tb.Fatal(err)
		}
		defer res.Body.Close()
		return res, v.CheckResponse(tb, req, res)
	}
	res, body := get("/", "")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(body), "</html>") || res.Header.Get("Payment-Required") != "" {
		tb.Fatalf("GET /: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	res, body = get("/", "application/json")
	var served map[string]any
	if err := json.Unmarshal(body, &served); err != nil || res.StatusCode != http.StatusOK || res.Header.Get("Payment-Required") != "" {
		tb.Fatalf("GET / as JSON: %d %v: %s", res.StatusCode, err, body)
	}
	doc, err := openapidoc.Load(document)
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := json.Marshal(doc.T.Paths.Find("/").Get.Responses.Status(http.StatusOK).Value.Content.Get("application/json").Example)
	if err != nil {
		tb.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		tb.Fatal(err)
	}
	want["version"] = served["version"]
	links, _ := served["links"].(map[string]any)
	_, docs := links["docs"]
	if !docs {
		wantLinks, _ := want["links"].(map[string]any)
		delete(wantLinks, "docs")
		delete(wantLinks, "licenses")
	}
	if !reflect.DeepEqual(served, want) {
		tb.Fatalf("GET / as JSON is not the document's example of it:\nserved:     %s\ndocumented: %s", body, raw)
	}
	for _, path := range []string{"/docs", "/docs/licenses"} {
		res, _ := get(path, "")
		if want := map[bool]int{true: http.StatusOK, false: http.StatusNotFound}[docs]; res.StatusCode != want {
			tb.Fatalf("GET %s: %d, want %d (the index links it: %v)", path, res.StatusCode, want, docs)
		}
	}
}
