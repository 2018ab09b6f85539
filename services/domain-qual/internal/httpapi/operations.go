package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/input"
	"github.com/intel402/intel402/pkg/platform/operation"
	"github.com/intel402/intel402/pkg/platform/payments"
	"github.com/intel402/intel402/pkg/platform/strictjson"
)

// Route paths (also the OpenAPI paths).
const (
	PathClassify = "/api/v1/domain/classify"
	PathAudit    = "/api/v1/domain/dns-audit"
	PathProfile  = "/api/v1/domain/full-profile"
	PathBatch    = "/api/v1/domain/batch-classify"
)

// The paid operations, one descriptor each (pkg/platform/operation):
// registration, /capabilities.json, /pricing.json, the x402 middleware and
// the MCP tools all read them, and operation.Check holds them to
// openapi/domain-qual.yaml. Prices are atomic USDC (6 decimals): classify
// 0.0001, dns-audit 0.001, full-profile 0.005, batch-classify 0.01 per
// call (up to 100 domains). Every operation speculates (payments.Always):
// its local work (parsing, cached DNS answers, analysis) runs while the
// facilitator verifies, while DNS questions the cache cannot answer and
// website fetches wait for the verification (paygate.Wait); the answer is
// released only after settlement.
var (
	ClassifyOp = operation.Operation{
		ID: "domain_classification", OperationID: "classifyDomain", Tool: "classify", CacheOp: "classify",
		Method: http.MethodGet, Path: PathClassify, Atomic: "100",
		Description: "Classify one domain: type, DNS presence, mail readiness, mail provider, confidence",
		Speculate:   payments.Always,
	}
	AuditOp = operation.Operation{
		ID: "email_security_audit", OperationID: "dnsAudit", Tool: "dns_audit", CacheOp: "dns-audit",
		Method: http.MethodGet, Path: PathAudit, Atomic: "1000",
		Description: "Email-security audit of one domain: MX, SPF, DMARC, optional DKIM, risk score, recommendations",
		Speculate:   payments.Always,
	}
	ProfileOp = operation.Operation{
		ID: "full_domain_profile", OperationID: "fullProfile", Tool: "full_profile", CacheOp: "full-profile",
		Method: http.MethodGet, Path: PathProfile, Atomic: "5000",
		Description: "Full profile of one domain: the DNS audit plus website metadata, technology hints and opportunity flags",
		Speculate:   payments.Always,
	}
	BatchOp = operation.Operation{
		ID: "batch_domain_classification", OperationID: "batchClassify", Tool: "batch_classify", CacheOp: "batch-classify",
		Method: http.MethodPost, Path: PathBatch, Atomic: "10000",
		Description: "Classify up to 100 domains in one call for lead-list triage, with per-item errors",
		Speculate:   payments.Always,
	}
)

// Operations are the paid operations bound to a's handlers, in price-table
// order; each parses and validates its input before payment (a 400 or 413
// is never asked to pay).
func (a *API) Operations() []operation.Operation {
	return []operation.Operation{
		ClassifyOp.Bind(a.Classify, input.Middleware(ClassifyInput)),
		AuditOp.Bind(a.Audit, input.Middleware(AuditInput)),
		ProfileOp.Bind(a.Profile, input.Middleware(ProfileInput)),
		BatchOp.Bind(a.BatchClassify, strictjson.BodyLimit(strictjson.MaxBody), input.Middleware(BatchInput)),
	}
}

// Register mounts the operations on e behind pay (tests; the service
// mounts them with operation.Mount).
func (a *API) Register(e *echo.Echo, pay echo.MiddlewareFunc) {
	operation.Register(e, a.Operations(), pay)
}
