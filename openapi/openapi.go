// Package openapi embeds the services' OpenAPI 3 documents, the contracts
// that handlers serve at /openapi.json and that tests validate against.
package openapi

import _ "embed"

// CompanyIntel is openapi/company-intel.yaml.
//
//go:embed company-intel.yaml
var CompanyIntel []byte

// DomainQual is openapi/domain-qual.yaml.
//
//go:embed domain-qual.yaml
var DomainQual []byte
