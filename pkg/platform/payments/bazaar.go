package payments

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/intel402/intel402/pkg/x402/echox402"
)

// Bazaar derives the bazaar discovery extension (the x402 catalogue entry)
// of one operation from the OpenAPI document, so the catalogue entry and
// the contract cannot drift: the input example and JSON Schema come from
// the operation's query parameters or JSON request body, the output example
// from its 200 response. (The services' /capabilities.json and
// /pricing.json documents are pkg/platform/discovery's.)
func Bazaar(doc *openapi3.T, method, path string) (*echox402.Bazaar, error) {
	item := doc.Paths.Find(path)
	if item == nil {
		return nil, fmt.Errorf("payments.Bazaar: %s not in the OpenAPI document", path)
	}
	op := item.GetOperation(strings.ToUpper(method))
	if op == nil {
		return nil, fmt.Errorf("payments.Bazaar: %s %s not in the OpenAPI document", method, path)
	}
	input := map[string]any{"type": "http", "method": strings.ToUpper(method)}
	inputSchema := map[string]any{
		"type":     "object",
		"required": []string{"type", "method"},
		"properties": map[string]any{
			"type":   map[string]any{"const": "http"},
			"method": map[string]any{"enum": []string{strings.ToUpper(method)}},
		},
	}
	props := inputSchema["properties"].(map[string]any)

	if len(op.Parameters) > 0 {
		example := map[string]any{}
		qprops := map[string]any{}
		var required []string
		for _, pr := range op.Parameters {
			p := pr.Value
			if p == nil || p.In != openapi3.ParameterInQuery {
				continue
			}
			if p.Example != nil {
				example[p.Name] = p.Example
			} else if p.Schema != nil && p.Schema.Value != nil && p.Schema.Value.Example != nil {
				example[p.Name] = p.Schema.Value.Example
			}
			if p.Schema != nil {
				s := JSONSchema(p.Schema)
				if p.Description != "" {
					s["description"] = p.Description
				}
				qprops[p.Name] = s
			}
			if p.Required {
				required = append(required, p.Name)
			}
		}
		sort.Strings(required)
		input["queryParams"] = example
		qs := map[string]any{"type": "object", "properties": qprops, "additionalProperties": false}
		if len(required) > 0 {
			qs["required"] = required
		}
		props["queryParams"] = qs
		if len(required) > 0 {
			inputSchema["required"] = append(inputSchema["required"].([]string), "queryParams")
		}
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		mt := op.RequestBody.Value.Content.Get("application/json")
		if mt == nil || mt.Schema == nil {
			return nil, fmt.Errorf("payments.Bazaar: %s %s has no JSON request body schema", method, path)
		}
		if mt.Example == nil {
			return nil, fmt.Errorf("payments.Bazaar: %s %s request body has no example", method, path)
		}
		input["bodyType"] = "json"
		input["body"] = mt.Example
		props["bodyType"] = map[string]any{"enum": []string{"json"}}
		props["body"] = JSONSchema(mt.Schema)
		inputSchema["required"] = append(inputSchema["required"].([]string), "bodyType", "body")
	}

	info := map[string]any{"input": input}
	if resp := op.Responses.Status(200); resp != nil && resp.Value != nil {
		if mt := resp.Value.Content.Get("application/json"); mt != nil {
			out := map[string]any{"type": "json"}
			if mt.Example != nil {
				out["example"] = CompactExample(mt.Example, MaxOutputExampleBytes)
			}
			info["output"] = out
		}
	}
	schema := map[string]any{
		"$schema":  "https://json-schema.org/draft/2020-12/schema",
		"type":     "object",
		"required": []string{"input"},
		"properties": map[string]any{
			"input":  inputSchema,
			"output": map[string]any{"type": "object"},
		},
	}
	ib, err := json.Marshal(info)
	if err != nil {
		return nil, fmt.Errorf("payments.Bazaar: %w", err)
	}
	sb, err := json.Marshal(schema)
	if err != nil {
		return nil, fmt.Errorf("payments.Bazaar: %w", err)
	}
	return &echox402.Bazaar{Info: ib, Schema: sb}, nil
}

