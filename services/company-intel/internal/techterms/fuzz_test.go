package techterms_test

import (
	"reflect"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/techterms"
)

// FuzzFind: any text gives, without panicking, terms of the lexicon (as
// Lookup has them), each at most once, and the same terms every time.
func FuzzFind(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		got := techterms.Find(text)
		seen := map[string]bool{}
		for _, term := range got {
			if want, ok := techterms.Lookup(term.Name); !ok || want != term {
				t.Fatalf("Find(%q) gave %v, not in the lexicon (Lookup %v, %v)", text, term, want, ok)
			}
			if seen[term.Name] {
				t.Fatalf("Find(%q) gave %q twice", text, term.Name)
			}
			seen[term.Name] = true
		}
		if again := techterms.Find(text); !reflect.DeepEqual(again, got) {
			t.Fatalf("Find(%q) = %v, then %v", text, got, again)
		}
	})
}
