package requestid

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

var generated = regexp.MustCompile(`^req_[0-9a-f]{24}$`)

func TestValid(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"abc", true},
		{"req_0123456789abcdef01234567", true},
		{"A.b_c:d-9", true},
		{"550e8400-e29b-41d4-a716-446655440000", true},
		{strings.Repeat("a", 128), true},
		{"", false},
		{strings.Repeat("a", 129), false},
		{"has space", false},
		{"tab\there", false},
		{"new\nline", false},
		{"cr\r\nX-Injected: 1", false},
		{"nul\x00", false},
		{"slash/x", false},
		{"<script>", false},
		{"quote\"", false},
		{"ünicode", false},
		{"semi;colon", false},
	}
	for _, tt := range tests {
		if got := Valid(tt.id); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestNew(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := New()
		if !generated.MatchString(id) {
			t.Fatalf("New() = %q, want req_ + 24 hex", id)
		}
		if !Valid(id) {
			t.Fatalf("New() = %q is not Valid", id)
		}
		if seen[id] {
			t.Fatalf("New() repeated %q", id)
		}
		seen[id] = true
	}
}

func TestMiddleware(t *testing.T) {
	tests := []struct {
		name     string
		incoming []string // nil: no header
		keep     bool     // the incoming id is echoed unchanged
	}{
		{name: "absent", incoming: nil},
		{name: "empty", incoming: []string{""}},
		{name: "sane is kept", incoming: []string{"client-42.a_b:c"}, keep: true},
		{name: "uuid is kept", incoming: []string{"550e8400-e29b-41d4-a716-446655440000"}, keep: true},
		{name: "max length is kept", incoming: []string{strings.Repeat("z", 128)}, keep: true},
		{name: "too long is replaced", incoming: []string{strings.Repeat("z", 129)}},
		{name: "control char is replaced", incoming: []string{"abc\x07def"}},
		{name: "space is replaced", incoming: []string{"abc def"}},
		{name: "log injection is replaced", incoming: []string{`x" level=ERROR msg="forged`}},
		{name: "first of several is used", incoming: []string{"first", "second"}, keep: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			var fromEcho, fromCtx, fromReqHeader string
			e.GET("/", func(c echo.Context) error {
				fromEcho = FromEcho(c)
				fromCtx = From(c.Request().Context())
				fromReqHeader = c.Response().Header().Get(Header)
				return c.NoContent(http.StatusNoContent)
			}, Middleware())
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			for _, v := range tt.incoming {
				req.Header.Add(Header, v)
			}
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)

			if rec.Code != http.StatusNoContent {
				t.Fatalf("status = %d", rec.Code)
			}
			if vs := rec.Header().Values(Header); len(vs) != 1 {
				t.Fatalf("response %s values = %q, want exactly one", Header, vs)
			}
			got := rec.Header().Get(Header)
			if tt.keep {
				if got != tt.incoming[0] {
					t.Errorf("response id = %q, want the incoming %q", got, tt.incoming[0])
				}
			} else if !generated.MatchString(got) {
				t.Errorf("response id = %q, want a generated req_ id", got)
			}
			if fromEcho != got || fromCtx != got || fromReqHeader != got {
				t.Errorf("FromEcho %q, From(ctx) %q, header in handler %q; response %q", fromEcho, fromCtx, fromReqHeader, got)
			}
		})
	}
}

func TestMiddlewareFreshIDPerRequest(t *testing.T) {
	e := echo.New()
	e.GET("/", func(c echo.Context) error { return c.NoContent(http.StatusOK) }, Middleware())
	ids := map[string]bool{}
	for range 20 {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		ids[rec.Header().Get(Header)] = true
	}
	if len(ids) != 20 {
		t.Fatalf("got %d distinct ids over 20 requests", len(ids))
	}
}

func TestFromFallbacks(t *testing.T) {
	tests := []struct {
		name  string
		setup func(c echo.Context)
		want  string
	}{
		{"nothing", func(echo.Context) {}, ""},
		{"response header only", func(c echo.Context) { c.Response().Header().Set(Header, "hdr-id") }, "hdr-id"},
		{"request context only", func(c echo.Context) {
			c.SetRequest(c.Request().WithContext(context.WithValue(c.Request().Context(), ctxKey{}, "ctx-id")))
		}, "ctx-id"},
		{"echo value wins", func(c echo.Context) {
			c.Set(echoKey, "echo-id")
			c.Response().Header().Set(Header, "hdr-id")
		}, "echo-id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
			tt.setup(c)
			if got := FromEcho(c); got != tt.want {
				t.Errorf("FromEcho = %q, want %q", got, tt.want)
			}
		})
	}
	if got := From(context.Background()); got != "" {
		t.Errorf("From(Background) = %q, want empty", got)
	}
}
