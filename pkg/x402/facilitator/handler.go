package facilitator

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/intel402/intel402/pkg/x402"
)

// maxRequestBody bounds a /verify or /settle request body.
const maxRequestBody = 64 << 10

// Handler serves f over the facilitator HTTP API: POST /verify, POST
// /settle and GET /supported. Rejections are answered 200 with
// isValid:false / success:false; malformed requests 400 {"error":…};
// unavailability of f (x402.ErrFacilitatorUnavailable) 503 and other
// failures 500, both {"error":…}, which clients treat as transport errors.
// Mount it under a prefix with http.StripPrefix.
func Handler(f x402.Facilitator, logger *slog.Logger) http.Handler {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	h := &handler{f: f, log: logger}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /verify", h.verify)
	mux.HandleFunc("POST /settle", h.settle)
	mux.HandleFunc("GET /supported", h.supported)
	return mux
}

type handler struct {
	f   x402.Facilitator
	log *slog.Logger
}

func (h *handler) verify(w http.ResponseWriter, r *http.Request) {
	req, ok := h.decode(w, r)
	if !ok {
		return
	}
	resp, err := h.f.Verify(r.Context(), req.PaymentPayload, req.PaymentRequirements)
	if err != nil {
		h.fail(w, r, "verify", err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (h *handler) settle(w http.ResponseWriter, r *http.Request) {
	req, ok := h.decode(w, r)
	if !ok {
		return
	}
	resp, err := h.f.Settle(r.Context(), req.PaymentPayload, req.PaymentRequirements)
	if err != nil {
		h.fail(w, r, "settle", err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (h *handler) supported(w http.ResponseWriter, r *http.Request) {
	resp, err := h.f.Supported(r.Context())
	if err != nil {
		h.fail(w, r, "supported", err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (h *handler) decode(w http.ResponseWriter, r *http.Request) (x402.FacilitatorRequest, bool) {
	var req x402.FacilitatorRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBody))
	if err := dec.Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("invalid request body: %v", err)})
		return req, false
	}
	if req.X402Version != x402.Version {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("x402Version %d is not supported; only x402 v2", req.X402Version)})
		return req, false
	}
	return req, true
}

func (h *handler) fail(w http.ResponseWriter, r *http.Request, op string, err error) {
	status := http.StatusInternalServerError
	if errors.Is(err, x402.ErrFacilitatorUnavailable) {
		status = http.StatusServiceUnavailable
	}
	h.log.ErrorContext(r.Context(), "x402 facilitator request failed", slog.String("op", op), slog.Any("error", err))
	writeJSON(w, status, map[string]string{"error": op + " failed: " + http.StatusText(status)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
