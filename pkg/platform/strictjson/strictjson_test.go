package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
)

type seller struct {
	Name  string `json:"name"`
	Price int    `json:"price"`
}

// nestedSeller decodes itself with DecodeNested so unknown fields get a full path.
type nestedSeller struct{ seller }

func (s *nestedSeller) UnmarshalJSON(b []byte) error {
	return DecodeNested(b, &s.seller, "seller")
}

type request struct {
	Domain string        `json:"domain"`
	Limit  int           `json:"limit"`
	Tags   []string      `json:"tags"`
	Ratio  float64       `json:"ratio"`
	Strict bool          `json:"strict"`
	Inner  *seller       `json:"inner"`
	Seller *nestedSeller `json:"seller"`
}

func asAPI(t *testing.T, err error) *apierror.Error {
	t.Helper()
	var ae *apierror.Error
	if !errors.As(err, &ae) {
		t.Fatalf("error %v (%T) is not an *apierror.Error", err, err)
	}
	return ae
}

func TestDecodeBytes(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		status  int
		code    apierror.Code
		message string
		details map[string]any
	}{
		{name: "empty body", body: "", status: 400, code: apierror.CodeInvalidJSON, message: "request body is required"},
		{name: "whitespace body", body: " \n\t ", status: 400, code: apierror.CodeInvalidJSON, message: "request body is required"},
		{name: "array top level", body: `[{"domain":"a"}]`, status: 400, code: apierror.CodeInvalidJSON, message: "request body must be a JSON object"},
		{name: "string top level", body: `"x"`, status: 400, code: apierror.CodeInvalidJSON, message: "request body must be a JSON object"},
		{name: "null top level", body: `null`, status: 400, code: apierror.CodeInvalidJSON, message: "request body must be a JSON object"},
		{name: "unknown field", body: `{"domain":"a","evil":1}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "evil: unknown property", details: map[string]any{"field": "evil", "reason": "unknown property"}},
		{name: "unknown field in plain nested struct", body: `{"inner":{"name":"x","bogus":true}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "bogus: unknown property", details: map[string]any{"field": "bogus", "reason": "unknown property"}},
		{name: "unknown field via DecodeNested has full path", body: `{"seller":{"name":"x","extra":1}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "seller.extra: unknown property", details: map[string]any{"field": "seller.extra", "reason": "unknown property"}},
		{name: "wrong type via DecodeNested has full path", body: `{"seller":{"price":"ten"}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "seller.price: must be an integer, got string",
			details: map[string]any{"field": "seller.price", "reason": "must be an integer, got string", "expected": "an integer", "got": "string"}},
		{name: "trailing object", body: `{"domain":"a"}{"domain":"b"}`, status: 400, code: apierror.CodeInvalidJSON, message: "unexpected data after the JSON object"},
		{name: "trailing garbage", body: `{"domain":"a"} x`, status: 400, code: apierror.CodeInvalidJSON, message: "unexpected data after the JSON object"},
		{name: "string for int", body: `{"limit":"5"}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "limit: must be an integer, got string",
			details: map[string]any{"field": "limit", "reason": "must be an integer, got string", "expected": "an integer", "got": "string"}},
		{name: "number for string", body: `{"domain":5}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "domain: must be a string, got number",
			details: map[string]any{"field": "domain", "reason": "must be a string, got number", "expected": "a string", "got": "number"}},
		{name: "float for int", body: `{"limit":1.5}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "limit: must be an integer, got number 1.5",
			details: map[string]any{"field": "limit", "reason": "must be an integer, got number 1.5", "expected": "an integer", "got": "number 1.5"}},
		{name: "object for array", body: `{"tags":{}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "tags: must be an array, got object",
			details: map[string]any{"field": "tags", "reason": "must be an array, got object", "expected": "an array", "got": "object"}},
		{name: "string for bool", body: `{"strict":"yes"}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "strict: must be a boolean, got string",
			details: map[string]any{"field": "strict", "reason": "must be a boolean, got string", "expected": "a boolean", "got": "string"}},
		{name: "wrong type in plain nested struct has dotted path", body: `{"inner":{"price":true}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "inner.price: must be an integer, got bool",
			details: map[string]any{"field": "inner.price", "reason": "must be an integer, got bool", "expected": "an integer", "got": "bool"}},
		{name: "syntax error", body: `{"domain":}`, status: 400, code: apierror.CodeInvalidJSON,
			message: "malformed JSON at byte 11", details: map[string]any{"offset": float64(11)}},
		{name: "truncated", body: `{"domain":"a"`, status: 400, code: apierror.CodeInvalidJSON, message: "truncated JSON body"},
		{name: "duplicate key (the last would win)", body: `{"domain":"a","domain":"acme.com"}`, status: 400, code: apierror.CodeInvalidJSON,
			message: `property "domain" appears twice`, details: map[string]any{"field": "domain", "reason": "duplicate property"}},
		{name: "duplicate key in a nested object", body: `{"seller":{"name":"x","name":"y"}}`, status: 400, code: apierror.CodeInvalidJSON,
			message: `property "seller.name" appears twice`, details: map[string]any{"field": "seller.name", "reason": "duplicate property"}},
		{name: "case variant of a field", body: `{"Domain":"acme.com"}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "Domain: unknown property (property names are case-sensitive: domain)",
			details: map[string]any{"field": "Domain", "reason": "unknown property (property names are case-sensitive: domain)"}},
		{name: "case variant next to the field", body: `{"domain":"a","DOMAIN":"acme.com"}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "DOMAIN: unknown property (property names are case-sensitive: domain)",
			details: map[string]any{"field": "DOMAIN", "reason": "unknown property (property names are case-sensitive: domain)"}},
		{name: "case variant in a nested struct", body: `{"inner":{"Price":1}}`, status: 400, code: apierror.CodeInvalidRequest,
			message: "inner.Price: unknown property (property names are case-sensitive: inner.price)",
			details: map[string]any{"field": "inner.Price", "reason": "unknown property (property names are case-sensitive: inner.price)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var dst request
			ae := asAPI(t, DecodeBytes([]byte(tt.body), &dst))
			if ae.HTTPStatus() != tt.status || ae.Code != tt.code || ae.Message != tt.message {
				t.Errorf("got %d %q %q, want %d %q %q", ae.HTTPStatus(), ae.Code, ae.Message, tt.status, tt.code, tt.message)
			}
			// Compare details through JSON, as the client sees them.
			if got := roundTrip(t, ae.Details); !reflect.DeepEqual(got, roundTrip(t, tt.details)) {
				t.Errorf("details = %#v, want %#v", got, tt.details)
			}
		})
	}
}

func roundTrip(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	if m == nil {
		return nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDecodeBytesOK(t *testing.T) {
	var dst request
	body := "  \n" + `{"domain":"example.com","limit":3,"tags":["a"],"ratio":0.5,"strict":true,"seller":{"name":"s","price":9}}` + "\n "
	if err := DecodeBytes([]byte(body), &dst); err != nil {
		t.Fatalf("DecodeBytes: %v", err)
	}
	if dst.Domain != "example.com" || dst.Limit != 3 || len(dst.Tags) != 1 || dst.Ratio != 0.5 || !dst.Strict ||
		dst.Seller == nil || dst.Seller.Name != "s" || dst.Seller.Price != 9 {
		t.Fatalf("decoded %+v", dst)
	}
}

func TestProblems(t *testing.T) {
	tests := []struct {
		name     string
		fill     func(p *Problems)
		message  string
		field    any
		problems []map[string]any
	}{
		{name: "none", fill: func(p *Problems) {
			p.Length("name", "héllo", 1, 5) // 5 runes, 6 bytes: within limits
			p.Range("limit", 10, 1, 10)
			p.Range("limit", 1, 1, 10)
		}},
		{name: "required", fill: func(p *Problems) { p.Required("domain") },
			message: "domain is required", field: "domain",
			problems: []map[string]any{{"field": "domain", "reason": "is required"}}},
		{name: "length counts runes not bytes", fill: func(p *Problems) { p.Length("name", "ééé", 1, 2) },
			message: "name must be 1 to 2 characters long, got 3", field: "name",
			problems: []map[string]any{{"field": "name", "reason": "must be 1 to 2 characters long, got 3", "minLength": 1, "maxLength": 2, "length": 3}}},
		{name: "length too short", fill: func(p *Problems) { p.Length("name", "", 1, 2) },
			message: "name must be 1 to 2 characters long, got 0", field: "name",
			problems: []map[string]any{{"field": "name", "reason": "must be 1 to 2 characters long, got 0", "minLength": 1, "maxLength": 2, "length": 0}}},
		{name: "range above", fill: func(p *Problems) { p.Range("limit", 11, 1, 10) },
			message: "limit must be between 1 and 10, got 11", field: "limit",
			problems: []map[string]any{{"field": "limit", "reason": "must be between 1 and 10, got 11", "minimum": 1, "maximum": 10, "value": 11}}},
		{name: "range below", fill: func(p *Problems) { p.Range("limit", 0, 1, 10) },
			message: "limit must be between 1 and 10, got 0", field: "limit",
			problems: []map[string]any{{"field": "limit", "reason": "must be between 1 and 10, got 0", "minimum": 1, "maximum": 10, "value": 0}}},
		{name: "accumulates in order", fill: func(p *Problems) {
			p.Required("domain")
			p.Add("country", "must be ISO 3166-1 alpha-2", map[string]any{"got": "USA"})
			p.Range("limit", 99, 1, 10)
		},
			message: "domain is required (and 2 more problems)", field: "domain",
			problems: []map[string]any{
				{"field": "domain", "reason": "is required"},
				{"field": "country", "reason": "must be ISO 3166-1 alpha-2", "got": "USA"},
				{"field": "limit", "reason": "must be between 1 and 10, got 99", "minimum": 1, "maximum": 10, "value": 99},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Problems
			tt.fill(&p)
			err := p.Err()
			if tt.problems == nil {
				if err != nil {
					t.Fatalf("Err() = %v, want nil", err)
				}
				return
			}
			ae := asAPI(t, err)
			if ae.HTTPStatus() != http.StatusBadRequest || ae.Code != apierror.CodeInvalidRequest || ae.Message != tt.message {
				t.Errorf("got %d %q %q, want 400 invalid_request %q", ae.HTTPStatus(), ae.Code, ae.Message, tt.message)
			}
			if ae.Details["field"] != tt.field {
				t.Errorf("details.field = %v, want %v", ae.Details["field"], tt.field)
			}
			if got := ae.Details["problems"]; !reflect.DeepEqual(got, tt.problems) {
				t.Errorf("details.problems = %#v, want %#v", got, tt.problems)
			}
			status, body := apierror.From(err)
			if status != 400 || body.Code != apierror.CodeInvalidRequest || body.Details == nil {
				t.Errorf("From = %d %+v", status, body)
			}
		})
	}
}

func TestRequireJSON(t *testing.T) {
	tests := []struct {
		ct string
		ok bool
	}{
		{"application/json", true},
		{"application/json; charset=utf-8", true},
		{"Application/JSON", true},
		{"", false},
		{"text/plain", false},
		{"application/json-patch+json", false},
		{"application/x-www-form-urlencoded", false},
		{"application/json; =bad", false},
	}
	for _, tt := range tests {
		t.Run(tt.ct, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("{}"))
			if tt.ct != "" {
				r.Header.Set("Content-Type", tt.ct)
			}
			err := RequireJSON(r)
			if tt.ok {
				if err != nil {
					t.Fatalf("RequireJSON(%q) = %v, want nil", tt.ct, err)
				}
				return
			}
			ae := asAPI(t, err)
			if ae.HTTPStatus() != 400 || ae.Code != apierror.CodeUnsupportedMediaType || ae.Details["contentType"] != tt.ct {
				t.Fatalf("got %d %q %v", ae.HTTPStatus(), ae.Code, ae.Details)
			}
		})
	}
}

// hideLength hides the body's length so that only the MaxBytesReader can stop it.
type hideLength struct{ io.Reader }

func TestBodyLimitAndDecode(t *testing.T) {
	// A valid object of exactly n bytes: {"domain":"xxx…"}.
	object := func(n int) string {
		const overhead = len(`{"domain":""}`)
		return `{"domain":"` + strings.Repeat("x", n-overhead) + `"}`
	}
	tests := []struct {
		name          string
		body          string
		ct            string
		chunked       bool
		status        int
		code          apierror.Code
		handlerCalled bool
	}{
		{"exactly at limit", object(MaxBody), "application/json", false, 200, "", true},
		{"exactly at limit, chunked", object(MaxBody), "application/json", true, 200, "", true},
		{"one over, Content-Length rejects before handler", object(MaxBody + 1), "application/json", false, 413, apierror.CodeBodyTooLarge, false},
		{"one over, chunked, rejected while reading", object(MaxBody + 1), "application/json", true, 413, apierror.CodeBodyTooLarge, true},
		{"small but wrong content type", `{"domain":"a"}`, "text/plain", false, 400, apierror.CodeUnsupportedMediaType, true},
		{"small with unknown field", `{"domain":"a","x":1}`, "application/json", false, 400, apierror.CodeInvalidRequest, true},
		{"empty body", ``, "application/json", false, 400, apierror.CodeInvalidJSON, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			e.HTTPErrorHandler = apierror.Handler(slog.New(slog.DiscardHandler))
			called := false
			var got request
			e.POST("/", func(c echo.Context) error {
				called = true
				if err := Decode(c.Request(), &got); err != nil {
					return err
				}
				return c.String(http.StatusOK, "ok")
			}, BodyLimit(MaxBody))
			var req *http.Request
			if tt.chunked {
				req = httptest.NewRequest(http.MethodPost, "/", hideLength{strings.NewReader(tt.body)})
				req.ContentLength = -1
			} else {
				req = httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			}
			req.Header.Set("Content-Type", tt.ct)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d; body %s", rec.Code, tt.status, rec.Body)
			}
			if called != tt.handlerCalled {
				t.Errorf("handler called = %v, want %v", called, tt.handlerCalled)
			}
			if tt.status == 200 {
				if len(got.Domain) != MaxBody-len(`{"domain":""}`) {
					t.Errorf("decoded domain length %d", len(got.Domain))
				}
				return
			}
			var env apierror.Envelope
			if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
				t.Fatalf("not an envelope: %s", rec.Body)
			}
			if env.Error.Code != tt.code {
				t.Errorf("code = %q, want %q", env.Error.Code, tt.code)
			}
			if tt.status == 413 {
				if env.Error.Message != "request body exceeds 16384 bytes" || env.Error.Details["limitBytes"] != float64(MaxBody) {
					t.Errorf("413 body = %+v", env.Error)
				}
			}
		})
	}
}

