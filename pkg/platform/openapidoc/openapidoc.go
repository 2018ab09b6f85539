// Package openapidoc loads a service's OpenAPI 3 document, validates it, and
// serves it as JSON at GET /openapi.json.
package openapidoc

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// Doc is a loaded, validated document and its JSON rendering.
type Doc struct {
	T    *openapi3.T
	JSON []byte
}

// Load parses and validates a YAML or JSON OpenAPI document.
func Load(data []byte) (*Doc, error) {
	loader := openapi3.NewLoader()
	t, err := loader.LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("openapidoc.Load: %w", err)
	}
	if err := t.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapidoc.Load: invalid document: %w", err)
	}
	js, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("openapidoc.Load: %w", err)
	}
	return &Doc{T: t, JSON: js}, nil
}

// Handler serves the document as application/json.
func (d *Doc) Handler() echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=300")
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, d.JSON)
	}
}
