package source

import (
	"sync"
)

// Registry collects sources for one response. It assigns ids, merges
// duplicates (same normalised URL or final URL) and lists sources in the
// order they were first added. It is safe for concurrent use; when sources
// are added concurrently, the listing order is the order in which the adds
// happened to run.
type Registry struct {
	mu    sync.Mutex
	byKey map[string]int // normalised URL or final URL -> index in list
	byID  map[string]int
	list  []Source
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{byKey: make(map[string]int), byID: make(map[string]int)}
}

// Add registers s and returns the stored source, whose ID callers cite.
//
// A source whose URL or FinalURL (normalised) is already known is merged into
// the existing entry: the existing id is kept and only fields that are empty
// there (Title, PublishedDate, FinalURL, Status, ContentHash) are filled in.
// A new source gets ID(FinalURL or URL); any ID set by the caller is replaced
// so that ids always follow the same rule. In the unlikely event that two
// different URLs share the ten-digit prefix, the later one gets a longer id.
func (r *Registry) Add(s Source) Source {
	keys := keysOf(s)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, k := range keys {
		if i, ok := r.byKey[k]; ok {
			merged := merge(r.list[i], s)
			r.list[i] = merged
			for _, k2 := range keysOf(merged) {
				if _, taken := r.byKey[k2]; !taken {
					r.byKey[k2] = i
				}
			}
			return merged
		}
	}
	canonical := Normalize(s.CanonicalURL())
	n := idHexLen
	s.ID = idOfLen(canonical, n)
	for {
		if _, taken := r.byID[s.ID]; !taken {
			break
		}
		n += 2
		s.ID = idOfLen(canonical, n)
	}
	i := len(r.list)
	r.list = append(r.list, s)
	r.byID[s.ID] = i
	for _, k := range keys {
		r.byKey[k] = i
	}
	return s
}

// Get returns the source with the given id.
func (r *Registry) Get(id string) (Source, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i, ok := r.byID[id]
	if !ok {
		return Source{}, false
	}
	return r.list[i], true
}

// Lookup returns the source registered for a URL (original or final).
func (r *Registry) Lookup(rawURL string) (Source, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i, ok := r.byKey[Normalize(rawURL)]
	if !ok {
		return Source{}, false
	}
	return r.list[i], true
}

// Has reports whether id is registered (for validating evidenceIds).
func (r *Registry) Has(id string) bool {
	_, ok := r.Get(id)
	return ok
}

// Len returns the number of distinct sources.
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.list)
}

// List returns a copy of all sources in the order they were first added.
func (r *Registry) List() []Source {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Source, len(r.list))
	copy(out, r.list)
	return out
}

func keysOf(s Source) []string {
	var keys []string
	if s.URL != "" {
		keys = append(keys, Normalize(s.URL))
	}
	if s.FinalURL != "" {
		if k := Normalize(s.FinalURL); len(keys) == 0 || keys[0] != k {
			keys = append(keys, k)
		}
	}
	return keys
}

func merge(old, add Source) Source {
	if old.Title == "" {
		old.Title = add.Title
	}
	if old.PublishedDate == nil && add.PublishedDate != nil {
		d := *add.PublishedDate
		old.PublishedDate = &d
	}
	if old.FinalURL == "" && add.FinalURL != "" && Normalize(add.FinalURL) != Normalize(old.URL) {
		old.FinalURL = add.FinalURL
	}
	if old.Status == 0 {
		old.Status = add.Status
	}
	if old.ContentHash == "" {
		old.ContentHash = add.ContentHash
	}
	if old.RetrievedAt.IsZero() {
		old.RetrievedAt = add.RetrievedAt
	}
	return old
}
