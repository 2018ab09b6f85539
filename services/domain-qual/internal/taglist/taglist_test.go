package taglist

import (
	"errors"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    List
		wantErr int // -1 when no error is expected, else the error offset
	}{
		{name: "dmarc basic", in: "v=DMARC1; p=none", want: List{{"v", "DMARC1", 0}, {"p", "none", 10}}, wantErr: -1},
		{name: "trailing semicolon and spaces", in: " v = DKIM1 ;p=abc; ", want: List{{"v", "DKIM1", 1}, {"p", "abc", 12}}, wantErr: -1},
		{name: "empty value", in: "v=DKIM1; p=", want: List{{"v", "DKIM1", 0}, {"p", "", 9}}, wantErr: -1},
		{name: "value containing equals", in: "p=abc==", want: List{{"p", "abc==", 0}}, wantErr: -1},
		{name: "empty specs tolerated", in: "a=1;;b=2", want: List{{"a", "1", 0}, {"b", "2", 5}}, wantErr: -1},
		{name: "missing equals", in: "v=DMARC1; p none", wantErr: 10},
		{name: "empty name", in: "=x", wantErr: 0},
		{name: "name starting with digit", in: "v=1; 1a=b", wantErr: 5},
		{name: "name with dash", in: "a-b=c", wantErr: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.wantErr >= 0 {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("Parse(%q) error = %v, want SyntaxError", tt.in, err)
				}
				if se.Pos != tt.wantErr {
					t.Fatalf("Parse(%q) error offset = %d, want %d (%v)", tt.in, se.Pos, tt.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q) unexpected error %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Parse(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestListHelpers(t *testing.T) {
	l, err := Parse("v=DMARC1; P=reject; p=none; rua=a; RUA=b; rua=c")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := l.Get("p"); !ok || v != "reject" {
		t.Fatalf("Get(p) = %q, %v; want first occurrence reject", v, ok)
	}
	if _, ok := l.Get("sp"); ok {
		t.Fatal("Get(sp) found a tag that is absent")
	}
	if got, want := l.Duplicates(), []string{"p", "rua"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Duplicates() = %v, want %v", got, want)
	}
}
