package apptest

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/redistest"
)

// Service names what CheckBasics checks of one service.
type Service struct {
	Name        string // "company-intel"
	HealthPath  string // "/health"
	UnknownPath string // a path no route serves
	Document    []byte // the service's OpenAPI document
}

// CheckBasics boots the service with the in-process cache and with Redis
// and checks its free endpoints on each (CheckFreeEndpoints), then checks
// that invalid settings stop it from starting with every problem named.
func CheckBasics(t *testing.T, run RunFunc, s Service) {
	for name, env := range map[string]map[string]string{
		"memory cache": nil,
		"redis cache":  {"REDIS_URL": redistest.URL(t)},
	} {
		t.Run(name, func(t *testing.T) {
			CheckFreeEndpoints(t, Boot(t, run, env), s.Name, s.HealthPath, s.UnknownPath, s.Document)
		})
	}
	t.Run("invalid configuration", func(t *testing.T) {
		err := run(context.Background(), config.Map(map[string]string{
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
	})
}
