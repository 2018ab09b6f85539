package landing_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/landing"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/server"
)

const payTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

// swaggerFixture is a Swagger UI package as make webassets writes it, with
// stand-in contents and a PROVENANCE.json that matches them.
func swaggerFixture(t *testing.T) fstest.MapFS {
	t.Helper()
	files := map[string]string{
		"swagger-ui-bundle.js":             "window.SwaggerUIBundle = function () {};\n",
		"swagger-ui.css":                   ".swagger-ui { color: #111; }\n",
		"swagger-ui.LICENSE.txt":           "Apache License\nVersion 2.0, January 2004\n",
		"swagger-ui.NOTICE.txt":            "swagger-ui\nCopyright 2020-2021 SmartBear Software Inc.",
		"swagger-ui-bundle.js.LICENSE.txt": "/*! bundled: MIT */\n",
	}
	fsys := fstest.MapFS{"README.md": {Data: []byte("# assets\n")}}
	sums := map[string]string{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
		sum := sha256.Sum256([]byte(body))
		sums[name] = hex.EncodeToString(sum[:])
	}
	prov, err := json.Marshal(map[string]any{
		"name": "swagger-ui-dist", "version": "5.35.0", "integrity": "sha512-TEST", "license": "Apache-2.0",
		"repository": "https://github.com/swagger-api/swagger-ui",
		"tarball":    "https://registry.npmjs.org/swagger-ui-dist/-/swagger-ui-dist-5.35.0.tgz", "files": sums,
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys["PROVENANCE.json"] = &fstest.MapFile{Data: prov}
	return fsys
}

// config is domain-qual's document with its paid operations as
// capabilities (ids made from the operation ids), the way operation.Mount
// hands them over.
func config(t *testing.T, document []byte, assets fs.FS) landing.Config {
	t.Helper()
	doc, err := openapidoc.Load(document)
	if err != nil {
		t.Fatal(err)
	}
	var caps []discovery.Capability
	tools := map[string]string{}
	paths := doc.T.Paths.InMatchingOrder()
	sort.Strings(paths)
	for _, path := range paths {
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			op := doc.T.Paths.Value(path).GetOperation(method)
			if op == nil || op.Extensions["x-price-atomic"] == nil {
				continue
			}
			id := op.OperationID + "_cap"
			caps = append(caps, discovery.Capability{ID: id, Price: payments.Price{
				Method: method, Path: path, Atomic: op.Extensions["x-price-atomic"].(string), Description: op.Summary,
			}})
			tools[id] = op.OperationID + "_tool"
		}
	}
	c, _, err := discovery.Build("svc", "1.2.3", payTo, caps, doc.T)
	if err != nil {
		t.Fatal(err)
	}
	if c, err = c.WithMCP("/mcp", tools); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, cd := range c.Capabilities {
		names = append(names, cd.MCPTool)
	}
	return landing.Config{
		Service: "svc", Version: "1.2.3", Doc: doc.T, Capabilities: c, Tools: append(names, "pricing", "capabilities"),
		Health: "/api/health", Assets: assets,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// serve mounts the site on the platform's echo instance (its error
// envelope, HEAD as GET).
func serve(t *testing.T, cfg landing.Config) (*landing.Site, func(method, path string, header ...string) *httptest.ResponseRecorder) {
	t.Helper()
	site, err := landing.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := server.New(slog.New(slog.NewTextHandler(io.Discard, nil)))
	site.Mount(e)
	return site, func(method, path string, header ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			if header[i] == "Host" {
				req.Host = header[i+1]
				continue
			}
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}
}

// TestIndexIsTheCapabilities: the JSON index lists exactly the
// capabilities' operations, prices and tools, in their order, with the
// document's operation ids, and links every free document.
func TestIndexIsTheCapabilities(t *testing.T) {
	cfg := config(t, openapi.DomainQual, swaggerFixture(t))
	_, get := serve(t, cfg)
	rec := get(http.MethodGet, "/", "Accept", "application/json")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("%d %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	var ix landing.Index
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ix); err != nil {
		t.Fatal(err)
	}
	if len(ix.Operations) != 4 || len(ix.Operations) != len(cfg.Capabilities.Capabilities) {
		t.Fatalf("operations %+v", ix.Operations)
	}
	for i, c := range cfg.Capabilities.Capabilities {
		o := ix.Operations[i]
		want := landing.Operation{
			ID: c.ID, OperationID: strings.TrimSuffix(c.ID, "_cap"), Method: c.Method, Path: c.Path, Description: c.Description,
			PriceUSD: c.PriceUSD, PriceAtomic: c.PriceAtomic, MCPTool: c.MCPTool,
		}
		if o != want {
			t.Errorf("operation %d = %+v, want %+v", i, o, want)
		}
	}
	if ix.Operations[0].Path != "/api/v1/domain/batch-classify" || ix.Operations[0].PriceUSD != "0.01" || ix.Operations[0].PriceAtomic != "10000" {
		t.Errorf("first operation %+v", ix.Operations[0])
	}
	want := landing.Links{OpenAPI: "/openapi.json", Docs: "/docs", Licenses: "/docs/licenses", Capabilities: "/capabilities.json",
		Pricing: "/pricing.json", Health: "/api/health", MCP: "/mcp"}
	if ix.Links != want {
		t.Errorf("links %+v, want %+v", ix.Links, want)
	}
	if ix.Service != "svc" || ix.Version != "1.2.3" || ix.Currency != "USDC" || ix.Payment.Network != "eip155:8453" ||
		ix.Payment.Version != 2 || ix.Payment.Scheme != "exact" ||
		!strings.HasPrefix(ix.Description, "Deterministic domain qualification") || strings.Contains(ix.Description, "\n") ||
		strings.Contains(ix.Description, "Payment flow") {
		t.Errorf("index %+v", ix)
	}
	if ix.MCP.Endpoint != "/mcp" || ix.MCP.Transport != "streamable-http" || !slices.Equal(ix.MCP.Tools, cfg.Tools) {
		t.Errorf("mcp %+v", ix.MCP)
	}
}

var styleElement = regexp.MustCompile(`(?s)<style>(.*?)</style>`)

// TestPage: the page shows every operation with its price, tool, example
// calls and abridged answer, links the free documents, runs no script, and
// its policy allows exactly its one style element.
func TestPage(t *testing.T) {
	cfg := config(t, openapi.DomainQual, swaggerFixture(t))
	_, get := serve(t, cfg)
	rec := get(http.MethodGet, "/", "Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	page := rec.Body.String()
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/html; charset=UTF-8" {
		t.Fatalf("%d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	for _, c := range cfg.Capabilities.Capabilities {
		for _, want := range []string{
			"<code>" + c.Path + "</code>", c.PriceUSD + " USDC", "<code>" + c.MCPTool + "</code>", `id="` + c.ID + `"`,
			"x402 pay --max " + c.PriceUSD + " " + c.Method + " &#34;$BASE" + c.Path,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %q", c.ID, want)
			}
		}
	}
	for _, want := range []string{
		// GET: the query from the parameters' examples; POST: the body example.
		`curl -i &#34;$BASE/api/v1/domain/dns-audit?domain=tailwind-traders.com&amp;selector=s1&#34;`,
		`x402 pay --max 0.01 POST &#34;$BASE/api/v1/domain/batch-classify&#34; -d &#39;{&#34;domains&#34;:[&#34;tailwind-traders.com&#34;`,
		// The abridged answer: a cut array says how much is left out.
		`&#34;mx_hosts&#34;: [`, "… 2 more",
		`href="/docs"`, `href="/openapi.json"`, `href="/capabilities.json"`, `href="/pricing.json"`, `href="/api/health"`,
		`href="/docs/licenses"`, "<code>pricing</code>", "<code>capabilities</code>", "POST /mcp",
		"x402 mcp call --max 0.01 &#34;$BASE/mcp&#34; batchClassify_tool", "wrapFetchWithPayment(fetch, client)",
		`<link rel="icon" href="data:,">`, "<code>http://localhost:8081</code> under <code>make run</code>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(strings.ToLower(page), "<script") || regexp.MustCompile(`\son[a-z]+=`).MatchString(page) {
		t.Error("the page carries a script")
	}
	m := styleElement.FindAllStringSubmatch(page, -1)
	if len(m) != 1 {
		t.Fatalf("%d style elements, want 1", len(m))
	}
	sum := sha256.Sum256([]byte(m[0][1]))
	csp := rec.Header().Get("Content-Security-Policy")
	if want := "style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp, want) {
		t.Errorf("policy %q does not allow the style element (%s)", csp, want)
	}
	if strings.Contains(csp, "script-src") || strings.Contains(csp, "unsafe") || !strings.HasPrefix(csp, "default-src 'none';") {
		t.Errorf("policy %q", csp)
	}
}

// TestHeaders: every response carries the security headers and caching,
// and the API reference's policy lets its own files, and nothing else, run.
func TestHeaders(t *testing.T) {
	_, get := serve(t, config(t, openapi.DomainQual, swaggerFixture(t)))
	for _, tc := range []struct {
		path, accept, contentType, cspPart, vary string
	}{
		{"/", "", "text/html; charset=UTF-8", "style-src 'sha256-", "Accept, Accept-Encoding"},
		{"/", "application/json", "application/json", "default-src 'none'; base-uri", "Accept"},
		{"/docs", "", "text/html; charset=UTF-8",
			"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:;", ""},
		{"/docs/swagger-ui-bundle.js", "", "text/javascript; charset=utf-8", "default-src 'none'; base-uri", "Accept-Encoding"},
		{"/docs/swagger-ui.css", "", "text/css; charset=utf-8", "default-src 'none'; base-uri", "Accept-Encoding"},
		{"/docs/init.js", "", "text/javascript; charset=utf-8", "default-src 'none'; base-uri", ""},
		{"/docs/licenses", "", "text/plain; charset=UTF-8", "default-src 'none'; base-uri", ""},
	} {
		rec := get(http.MethodGet, tc.path, "Accept", tc.accept)
		h := rec.Header()
		csp := h.Get("Content-Security-Policy")
		if rec.Code != http.StatusOK || h.Get("Content-Type") != tc.contentType || !strings.Contains(csp, tc.cspPart) ||
			!strings.HasSuffix(csp, "base-uri 'none'; form-action 'none'; frame-ancestors 'none'") ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" ||
			h.Get("Cache-Control") != "public, max-age=300" || !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(h.Get("ETag")) ||
			h.Get("Vary") != tc.vary {
			t.Errorf("GET %s (Accept %q): %d %v", tc.path, tc.accept, rec.Code, h)
		}
	}
}

// TestConditionalAndCompressed: a matching If-None-Match is 304 (strong or
// weak), per representation; gzip is offered to who accepts it under its
// own ETag; HEAD has the headers and no body.
func TestConditionalAndCompressed(t *testing.T) {
	_, get := serve(t, config(t, openapi.DomainQual, swaggerFixture(t)))
	html := get(http.MethodGet, "/")
	js := get(http.MethodGet, "/", "Accept", "application/json")
	tagHTML, tagJSON := html.Header().Get("ETag"), js.Header().Get("ETag")
	if tagHTML == tagJSON {
		t.Fatalf("HTML and JSON share the ETag %s", tagHTML)
	}
	for _, tc := range []struct {
		name, accept, inm string
		want              int
	}{
		{"HTML, its ETag", "", tagHTML, http.StatusNotModified},
		{"HTML, weak", "", "W/" + tagHTML, http.StatusNotModified},
		{"HTML, in a list", "", `"other", ` + tagHTML, http.StatusNotModified},
		{"HTML, any", "", "*", http.StatusNotModified},
		{"HTML, the JSON's ETag", "", tagJSON, http.StatusOK},
		{"JSON, its ETag", "application/json", tagJSON, http.StatusNotModified},
		{"JSON, the HTML's ETag", "application/json", tagHTML, http.StatusOK},
		{"HTML, another ETag", "", `"0123"`, http.StatusOK},
	} {
		rec := get(http.MethodGet, "/", "Accept", tc.accept, "If-None-Match", tc.inm)
		if rec.Code != tc.want || (tc.want == http.StatusNotModified && rec.Body.Len() != 0) {
			t.Errorf("%s: %d (%d body bytes), want %d", tc.name, rec.Code, rec.Body.Len(), tc.want)
		}
	}
	// Repeated requests get the same bytes: the page is rendered once.
	if again := get(http.MethodGet, "/"); !bytes.Equal(again.Body.Bytes(), html.Body.Bytes()) || again.Header().Get("ETag") != tagHTML {
		t.Error("the page changed between two requests")
	}

	gz := get(http.MethodGet, "/", "Accept-Encoding", "gzip, br")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("ETag") == tagHTML {
		t.Fatalf("gzip: %v", gz.Header())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, html.Body.Bytes()) {
		t.Fatalf("the gzip body is not the page: %v", err)
	}
	if rec := get(http.MethodGet, "/", "Accept-Encoding", "gzip", "If-None-Match", gz.Header().Get("ETag")); rec.Code != http.StatusNotModified {
		t.Errorf("gzip ETag: %d", rec.Code)
	}

	head := get(http.MethodHead, "/")
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("ETag") != tagHTML ||
		head.Header().Get("Content-Length") != html.Header().Get("Content-Length") {
		t.Errorf("HEAD: %d, %d body bytes, %v", head.Code, head.Body.Len(), head.Header())
	}
}

// TestOnlyRoot: the site adds / and /docs, nothing else; other unknown
// paths keep the JSON 404 envelope.
func TestOnlyRoot(t *testing.T) {
	_, get := serve(t, config(t, openapi.DomainQual, swaggerFixture(t)))
	for _, path := range []string{"/index.html", "/favicon.ico", "/docs/", "/docs/index.html", "/docs/swagger-ui-bundle.js.LICENSE.txt", "/docs/PROVENANCE.json", "//"} {
		rec := get(http.MethodGet, path, "Accept", "text/html")
		var env struct {
			Error struct{ Code string } `json:"error"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &env); rec.Code != http.StatusNotFound || err != nil || env.Error.Code != "not_found" {
			t.Errorf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
	}
	if rec := get(http.MethodPost, "/"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", rec.Code)
	}
}

// TestNothingFromTheRequest: what / and /docs answer does not depend on the
// request: a hostile Host, X-Forwarded-Host or query is never in it.
func TestNothingFromTheRequest(t *testing.T) {
	_, get := serve(t, config(t, openapi.DomainQual, swaggerFixture(t)))
	hostile := `evil.example"><script>alert(1)</script>`
	for _, path := range []string{"/", "/docs"} {
		for _, accept := range []string{"", "application/json"} {
			plain := get(http.MethodGet, path, "Accept", accept)
			rec := get(http.MethodGet, path+"?q=%3Cscript%3Ealert(2)%3C/script%3E&domain=%22%3E%3Cimg%20src=x%3E",
				"Accept", accept, "Host", "evil.example", "X-Forwarded-Host", hostile, "X-Forwarded-Proto", "javascript",
				"Referer", hostile, "X-Request-Id", "req_<script>")
			body := rec.Body.String()
			if rec.Code != http.StatusOK || body != plain.Body.String() {
				t.Errorf("GET %s (Accept %q): the answer changed with the request", path, accept)
			}
			for _, bad := range []string{"evil.example", "<script>alert", "alert(2)", "<img src=x", "javascript"} {
				if strings.Contains(body, bad) {
					t.Errorf("GET %s: %q is in the answer", path, bad)
				}
			}
		}
	}
}

// TestDocumentTextIsEscaped: the document's own texts and examples are
// shown as text, never as markup, and its server URL cannot break out of
// the page.
func TestDocumentTextIsEscaped(t *testing.T) {
	raw, err := os.ReadFile("testdata/hostile.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, get := serve(t, config(t, raw, swaggerFixture(t)))
	page := get(http.MethodGet, "/").Body.String()
	for _, bad := range []string{"<script", "<img", "<b>", `9/">`, "</pre><", "A second paragraph"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page carries %q", bad)
		}
	}
	for _, want := range []string{
		"Says &lt;script&gt;alert(&#34;info&#34;)&lt;/script&gt; &amp; <code>&lt;img src=x onerror=alert(1)&gt;</code> in its first paragraph.",
		// The query value is URL-encoded in the command, and the command HTML-escaped.
		"text=it%27s&#43;%3Cb%3Ebold%3C%2Fb%3E&#43;%26&#43;%22quoted%22%26x%3D1",
		`&#34;text&#34;: &#34;&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(&#39;answer&#39;)&lt;/script&gt;&#34;`,
		// The MCP call's arguments are shell-quoted.
		`&#39;{&#34;text&#34;:&#34;it&#39;\&#39;&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; \&#34;quoted\&#34;&amp;x=1&#34;}&#39;`,
		// The server URL is text.
		"<code>http://localhost:9/&#34;&gt;&lt;script&gt;alert(&#34;server&#34;)&lt;/script&gt;</code> under",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	var ix landing.Index
	if err := json.Unmarshal(get(http.MethodGet, "/", "Accept", "application/json").Body.Bytes(), &ix); err != nil {
		t.Fatal(err)
	}
	if ix.Description != "Says <script>alert(\"info\")</script> & `<img src=x onerror=alert(1)>` in its first paragraph." {
		t.Errorf("index description %q", ix.Description)
	}
}

// TestLicenses: /docs/licenses names the embedded package and carries its
// licence and notice files.
func TestLicenses(t *testing.T) {
	_, get := serve(t, config(t, openapi.DomainQual, swaggerFixture(t)))
	text := get(http.MethodGet, "/docs/licenses").Body.String()
	for _, want := range []string{
		"swagger-ui-dist 5.35.0\nLicense: Apache-2.0\nSource: https://github.com/swagger-api/swagger-ui\n",
		"Integrity: sha512-TEST\n", "==== swagger-ui.LICENSE.txt (swagger-ui-dist) ====\n\nApache License\nVersion 2.0",
		"==== swagger-ui.NOTICE.txt (swagger-ui-dist) ====\n\nswagger-ui\nCopyright 2020-2021 SmartBear Software Inc.\n",
		"==== swagger-ui-bundle.js.LICENSE.txt (swagger-ui-dist) ====\n\n/*! bundled: MIT */\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("licences lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "window.SwaggerUIBundle") || strings.Contains(text, ".swagger-ui {") {
		t.Error("licences carry a file that is not a licence")
	}
}

// TestDocsPage: the reference page loads Swagger UI and its start script
// from this service, has no inline script, and the assets are served as
// embedded.
func TestDocsPage(t *testing.T) {
	assets := swaggerFixture(t)
	_, get := serve(t, config(t, openapi.DomainQual, assets))
	page := get(http.MethodGet, "/docs").Body.String()
	scripts := regexp.MustCompile(`<script[^>]*>`).FindAllString(page, -1)
	if !slices.Equal(scripts, []string{`<script src="/docs/swagger-ui-bundle.js">`, `<script src="/docs/init.js">`}) ||
		strings.Count(page, "</script>") != 2 || !regexp.MustCompile(`<script src="[^"]+"></script>\s*<script src="[^"]+"></script>`).MatchString(page) {
		t.Errorf("scripts %q in\n%s", scripts, page)
	}
	for _, want := range []string{`<link rel="stylesheet" href="/docs/swagger-ui.css">`, `data-openapi="/openapi.json"`, `<link rel="icon" href="data:,">`} {
		if !strings.Contains(page, want) {
			t.Errorf("the reference page lacks %q", want)
		}
	}
	for path, file := range map[string]string{"/docs/swagger-ui-bundle.js": "swagger-ui-bundle.js", "/docs/swagger-ui.css": "swagger-ui.css"} {
		if got := get(http.MethodGet, path).Body.Bytes(); !bytes.Equal(got, assets[file].Data) {
			t.Errorf("%s is not %s", path, file)
		}
	}
	init := get(http.MethodGet, "/docs/init.js").Body.String()
	for _, want := range []string{"validatorUrl: null", "SwaggerUIBundle(", `getAttribute("data-openapi")`} {
		if !strings.Contains(init, want) {
			t.Errorf("init.js lacks %q", want)
		}
	}
}

// TestWithoutAssets: a binary built without the Swagger UI files serves no
// /docs, says so once, and links it nowhere.
func TestWithoutAssets(t *testing.T) {
	var logs bytes.Buffer
	cfg := config(t, openapi.DomainQual, fstest.MapFS{"README.md": {Data: []byte("# assets\n")}})
	cfg.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	site, get := serve(t, cfg)
	if site.Docs() {
		t.Fatal("Docs() without assets")
	}
	if n := strings.Count(logs.String(), `"level":"WARN"`); n != 1 || !strings.Contains(logs.String(), "make webassets") {
		t.Errorf("%d warnings: %s", n, logs.String())
	}
	for _, path := range []string{"/docs", "/docs/licenses", "/docs/swagger-ui-bundle.js", "/docs/init.js"} {
		if rec := get(http.MethodGet, path); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d", path, rec.Code)
		}
	}
	if page := get(http.MethodGet, "/").Body.String(); strings.Contains(page, `"/docs`) || strings.Contains(page, "API reference") {
		t.Error("the page links /docs")
	}
	var ix landing.Index
	if err := json.Unmarshal(get(http.MethodGet, "/", "Accept", "application/json").Body.Bytes(), &ix); err != nil {
		t.Fatal(err)
	}
	if ix.Links.Docs != "" || ix.Links.Licenses != "" || ix.Links.OpenAPI != "/openapi.json" {
		t.Errorf("links %+v", ix.Links)
	}
}

// TestBrokenAssets: Swagger UI files that do not match their
// PROVENANCE.json stop the service from starting, naming the problem.
func TestBrokenAssets(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		change     func(fstest.MapFS)
	}{
		{"changed file", "swagger-ui.css differs from its sha256", func(f fstest.MapFS) {
			f["swagger-ui.css"] = &fstest.MapFile{Data: []byte("body{}")}
		}},
		{"missing file", "swagger-ui-bundle.js listed in PROVENANCE.json", func(f fstest.MapFS) { delete(f, "swagger-ui-bundle.js") }},
		{"unlisted stylesheet", "PROVENANCE.json lists no swagger-ui.css", func(f fstest.MapFS) {
			var p map[string]any
			_ = json.Unmarshal(f["PROVENANCE.json"].Data, &p)
			delete(p["files"].(map[string]any), "swagger-ui.css")
			f["PROVENANCE.json"].Data, _ = json.Marshal(p)
		}},
		{"no licence", "names no package, version or licence", func(f fstest.MapFS) {
			var p map[string]any
			_ = json.Unmarshal(f["PROVENANCE.json"].Data, &p)
			delete(p, "license")
			f["PROVENANCE.json"].Data, _ = json.Marshal(p)
		}},
		{"not JSON", "PROVENANCE.json", func(f fstest.MapFS) { f["PROVENANCE.json"].Data = []byte("{") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assets := swaggerFixture(t)
			tc.change(assets)
			_, err := landing.New(config(t, openapi.DomainQual, assets))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestEmbeddedAssets: the Swagger UI this binary carries, when make
// webassets wrote it, matches its PROVENANCE.json and is the pinned
// package.
func TestEmbeddedAssets(t *testing.T) {
	if _, err := fs.Stat(landing.Embedded(), "PROVENANCE.json"); err != nil {
		t.Skip("no Swagger UI assets embedded (make webassets writes them; make test builds them first)")
	}
	site, get := serve(t, config(t, openapi.DomainQual, nil))
	if !site.Docs() {
		t.Fatal("no /docs with the embedded assets")
	}
	text := get(http.MethodGet, "/docs/licenses").Body.String()
	if !strings.HasPrefix(text, "Third-party software served by this API reference (/docs)\n\nswagger-ui-dist ") ||
		!strings.Contains(text, "Apache License") || !strings.Contains(text, "SmartBear") {
		t.Errorf("licences:\n%.400s", text)
	}
	if rec := get(http.MethodGet, "/docs/swagger-ui-bundle.js"); rec.Body.Len() < 100_000 || !strings.Contains(rec.Body.String(), "SwaggerUIBundle") {
		t.Errorf("bundle: %d bytes", rec.Body.Len())
	}
}
