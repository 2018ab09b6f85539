package main

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"sync"

	"github.com/intel402/intel402/pkg/x402"
)

// ReasonNonceUsed is the settle failure the ledger gives an authorization
// that it already settled, as a chain's EIP-3009 token would
// (authorizationState already true).
const ReasonNonceUsed = "authorization_already_used"

// ledger wraps a facilitator like a chain's nonce registry: it records
// every settle call per (payer, nonce), settles an authorization at most
// once (a second settle of the same authorization fails with
// ReasonNonceUsed, as transferWithAuthorization would revert) and reports
// it all on GET /ledger, so a fault run can match deliveries with
// settlements and count attempts to settle one authorization twice.
type ledger struct {
	x402.Facilitator

	mu      sync.Mutex
	entries map[string]*ledgerEntry // "payer:nonce", lower case
	calls   int
}

type ledgerEntry struct {
	Calls   int `json:"calls"`   // settle calls for this authorization
	Settled int `json:"settled"` // successful settlements (0 or 1)
}

// LedgerReport is the JSON of GET /ledger.
type LedgerReport struct {
	SettleCalls int `json:"settle_calls"`
	Settled     int `json:"settled"`
	// Duplicate counts settle calls for an authorization already settled
	// (each was refused with ReasonNonceUsed).
	Duplicate int `json:"duplicate_settle_calls"`
	// DoubleSettled counts authorizations settled more than once (always
	// 0: the ledger refuses the second; kept so a report says so).
	DoubleSettled int `json:"double_settled"`
	// Nonces lists the settled authorizations as "payer:nonce", sorted.
	Nonces []string `json:"settled_nonces"`
}

func newLedger(f x402.Facilitator) *ledger {
	return &ledger{Facilitator: f, entries: map[string]*ledgerEntry{}}
}

func authKey(p x402.PaymentPayload) string {
	evm, err := x402.ExactEVMPayloadOf(p)
	if err != nil {
		return ""
	}
	return strings.ToLower(evm.Authorization.From) + ":" + strings.ToLower(evm.Authorization.Nonce)
}

// Settle implements x402.Facilitator.
func (l *ledger) Settle(ctx context.Context, p x402.PaymentPayload, r x402.PaymentRequirements) (x402.SettleResponse, error) {
	key := authKey(p)
	l.mu.Lock()
	l.calls++
	e := l.entries[key]
	if e == nil {
		e = &ledgerEntry{}
		l.entries[key] = e
	}
	e.Calls++
	already := e.Settled > 0
	l.mu.Unlock()
	if already {
		return x402.SettleResponse{Success: false, ErrorReason: ReasonNonceUsed,
			ErrorMessage: "the authorization was already settled", Network: r.Network}, nil
	}
	resp, err := l.Facilitator.Settle(ctx, p, r)
	if err == nil && resp.Success {
		l.mu.Lock()
		if e.Settled > 0 { // a concurrent settle of the same authorization won
			resp = x402.SettleResponse{Success: false, ErrorReason: ReasonNonceUsed,
				ErrorMessage: "the authorization was already settled", Network: r.Network}
		} else {
			e.Settled++
		}
		l.mu.Unlock()
	}
	return resp, err
}

// Report summarises the ledger.
func (l *ledger) Report() LedgerReport {
	l.mu.Lock()
	defer l.mu.Unlock()
	rep := LedgerReport{SettleCalls: l.calls, Nonces: []string{}}
	for k, e := range l.entries {
		if e.Settled > 0 {
			rep.Settled++
			rep.Nonces = append(rep.Nonces, k)
		}
		if e.Settled > 1 {
			rep.DoubleSettled++
		}
		if e.Calls > 1 {
			rep.Duplicate += e.Calls - 1
		}
	}
	sort.Strings(rep.Nonces)
	return rep
}

// handler serves GET /ledger and passes everything else to next.
func (l *ledger) handler(next http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ledger", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(l.Report())
	})
	mux.Handle("/", next)
	return mux
}
