package landing_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/landing"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAbridge(t *testing.T) {
	long := strings.Repeat("é", 100) // two bytes a character: cut by characters, not bytes
	for _, tc := range []struct {
		name, in, want string
	}{
		{"scalars", `{"b":true,"n":null,"x":1.5,"s":"<a&b>"}`, `{
  "b": true,
  "n": null,
  "s": "<a&b>",
  "x": 1.5
}`},
		{"empty containers", `{"a":[],"o":{}}`, `{
  "a": [],
  "o": {}
}`},
		{"long array", `{"a":[1,2,3,4,5]}`, `{
  "a": [
    1,
    2,
    … 3 more
  ]
}`},
		{"short array", `[1,2]`, `[
  1,
  2
]`},
		{"long string", `{"s":"` + long + `"}`, `{
  "s": "` + strings.Repeat("é", 89) + `…"
}`},
		{"deep nesting", `{"a":{"b":{"c":{"d":1},"e":[1]}}}`, `{
  "a": {
    "b": {
      "c": {…1 key},
      "e": […1 item]
    }
  }
}`},
		{"many keys below the top", `{"o":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10}}`, `{
  "o": {
    "k1": 1,
    "k10": 10,
    "k2": 2,
    "k3": 3,
    "k4": 4,
    "k5": 5,
    "k6": 6,
    "k7": 7,
    … 2 more keys
  }
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := landing.Abridge(decode(t, tc.in)); got != tc.want {
				t.Errorf("Abridge(%s) =\n%s\nwant\n%s", tc.in, got, tc.want)
			}
		})
	}
}

// The top level keeps every key, and the same value is abridged the same
// way every time (map order does not leak).
func TestAbridgeTopLevelAndDeterminism(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 30 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"key` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `":[1,2,3]`)
	}
	b.WriteString("}")
	v := decode(t, b.String())
	first := landing.Abridge(v)
	if n := strings.Count(first, "… 1 more"); n != 30 {
		t.Fatalf("%d arrays abridged, want all 30 top-level keys:\n%s", n, first)
	}
	for range 20 {
		if got := landing.Abridge(decode(t, b.String())); got != first {
			t.Fatalf("Abridge is not deterministic:\n%s\nthen\n%s", first, got)
		}
	}
}
