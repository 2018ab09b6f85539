package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/intel402/intel402/pkg/platform/apierror"
)

// CheckKeys refuses a JSON document that names a property twice in one
// object, anywhere in it (400 invalid_json naming the property): a parser
// that kept the last one would read another document. It is the check
// DecodeBytes makes, for JSON that is not decoded into a struct (MCP tool
// arguments turned into a query string). Malformed JSON is left to the
// caller's decoder.
func CheckKeys(data []byte) error { return checkKeys(data, nil, "") }

// checkKeys walks a JSON document before it is decoded into a value of
// type t and refuses what encoding/json would accept silently: a property
// named twice in one object (the last would win) and a property that names
// a field of t only case-insensitively ("Company" for "company"; encoding/json
// would match it). Keys are compared byte for byte, as the contract and
// any other parser read them. A property that names no field at all is
// left to the decoder's unknown-property check. path prefixes the names in
// errors (a nested object's path).
func checkKeys(data []byte, t reflect.Type, path string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := walk(dec, t, path)
	if err != nil && !isAPIError(err) {
		// Malformed JSON: the decoder reports it with its offset.
		return nil
	}
	return err
}

func isAPIError(err error) bool {
	var ae *apierror.Error
	return errors.As(err, &ae)
}

// walk reads one JSON value from dec, checking objects' keys against t
// (nil when the value's Go type is not known).
func walk(dec *json.Decoder, t reflect.Type, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	t = deref(t)
	switch tok {
	case json.Delim('{'):
		var fields map[string]reflect.Type
		var elem reflect.Type
		if t != nil {
			switch t.Kind() {
			case reflect.Struct:
				fields = jsonFields(t)
			case reflect.Map:
				elem = t.Elem()
			}
		}
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := kt.(string)
			name := join(path, key)
			if seen[key] {
				return apierror.New(apierror.CodeInvalidJSON, "property %q appears twice", name).
					WithDetails(map[string]any{"field": name, "reason": "duplicate property"})
			}
			seen[key] = true
			next := elem
			if fields != nil {
				ft, ok := fields[key]
				if !ok {
					for exact := range fields {
						if strings.EqualFold(exact, key) {
							return apierror.InvalidField(name, "unknown property (property names are case-sensitive: "+join(path, exact)+")", nil)
						}
					}
				}
				next = ft
			}
			if err := walk(dec, next, name); err != nil {
				return err
			}
		}
		_, err := dec.Token() // '}'
		return err
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := walk(dec, elem, path); err != nil {
				return err
			}
		}
		_, err := dec.Token() // ']'
		return err
	}
	return nil
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonFields maps the JSON names of a struct's fields (as encoding/json
// names them: the tag's name, else the Go name; embedded structs'
// fields promoted) to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			if et := deref(f.Type); et != nil && et.Kind() == reflect.Struct {
				for k, v := range jsonFields(et) {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
