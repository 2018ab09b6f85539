package wikidata

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"time"
)

// Store is the store every replica shares (the service's cache.Store
// satisfies it): entities and domain answers kept there are read by every
// replica without calling Wikidata.
type Store interface {
	// Get returns the value and true, or false when absent or expired.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores val for ttl.
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
}

// Defaults of the shared store's keys and lifetimes.
const (
	// DefaultKeyPrefix starts every key the source keeps in Store:
	// <prefix>entity:v1:<QID> and <prefix>domain:v1:<domain>. The version
	// changes with the value's encoding (Entity's JSON, domainAnswer).
	DefaultKeyPrefix = "intel402:wikidata:"
	// DefaultEntityTTL keeps an entity, and a domain's item, for a day:
	// company items change rarely, and an edit reaches the profile a day
	// later at worst.
	DefaultEntityTTL = 24 * time.Hour
	// DefaultNoItemTTL keeps "no item has this website" for an hour, so
	// that an item created or corrected meanwhile is found soon.
	DefaultNoItemTTL = time.Hour
)

// domainAnswer is what the store keeps for a domain: the item ByDomain
// chose, or ID "" when no item has the website.
type domainAnswer struct {
	ID string `json:"id"`
}

func (s *Source) entityKey(id string) string { return s.keyPrefix + "entity:v1:" + id }

func (s *Source) domainKey(domain string) string { return s.keyPrefix + "domain:v1:" + domain }

// storedEntity returns the entity kept under id, if any. A store error or
// a value that does not decode is a miss (logged at debug): the caller
// asks Wikidata.
func (s *Source) storedEntity(ctx context.Context, id string) (*Entity, bool) {
	if s.store == nil {
		return nil, false
	}
	key := s.entityKey(id)
	raw, ok, err := s.store.Get(ctx, key)
	if err != nil {
		s.log.DebugContext(ctx, "wikidata: shared store unavailable; asking Wikidata", slog.String("key", key), slog.Any("error", err))
		return nil, false
	}
	if !ok {
		return nil, false
	}
	var e Entity
	if err := json.Unmarshal(raw, &e); err != nil || !validQID(e.ID) {
		s.log.DebugContext(ctx, "wikidata: unreadable entity in the shared store; asking Wikidata", slog.String("key", key), slog.Any("error", err))
		return nil, false
	}
	return &e, true
}

// keepEntity stores e under each of ids (the id asked and the item's own,
// which differ for a merged item). Only complete entities, built with
// every label, are kept.
func (s *Source) keepEntity(ctx context.Context, e Entity, ids ...string) {
	if s.store == nil {
		return
	}
	raw, err := json.Marshal(e)
	if err != nil {
		s.log.DebugContext(ctx, "wikidata: entity not encoded for the shared store", slog.String("item", e.ID), slog.Any("error", err))
		return
	}
	done := map[string]bool{}
	for _, id := range append(slices.Clone(ids), e.ID) {
		if !validQID(id) || done[id] {
			continue
		}
		done[id] = true
		s.set(ctx, s.entityKey(id), raw, s.entityTTL)
	}
}

// storedDomain returns the answer kept for domain: found reports whether
// there is one, id is "" for "no item".
func (s *Source) storedDomain(ctx context.Context, domain string) (id string, found bool) {
	if s.store == nil {
		return "", false
	}
	key := s.domainKey(domain)
	raw, ok, err := s.store.Get(ctx, key)
	if err != nil {
		s.log.DebugContext(ctx, "wikidata: shared store unavailable; asking Wikidata", slog.String("key", key), slog.Any("error", err))
		return "", false
	}
	if !ok {
		return "", false
	}
	var a domainAnswer
	if err := json.Unmarshal(raw, &a); err != nil || (a.ID != "" && !validQID(a.ID)) {
		s.log.DebugContext(ctx, "wikidata: unreadable domain answer in the shared store; asking Wikidata", slog.String("key", key), slog.Any("error", err))
		return "", false
	}
	return a.ID, true
}

// keepDomain stores the domain's item (id "" for none: kept for
// noItemTTL only).
func (s *Source) keepDomain(ctx context.Context, domain, id string) {
	if s.store == nil {
		return
	}
	raw, err := json.Marshal(domainAnswer{ID: id})
	if err != nil {
		return
	}
	ttl := s.entityTTL
	if id == "" {
		ttl = s.noItemTTL
	}
	s.set(ctx, s.domainKey(domain), raw, ttl)
}

// set writes to the store; a failure costs only the saving.
func (s *Source) set(ctx context.Context, key string, val []byte, ttl time.Duration) {
	if err := s.store.Set(ctx, key, val, ttl); err != nil {
		s.log.DebugContext(ctx, "wikidata: shared store unavailable; answer not shared", slog.String("key", key), slog.Any("error", err))
	}
}
