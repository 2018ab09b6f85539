package source_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"lower-case scheme and host", "HTTPS://Example.COM/About", "https://example.com/About"},
		{"empty path becomes slash", "https://example.com", "https://example.com/"},
		{"default https port dropped", "https://example.com:443/x", "https://example.com/x"},
		{"default http port dropped", "http://example.com:80/x", "http://example.com/x"},
		{"other port kept", "https://example.com:8443/x", "https://example.com:8443/x"},
		{"fragment dropped", "https://example.com/a#team", "https://example.com/a"},
		{"query kept", "https://example.com/a?b=1", "https://example.com/a?b=1"},
		{"trailing dot on host dropped", "https://example.com./", "https://example.com/"},
		{"ipv6 host", "http://[2001:DB8::1]:80/", "http://[2001:db8::1]/"},
		{"not absolute unchanged", " /relative/path ", "/relative/path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := source.Normalize(tt.in); got != tt.want {
				t.Fatalf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestID(t *testing.T) {
	t.Parallel()
	// sha256("https://example.com/") = 0f115db0 62b7c0dd 030b1687 8c99dea5 ...
	if got, want := source.ID("https://example.com/"), "src_0f115db062"; got != want {
		t.Fatalf("ID = %q, want %q", got, want)
	}
	if source.ID("https://EXAMPLE.com") != source.ID("https://example.com/#x") {
		t.Fatal("equivalent URLs must share an id")
	}
	if source.ID("https://example.com/a") == source.ID("https://example.com/b") {
		t.Fatal("different URLs must not share an id")
	}
	if !regexp.MustCompile(`^src_[0-9a-f]{10}$`).MatchString(source.ID("https://example.org/x")) {
		t.Fatalf("id format: %q", source.ID("https://example.org/x"))
	}
}

func TestContentHash(t *testing.T) {
	t.Parallel()
	// sha256 of the empty string.
	if got := source.ContentHash(nil); got != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Fatalf("ContentHash(nil) = %s", got)
	}
}

func TestRegistryDedup(t *testing.T) {
	t.Parallel()
	date := "2026-01-02"
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		adds    []source.Source
		wantLen int
		// wantTitle of the first listed source after all adds.
		wantTitle string
		wantDate  bool
	}{
		{
			name: "same url twice",
			adds: []source.Source{
				{URL: "https://example.com/about", Title: "About", RetrievedAt: at},
				{URL: "https://EXAMPLE.com/about#x", Title: "Other", RetrievedAt: at},
			},
			wantLen: 1, wantTitle: "About",
		},
		{
			name: "redirected url meets its final url",
			adds: []source.Source{
				{URL: "http://example.com/", FinalURL: "https://www.example.com/", RetrievedAt: at},
				{URL: "https://www.example.com/", Title: "Example", PublishedDate: &date, RetrievedAt: at},
			},
			wantLen: 1, wantTitle: "Example", wantDate: true,
		},
		{
			name: "different urls",
			adds: []source.Source{
				{URL: "https://example.com/a", Title: "A"},
				{URL: "https://example.com/b", Title: "B"},
			},
			wantLen: 2, wantTitle: "A",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := source.NewRegistry()
			var ids []string
			for _, s := range tt.adds {
				ids = append(ids, r.Add(s).ID)
			}
			if r.Len() != tt.wantLen {
				t.Fatalf("Len = %d, want %d", r.Len(), tt.wantLen)
			}
			list := r.List()
			if list[0].Title != tt.wantTitle {
				t.Fatalf("first title = %q, want %q", list[0].Title, tt.wantTitle)
			}
			if (list[0].PublishedDate != nil) != tt.wantDate {
				t.Fatalf("publishedDate = %v, want set=%v", list[0].PublishedDate, tt.wantDate)
			}
			if list[0].ID != source.ID(tt.adds[0].CanonicalURL()) {
				t.Fatalf("first id %q does not follow the id rule", list[0].ID)
			}
			if tt.wantLen == 1 && ids[0] != ids[len(ids)-1] {
				t.Fatalf("duplicate got a different id: %v", ids)
			}
			for _, id := range ids {
				if !r.Has(id) {
					t.Fatalf("returned id %q is not registered", id)
				}
			}
		})
	}
}

func TestRegistryLookupAndOrder(t *testing.T) {
	t.Parallel()
	r := source.NewRegistry()
	urls := []string{"https://c.example/", "https://a.example/", "https://b.example/"}
	for _, u := range urls {
		r.Add(source.Source{URL: u, ID: "caller-chosen"})
	}
	for i, s := range r.List() {
		if s.URL != urls[i] {
			t.Fatalf("List()[%d] = %s, want insertion order %s", i, s.URL, urls[i])
		}
		if s.ID == "caller-chosen" {
			t.Fatal("registry must assign ids itself")
		}
	}
	if _, ok := r.Lookup("https://A.example"); !ok {
		t.Fatal("Lookup by equivalent URL failed")
	}
	if _, ok := r.Get("src_0000000000"); ok {
		t.Fatal("Get of unknown id succeeded")
	}
}

func TestRegistryConcurrent(t *testing.T) {
	t.Parallel()
	r := source.NewRegistry()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				r.Add(source.Source{URL: fmt.Sprintf("https://example.com/p/%d", i)})
				_ = r.List()
			}
		}()
	}
	wg.Wait()
	if r.Len() != 50 {
		t.Fatalf("Len = %d, want 50 distinct sources", r.Len())
	}
	seen := map[string]bool{}
	for _, s := range r.List() {
		if seen[s.ID] {
			t.Fatalf("duplicate id %s", s.ID)
		}
		seen[s.ID] = true
	}
}

func TestSourceJSONMatchesCompanyIntelShape(t *testing.T) {
	t.Parallel()
	s := source.Source{
		ID: "src_0f115db062", URL: "https://example.com/", FinalURL: "https://www.example.com/",
		Title: "Example", RetrievedAt: time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC),
		Status: 200, ContentHash: "ab",
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"src_0f115db062","url":"https://example.com/","title":"Example","publishedDate":null,"retrievedAt":"2026-11-22T03:00:00Z"}`
	if string(b) != want {
		t.Fatalf("json = %s\nwant   %s", b, want)
	}
}
