// Package strictjson decodes request bodies strictly: JSON content type,
// one object, no unknown properties, property names matched exactly (no
// case-insensitive match, no property twice in one object: checkKeys), types
// checked, and a byte limit that answers 413 before the body is read whole.
// It is the one owner of request-body decoding for both services.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/apierror"
)

// MaxBody is the request body limit of the paid operations: 16 KB.
const MaxBody = 16 * 1024

// BodyLimit answers 413 for a body over limit bytes: at once when the
// Content-Length says so, otherwise as soon as the limit is crossed while
// reading.
func BodyLimit(limit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.ContentLength > limit {
				return tooLarge(limit)
			}
			req.Body = http.MaxBytesReader(c.Response(), req.Body, limit)
			return next(c)
		}
	}
}

func tooLarge(limit int64) *apierror.Error {
	return apierror.New(apierror.CodeBodyTooLarge,
		"request body exceeds %d bytes", limit).WithDetails(map[string]any{"limitBytes": limit})
}

// RequireJSON checks that the request declares Content-Type application/json
// (parameters such as charset=utf-8 are allowed).
func RequireJSON(r *http.Request) error {
	ct := r.Header.Get(echo.HeaderContentType)
	mt, _, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil || mt != echo.MIMEApplicationJSON {
		return apierror.New(apierror.CodeUnsupportedMediaType,
			"Content-Type must be application/json").WithDetails(map[string]any{"contentType": ct})
	}
	return nil
}

// Decode reads the whole (limited) body of r into dst, which must be a
// pointer to a struct: exactly one JSON object, no unknown fields, no
// trailing data. Errors are *apierror.Error values naming the field.
func Decode(r *http.Request, dst any) error {
	body, err := ReadBody(r)
	if err != nil {
		return err
	}
	return DecodeBytes(body, dst)
}

// ReadBody checks the JSON content type and reads the (BodyLimit-limited)
// body, answering 413 when the limit is crossed. r.Body is left readable
// again from the start (the payment middleware binds a payment whose
// settlement is pending to the request it paid for).
func ReadBody(r *http.Request) ([]byte, error) {
	if err := RequireJSON(r); err != nil {
		return nil, err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge(mbe.Limit)
		}
		return nil, apierror.Wrap(err, apierror.CodeInvalidJSON, "could not read the request body")
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}

// DecodeBytes is Decode for a body already in memory.
func DecodeBytes(body []byte, dst any) error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return apierror.New(apierror.CodeInvalidJSON, "request body is required")
	}
	if trimmed[0] != '{' {
		return apierror.New(apierror.CodeInvalidJSON, "request body must be a JSON object")
	}
	if err := checkKeys(trimmed, reflect.TypeOf(dst), ""); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return translate(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return apierror.New(apierror.CodeInvalidJSON, "unexpected data after the JSON object")
	}
	return nil
}

// DecodeNested decodes a nested object strictly for a custom UnmarshalJSON,
// so that an unknown property is reported with its full path
// (e.g. "seller.price"): encoding/json names only the last segment.
func DecodeNested(data []byte, dst any, path string) error {
	if err := checkKeys(data, reflect.TypeOf(dst), path); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return apierror.InvalidField(path+"."+strings.Trim(name, `"`), "unknown property", nil)
		}
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			cp := *typ
			cp.Field = strings.TrimSuffix(path+"."+typ.Field, ".")
			return translate(&cp)
		}
		return err
	}
	return nil
}

func translate(err error) error {
	var ae *apierror.Error
	if errors.As(err, &ae) {
		return ae
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return apierror.New(apierror.CodeInvalidJSON,
			"malformed JSON at byte %d", syn.Offset).WithDetails(map[string]any{"offset": syn.Offset})
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "(body)"
		}
		return apierror.InvalidField(field, fmt.Sprintf("must be %s, got %s", jsonType(typ.Type.Kind().String()), typ.Value),
			map[string]any{"expected": jsonType(typ.Type.Kind().String()), "got": typ.Value})
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return apierror.New(apierror.CodeInvalidJSON, "truncated JSON body")
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return apierror.InvalidField(name, "unknown property", nil)
	}
	return apierror.Wrap(err, apierror.CodeInvalidJSON, "invalid JSON body")
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "a boolean"
	case "slice", "array":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return kind
}
