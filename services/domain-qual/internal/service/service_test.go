package service_test

import (
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/app/apptest"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

func TestBasics(t *testing.T) {
	apptest.CheckBasics(t, service.Run, apptest.Service{
		Name: "domain-qual", HealthPath: "/api/health", UnknownPath: "/api/v1/nope", Document: openapi.DomainQual,
	})
}
