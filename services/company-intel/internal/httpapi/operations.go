package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/operation"
	"github.com/intel402/intel402/pkg/platform/strictjson"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"
)

// Route paths (also the OpenAPI paths).
const (
	PathSignals = "/v1/company/signals"
	PathBrief   = "/v1/company/deal-brief"
	PathDeep    = "/v1/company/deal-brief/deep"
)

// The paid operations, one descriptor each (pkg/platform/operation):
// registration, /capabilities.json, /pricing.json, the x402 middleware and
// the MCP tools all read them, and operation.Check holds them to
// openapi/company-intel.yaml. Prices are atomic USDC (6 decimals). Every
// operation speculates only when its evidence is already cached
// (EvidenceCached): gathering it spends upstream money a rejected payment
// would waste.
var (
	SignalsOp = operation.Operation{
		ID: "company_signals", OperationID: "signals", Tool: "company_signals", CacheOp: "signals",
		Method: http.MethodPost, Path: PathSignals, Atomic: "50000",
		Description: "Recent, dated, cited trigger events for one company (funding, leadership, product, hiring, expansion, ...)",
		Speculate:   EvidenceCached,
	}
	BriefOp = operation.Operation{
		ID: "company_deal_brief", OperationID: "dealBrief", Tool: "deal_brief", CacheOp: "deal-brief",
		Method: http.MethodPost, Path: PathBrief, Atomic: "250000",
		Description: "Deal brief for one company: deterministic qualification against your seller profile, why-now reasons, " +
			"recent signals, likely priorities, recommended approach and risks, every claim cited",
		Speculate: EvidenceCached,
	}
	DeepOp = operation.Operation{
		ID: "company_deal_brief_deep", OperationID: "dealBriefDeep", Tool: "deal_brief_deep", CacheOp: "deal-brief-deep",
		Method: http.MethodPost, Path: PathDeep, Atomic: "750000",
		Description: "Deep deal brief: the deal brief plus strategic initiatives, technology and operational clues, " +
			"competitor considerations, objections, buying roles, positioning, five discovery questions, an account plan and an evidence map",
		Speculate: EvidenceCached,
	}
)

// Operations are the paid operations bound to a's handlers, in price-table
// order. Before payment, per route: body limit, strict decoding and bounds
// (a 400 or 413 is never asked to pay), then the evidence probe
// EvidenceCached reads.
func (a *API) Operations() []operation.Operation {
	body := strictjson.BodyLimit(strictjson.MaxBody)
	return []operation.Operation{
		SignalsOp.Bind(a.Signals, body, input.Middleware(SignalsFrom),
			probeEvidence(a, func(q Signals) (resolve.Input, int) { return q.Input, q.LookbackDays })),
		BriefOp.Bind(a.Brief, body, input.Middleware(BriefFrom),
			probeEvidence(a, func(q Brief) (resolve.Input, int) { return q.Input, q.LookbackDays })),
		DeepOp.Bind(a.Deep, body, input.Middleware(DeepFrom),
			probeEvidence(a, func(q Deep) (resolve.Input, int) { return q.Input, q.LookbackDays })),
	}
}

// Register mounts the operations on e behind pay (tests; the service
// mounts them with operation.Mount).
func (a *API) Register(e *echo.Echo, pay echo.MiddlewareFunc) {
	operation.Register(e, a.Operations(), pay)
}
