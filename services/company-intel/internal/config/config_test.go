package config_test

import (
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/config"
)

// Every variable Load reads is described exactly once, here or beside a
// shared loader (docs/configuration.md is generated from them).
func TestEveryVariableDescribed(t *testing.T) {
	if _, err := config.Declarations(); err != nil {
		t.Fatal(err)
	}
}
