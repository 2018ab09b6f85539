// Package mcpserve serves a service's operations as MCP tools on the
// service's own base URL (POST /mcp, the Streamable HTTP transport of the
// official Go SDK, github.com/modelcontextprotocol/go-sdk), paid with x402
// over MCP (the x402 MCP transport: PaymentRequired in an isError tool
// result, the PaymentPayload in params._meta["x402/payment"], the
// settlement in result._meta["x402/payment-response"]).
//
// A tool call is not a second implementation of anything: it becomes an
// in-process HTTP request to the service's own echo instance, on the
// operation's route, through the same middleware chain as a request from
// the network. GET tools send their arguments as the query string, POST
// tools as the JSON body, and the payment object as the PAYMENT-SIGNATURE
// header (x402.EncodeHeader). The price table, validation before payment,
// the replay guard, settle-only-on-success and never-charge-for-failure are
// therefore the HTTP route's own (pkg/x402/echox402), and the tool's
// structured output is the HTTP response body. Input schemas and
// descriptions are derived from the service's OpenAPI document.
package mcpserve

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/strictjson"

	"github.com/intel402/intel402/pkg/platform/payments"
)

// Path is the MCP endpoint on every service's base URL.
const Path = "/mcp"

// Keys of the _meta objects this package reads and writes. The x402 ones
// are the x402 MCP transport's; the intel402 ones are this service's.
const (
	// MetaPayment (params._meta, client to server): the x402 v2
	// PaymentPayload as a JSON object.
	MetaPayment = "x402/payment"
	// MetaPaymentResponse (result._meta, server to client): the x402
	// SettleResponse object of the call, on success and when settlement
	// failed (success false, errorReason).
	MetaPaymentResponse = "x402/payment-response"
	// MetaCache (result._meta): the response-cache outcome of the dispatched
	// request, "HIT" or "MISS" (the service's x-<service>-cache header).
	MetaCache = "intel402/cache"
	// MetaRequestID (result._meta): the X-Request-Id of the dispatched
	// request, the id its log lines and error envelope carry.
	MetaRequestID = "intel402/request-id"
	// MetaHTTPStatus (result._meta): the HTTP status of the dispatched
	// request (200, 400, 402, 503, ...).
	MetaHTTPStatus = "intel402/http-status"
	// MetaServerTiming (result._meta): the dispatched request's
	// Server-Timing header (precheck, verify, work, settle in ms).
	MetaServerTiming = "intel402/server-timing"
)

// ResourcePrefix names a tool's resource in PaymentRequired.resource.url:
// mcp://tool/<name>.
const ResourcePrefix = "mcp://tool/"

// MaxRequestBody bounds one MCP POST body (a JSON-RPC message or batch):
// the limit of every other route (strictjson.MaxBody, 16 KB); past it the
// answer is 413 with a JSON-RPC error.
const MaxRequestBody = strictjson.MaxBody

// clientAddrHeader and clientHostHeader carry the MCP request's client
// address and Host from the HTTP wrapper to the tool handler (the SDK hands
// a tool handler the headers of the request that carried the call, not the
// request itself). The wrapper always overwrites both, so a caller cannot
// choose them.
const (
	clientAddrHeader = "X-Intel402-Mcp-Remote-Addr"
	clientHostHeader = "X-Intel402-Mcp-Host"
)

// forwardedHeaders are copied from the MCP request to the dispatched
// request only when the service trusts them (Config.TrustForwarded), so
// that the dispatched request's client address and resource URL are
// derived exactly as they would be for an HTTP request.
var forwardedHeaders = []string{"X-Forwarded-For", "X-Real-Ip", "X-Forwarded-Proto", "X-Forwarded-Host", "Forwarded"}

// Tool is one MCP tool and the operation it dispatches to.
type Tool struct {
	Name   string // MCP tool name, e.g. "classify"
	Method string // GET or POST
	Path   string // echo route path, also the OpenAPI path
	// Atomic is the operation's price in atomic USDC units, as in the
	// price table; "" for a free operation. It only words the tool's
	// description: what is charged is the HTTP route's price.
	Atomic string
	// Summary titles and describes a free GET operation that the OpenAPI
	// document does not list; the document's words win when it does.
	Summary string
}

// Paid is the tool of a paid operation of the price table.
func Paid(name string, p payments.Price) Tool {
	return Tool{Name: name, Method: p.Method, Path: p.Path, Atomic: p.Atomic}
}

// Free is the tool of a free GET operation without parameters (such as
// /pricing.json). summary is used only if the document lacks the operation.
func Free(name, path, summary string) Tool {
	return Tool{Name: name, Method: http.MethodGet, Path: path, Summary: summary}
}

// Config configures the MCP endpoint of one service.
type Config struct {
	Service string // implementation name, e.g. "domain-qual"
	Version string
	Doc     *openapi3.T // the service's OpenAPI document (schemas, descriptions)
	Tools   []Tool
	// Dispatch serves the tools' operations: the service's echo instance.
	Dispatch http.Handler
	// TrustForwarded copies X-Forwarded-* (and X-Real-Ip, Forwarded) from
	// the MCP request to the dispatched request (payments.Config's
	// TRUST_FORWARDED_HEADERS).
	TrustForwarded bool
	// CacheHeader is the service's cache header (x-<service>-cache),
	// reported in result._meta["intel402/cache"]; "" reports none.
	CacheHeader string
	Logger      *slog.Logger
}

// Handler is the MCP endpoint: an http.Handler for POST /mcp.
type Handler struct {
	cfg    Config
	server *mcp.Server
	http   http.Handler
	tools  map[string]*tool
}

