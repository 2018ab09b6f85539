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

func TestLoaderFloat(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    float64
		wantErr string
	}{
		{"default", nil, 0.05, ""},
		{"value", map[string]string{"BUDGET": "1.25"}, 1.25, ""},
		{"not a number", map[string]string{"BUDGET": "cheap"}, 0.05, `BUDGET: "cheap" is not a number`},
		{"NaN", map[string]string{"BUDGET": "NaN"}, 0.05, "is not a number"},
		{"below range", map[string]string{"BUDGET": "-1"}, 0.05, "BUDGET: -1 is outside 0..100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := config.NewLoader(config.Map(tt.env))
			if got := l.Float("BUDGET", 0.05, 0, 100); got != tt.want {
				t.Fatalf("Float = %v, want %v", got, tt.want)
			}
			err := l.Err()
			if (err != nil) != (tt.wantErr != "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
