package httpapi

// Request bodies (the request schemas and limits of
// openapi/company-intel.yaml): strict JSON, no unknown properties, bounds
// checked, defaults applied, and `company` read as a domain or a name (resolve.ParseInput) — all before payment. The results are the
// canonical requests the cache keys are derived from.

import (
	"strings"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/company-intel/internal/resolve"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/strictjson"
)

// Bounds from the spec.
const (
	CompanyMin, CompanyMax   = 2, 256
	LookbackMin, LookbackMax = 7, 365
	LookbackDefault          = 90
	SellerTextMin            = 1
	SellerTextMax            = 1200
)

// Signals is a validated POST /v1/company/signals body.
type Signals struct {
	Company      string        `json:"company"`
	LookbackDays int           `json:"lookbackDays"`
	Input        resolve.Input `json:"-"` // company read as a domain or a name
}

// Seller describes what the caller sells; every field is optional.
type Seller struct {
	Product              string `json:"product,omitempty"`
	ValueProposition     string `json:"valueProposition,omitempty"`
	IdealCustomerProfile string `json:"idealCustomerProfile,omitempty"`
}

// Brief is a validated deal-brief or deep deal-brief body.
type Brief struct {
	Company      string        `json:"company"`
	LookbackDays int           `json:"lookbackDays"`
	Seller       *Seller       `json:"seller"`
	Input        resolve.Input `json:"-"` // company read as a domain or a name
}

// Deep marks a validated deep deal-brief body (seller required).
type Deep struct{ Brief }

type signalsBody struct {
	Company      *string `json:"company"`
	LookbackDays *int    `json:"lookbackDays"`
}

type sellerBody struct {
	Product              *string `json:"product"`
	ValueProposition     *string `json:"valueProposition"`
	IdealCustomerProfile *string `json:"idealCustomerProfile"`
}

// UnmarshalJSON rejects unknown properties with their full path.
func (s *sellerBody) UnmarshalJSON(data []byte) error {
	type plain sellerBody
	return strictjson.DecodeNested(data, (*plain)(s), "seller")
}

type briefBody struct {
	Company      *string     `json:"company"`
	LookbackDays *int        `json:"lookbackDays"`
	Seller       *sellerBody `json:"seller"`
}

// ParseSignals decodes and validates a signals body.
func ParseSignals(body []byte) (Signals, error) {
	var b signalsBody
	if err := strictjson.DecodeBytes(body, &b); err != nil {
		return Signals{}, err
	}
	var p strictjson.Problems
	s := Signals{Company: company(&p, b.Company), LookbackDays: lookback(&p, b.LookbackDays)}
	s.Input = companyInput(&p, s.Company)
	return s, p.Err()
}

// ParseBrief decodes and validates a deal-brief body.
func ParseBrief(body []byte) (Brief, error) { return parseBrief(body, false) }

// ParseDeep decodes and validates a deep deal-brief body.
func ParseDeep(body []byte) (Deep, error) {
	b, err := parseBrief(body, true)
	return Deep{b}, err
}

func parseBrief(body []byte, sellerRequired bool) (Brief, error) {
	var b briefBody
	if err := strictjson.DecodeBytes(body, &b); err != nil {
		return Brief{}, err
	}
	var p strictjson.Problems
	out := Brief{Company: company(&p, b.Company), LookbackDays: lookback(&p, b.LookbackDays)}
	out.Input = companyInput(&p, out.Company)
	switch {
	case b.Seller != nil:
		out.Seller = &Seller{
			Product:              sellerText(&p, "seller.product", b.Seller.Product),
			ValueProposition:     sellerText(&p, "seller.valueProposition", b.Seller.ValueProposition),
			IdealCustomerProfile: sellerText(&p, "seller.idealCustomerProfile", b.Seller.IdealCustomerProfile),
		}
	case sellerRequired:
		p.Required("seller")
	}
	return out, p.Err()
}

func company(p *strictjson.Problems, v *string) string {
	if v == nil {
		p.Required("company")
		return ""
	}
	s := strings.TrimSpace(*v)
	p.Length("company", s, CompanyMin, CompanyMax)
	return s
}

// companyInput reads a company of valid length as a domain or a name. A
// domain-like value that is not a public registrable domain is refused
// with details.domainReason (ip_literal, reserved_name, public_suffix, ...).
func companyInput(p *strictjson.Problems, s string) resolve.Input {
	n := len([]rune(s))
	if n < CompanyMin || n > CompanyMax {
		return resolve.Input{}
	}
	in, err := resolve.ParseInput(s)
	if err != nil {
		if code := domainname.CodeOf(err); code != "" {
			p.Add("company", "is not a public registrable domain ("+string(code)+")", map[string]any{"domainReason": string(code)})
		} else {
			p.Add("company", "must name a company: "+err.Error(), nil)
		}
	}
	return in
}

func lookback(p *strictjson.Problems, v *int) int {
	if v == nil {
		return LookbackDefault
	}
	p.Range("lookbackDays", *v, LookbackMin, LookbackMax)
	return *v
}

func sellerText(p *strictjson.Problems, field string, v *string) string {
	if v == nil {
		return ""
	}
	s := strings.TrimSpace(*v)
	p.Length(field, s, SellerTextMin, SellerTextMax)
	return s
}

// Echo adapters: read the (size-limited) body, require JSON, parse.

// SignalsFrom parses the request of c.
func SignalsFrom(c echo.Context) (Signals, error) { return fromEcho(c, ParseSignals) }

// BriefFrom parses the request of c.
func BriefFrom(c echo.Context) (Brief, error) { return fromEcho(c, ParseBrief) }

// DeepFrom parses the request of c.
func DeepFrom(c echo.Context) (Deep, error) { return fromEcho(c, ParseDeep) }

func fromEcho[T any](c echo.Context, parse func([]byte) (T, error)) (T, error) {
	var zero T
	body, err := strictjson.ReadBody(c.Request())
	if err != nil {
		return zero, err
	}
	return parse(body)
}
