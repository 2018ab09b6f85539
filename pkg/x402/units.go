package x402

import (
	"math/big"
	"strings"
)

// FormatUnits renders an amount in atomic units as a decimal number of
// whole token units, exactly (no floating point): FormatUnits(1000, 6) is
// "0.001", FormatUnits(2500000, 6) is "2.5". Trailing fractional zeros are
// dropped; a negative decimals counts as 0.
func FormatUnits(atomic *big.Int, decimals int) string {
	neg := atomic.Sign() < 0
	digits := new(big.Int).Abs(atomic).String()
	decimals = max(decimals, 0)
	if len(digits) <= decimals {
		digits = strings.Repeat("0", decimals-len(digits)+1) + digits
	}
	whole, frac := digits[:len(digits)-decimals], strings.TrimRight(digits[len(digits)-decimals:], "0")
	s := whole
	if frac != "" {
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}
