package apptest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/contracttest"
)

// CheckFreeEndpoints checks what every service serves for free: the health
// body (validated against document, with the service name, network and
// version "test" that Boot sets, never a payment challenge), /openapi.json,
// the error envelope of an unknown route, and HEAD on the free GET routes
// (health, /openapi.json, /capabilities.json, /pricing.json): 200, the
// GET's Content-Type, no body.
func CheckFreeEndpoints(tb testing.TB, base, service, healthPath, unknownPath string, document []byte) {
	tb.Helper()
	v := contracttest.New(tb, document)

	req, _ := http.NewRequest(http.MethodGet, base+healthPath, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	body := v.CheckResponse(tb, req, res)
	res.Body.Close()
	var h map[string]any
	_ = json.Unmarshal(body, &h)
	if res.StatusCode != http.StatusOK || h["status"] != "ok" || h["service"] != service ||
		h["network"] != "eip155:8453" || h["version"] != "test" {
		tb.Fatalf("health %d %s", res.StatusCode, body)
	}
	if at, _ := h["generatedAt"].(string); at == "" {
		tb.Fatal("health without generatedAt")
	} else if _, err := time.Parse(time.RFC3339, at); err != nil {
		tb.Fatalf("generatedAt: %v", err)
	}
	if res.Header.Get("Payment-Required") != "" {
		tb.Fatal("health must never ask for payment")
	}

	res, err = http.Get(base + "/openapi.json")
	if err != nil {
		tb.Fatal(err)
	}
	var doc map[string]any
	if err := json.NewDecoder(res.Body).Decode(&doc); err != nil || res.StatusCode != http.StatusOK {
		tb.Fatalf("openapi.json: %d %v", res.StatusCode, err)
	}
	res.Body.Close()
	if version, _ := doc["openapi"].(string); !strings.HasPrefix(version, "3.") {
		tb.Fatalf("openapi version %v", doc["openapi"])
	}

	for _, path := range []string{healthPath, "/openapi.json", "/capabilities.json", "/pricing.json"} {
		get, err := http.Get(base + path)
		if err != nil {
			tb.Fatal(err)
		}
		get.Body.Close()
		head, err := http.Head(base + path)
		if err != nil {
			tb.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, head.Body)
		head.Body.Close()
		if head.StatusCode != http.StatusOK || n != 0 || head.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
			tb.Fatalf("HEAD %s: %d, %d body bytes, Content-Type %q (GET: %d, %q)", path, head.StatusCode, n,
				head.Header.Get("Content-Type"), get.StatusCode, get.Header.Get("Content-Type"))
		}
	}

	res, err = http.Get(base + unknownPath)
	if err != nil {
		tb.Fatal(err)
	}
	var env struct {
		Error struct{ Code, RequestID string } `json:"error"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound || env.Error.Code != "not_found" || env.Error.RequestID == "" ||
		env.Error.RequestID != res.Header.Get("X-Request-Id") {
		tb.Fatalf("unknown route: %d %+v", res.StatusCode, env)
	}
}
