package httpapi

import (
	"testing"
)

// TestBriefCacheKey: the seller is part of the key, trimmed; an absent
// seller and an empty one are the same request (no seller).
func TestBriefCacheKey(t *testing.T) {
	t.Parallel()
	parse := func(body string) Brief {
		t.Helper()
		b, err := ParseBrief([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		return b
	}
	base := parse(`{"company":"Northwind-Robotics.com"}`)
	empty := parse(`{"company":"northwind-robotics.com","lookbackDays":90,"seller":{}}`)
	a := parse(`{"company":"northwind-robotics.com","seller":{"product":"Fleet analytics"}}`)
	aSpaced := parse(`{"company":"northwind-robotics.com","seller":{"product":"  Fleet analytics "}}`)
	b := parse(`{"company":"northwind-robotics.com","seller":{"product":"Fleet analytics","idealCustomerProfile":"Mid-market"}}`)
	other := parse(`{"company":"northwind-robotics.com","lookbackDays":30,"seller":{"product":"Fleet analytics"}}`)

	if keyOf(base) != keyOf(empty) || sellerOf(base) != nil || sellerOf(empty) != nil {
		t.Fatalf("no seller and an empty seller differ: %+v %+v", keyOf(base), keyOf(empty))
	}
	if keyOf(a) != keyOf(aSpaced) {
		t.Fatalf("the same seller, spaced, differs: %+v %+v", keyOf(a), keyOf(aSpaced))
	}
	for _, q := range []Brief{b, other, base} {
		if keyOf(q) == keyOf(a) {
			t.Fatalf("%+v shares the key of %+v", keyOf(q), keyOf(a))
		}
	}
	if s := sellerOf(aSpaced); s == nil || s.Product != "Fleet analytics" || s.ValueProposition != "" {
		t.Fatalf("seller = %+v", s)
	}
	if keyOf(base).Company != base.Input.Key() || keyOf(base).LookbackDays != 90 {
		t.Fatalf("key = %+v", keyOf(base))
	}
}
