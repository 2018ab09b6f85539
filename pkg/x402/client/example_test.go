package client_test

import (
	"fmt"
	"io"
	"log"
	"math/big"
	"net/http"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402/client"
)

// ExampleNewTransport pays for a request with a key from the environment,
// spending at most 0.10 USDC. It needs a network and is compiled, not run.
func ExampleNewTransport() {
	key, err := crypto.HexToECDSA(strings.TrimPrefix(os.Getenv("X402_PRIVATE_KEY"), "0x"))
	if err != nil {
		log.Fatal(err)
	}
	tr, err := client.NewTransport(key, big.NewInt(100_000)) // max per request, atomic units (0.10 USDC)
	if err != nil {
		log.Fatal(err)
	}
	hc := &http.Client{Transport: tr}

	resp, err := hc.Get("https://api.example.com/v1/report") // a 402 is paid and retried once
	if err != nil {
		log.Fatal(err) // e.g. *client.AmountTooHighError, client.ErrNoAcceptableRequirement
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if s, err := client.Settlement(resp); err == nil {
		fmt.Println("paid", s.Amount, "tx", s.Transaction, "on", s.Network)
	}
	fmt.Println(resp.Status, string(body))
}
