package input

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402/servertiming"
	"github.com/labstack/echo/v4"
)

type query struct {
	Domain string
	Limit  int
}

type other struct{ Domain string }

var errBad = errors.New("bad input")

func TestMiddleware(t *testing.T) {
	tests := []struct {
		name       string
		target     string
		parse      func(echo.Context) (query, error)
		wantStatus int
		wantErr    error
		wantNext   bool
		wantValue  query
	}{
		{
			name:   "parsed value reaches the handler",
			target: "/?domain=example.com",
			parse: func(c echo.Context) (query, error) {
				return query{Domain: c.QueryParam("domain"), Limit: 5}, nil
			},
			wantStatus: http.StatusOK, wantNext: true, wantValue: query{Domain: "example.com", Limit: 5},
		},
		{
			name:       "zero value is still stored",
			target:     "/",
			parse:      func(echo.Context) (query, error) { return query{}, nil },
			wantStatus: http.StatusOK, wantNext: true, wantValue: query{},
		},
		{
			name:       "parse error stops the chain",
			target:     "/?domain=",
			parse:      func(echo.Context) (query, error) { return query{Domain: "partial"}, errBad },
			wantStatus: http.StatusInternalServerError, wantErr: errBad,
		},
		{
			name:   "HTTP error status is preserved",
			target: "/",
			parse: func(echo.Context) (query, error) {
				return query{}, echo.NewHTTPError(http.StatusRequestEntityTooLarge, "too big")
			},
			wantStatus: http.StatusRequestEntityTooLarge,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			var handlerErr error
			e.HTTPErrorHandler = func(err error, c echo.Context) {
				handlerErr = err
				e.DefaultHTTPErrorHandler(err, c)
			}
			parsed := false
			nextRan := false
			var got query
			var ok bool
			e.GET("/", func(c echo.Context) error {
				nextRan = true
				if !parsed {
					t.Error("handler ran before parse")
				}
				got, ok = Get[query](c)
				return c.NoContent(http.StatusOK)
			}, Middleware(func(c echo.Context) (query, error) {
				parsed = true
				return tt.parse(c)
			}))
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.target, nil))

			if !parsed {
				t.Fatal("parse never ran")
			}
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if nextRan != tt.wantNext {
				t.Errorf("next ran = %v, want %v", nextRan, tt.wantNext)
			}
			if tt.wantErr != nil && !errors.Is(handlerErr, tt.wantErr) {
				t.Errorf("error = %v, want %v", handlerErr, tt.wantErr)
			}
			if tt.wantNext {
				if !ok || got != tt.wantValue {
					t.Errorf("Get = %+v, %v; want %+v, true", got, ok, tt.wantValue)
				}
			}
		})
	}
}

func TestMiddlewareReturnsParseErrorDirectly(t *testing.T) {
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	next := func(echo.Context) error { t.Fatal("next must not run"); return nil }
	err := Middleware(func(echo.Context) (int, error) { return 7, errBad })(next)(c)
	if err != errBad {
		t.Fatalf("err = %v, want errBad unchanged", err)
	}
	if v, ok := Get[int](c); ok || v != 0 {
		t.Fatalf("Get after failed parse = %d, %v; want 0, false", v, ok)
	}
	if st := c.Response().Header().Get(servertiming.Header); !strings.HasPrefix(st, "validate;dur=") || !strings.HasSuffix(st, `;desc="refused"`) {
		t.Errorf("a refused request's Server-Timing = %q", st)
	}
}

// Validation is the first Server-Timing phase; later phases (payment, work)
// are added to the same collector.
func TestMiddlewareStartsServerTiming(t *testing.T) {
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	var seen *servertiming.Timings
	next := func(c echo.Context) error {
		seen = servertiming.From(c.Request().Context())
		seen.Add("work", time.Millisecond, "")
		return nil
	}
	if err := Middleware(func(echo.Context) (int, error) { return 7, nil })(next)(c); err != nil {
		t.Fatal(err)
	}
	if seen == nil || !strings.HasPrefix(seen.String(), "validate;dur=") || !strings.Contains(seen.String(), ", work;dur=1.0") {
		t.Errorf("timings = %q", seen.String())
	}
}

func TestGetIsKeyedByType(t *testing.T) {
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	if _, ok := Get[query](c); ok {
		t.Fatal("Get before Middleware: ok = true")
	}
	h := Middleware(func(echo.Context) (query, error) { return query{Domain: "q"}, nil })(
		Middleware(func(echo.Context) (other, error) { return other{Domain: "o"}, nil })(
			Middleware(func(echo.Context) (*query, error) { return &query{Domain: "p"}, nil })(
				func(echo.Context) error { return nil })))
	if err := h(c); err != nil {
		t.Fatal(err)
	}
	q, okQ := Get[query](c)
	o, okO := Get[other](c)
	p, okP := Get[*query](c)
	if !okQ || q.Domain != "q" || !okO || o.Domain != "o" || !okP || p.Domain != "p" {
		t.Fatalf("Get: query %+v %v, other %+v %v, *query %+v %v", q, okQ, o, okO, p, okP)
	}
	if _, ok := Get[string](c); ok {
		t.Fatal("Get[string] ok = true, nothing stored")
	}
}

// TestInterfaceTypesKeptApart: values stored for two interface types do
// not share a slot.
func TestInterfaceTypesKeptApart(t *testing.T) {
	e := echo.New()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	run := func(mw echo.MiddlewareFunc) {
		if err := mw(func(echo.Context) error { return nil })(c); err != nil {
			t.Fatal(err)
		}
	}
	run(Middleware(func(echo.Context) (error, error) { return errBad, nil }))
	run(Middleware(func(echo.Context) (any, error) { return "anything", nil }))
	if v, ok := Get[error](c); !ok || v != errBad {
		t.Fatalf("Get[error] = %v, %v after an any was stored", v, ok)
	}
	if v, ok := Get[any](c); !ok || v != "anything" {
		t.Fatalf("Get[any] = %v, %v", v, ok)
	}
}
