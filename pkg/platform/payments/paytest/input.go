package paytest

import (
	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/strictjson"
)

// Request bodies, validated as the spec bounds them.

type signalsInput struct {
	Company      string `json:"company"`
	LookbackDays int    `json:"lookbackDays"`
}

type sellerInput struct {
	Product              string `json:"product,omitempty"`
	ValueProposition     string `json:"valueProposition,omitempty"`
	IdealCustomerProfile string `json:"idealCustomerProfile,omitempty"`
}

type briefInput struct {
	Company      string       `json:"company"`
	LookbackDays int          `json:"lookbackDays"`
	Seller       *sellerInput `json:"seller"`
}

type deepInput struct{ briefInput }

func decodeBrief(c echo.Context) (briefInput, *strictjson.Problems, error) {
	var b briefInput
	if err := strictjson.Decode(c.Request(), &b); err != nil {
		return b, nil, err
	}
	var p strictjson.Problems
	checkCompany(&p, b.Company)
	b.LookbackDays = checkLookback(&p, b.LookbackDays)
	if s := b.Seller; s != nil {
		for field, v := range map[string]string{"seller.product": s.Product, "seller.valueProposition": s.ValueProposition,
			"seller.idealCustomerProfile": s.IdealCustomerProfile} {
			if v != "" {
				p.Length(field, v, 1, 1200)
			}
		}
	}
	return b, &p, nil
}

func parseSignals(c echo.Context) (signalsInput, error) {
	var b signalsInput
	if err := strictjson.Decode(c.Request(), &b); err != nil {
		return b, err
	}
	var p strictjson.Problems
	checkCompany(&p, b.Company)
	b.LookbackDays = checkLookback(&p, b.LookbackDays)
	return b, p.Err()
}

func parseBrief(c echo.Context) (briefInput, error) {
	b, p, err := decodeBrief(c)
	if err != nil {
		return b, err
	}
	return b, p.Err()
}

func parseDeep(c echo.Context) (deepInput, error) {
	b, p, err := decodeBrief(c)
	if err != nil {
		return deepInput{b}, err
	}
	if b.Seller == nil {
		p.Required("seller")
	}
	return deepInput{b}, p.Err()
}

func checkCompany(p *strictjson.Problems, company string) {
	if company == "" {
		p.Required("company")
		return
	}
	p.Length("company", company, 2, 256)
}

// checkLookback defaults an absent lookbackDays to 90.
func checkLookback(p *strictjson.Problems, days int) int {
	if days == 0 {
		return 90
	}
	p.Range("lookbackDays", days, 7, 365)
	return days
}
