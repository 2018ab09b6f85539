// Package contracttest checks, in tests, that recorded HTTP responses
// conform to a service's OpenAPI document: status, headers and body schema
// (unknown properties included where the document forbids them).
package contracttest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/intel402/intel402/pkg/platform/openapidoc"
)

// The landing pages (text/html) are checked as the strings the documents
// declare them to be; kin-openapi decodes only text/plain as text by
// default.
func init() {
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
}

// Validator validates responses against one document.
type Validator struct {
	doc    *openapi3.T
	router routers.Router
}

// New loads the document (failing the test if it is invalid).
func New(tb testing.TB, document []byte) *Validator {
	tb.Helper()
	d, err := openapidoc.Load(document)
	if err != nil {
		tb.Fatalf("contract: %v", err)
	}
	// Match any host: tests call servers on random loopback ports.
	d.T.Servers = nil
	r, err := gorillamux.NewRouter(d.T)
	if err != nil {
		tb.Fatalf("contract: router: %v", err)
	}
	return &Validator{doc: d.T, router: r}
}

// Check fails the test unless the response to req (status, header, body) is
// described by the document.
func (v *Validator) Check(tb testing.TB, req *http.Request, status int, header http.Header, body []byte) {
	tb.Helper()
	if err := v.Validate(req, status, header, body); err != nil {
		tb.Errorf("contract: %s %s -> %d does not match the OpenAPI document: %v\nbody: %s",
			req.Method, req.URL.Path, status, err, truncate(body))
	}
}

// CheckResponse is Check for an *http.Response; it reads and restores the body.
func (v *Validator) CheckResponse(tb testing.TB, req *http.Request, res *http.Response) []byte {
	tb.Helper()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatalf("contract: read body: %v", err)
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	v.Check(tb, req, res.StatusCode, res.Header, body)
	return body
}

// Validate returns why the response does not match, or nil.
func (v *Validator) Validate(req *http.Request, status int, header http.Header, body []byte) error {
	route, pathParams, err := v.router.FindRoute(req)
	if err != nil {
		return err
	}
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: pathParams, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	return openapi3filter.ValidateResponse(context.Background(), out)
}

func truncate(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}
