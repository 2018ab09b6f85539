package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/requestid"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/servertiming"
)

// handle is the tool handler: it dispatches the call to the tool's route
// and maps the HTTP response to the tool result.
//
//   - 2xx: structuredContent is the response body (a JSON object),
//     content[0] its text, _meta the settlement (x402/payment-response).
//   - 402 with PAYMENT-REQUIRED (no payment, an invalid or refused payment,
//     a replayed authorization): isError, and the PaymentRequired (resource
//     mcp://tool/<name>, bazaar in its MCP form) as structuredContent and as
//     the JSON text of content[0].
//   - 402 without PAYMENT-REQUIRED (settlement failed after the operation
//     ran; its output was withheld): isError and the route's
//     PaymentRequired with the failure as its error; the failed settlement
//     is in _meta.
//   - anything else (400, 413, 422, 429, 5xx): isError and the error
//     envelope as structuredContent and content[0]; nothing was charged.
func (h *Handler) handle(t *tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var hdr http.Header
		if req.Extra != nil {
			hdr = req.Extra.Header
		}
		payment, err := paymentHeader(req.Params.Meta)
		if err != nil {
			return envelopeResult(apierror.New(apierror.CodeInvalidRequest, "%s", err.Error()).
				WithDetails(map[string]any{"field": "_meta." + MetaPayment})), nil
		}
		args := req.Params.Arguments
		rec, err := h.dispatch(ctx, t, args, payment, hdr)
		if err != nil {
			var ae *apierror.Error
			if errors.As(err, &ae) {
				return envelopeResult(ae), nil
			}
			return nil, err
		}
		res := rec.Result()
		body := rec.Body.Bytes()
		meta := mcp.Meta{MetaHTTPStatus: res.StatusCode}
		if id := res.Header.Get(requestid.Header); id != "" {
			meta[MetaRequestID] = id
		}
		if h.cfg.CacheHeader != "" {
			if v := res.Header.Get(h.cfg.CacheHeader); v != "" {
				meta[MetaCache] = v
			}
		}
		if v := res.Header.Get(servertiming.Header); v != "" {
			meta[MetaServerTiming] = v
		}
		var settle *x402.SettleResponse
		if v := res.Header.Get(x402.HeaderPaymentResponse); v != "" {
			if sr, err := x402.DecodeSettleResponse(v); err == nil {
				settle = &sr
				meta[MetaPaymentResponse] = sr
			} else {
				h.cfg.Logger.WarnContext(ctx, "mcp: undecodable PAYMENT-RESPONSE from the route", slog.String("tool", t.Name), slog.Any("error", err))
			}
		}

		switch {
		case res.StatusCode >= 200 && res.StatusCode <= 299:
			return jsonResult(body, false, meta), nil
		case res.StatusCode == http.StatusPaymentRequired && res.Header.Get(x402.HeaderPaymentRequired) != "":
			pr, err := x402.DecodePaymentRequired(res.Header.Get(x402.HeaderPaymentRequired))
			if err != nil {
				return nil, fmt.Errorf("mcpserve: tool %q: the route's PAYMENT-REQUIRED: %w", t.Name, err)
			}
			return t.paymentRequired(pr, meta)
		case res.StatusCode == http.StatusPaymentRequired:
			// Settlement failed after the operation ran: the output was
			// withheld and nothing was charged. The transport answers with
			// the route's PaymentRequired and the failure as its error; the
			// unpaid dispatch of the same (already validated) arguments
			// yields that PaymentRequired.
			reason := settlementFailure(settle, body)
			again, err := h.dispatch(ctx, t, args, "", hdr)
			if err != nil {
				return nil, err
			}
			ares := again.Result()
			prh := ares.Header.Get(x402.HeaderPaymentRequired)
			if ares.StatusCode != http.StatusPaymentRequired || prh == "" {
				h.cfg.Logger.WarnContext(ctx, "mcp: no PaymentRequired for a failed settlement; answering with the envelope",
					slog.String("tool", t.Name), slog.Int("status", ares.StatusCode))
				return jsonResult(body, true, meta), nil
			}
			pr, err := x402.DecodePaymentRequired(prh)
			if err != nil {
				return nil, fmt.Errorf("mcpserve: tool %q: the route's PAYMENT-REQUIRED: %w", t.Name, err)
			}
			pr.Error = reason
			return t.paymentRequired(pr, meta)
		default:
			return jsonResult(body, true, meta), nil
		}
	}
}

// paymentRequired is the isError result carrying pr, its resource named
// after the tool and its bazaar extension in the MCP form.
func (t *tool) paymentRequired(pr x402.PaymentRequired, meta mcp.Meta) (*mcp.CallToolResult, error) {
	pr.Resource.URL = resourceURL(t.Name)
	if _, ok := pr.Extensions["bazaar"]; ok && t.bazaar != nil {
		ext := make(map[string]json.RawMessage, len(pr.Extensions))
		for k, v := range pr.Extensions {
			ext[k] = v
		}
		ext["bazaar"] = t.bazaar
		pr.Extensions = ext
	}
	b, err := json.Marshal(pr)
	if err != nil {
		return nil, fmt.Errorf("mcpserve: tool %q: encode PaymentRequired: %w", t.Name, err)
	}
	return &mcp.CallToolResult{
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(b)}},
		StructuredContent: json.RawMessage(b),
		Meta:              meta,
	}, nil
}

