package service_test

import (
	"testing"

	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/pkg/platform/landing/landingtest"
	"github.com/intel402/intel402/services/company-intel/internal/service"
)

// TestLandingInBrowser: company-intel's landing page and API reference, as
// headless Chromium renders them, show every paid operation with its price,
// log no console error and load nothing from another host.
func TestLandingInBrowser(t *testing.T) {
	landingtest.CheckInBrowser(t, apptest.Boot(t, service.Run, nil), service.Operations(), "health")
}
