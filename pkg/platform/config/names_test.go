package config_test

import (
	"slices"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/config"
)

func TestNamesListsEveryVariableReadOnce(t *testing.T) {
	got := config.Names(func(lookup config.Lookup) {
		l := config.NewLoader(lookup)
		l.Int("PORT", 8080, 0, 65535)
		l.String("LOG_LEVEL", "info")
		l.Secret("API_KEY")
		l.Duration("TIMEOUT", time.Second, 0, time.Minute)
		l.String("LOG_LEVEL", "debug") // read twice, listed once
	})
	want := []string{"API_KEY", "API_KEY_FILE", "LOG_LEVEL", "PORT", "TIMEOUT"}
	if !slices.Equal(got, want) {
		t.Fatalf("Names = %v, want %v", got, want)
	}
}