func TestReadBodyReadError(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/", io.NopCloser(errReader{}))
	r.Header.Set("Content-Type", "application/json")
	_, err := ReadBody(r)
	ae := asAPI(t, err)
	if ae.HTTPStatus() != 400 || ae.Code != apierror.CodeInvalidJSON || !errors.Is(err, errBoom) {
		t.Fatalf("got %d %q cause %v", ae.HTTPStatus(), ae.Code, ae.Err)
	}
}

var errBoom = errors.New("connection reset")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBoom }

// FuzzDecodeBytesKeys: whatever the body, a successful decode means the
// body named no property twice in one object and named every top-level
// property exactly as the struct does.
func FuzzDecodeBytesKeys(f *testing.F) {
	for _, seed := range []string{`{"domain":"a"}`, `{"domain":"a","domain":"b"}`, `{"Domain":"a"}`, `{"DOMAIN":"a","domain":"b"}`,
		`{"seller":{"name":"x","NAME":"y"}}`, `{"inner":{"price":1,"price":2}}`, `{"tags":["a","b"],"limit":3}`} {
		f.Add([]byte(seed))
	}
	names := map[string]bool{}
	for k := range jsonFields(reflect.TypeOf(request{})) {
		names[k] = true
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var dst request
		if DecodeBytes(body, &dst) != nil {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(bytes.TrimSpace(body)))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("decoded a body that is not an object: %q", body)
		}
		seen := map[string]bool{}
		for dec.More() {
			kt, _ := dec.Token()
			k, _ := kt.(string)
			if seen[k] || !names[k] {
				t.Fatalf("decoded %q: top-level key %q duplicated or not a field's exact name", body, k)
			}
			seen[k] = true
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatalf("decoded %q but cannot re-read it: %v", body, err)
			}
		}
	})
}
