package x402

import "encoding/json"

// Version is the only x402 protocol version this package speaks.
const Version = 2

// SchemeExact is the "exact" payment scheme.
const SchemeExact = "exact"

// ResourceInfo describes the resource a payment unlocks.
type ResourceInfo struct {
	URL         string `json:"url"`
	Description string `json:"description,omitempty"`
	MimeType    string `json:"mimeType,omitempty"`
}

// PaymentRequirements is one way to pay for a resource (an entry of
// PaymentRequired.Accepts, echoed as PaymentPayload.Accepted).
type PaymentRequirements struct {
	Scheme            string         `json:"scheme"`
	Network           string         `json:"network"`
	Amount            string         `json:"amount"`
	Asset             string         `json:"asset"`
	PayTo             string         `json:"payTo"`
	MaxTimeoutSeconds int            `json:"maxTimeoutSeconds"`
	Extra             map[string]any `json:"extra,omitempty"`
}

// ExtraString returns the string value of Extra[key], or "" if it is absent
// or not a string.
func (r PaymentRequirements) ExtraString(key string) string {
	s, _ := r.Extra[key].(string)
	return s
}

// PaymentRequired is the challenge a server sends with a 402 in the
// PAYMENT-REQUIRED header.
type PaymentRequired struct {
	X402Version int                        `json:"x402Version"`
	Error       string                     `json:"error,omitempty"`
	Resource    ResourceInfo               `json:"resource"`
	Accepts     []PaymentRequirements      `json:"accepts"`
	Extensions  map[string]json.RawMessage `json:"extensions,omitempty"`
}

// PaymentPayload is what a client sends in the PAYMENT-SIGNATURE header.
// Payload is scheme-specific; for the exact scheme on EVM decode it with
// ExactEVMPayloadOf.
type PaymentPayload struct {
	X402Version int                        `json:"x402Version"`
	Resource    *ResourceInfo              `json:"resource,omitempty"`
	Accepted    PaymentRequirements        `json:"accepted"`
	Payload     json.RawMessage            `json:"payload"`
	Extensions  map[string]json.RawMessage `json:"extensions,omitempty"`
}

// ExactEVMPayload is PaymentPayload.Payload for the exact scheme on EVM
// networks (EIP-3009 transferWithAuthorization).
type ExactEVMPayload struct {
	Signature     string        `json:"signature"`
	Authorization Authorization `json:"authorization"`
}

// Authorization is the EIP-3009 TransferWithAuthorization message as it
// travels on the wire: every field is a string (addresses, decimal
// integers, and a 0x-prefixed 32-byte hex nonce).
type Authorization struct {
	From        string `json:"from"`
	To          string `json:"to"`
	Value       string `json:"value"`
	ValidAfter  string `json:"validAfter"`
	ValidBefore string `json:"validBefore"`
	Nonce       string `json:"nonce"`
}

// ExactEVMPayloadOf decodes p.Payload as an exact-EVM payload.
func ExactEVMPayloadOf(p PaymentPayload) (ExactEVMPayload, error) {
	var e ExactEVMPayload
	if len(p.Payload) == 0 {
		return e, &Rejection{Reason: ReasonInvalidExactEVMPayload, Message: "payment payload has no payload object"}
	}
	if err := json.Unmarshal(p.Payload, &e); err != nil {
		return e, &Rejection{Reason: ReasonInvalidExactEVMPayload, Message: "exact-EVM payload is not valid JSON: " + err.Error()}
	}
	return e, nil
}

// VerifyResponse is a facilitator's answer to /verify.
type VerifyResponse struct {
	IsValid        bool   `json:"isValid"`
	InvalidReason  string `json:"invalidReason,omitempty"`
	InvalidMessage string `json:"invalidMessage,omitempty"`
	Payer          string `json:"payer,omitempty"`
}

// SettleResponse is a facilitator's answer to /settle, and the body of the
// PAYMENT-RESPONSE header.
type SettleResponse struct {
	Success      bool   `json:"success"`
	ErrorReason  string `json:"errorReason,omitempty"`
	ErrorMessage string `json:"errorMessage,omitempty"`
	Payer        string `json:"payer,omitempty"`
	Transaction  string `json:"transaction"`
	Network      string `json:"network"`
	Amount       string `json:"amount,omitempty"`
}

// Pending reports a non-terminal outcome: the settlement was broadcast
// (Transaction) but not observed confirmed (ReasonSettlementPending).
func (s SettleResponse) Pending() bool {
	return !s.Success && s.ErrorReason == ReasonSettlementPending
}

// SupportedKind is one (version, scheme, network) a facilitator handles.
type SupportedKind struct {
	X402Version int            `json:"x402Version"`
	Scheme      string         `json:"scheme"`
	Network     string         `json:"network"`
	Extra       map[string]any `json:"extra,omitempty"`
}

// SupportedResponse is a facilitator's answer to /supported.
type SupportedResponse struct {
	Kinds      []SupportedKind     `json:"kinds"`
	Extensions []string            `json:"extensions,omitempty"`
	Signers    map[string][]string `json:"signers,omitempty"`
}

// FacilitatorRequest is the JSON body of POST /verify and POST /settle.
type FacilitatorRequest struct {
	X402Version         int                 `json:"x402Version"`
	PaymentPayload      PaymentPayload      `json:"paymentPayload"`
	PaymentRequirements PaymentRequirements `json:"paymentRequirements"`
}
