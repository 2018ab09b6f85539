package service_test

import (
	"maps"
	"math/big"
	"net/http"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/contracttest"
	"github.com/intel402/intel402/pkg/platform/mcpserve/mcptest"
	"github.com/intel402/intel402/pkg/platform/payments/paytest"
	"github.com/intel402/intel402/pkg/x402/x402test"
	"github.com/intel402/intel402/services/domain-qual/internal/httpapi"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// TestPendingSettlementOnChain: on a congested chain (anvil with automine
// off) the built-in facilitator cannot see its settlement mined; the paid
// dns-audit (HTTP) and full_profile (MCP) answer 402
// payment_settlement_pending until the block is mined, then deliver the
// held response to the same payment once, and the payer pays once.
func TestPendingSettlementOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	ch := paytest.StartChain(t, big.NewInt(10_000_000))
	srv := dnstest.Start(t, zoneConfig())
	env := map[string]string{"DNS_RESOLVERS": srv.Addr(), "DNS_ATTEMPTS": "1", "DNS_QUERY_TIMEOUT": "500ms",
		"X402_SETTLE_TIMEOUT": paytest.PendingSettleTimeout}
	maps.Copy(env, fixtureSite(t))
	maps.Copy(env, paytest.Env(ch.Anvil.RPCURL, ch.Payee.Hex(), x402test.DevKey0Hex))
	base := apptest.Boot(t, service.Run, env)
	price := func(s string) *big.Int { n, _ := new(big.Int).SetString(s, 10); return n }

	t.Run("HTTP", func(t *testing.T) {
		paytest.CheckPendingOverHTTP(t, ch, contracttest.New(t, openapi.DomainQual), func() *http.Request {
			req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/domain/dns-audit?domain=tailwind-traders.com", nil)
			return req
		}, price(httpapi.AuditOp.Atomic))
	})
	t.Run("MCP", func(t *testing.T) {
		cs := mcptest.Connect(t, base, nil)
		paytest.CheckPendingOverMCP(t, ch, cs, "full_profile", map[string]any{"domain": "fourth-coffee.com"}, price(httpapi.ProfileOp.Atomic))
	})
}
