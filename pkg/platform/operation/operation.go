// Package operation declares a service's paid operations once. Each
// Operation names everything about one paid route: its method and path,
// its capability id and price (/capabilities.json, /pricing.json and the
// x402 challenge), its MCP tool, its OpenAPI operation id, its response
// cache operation, its speculation predicate, the input middleware that
// runs before payment, and its handler. Registration (Register), discovery,
// payments and MCP (Mount) all read the descriptors, and Check holds them
// to the OpenAPI document, so adding a paid operation is one descriptor,
// one handler and one OpenAPI entry.
package operation

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/discovery"
	"github.com/intel402/intel402/pkg/platform/payments"
)

// Operation is one paid route.
type Operation struct {
	ID          string // capability id in /capabilities.json and /pricing.json, e.g. "company_signals"
	OperationID string // operationId of Method Path in the OpenAPI document, e.g. "signals"
	Tool        string // the MCP tool that calls it, e.g. "company_signals"
	Method      string // http.MethodGet or http.MethodPost
	Path        string // echo route path, also the OpenAPI path
	Atomic      string // price in atomic USDC units (6 decimals), e.g. "50000"; the OpenAPI's x-price-atomic
	Description string // one line for /capabilities.json and the x402 resource
	// CacheOp names the operation in response cache keys, metrics and logs
	// (usecase.Spec.Op), e.g. "signals".
	CacheOp string
	// Speculate decides per request whether the handler may run while the
	// facilitator verifies the payment (payments.Price.Speculate); nil:
	// never.
	Speculate func(echo.Context) bool
	// Input runs before payment, in order: body limits, parsing and
	// validation (a request that fails them is never asked to pay), and
	// probes Speculate reads.
	Input []echo.MiddlewareFunc
	// Handler serves a paid request once the payment is accepted. Nil in a
	// descriptor that is not yet bound to a handler (see Bind).
	Handler echo.HandlerFunc
}

// Bind returns o served by h after the input middleware in.
func (o Operation) Bind(h echo.HandlerFunc, in ...echo.MiddlewareFunc) Operation {
	o.Handler = h
	o.Input = in
	return o
}

// Price is o's entry in the price table the x402 middleware charges by.
func (o Operation) Price() payments.Price {
	return payments.Price{Method: o.Method, Path: o.Path, Atomic: o.Atomic, Description: o.Description, Speculate: o.Speculate}
}

// Prices is the price table of ops, in their order.
func Prices(ops []Operation) []payments.Price {
	out := make([]payments.Price, len(ops))
	for i, o := range ops {
		out[i] = o.Price()
	}
	return out
}

// Capabilities pairs each operation's capability id with its price, for
// discovery.Build and the MCP tools.
func Capabilities(ops []Operation) []discovery.Capability {
	out := make([]discovery.Capability, len(ops))
	for i, o := range ops {
		out[i] = discovery.Capability{ID: o.ID, Price: o.Price()}
	}
	return out
}

// Tools maps each operation's capability id to its MCP tool name.
func Tools(ops []Operation) map[string]string {
	out := make(map[string]string, len(ops))
	for _, o := range ops {
		out[o.ID] = o.Tool
	}
	return out
}

// Register mounts each operation on e: its input middleware, then pay,
// then its handler.
func Register(e *echo.Echo, ops []Operation, pay echo.MiddlewareFunc) {
	for _, o := range ops {
		mw := append(slices.Clip(o.Input), pay)
		e.Add(o.Method, o.Path, o.Handler, mw...)
	}
}