// settlementFailure is the reason a settlement failed: the PAYMENT-RESPONSE
// errorReason, else the envelope's details.reason, else its code.
func settlementFailure(sr *x402.SettleResponse, body []byte) string {
	var env struct {
		Error struct {
			Code    string         `json:"code"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &env)
	reason, _ := env.Error.Details["reason"].(string)
	var fromHeader string
	if sr != nil {
		fromHeader = sr.ErrorReason
	}
	return firstNonEmpty(fromHeader, reason, env.Error.Code, "settlement_failed")
}

// jsonResult is a result whose structuredContent is body (when it is a JSON
// object) and whose content[0] is body's text.
func jsonResult(body []byte, isError bool, meta mcp.Meta) *mcp.CallToolResult {
	body = bytes.TrimSpace(body)
	r := &mcp.CallToolResult{IsError: isError, Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}, Meta: meta}
	if len(body) > 0 && body[0] == '{' && json.Valid(body) {
		r.StructuredContent = json.RawMessage(body)
	}
	return r
}

// envelopeResult is an isError result with an error envelope this package
// makes itself (arguments or payment that cannot even be dispatched).
func envelopeResult(e *apierror.Error) *mcp.CallToolResult {
	status, body := apierror.From(e)
	b, _ := json.Marshal(apierror.Envelope{Error: body})
	return jsonResult(b, true, mcp.Meta{MetaHTTPStatus: status})
}

// paymentHeader is the PAYMENT-SIGNATURE value of params._meta's payment
// (the transport's PaymentPayload object), encoded exactly as pkg/x402
// encodes headers. Whatever value the caller put there is encoded alike, so
// the route's middleware judges it (and refuses anything but a
// PaymentPayload object, with its reason) exactly as it judges the header.
func paymentHeader(meta mcp.Meta) (string, error) {
	v, ok := meta[MetaPayment]
	if !ok || v == nil {
		return "", nil
	}
	return x402.EncodeHeader(v)
}

// dispatch serves the tool's operation in process: the arguments as the
// query string (GET) or the JSON body (POST), the payment as
// PAYMENT-SIGNATURE, and the MCP caller's address as the client address.
func (h *Handler) dispatch(ctx context.Context, t *tool, args json.RawMessage, payment string, hdr http.Header) (*httptest.ResponseRecorder, error) {
	target := t.Path
	var body io.Reader
	if t.Method == http.MethodGet {
		q, err := queryOf(args)
		if err != nil {
			return nil, err
		}
		if q != "" {
			target += "?" + q
		}
	} else {
		raw := bytes.TrimSpace(args)
		if len(raw) == 0 || string(raw) == "null" {
			raw = []byte("{}")
		}
		body = bytes.NewReader(raw)
	}
	host := "localhost"
	if hdr != nil {
		if v := hdr.Get(clientHostHeader); v != "" {
			host = v
		}
	}
	r, err := http.NewRequestWithContext(ctx, t.Method, "http://"+host+target, body)
	if err != nil {
		return nil, apierror.InvalidField("arguments", "cannot be sent as a request: "+err.Error(), nil)
	}
	r.RequestURI = target
	r.Header.Set(echoAccept, "application/json")
	if t.Method == http.MethodPost {
		r.Header.Set(echoContentType, "application/json")
	}
	if payment != "" {
		r.Header.Set(x402.HeaderPaymentSignature, payment)
	}
	if hdr != nil {
		r.RemoteAddr = hdr.Get(clientAddrHeader)
		if ua := hdr.Get("User-Agent"); ua != "" {
			r.Header.Set("User-Agent", ua)
		}
		if h.cfg.TrustForwarded {
			for _, k := range forwardedHeaders {
				if vs := hdr.Values(k); len(vs) > 0 {
					r.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
				}
			}
		}
	}
	rec := httptest.NewRecorder()
	h.cfg.Dispatch.ServeHTTP(rec, r)
	return rec, nil
}

const (
	echoAccept      = "Accept"
	echoContentType = "Content-Type"
)

// queryOf turns a GET tool's arguments (a JSON object) into a query string:
// strings as they are, numbers and booleans as their JSON text, each
// element of an array as one value of a repeated parameter, null omitted,
// and anything else (an object) as its JSON text. The route validates the
// result exactly as it validates an HTTP query.
func queryOf(args json.RawMessage) (string, error) {
	raw := bytes.TrimSpace(args)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	// The route never sees this JSON, and a map keeps a property named
	// twice by its last value: refuse it here, as a body's parser does
	// (a POST tool's arguments are its body, checked by the route).
	if err := strictjson.CheckKeys(raw); err != nil {
		return "", err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return "", apierror.InvalidField("arguments", "the arguments must be a JSON object", nil)
	}
	q := url.Values{}
	for k, v := range m {
		switch x := v.(type) {
		case nil:
		case []any:
			for _, e := range x {
				if e != nil {
					q.Add(k, scalar(e))
				}
			}
		default:
			q.Add(k, scalar(x))
		}
	}
	return q.Encode(), nil
}

func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}
