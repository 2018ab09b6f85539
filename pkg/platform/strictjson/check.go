package strictjson

import (
	"fmt"
	"unicode/utf8"

	"github.com/intel402/intel402/pkg/platform/apierror"
)

// Problems collects field validation problems and turns them into one 400
// whose details.field names the first and details.problems lists them all.
type Problems struct {
	list []map[string]any
}

// Add records a problem with field.
func (p *Problems) Add(field, reason string, extra map[string]any) {
	m := map[string]any{"field": field, "reason": reason}
	for k, v := range extra {
		m[k] = v
	}
	p.list = append(p.list, m)
}

// Required records a missing required field.
func (p *Problems) Required(field string) { p.Add(field, "is required", nil) }

// Length checks that s has min..max characters (Unicode code points).
func (p *Problems) Length(field, s string, min, max int) {
	n := utf8.RuneCountInString(s)
	if n < min || n > max {
		p.Add(field, fmt.Sprintf("must be %d to %d characters long, got %d", min, max, n),
			map[string]any{"minLength": min, "maxLength": max, "length": n})
	}
}

// Range checks that v lies in min..max.
func (p *Problems) Range(field string, v, min, max int) {
	if v < min || v > max {
		p.Add(field, fmt.Sprintf("must be between %d and %d, got %d", min, max, v),
			map[string]any{"minimum": min, "maximum": max, "value": v})
	}
}

// Err returns nil when there were no problems.
func (p *Problems) Err() error {
	if len(p.list) == 0 {
		return nil
	}
	first := p.list[0]
	msg := fmt.Sprintf("%s %s", first["field"], first["reason"])
	if len(p.list) > 1 {
		msg += fmt.Sprintf(" (and %d more problems)", len(p.list)-1)
	}
	return apierror.New(apierror.CodeInvalidRequest, "%s", msg).
		WithDetails(map[string]any{"field": first["field"], "problems": p.list})
}