// New builds the MCP server and its tools. It fails when a tool's operation
// is not in the document or a name is used twice.
func New(cfg Config) (*Handler, error) {
	if cfg.Doc == nil || cfg.Dispatch == nil {
		return nil, errors.New("mcpserve: Doc and Dispatch are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	h := &Handler{cfg: cfg, tools: make(map[string]*tool, len(cfg.Tools))}
	h.server = mcp.NewServer(&mcp.Implementation{Name: cfg.Service, Version: cfg.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       cfg.Logger,
	})
	for _, t := range cfg.Tools {
		if _, dup := h.tools[t.Name]; dup {
			return nil, fmt.Errorf("mcpserve: tool %q declared twice", t.Name)
		}
		tl, err := newTool(cfg.Doc, t)
		if err != nil {
			return nil, err
		}
		h.tools[t.Name] = tl
		h.server.AddTool(tl.def, h.handle(tl))
	}
	h.http = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return h.server }, &mcp.StreamableHTTPOptions{
		// Stateless: every POST stands alone, so any replica can answer any
		// call and nothing is kept between calls; the tools need no
		// server-to-client requests.
		Stateless: true,
		// Plain JSON answers rather than an SSE stream per POST.
		JSONResponse: true,
		// The endpoint is a public API (as public as the HTTP routes it
		// dispatches to, which any origin may call), not a local server
		// with ambient authority; and a reverse proxy on the same host
		// reaches it over loopback with the public Host header.
		DisableLocalhostProtection: true,
		MaxRequestBodyBytes:        MaxRequestBody,
		Logger:                     cfg.Logger,
	})
	return h, nil
}

const instructions = "Paid tools are paid per call with x402 v2 (USDC on Base, scheme exact) over MCP: " +
	"call the tool; if payment is required the result has isError true and carries a PaymentRequired " +
	"(structuredContent, and its JSON as content[0].text); sign a PaymentPayload for one of its accepts " +
	"and call the tool again with the same arguments and the payload as a JSON object in " +
	`params._meta["x402/payment"]. The settlement comes back in result._meta["x402/payment-response"]. ` +
	"Arguments are validated before payment is asked for; a call that fails is never charged. " +
	"Tools whose description says Free are never paid."

// ServeHTTP serves the MCP endpoint. The caller's address (and, when
// trusted, its forwarded headers) is handed to the tool handlers so that a
// dispatched request has the MCP caller's client address.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Header.Set(clientAddrHeader, r.RemoteAddr)
	r.Header.Set(clientHostHeader, r.Host)
	jw := &jsonErrors{ResponseWriter: w}
	h.http.ServeHTTP(jw, r)
	jw.finish()
}

// jsonErrors turns the transport's own error answers (405 for GET, 400 for
// a malformed body, 413, 415, written as text/plain) into JSON-RPC error
// responses with the same status and headers, so that every /mcp answer is
// JSON. Answers that are already JSON, and successful ones, pass through.
type jsonErrors struct {
	http.ResponseWriter
	status  int // the withheld error status, 0 when passing through
	message []byte
}

func (j *jsonErrors) WriteHeader(code int) {
	ct := j.Header().Get("Content-Type")
	if code >= 400 && !strings.HasPrefix(ct, "application/json") {
		j.status = code
		return
	}
	j.ResponseWriter.WriteHeader(code)
}

func (j *jsonErrors) Write(p []byte) (int, error) {
	if j.status != 0 {
		if room := 512 - len(j.message); room > 0 {
			j.message = append(j.message, p[:min(len(p), room)]...)
		}
		return len(p), nil
	}
	return j.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (j *jsonErrors) Unwrap() http.ResponseWriter { return j.ResponseWriter }

// finish writes the withheld error as a JSON-RPC error response: id null
// (the request could not be read), code -32600 (invalid request), or
// -32700 (parse error) for a 400.
func (j *jsonErrors) finish() {
	if j.status == 0 {
		return
	}
	code := -32600
	if j.status == http.StatusBadRequest {
		code = -32700
	}
	msg := strings.TrimSpace(string(j.message))
	if msg == "" {
		msg = http.StatusText(j.status)
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg, "data": map[string]any{"httpStatus": j.status}}})
	h := j.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	j.ResponseWriter.WriteHeader(j.status)
	_, _ = j.ResponseWriter.Write(body)
}

// Register mounts the endpoint on e at Path (every method: the transport
// answers GET and DELETE itself, 405 in stateless mode).
func (h *Handler) Register(e *echo.Echo) {
	e.Any(Path, echo.WrapHandler(h))
}

// CORS answers browsers' preflight requests for the MCP endpoint, which
// name headers the payment CORS configuration does not list
// (Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-Id). Install it with
// e.Pre, ahead of the service's CORS middleware; every other request (the
// MCP POSTs themselves included) is left to that middleware.
func CORS(origins []string) echo.MiddlewareFunc {
	return middleware.CORSWithConfig(middleware.CORSConfig{
		Skipper: func(c echo.Context) bool {
			return c.Request().URL.Path != Path || c.Request().Method != http.MethodOptions
		},
		AllowOrigins: origins,
		AllowMethods: []string{http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodOptions},
		AllowHeaders: []string{echo.HeaderContentType, echo.HeaderAccept, echo.HeaderAuthorization,
			"Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-Id"},
		ExposeHeaders: []string{"Mcp-Session-Id", "Mcp-Protocol-Version", "X-Request-Id"},
		MaxAge:        600,
	})
}

func resourceURL(name string) string { return ResourcePrefix + name }

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}
