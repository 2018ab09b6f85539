package service_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/contract"
	"github.com/intel402/intel402/pkg/platform/redistest"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
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
			base := boot(t, env)
			v := contract.New(t, openapi.DomainQual)

			req, _ := http.NewRequest(http.MethodGet, base+"/api/health", nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body := v.CheckResponse(t, req, res)
			res.Body.Close()
			var h map[string]any
			_ = json.Unmarshal(body, &h)
			if res.StatusCode != 200 || h["status"] != "ok" || h["service"] != "domain-qual" ||
				h["network"] != "eip155:8453" || h["version"] != "test" {
				t.Fatalf("health %d %s", res.StatusCode, body)
			}
			if _, err := time.Parse(time.RFC3339, h["generatedAt"].(string)); err != nil {
				t.Fatalf("generatedAt: %v", err)
			}
			if res.Header.Get("Payment-Required") != "" {
				t.Fatal("health must never ask for payment")
			}

			res, err = http.Get(base + "/openapi.json")
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.NewDecoder(res.Body).Decode(&doc); err != nil || res.StatusCode != 200 {
				t.Fatalf("openapi.json: %d %v", res.StatusCode, err)
			}
			res.Body.Close()
			if !strings.HasPrefix(doc["openapi"].(string), "3.") {
				t.Fatalf("openapi version %v", doc["openapi"])
			}

			res, err = http.Get(base + "/api/v1/nope")
			if err != nil {
				t.Fatal(err)
			}
			var env struct {
				Error struct{ Code, RequestID string } `json:"error"`
			}
			_ = json.NewDecoder(res.Body).Decode(&env)
			res.Body.Close()
			if res.StatusCode != 404 || env.Error.Code != "not_found" {
				t.Fatalf("404: %d %+v", res.StatusCode, env)
			}
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
