package service_test

import (
	"os"
	"testing"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/platform/operation"
	"github.com/intel402/intel402/services/domain-qual/internal/service"
)

// TestOperationsMatchOpenAPI: every paid operation's descriptor agrees with
// openapi/domain-qual.yaml (method, path, operationId, x-price-atomic, a 402
// response), and every operation the document prices has a descriptor;
// the README's operations table lists each with its id, tool and price.
// The service refuses to start otherwise (operation.Mount); this says
// which one disagrees without starting it.
func TestOperationsMatchOpenAPI(t *testing.T) {
	doc, err := openapidoc.Load(openapi.DomainQual)
	if err != nil {
		t.Fatal(err)
	}
	if err := operation.Check(service.Operations(), doc.T); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := operation.CheckTable(readme, service.Name, service.Operations()); err != nil {
		t.Fatalf("README.md, Operations and prices: %v", err)
	}
}