// Validate reports descriptors that cannot be served: a missing field, a
// non-numeric price, or two operations sharing a capability id, tool,
// cache operation, operation id or route.
func Validate(ops []Operation) error {
	var errs []error
	seen := map[string]string{}
	unique := func(kind, v, who string) {
		k := kind + "\x00" + v
		if prev, ok := seen[k]; ok {
			errs = append(errs, fmt.Errorf("operation: %s and %s share the %s %q", prev, who, kind, v))
		}
		seen[k] = who
	}
	for _, o := range ops {
		who := o.ID
		if who == "" {
			who = o.Method + " " + o.Path
		}
		for _, f := range []struct{ name, v string }{
			{"ID", o.ID}, {"OperationID", o.OperationID}, {"Tool", o.Tool}, {"Method", o.Method},
			{"Path", o.Path}, {"Atomic", o.Atomic}, {"Description", o.Description}, {"CacheOp", o.CacheOp},
		} {
			if strings.TrimSpace(f.v) == "" {
				errs = append(errs, fmt.Errorf("operation %s: %s is empty", who, f.name))
			}
		}
		if o.Method != http.MethodGet && o.Method != http.MethodPost {
			errs = append(errs, fmt.Errorf("operation %s: method %q is neither GET nor POST", who, o.Method))
		}
		if o.Price().USD() == "" {
			errs = append(errs, fmt.Errorf("operation %s: price %q is not a whole number of atomic units", who, o.Atomic))
		}
		if o.Handler == nil {
			errs = append(errs, fmt.Errorf("operation %s: no handler (Bind it)", who))
		}
		unique("capability id", o.ID, who)
		unique("MCP tool", o.Tool, who)
		unique("cache operation", o.CacheOp, who)
		unique("operation id", o.OperationID, who)
		unique("route", o.Method+" "+o.Path, who)
	}
	return errors.Join(errs...)
}

// Check holds ops to the OpenAPI document doc: every operation is there
// under its method and path, with its operation id and its price
// (x-price-atomic); and every operation the document prices (a 402
// response) has a descriptor.
func Check(ops []Operation, doc *openapi3.T) error {
	var errs []error
	described := map[string]bool{}
	for _, o := range ops {
		described[o.Method+" "+o.Path] = true
		item := doc.Paths.Value(o.Path)
		var op *openapi3.Operation
		if item != nil {
			op = item.GetOperation(o.Method)
		}
		if op == nil {
			errs = append(errs, fmt.Errorf("operation %s: %s %s is not in the OpenAPI document", o.ID, o.Method, o.Path))
			continue
		}
		if op.OperationID != o.OperationID {
			errs = append(errs, fmt.Errorf("operation %s: OpenAPI operationId of %s %s is %q, the descriptor says %q",
				o.ID, o.Method, o.Path, op.OperationID, o.OperationID))
		}
		if price, _ := op.Extensions["x-price-atomic"].(string); price != o.Atomic {
			errs = append(errs, fmt.Errorf("operation %s: OpenAPI x-price-atomic of %s %s is %q, the descriptor says %q",
				o.ID, o.Method, o.Path, price, o.Atomic))
		}
		if op.Responses.Value("402") == nil {
			errs = append(errs, fmt.Errorf("operation %s: OpenAPI %s %s has no 402 response", o.ID, o.Method, o.Path))
		}
	}
	var paths []string
	for path := range doc.Paths.Map() {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		item := doc.Paths.Value(path)
		for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			op := item.GetOperation(method)
			if op != nil && op.Responses.Value("402") != nil && !described[method+" "+path] {
				errs = append(errs, fmt.Errorf("operation: OpenAPI %s %s (%s) is paid but has no descriptor", method, path, op.OperationID))
			}
		}
	}
	return errors.Join(errs...)
}

// CheckTable holds a markdown operations table (the README's "Operations
// and prices") to ops: each operation of service has a row
// "| service | `METHOD path` | `capability id` | `MCP tool` | USDC … | atomic |".
func CheckTable(markdown []byte, service string, ops []Operation) error {
	var errs []error
	lines := strings.Split(string(markdown), "\n")
	for _, o := range ops {
		head := fmt.Sprintf("| %s | `%s %s` | `%s` | `%s` | %s", service, o.Method, o.Path, o.ID, o.Tool, o.Price().USD())
		found := false
		for _, l := range lines {
			if strings.HasPrefix(l, head) && strings.HasSuffix(strings.TrimSpace(l), "| "+o.Atomic+" |") {
				found = true
				break
			}
		}
		if !found {
			errs = append(errs, fmt.Errorf("operation %s: no table row %q… | %s |", o.ID, head, o.Atomic))
		}
	}
	return errors.Join(errs...)
}
