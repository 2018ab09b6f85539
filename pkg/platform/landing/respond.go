package landing

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// CacheControl is what every landing response allows caches: a short
// freshness, then revalidation by ETag (the bodies change only with a new
// binary).
const CacheControl = "public, max-age=300"

// ReferrerPolicy keeps every address of these pages to themselves: they
// link to the service's own documents, which never read a Referer, and to
// nothing that needs one.
const ReferrerPolicy = "no-referrer"

// Content-Security-Policy of each kind of response. Each allows only what
// the response needs; nothing may load from another origin, frame the
// pages, change their base URL or submit a form.
const (
	cspTail = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	// cspNone is for what renders no document (JSON, scripts, styles,
	// text).
	cspNone = "default-src 'none'; " + cspTail
	// cspDocs is the API reference: Swagger UI's script and style files,
	// its own /openapi.json and calls to this service (connect-src), and
	// the data: images its stylesheet carries.
	cspDocs = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
		"font-src 'self' data:; " + cspTail
)

// cspPage is the policy of the landing page: no script at all, and its one
// style element by hash.
func cspPage(style []byte) string {
	sum := sha256.Sum256(style)
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; img-src 'self' data:; " + cspTail
}

// static is one response body, fixed when the service starts.
type static struct {
	contentType string
	csp         string
	body        []byte
	etag        string
	// gzipped is the body compressed, made on first use; nil for bodies
	// too small to gain from it.
	gzipped func() []byte
}

func newStatic(contentType, csp string, body []byte) *static {
	return &static{contentType: contentType, csp: csp, body: body, etag: etagOf(body)}
}

// compressed makes s answer gzip to a client that accepts it.
func (s *static) compressed() *static {
	s.gzipped = sync.OnceValue(func() []byte {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(s.body)
		_ = zw.Close()
		return buf.Bytes()
	})
	return s
}

func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// serve answers with s: the security headers, caching, and 304 when
// If-None-Match names its ETag (http.ServeContent, which also answers HEAD
// and ranges).
func (s *static) serve(c echo.Context, vary ...string) error {
	h := c.Response().Header()
	secure(h, s.csp)
	h.Set(echo.HeaderCacheControl, CacheControl)
	h.Set(echo.HeaderContentType, s.contentType)
	body, etag := s.body, s.etag
	if s.gzipped != nil {
		vary = append(vary, echo.HeaderAcceptEncoding)
		if acceptsGzip(c.Request().Header.Get(echo.HeaderAcceptEncoding)) {
			body, etag = s.gzipped(), strings.TrimSuffix(etag, `"`)+`-gzip"`
			h.Set(echo.HeaderContentEncoding, "gzip")
		}
	}
	if len(vary) > 0 {
		h.Set(echo.HeaderVary, strings.Join(vary, ", "))
	}
	h.Set("ETag", etag)
	http.ServeContent(c.Response(), c.Request(), "", time.Time{}, bytes.NewReader(body))
	return nil
}

// secure sets the security headers every landing response carries.
func secure(h http.Header, csp string) {
	h.Set(echo.HeaderContentSecurityPolicy, csp)
	h.Set(echo.HeaderXContentTypeOptions, "nosniff")
	h.Set(echo.HeaderReferrerPolicy, ReferrerPolicy)
}
