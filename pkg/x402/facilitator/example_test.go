package facilitator_test

import (
	"context"
	"log"
	"net/http"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/evmchain"
	"github.com/intel402/intel402/pkg/x402/facilitator"
)

// ExampleNewLocal runs the built-in facilitator: it verifies and settles
// exact-EVM payments itself, paying gas with a settlement key, and serves
// the facilitator HTTP API. A *facilitator.Local is also an
// x402.Facilitator, usable directly as echox402.Config.Facilitator. It
// needs a chain and is compiled, not run.
func ExampleNewLocal() {
	ctx := context.Background()
	key, err := crypto.HexToECDSA(strings.TrimPrefix(os.Getenv("X402_SETTLEMENT_KEY"), "0x"))
	if err != nil {
		log.Fatal(err)
	}
	chain, err := evmchain.Dial(ctx, os.Getenv("X402_RPC_URL"), key)
	if err != nil {
		log.Fatal(err)
	}
	defer chain.Close()
	local, err := facilitator.NewLocal(facilitator.LocalConfig{
		Chain: chain, Network: x402.NetworkBase, Signer: chain.SettlementAddress(),
	})
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe("127.0.0.1:8402", facilitator.Handler(local, nil)))
}
