package x402

import (
	"math/big"
	"strings"
)

// SameTerms reports whether two requirements ask for the same payment:
// equal scheme and network, the same amount as integers, and the same asset
// and payTo addresses compared case-insensitively. MaxTimeoutSeconds and
// Extra are not compared.
func SameTerms(a, b PaymentRequirements) bool {
	if a.Scheme != b.Scheme || a.Network != b.Network {
		return false
	}
	if !strings.EqualFold(a.Asset, b.Asset) || !strings.EqualFold(a.PayTo, b.PayTo) {
		return false
	}
	x, ok1 := ParseAtomic(a.Amount)
	y, ok2 := ParseAtomic(b.Amount)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// FindAccepted returns the offered requirement whose terms match accepted.
func FindAccepted(accepted PaymentRequirements, offered []PaymentRequirements) (PaymentRequirements, bool) {
	for _, o := range offered {
		if SameTerms(accepted, o) {
			return o, true
		}
	}
	return PaymentRequirements{}, false
}

// ParseAtomic parses a non-negative decimal integer string (an amount in
// atomic units, or a unix time). Signs, spaces, hex and fractions are
// refused.
func ParseAtomic(s string) (*big.Int, bool) {
	if s == "" || len(s) > 78 { // 78 digits hold any uint256
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return nil, false
		}
	}
	return new(big.Int).SetString(s, 10)
}
