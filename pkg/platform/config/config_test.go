package config_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/config"
)

func TestLoaderCollectsAllProblems(t *testing.T) {
	l := config.NewLoader(config.Map(map[string]string{
		"PORT": "http", "TIMEOUT": "5 minutes", "PAY": "0x123", "RESOLVERS": "1.1.1.1:53,nope",
		"URL": "ftp://x", "FLAG": "maybe",
	}))
	l.Int("PORT", 8080, 1, 65535)
	l.Duration("TIMEOUT", time.Second, time.Millisecond, time.Minute)
	l.Address("PAY")
	l.HostPorts("RESOLVERS")
	l.URL("URL", "", "http", "https")
	l.Bool("FLAG", false)
	err := l.Err()
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"PORT", "TIMEOUT", "PAY", `"nope"`, "URL", "FLAG"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %s:\n%v", want, err)
		}
	}
	if n := strings.Count(err.Error(), "\n  - "); n != 6 {
		t.Errorf("%d problems reported, want 6", n)
	}
}

func TestLoaderDefaultsAndMasking(t *testing.T) {
	l := config.NewLoader(config.Map(map[string]string{
		"REDIS_URL": "redis://user:s3cret@cache:6379/0", "API_TOKEN": "tok-123",
	}))
	if got := l.Int("PORT", 8081, 1, 65535); got != 8081 {
		t.Fatalf("default = %d", got)
	}
	l.String("REDIS_URL", "")
	if l.Secret("API_TOKEN") != "tok-123" {
		t.Fatal("secret not read")
	}
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	out := fmt.Sprint(l.Effective())
	if strings.Contains(out, "s3cret") || strings.Contains(out, "tok-123") {
		t.Fatalf("secret leaked: %s", out)
	}
	if !strings.Contains(out, "PORT=(default)") || !strings.Contains(out, "API_TOKEN=***") {
		t.Fatalf("effective = %s", out)
	}
}
