package x402

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Header size caps, in bytes of the encoded (base64) header value. Values
// longer than the cap are refused before decoding.
//
//   - PAYMENT-SIGNATURE: 8 KiB. An exact-EVM payload with a 65-byte
//     signature and a bazaar extension echo is about 2-3 KiB; smart-wallet
//     signatures and larger extensions fit comfortably.
//   - PAYMENT-REQUIRED: 16 KiB, the largest header value Node.js accepts by
//     default; a larger challenge would break common clients.
//   - PAYMENT-RESPONSE: 4 KiB; a SettleResponse is a few hundred bytes.
const (
	MaxPaymentSignatureHeader = 8 << 10
	MaxPaymentRequiredHeader  = 16 << 10
	MaxPaymentResponseHeader  = 4 << 10
)

// ErrMalformedHeader is wrapped by every header decoding error caused by the
// header's encoding or content (not by its protocol version).
var ErrMalformedHeader = errors.New("malformed x402 header")

// ErrUnsupportedVersion is wrapped when a header or body carries an
// x402Version other than 2.
var ErrUnsupportedVersion = errors.New("unsupported x402 version")

// EncodeHeader returns v as standard base64 (RFC 4648 §4, with padding) of
// its JSON encoding, the encoding of every x402 v2 header.
func EncodeHeader(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("x402: encode header: %w", err)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// DecodePaymentPayload decodes a PAYMENT-SIGNATURE header value. It rejects
// base64url, unpadded or otherwise non-standard base64, values over
// MaxPaymentSignatureHeader, invalid JSON and any x402Version but 2.
func DecodePaymentPayload(value string) (PaymentPayload, error) {
	var p PaymentPayload
	if err := decodeHeader(HeaderPaymentSignature, value, MaxPaymentSignatureHeader, &p); err != nil {
		return PaymentPayload{}, err
	}
	if err := checkVersion(HeaderPaymentSignature, p.X402Version); err != nil {
		return PaymentPayload{}, err
	}
	return p, nil
}

// DecodePaymentRequired decodes a PAYMENT-REQUIRED header value.
func DecodePaymentRequired(value string) (PaymentRequired, error) {
	var p PaymentRequired
	if err := decodeHeader(HeaderPaymentRequired, value, MaxPaymentRequiredHeader, &p); err != nil {
		return PaymentRequired{}, err
	}
	if err := checkVersion(HeaderPaymentRequired, p.X402Version); err != nil {
		return PaymentRequired{}, err
	}
	return p, nil
}

// DecodeSettleResponse decodes a PAYMENT-RESPONSE header value.
func DecodeSettleResponse(value string) (SettleResponse, error) {
	var s SettleResponse
	if err := decodeHeader(HeaderPaymentResponse, value, MaxPaymentResponseHeader, &s); err != nil {
		return SettleResponse{}, err
	}
	return s, nil
}

func checkVersion(header string, v int) error {
	switch v {
	case Version:
		return nil
	case 1:
		return fmt.Errorf("%w: %s carries x402Version 1; only x402 v2 is supported", ErrUnsupportedVersion, header)
	default:
		return fmt.Errorf("%w: %s carries x402Version %d; only x402 v2 is supported", ErrUnsupportedVersion, header, v)
	}
}

func decodeHeader(name, value string, limit int, v any) error {
	value = strings.TrimSpace(value)
	if value == "" {
		return fmt.Errorf("%w: %s is empty", ErrMalformedHeader, name)
	}
	if len(value) > limit {
		return fmt.Errorf("%w: %s is %d bytes, over the %d-byte limit", ErrMalformedHeader, name, len(value), limit)
	}
	if err := checkStdBase64(value); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrMalformedHeader, name, err)
	}
	raw, err := base64.StdEncoding.Strict().DecodeString(value)
	if err != nil {
		return fmt.Errorf("%w: %s is not valid padded standard base64: %w", ErrMalformedHeader, name, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %s does not hold valid JSON: %w", ErrMalformedHeader, name, err)
	}
	return nil
}

// checkStdBase64 enforces ^[A-Za-z0-9+/]*={0,2}$ and explains base64url.
func checkStdBase64(s string) error {
	body := strings.TrimRight(s, "=")
	if len(s)-len(body) > 2 {
		return errors.New("too much '=' padding")
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '+', c == '/':
		case c == '-' || c == '_':
			return errors.New("base64url is not accepted; use standard base64 (RFC 4648 §4, alphabet A-Z a-z 0-9 + /) with '=' padding")
		default:
			return fmt.Errorf("invalid base64 character %q at offset %d; must match ^[A-Za-z0-9+/]*={0,2}$", c, i)
		}
	}
	return nil
}
