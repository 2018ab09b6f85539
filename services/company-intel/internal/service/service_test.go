package service_test

import (
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/services/company-intel/internal/service"
)

func TestBasics(t *testing.T) {
	apptest.CheckBasics(t, service.Run, apptest.Service{
		Name: "company-intel", HealthPath: "/health", UnknownPath: "/v1/nope", Document: openapi.CompanyIntel,
	})
}
