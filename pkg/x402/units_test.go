package x402_test

import (
	"math/big"
	"testing"

	"github.com/intel402/intel402/pkg/x402"
)

func TestFormatUnits(t *testing.T) {
	huge, _ := new(big.Int).SetString("115792089237316195423570985008687907853269984665640564039457584007913129639935", 10)
	for _, tc := range []struct {
		atomic   *big.Int
		decimals int
		want     string
	}{
		{big.NewInt(0), 6, "0"},
		{big.NewInt(1), 6, "0.000001"},
		{big.NewInt(100), 6, "0.0001"},
		{big.NewInt(1000), 6, "0.001"},
		{big.NewInt(250000), 6, "0.25"},
		{big.NewInt(1000000), 6, "1"},
		{big.NewInt(2500000), 6, "2.5"},
		{big.NewInt(123456789), 6, "123.456789"},
		{big.NewInt(-1500000), 6, "-1.5"},
		{big.NewInt(42), 0, "42"},
		{big.NewInt(42), -3, "42"},
		{big.NewInt(1), 18, "0.000000000000000001"},
		// 0.1 + 0.2 in float64 is not 0.3; in atomic units it is exact.
		{big.NewInt(300000000000000000), 18, "0.3"},
		{huge, 6, "115792089237316195423570985008687907853269984665640564039457584007913129.639935"},
	} {
		if got := x402.FormatUnits(tc.atomic, tc.decimals); got != tc.want {
			t.Errorf("FormatUnits(%s, %d) = %s, want %s", tc.atomic, tc.decimals, got, tc.want)
		}
	}
}
