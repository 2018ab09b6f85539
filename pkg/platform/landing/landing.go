// Package landing serves a service to the people who open its base URL in
// a browser: GET / is a page built from the same capabilities and OpenAPI
// document the API serves (what the service does, each paid operation with
// its price, an example call and an abridged example answer, the MCP
// tools, how to pay), or a JSON index for a client that prefers JSON; GET
// /docs is the interactive API reference, Swagger UI drawing /openapi.json
// from files compiled into the binary (no CDN: the page loads nothing
// from anywhere else). Both are free, fixed when the service starts
// (ETag, 304), and sent with a strict Content-Security-Policy.
//
// A binary built without the Swagger UI files (make webassets) serves no
// /docs and says so once when it starts; the page then does not link it.
package landing

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/discovery"
)

// The paths the package serves.
const (
	Path         = "/"
	DocsPath     = "/docs"
	LicensesPath = "/docs/licenses"
	BundlePath   = "/docs/swagger-ui-bundle.js"
	CSSPath      = "/docs/swagger-ui.css"
	InitPath     = "/docs/init.js"
)

const (
	mimeHTML = echo.MIMETextHTMLCharsetUTF8
	mimeJSON = echo.MIMEApplicationJSON
	mimeText = echo.MIMETextPlainCharsetUTF8
	mimeJS   = "text/javascript; charset=utf-8"
	mimeCSS  = "text/css; charset=utf-8"
)

//go:embed web
var web embed.FS

var (
	indexTemplate = template.Must(template.ParseFS(web, "web/index.html"))
	docsTemplate  = template.Must(template.ParseFS(web, "web/docs.html"))
)

// Config is what the pages are built from.
type Config struct {
	Service string // "domain-qual"
	Version string
	Doc     *openapi3.T // the service's OpenAPI document
	// Capabilities is the service's /capabilities.json, naming its MCP
	// endpoint and each operation's tool (discovery.Capabilities.WithMCP):
	// the operations, their prices and tools as the API states them.
	Capabilities discovery.Capabilities
	// Tools names every tool of the MCP endpoint, the paid operations'
	// and the free ones.
	Tools []string
	// Health is the path of the service's health check ("" links none).
	Health string
	// Assets holds the Swagger UI files (nil: Embedded()).
	Assets fs.FS
	Logger *slog.Logger // nil: slog.Default()
}

// Site is the landing page, the JSON index and the API reference of one
// service, each rendered once.
type Site struct {
	index, indexJSON *static
	docs             []route // nil when the binary carries no Swagger UI
}

type route struct {
	path string
	body *static
}

// New renders the pages. It fails when the document lacks an operation of
// the capabilities or its example cannot be read, and when the Swagger UI
// files are there but do not match their PROVENANCE.json; when they are
// not there at all, it logs a warning and the site has no /docs.
func New(cfg Config) (*Site, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Assets == nil {
		cfg.Assets = Embedded()
	}
	ui, err := loadSwaggerUI(cfg.Assets)
	switch {
	case errors.Is(err, errNoAssets):
		cfg.Logger.Warn("landing: "+DocsPath+" is not served", slog.String("reason", err.Error()))
	case err != nil:
		return nil, err
	}
	ix, examples, err := buildIndex(cfg, ui != nil)
	if err != nil {
		return nil, err
	}
	s := &Site{}
	if s.indexJSON, err = jsonStatic(ix); err != nil {
		return nil, err
	}
	if s.index, err = pageStatic(newPage(ix, examples, localBase(cfg.Doc))); err != nil {
		return nil, err
	}
	if ui != nil {
		if s.docs, err = docsRoutes(cfg, ui); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Docs reports whether the site serves the API reference.
func (s *Site) Docs() bool { return s.docs != nil }

// Mount serves the site on e: exactly / (every other unknown path keeps
// its JSON 404), and /docs with its files when there is a reference.
func (s *Site) Mount(e *echo.Echo) {
	e.GET(Path, func(c echo.Context) error {
		if prefersJSON(c.Request().Header.Get(echo.HeaderAccept)) {
			return s.indexJSON.serve(c, echo.HeaderAccept)
		}
		return s.index.serve(c, echo.HeaderAccept)
	})
	for _, r := range s.docs {
		e.GET(r.path, func(c echo.Context) error { return r.body.serve(c) })
	}
}

func jsonStatic(ix Index) (*static, error) {
	b, err := json.Marshal(ix)
	if err != nil {
		return nil, fmt.Errorf("landing: index: %w", err)
	}
	return newStatic(mimeJSON, cspNone, append(b, '\n')), nil
}

func pageStatic(p page) (*static, error) {
	css, err := web.ReadFile("web/landing.css")
	if err != nil {
		return nil, err
	}
	p.CSS = template.CSS(css) // our own file, verbatim: the policy names its hash
	var buf bytes.Buffer
	if err := indexTemplate.Execute(&buf, p); err != nil {
		return nil, fmt.Errorf("landing: page: %w", err)
	}
	return newStatic(mimeHTML, cspPage(css), buf.Bytes()).compressed(), nil
}

func docsRoutes(cfg Config, ui *swaggerUI) ([]route, error) {
	var buf bytes.Buffer
	err := docsTemplate.Execute(&buf, map[string]string{
		"Service": cfg.Service, "OpenAPI": cfg.Capabilities.OpenAPI, "CSS": CSSPath, "Bundle": BundlePath, "Init": InitPath,
	})
	if err != nil {
		return nil, fmt.Errorf("landing: docs: %w", err)
	}
	init, err := web.ReadFile("web/docs.js")
	if err != nil {
		return nil, err
	}
	return []route{
		{DocsPath, newStatic(mimeHTML, cspDocs, buf.Bytes())},
		{BundlePath, newStatic(mimeJS, cspNone, ui.bundle).compressed()},
		{CSSPath, newStatic(mimeCSS, cspNone, ui.css).compressed()},
		{InitPath, newStatic(mimeJS, cspNone, init)},
		{LicensesPath, newStatic(mimeText, cspNone, ui.licenses)},
	}, nil
}

// localBase is the document's first server URL: where make run serves the
// service.
func localBase(doc *openapi3.T) string {
	if len(doc.Servers) > 0 && doc.Servers[0] != nil {
		return doc.Servers[0].URL
	}
	return ""
}
