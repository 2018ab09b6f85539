package service_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/company-intel/internal/service"
)

func boot(t *testing.T, env map[string]string) string {
	t.Helper()
	base := map[string]string{
		// An unreachable facilitator must not stop the service from starting.
		"X402_PAY_TO": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "X402_FACILITATOR_URL": "http://127.0.0.1:1"}
	for k, v := range env {
		base[k] = v
	}
	return apptest.Boot(t, service.Run, base)
}

func TestHealthAndDiscovery(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"memory cache": nil,
		"redis cache":  {"REDIS_URL": redistest.URL(t)},
	} {
		t.Run(name, func(t *testing.T) {
			apptest.CheckFreeEndpoints(t, boot(t, env), "company-intel", "/health", "/v1/nope", openapi.CompanyIntel)
		})
	}
}

func TestConfigProblemsStopStart(t *testing.T) {
	err := service.Run(context.Background(), config.Map(map[string]string{
		"PORT": "99999", "REDIS_URL": "http://x", "SHUTDOWN_TIMEOUT": "forever",
	}), io.Discard, "test", nil)
	if err == nil {
		t.Fatal("started with invalid configuration")
	}
	for _, want := range []string{"PORT", "REDIS_URL", "SHUTDOWN_TIMEOUT", "X402_PAY_TO", "no facilitator"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}
