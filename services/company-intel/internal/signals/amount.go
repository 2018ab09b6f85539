package signals

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Amount is a money amount read from text.
type Amount struct {
	// USD is the amount in whole dollars; 0 unless the currency is the US
	// dollar (no conversion of other currencies).
	USD int64
	// Text is the normalised amount with its currency symbol: "$40M",
	// "€12M", "£6M", "$1.5B", "$500K", "$950".
	Text string
	// Currency is "USD", "EUR" or "GBP".
	Currency string
	// Value is the amount in units of Currency.
	Value float64
}

// Amounts outside [minAmount, maxAmount] are not deal sizes.
const (
	minAmount = 1e3
	maxAmount = 1e13
)

var (
	// amountRe is reference §5.3's pattern, with ISO codes as prefixes:
	// a currency, a number and a magnitude suffix.
	amountRe = regexp.MustCompile(`(?i)(us\$|\$|€|£|usd\s?|eur\s?|gbp\s?)\s?(\d+(?:[.,]\d+)*)\s?(million|mln|mm|mn|m|billion|bln|bn|b|thousand|k)\b`)
	// wordAmountRe is an amount with its currency written after it: "2.1
	// million pounds", "30 mln euros", "5 million US dollars" (other
	// dollars are not read). A magnitude is required, so that weights
	// ("3,000 pounds") are not money.
	wordAmountRe = regexp.MustCompile(`(?i)\b(\d+(?:[.,]\d+)*)\s?(million|mln|mn|m|billion|bln|bn|b|thousand|k)\s+(?:(?:us|u\.s\.)\s+)?(dollars|euros?|pounds(?:\s+sterling)?|sterling)\b`)
	// plainDollarRe is a dollar amount written out in full, at least a
	// million: "$12,500,000".
	plainDollarRe = regexp.MustCompile(`(?i)(us\$|\$|usd\s?)\s?(\d{1,3}(?:,\d{3}){2,})\b`)
)

func currencyOf(sym string) string {
	switch strings.ToLower(strings.TrimSpace(sym)) {
	case "€", "eur":
		return "EUR"
	case "£", "gbp":
		return "GBP"
	}
	return "USD"
}

func symbolOf(cur string) string {
	switch cur {
	case "EUR":
		return "€"
	case "GBP":
		return "£"
	}
	return "$"
}

// parseNumber reads "40", "1.5", "2,5" (decimal comma), "1,200" or
// "1.234,5": when both separators appear the last one is the decimal
// mark; a lone comma followed by exactly three digits groups thousands.
func parseNumber(s string) (float64, bool) {
	lastDot, lastComma := strings.LastIndexByte(s, '.'), strings.LastIndexByte(s, ',')
	switch {
	case lastDot >= 0 && lastComma >= 0:
		if lastDot > lastComma {
			s = strings.ReplaceAll(s, ",", "")
		} else {
			s = strings.ReplaceAll(s, ".", "")
			s = strings.Replace(s, ",", ".", 1)
		}
	case lastComma >= 0:
		parts := strings.Split(s, ",")
		grouped := true
		for _, p := range parts[1:] {
			if len(p) != 3 {
				grouped = false
			}
		}
		if grouped {
			s = strings.ReplaceAll(s, ",", "")
		} else if len(parts) == 2 {
			s = parts[0] + "." + parts[1]
		} else {
			return 0, false
		}
	}
	if strings.Count(s, ".") > 1 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

func multiplier(suffix string) float64 {
	switch strings.ToLower(suffix) {
	case "k", "thousand":
		return 1e3
	case "m", "mm", "mn", "mln", "million":
		return 1e6
	case "b", "bn", "bln", "billion":
		return 1e9
	}
	return 1
}

// formatAmount writes v with its symbol and a K/M/B suffix, keeping at
// most two decimals: 40e6 → "$40M", 1.25e9 → "$1.25B".
func formatAmount(cur string, v float64) string {
	unit, div := "", 1.0
	switch {
	case v >= 1e9:
		unit, div = "B", 1e9
	case v >= 1e6:
		unit, div = "M", 1e6
	case v >= 1e3:
		unit, div = "K", 1e3
	}
	n := strconv.FormatFloat(math.Round(v/div*100)/100, 'f', -1, 64)
	return symbolOf(cur) + n + unit
}

func newAmount(cur string, v float64) (Amount, bool) {
	if !(v >= minAmount && v <= maxAmount) {
		return Amount{}, false
	}
	a := Amount{Currency: cur, Value: v, Text: formatAmount(cur, v)}
	if cur == "USD" {
		a.USD = int64(math.Round(v))
	}
	return a, true
}

// ParseAmount returns the first money amount in s: "$40M", "$40 million",
// "US$22 million", "€12 million", "£6m", "$1.1B", "$500k", or a dollar
// amount of a million or more written out ("$12,500,000"). ok is false
// when s states none.
func ParseAmount(s string) (Amount, bool) {
	type cand struct {
		at  int
		amt Amount
	}
	var best *cand
	consider := func(at int, a Amount) {
		if best == nil || at < best.at {
			best = &cand{at, a}
		}
	}
	for _, m := range amountRe.FindAllStringSubmatchIndex(s, -1) {
		v, ok := parseNumber(s[m[4]:m[5]])
		if !ok {
			continue
		}
		if a, ok := newAmount(currencyOf(s[m[2]:m[3]]), v*multiplier(s[m[6]:m[7]])); ok {
			consider(m[0], a)
			break
		}
	}
	for _, m := range wordAmountRe.FindAllStringSubmatchIndex(s, -1) {
		v, ok := parseNumber(s[m[2]:m[3]])
		if !ok {
			continue
		}
		cur := "USD"
		switch w := strings.ToLower(s[m[6]:m[7]]); {
		case strings.HasPrefix(w, "euro"):
			cur = "EUR"
		case strings.HasPrefix(w, "pound"), w == "sterling":
			cur = "GBP"
		}
		if a, ok := newAmount(cur, v*multiplier(s[m[4]:m[5]])); ok {
			consider(m[0], a)
			break
		}
	}
	for _, m := range plainDollarRe.FindAllStringSubmatchIndex(s, -1) {
		v, ok := parseNumber(s[m[4]:m[5]])
		if !ok {
			continue
		}
		if a, ok := newAmount("USD", v); ok {
			consider(m[0], a)
			break
		}
	}
	if best == nil {
		return Amount{}, false
	}
	return best.amt, true
}

// sameAmount reports whether two amounts in one currency are within 10%
// of each other (one amount bucket for event merging).
func sameAmount(a, b Amount) bool {
	if a.Currency != b.Currency || a.Value <= 0 || b.Value <= 0 {
		return false
	}
	return math.Abs(a.Value-b.Value) <= 0.1*math.Max(a.Value, b.Value)
}
