package x402test

import (
	"math/big"
	"net/http"
	"testing"

	"github.com/intel402/intel402/pkg/x402/client"
)

// PayingClient is an HTTP client that pays any challenge up to maxAtomic
// with the dev payer's key (PayerKey), as the x402 client does.
func PayingClient(tb testing.TB, maxAtomic int64) *http.Client {
	tb.Helper()
	key, err := DevKey(PayerKey)
	if err != nil {
		tb.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(maxAtomic))
	if err != nil {
		tb.Fatal(err)
	}
	return &http.Client{Transport: tr}
}
