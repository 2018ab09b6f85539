package ops_test

import (
	"slices"
	"testing"

	"github.com/intel402/intel402/services/domain-qual/ops"
)

func TestEnvNames(t *testing.T) {
	names := ops.EnvNames()
	for _, want := range []string{"PORT", "REDIS_URL", "X402_PAY_TO", "X402_SETTLEMENT_KEY", "X402_SETTLEMENT_KEY_FILE", "DNS_RESOLVERS", "DNS_ATTEMPTS", "CLASSIFY_TIMEOUT"} {
		if !slices.Contains(names, want) {
			t.Errorf("EnvNames lacks %s: %v", want, names)
		}
	}
	for _, other := range []string{"SEC_USER_AGENT", "EXA_API_KEY"} {
		if slices.Contains(names, other) {
			t.Errorf("EnvNames has %s, which only the other service reads", other)
		}
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("EnvNames not sorted and unique: %v", names)
	}
}
