package service_test

import (
	"encoding/json"
	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
)

// TestPendingSettlementOnChain: on a congested chain (anvil with automine
// off) the built-in facilitator cannot see its settlement mined; paid
// signals (HTTP) and deal_brief (MCP) answer 402 payment_settlement_pending
// until the block is mined, then deliver the held response to the same
// payment once, and the payer pays once.
func TestPendingSettlementOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and the fixture world")
	}
	t.Parallel()
	s := startPaidService(t, big.NewInt(10_000_000), map[string]string{"X402_SETTLE_TIMEOUT": paytest.PendingSettleTimeout})

	t.Run("HTTP", func(t *testing.T) {
		paytest.CheckPendingOverHTTP(t, s.Chain, contracttest.New(t, openapi.CompanyIntel), func() *http.Request {
			req, _ := http.NewRequest(http.MethodPost, s.base+pathSignals, strings.NewReader(paidBody))
			req.Header.Set("Content-Type", "application/json")
			return req
		}, priceOf(t, pathSignals))
	})
	t.Run("MCP", func(t *testing.T) {
		var args map[string]any
		if err := json.Unmarshal([]byte(briefBody(paidCompany, sellers[1], 30)), &args); err != nil {
			t.Fatal(err)
		}
		cs := mcptest.Connect(t, s.base, nil)
		paytest.CheckPendingOverMCP(t, s.Chain, cs, "deal_brief", args, priceOf(t, pathBrief))
	})
}
