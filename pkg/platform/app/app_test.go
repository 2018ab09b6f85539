package app_test

import (
	"testing"

	"github.com/intel402/intel402/pkg/platform/app"
	"github.com/intel402/intel402/pkg/platform/config"
)

// Every shared setting has exactly one description (docs/configuration.md).
func TestLoadBaseDescribesWhatItReads(t *testing.T) {
	decls, err := config.Declare(func(l *config.Loader) { app.LoadBase(l, 8080) })
	if err != nil {
		t.Fatal(err)
	}
	if len(decls) != 8 || decls[0].Name != "PORT" || decls[0].Default != "8080" {
		t.Errorf("declarations %+v", decls)
	}
}