// JSONSchema converts an OpenAPI 3.0 schema (references resolved and
// inlined) to a JSON Schema 2020-12 object.
func JSONSchema(ref *openapi3.SchemaRef) map[string]any {
	out := map[string]any{}
	if ref == nil || ref.Value == nil {
		return out
	}
	s := ref.Value
	if s.Type != nil && len(*s.Type) > 0 {
		types := []any{}
		for _, t := range *s.Type {
			types = append(types, t)
		}
		if s.Nullable {
			types = append(types, "null")
		}
		if len(types) == 1 {
			out["type"] = types[0]
		} else {
			out["type"] = types
		}
	}
	set := func(k string, v any, ok bool) {
		if ok {
			out[k] = v
		}
	}
	set("description", s.Description, s.Description != "")
	set("format", s.Format, s.Format != "")
	set("pattern", s.Pattern, s.Pattern != "")
	set("enum", s.Enum, len(s.Enum) > 0)
	set("default", s.Default, s.Default != nil)
	set("minLength", s.MinLength, s.MinLength > 0)
	if s.MaxLength != nil {
		out["maxLength"] = *s.MaxLength
	}
	if s.Min != nil {
		out["minimum"] = *s.Min
	}
	if s.Max != nil {
		out["maximum"] = *s.Max
	}
	set("minItems", s.MinItems, s.MinItems > 0)
	if s.MaxItems != nil {
		out["maxItems"] = *s.MaxItems
	}
	if s.Items != nil {
		out["items"] = JSONSchema(s.Items)
	}
	if len(s.Properties) > 0 {
		props := map[string]any{}
		for name, p := range s.Properties {
			props[name] = JSONSchema(p)
		}
		out["properties"] = props
	}
	set("required", s.Required, len(s.Required) > 0)
	if s.AdditionalProperties.Has != nil && !*s.AdditionalProperties.Has {
		out["additionalProperties"] = false
	} else if s.AdditionalProperties.Schema != nil {
		out["additionalProperties"] = JSONSchema(s.AdditionalProperties.Schema)
	}
	if len(s.OneOf) > 0 {
		var xs []any
		for _, o := range s.OneOf {
			xs = append(xs, JSONSchema(o))
		}
		out["oneOf"] = xs
	}
	return out
}

// MaxOutputExampleBytes bounds the JSON size of the output example carried
// in every 402 challenge. The challenge travels in the PAYMENT-REQUIRED
// header, and common reverse proxies cap response headers at 4 KiB (nginx's
// default proxy_buffer_size on x86-64); the
// full example stays in /openapi.json.
const MaxOutputExampleBytes = 900

// CompactExample returns example unchanged when its JSON fits in max bytes;
// otherwise a shape-preserving abbreviation: arrays keep their first element,
// long strings are shortened, and objects nested deeper than a depth that
// fits are dropped — the depth is lowered until the result fits.
func CompactExample(example any, max int) any {
	if b, err := json.Marshal(example); err != nil || len(b) <= max {
		return example
	}
	for depth := 6; depth >= 1; depth-- {
		c := compact(example, depth)
		if b, err := json.Marshal(c); err == nil && len(b) <= max {
			return c
		}
	}
	return compact(example, 0)
}

func compact(v any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				if depth > 0 {
					out[k] = compact(e, depth-1)
				}
			default:
				out[k] = compact(e, depth)
			}
		}
		return out
	case []any:
		if len(x) == 0 || depth <= 0 {
			return []any{}
		}
		return []any{compact(x[0], depth-1)}
	case string:
		if r := []rune(x); len(r) > 80 {
			return string(r[:77]) + "..."
		}
		return x
	}
	return v
}
