// Package source is the citation model shared by the services: one Source per
// retrieved public document, identified by a stable id derived from its URL,
// and a Registry that deduplicates sources and lists them in a stable order.
package source

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"
	"time"
)

// IDPrefix starts every source id.
const IDPrefix = "src_"

// idHexLen is the number of hex digits of sha256(url) in an id.
const idHexLen = 10

// Source is one retrieved document that claims can cite.
//
// The JSON form carries exactly the fields of the company-intel Source
// object (id, title, url, publishedDate, retrievedAt); FinalURL, Status and
// ContentHash are kept for internal use and are not serialised.
type Source struct {
	ID            string    `json:"id"`
	URL           string    `json:"url"`
	FinalURL      string    `json:"-"` // URL after redirects; empty when equal to URL
	Title         string    `json:"title"`
	PublishedDate *string   `json:"publishedDate"` // YYYY-MM-DD or RFC 3339, nil when unknown
	RetrievedAt   time.Time `json:"retrievedAt"`
	Status        int       `json:"-"` // HTTP status of the final response
	ContentHash   string    `json:"-"` // lower-case hex sha256 of the body bytes read
}

// CanonicalURL returns the URL used for identity: final URL if known.
func (s Source) CanonicalURL() string {
	if s.FinalURL != "" {
		return s.FinalURL
	}
	return s.URL
}

// ID returns the stable id for a URL: "src_" followed by the first ten hex
// digits of sha256 of the normalised URL (see Normalize).
func ID(rawURL string) string {
	return idOfLen(Normalize(rawURL), idHexLen)
}

func idOfLen(normalized string, n int) string {
	sum := sha256.Sum256([]byte(normalized))
	h := hex.EncodeToString(sum[:])
	if n > len(h) {
		n = len(h)
	}
	return IDPrefix + h[:n]
}

// ContentHash returns the lower-case hex sha256 of body.
func ContentHash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// Normalize puts a URL in the form used for identity and deduplication:
// scheme and host lower-cased, default port and fragment removed, an empty
// path written as "/", tracking parameters (utm_*, gclid, fbclid, ...; see
// IsTrackingParam) dropped from the query, whose other parameters keep
// their order and spelling. A string that does not parse as an absolute URL
// is returned trimmed and otherwise unchanged.
func Normalize(rawURL string) string {
	s := strings.TrimSpace(rawURL)
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return s
	}
	u.Scheme = strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	host = strings.TrimSuffix(host, ".")
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	u.Host = host
	u.Fragment = ""
	u.RawFragment = ""
	u.RawQuery = dropTracking(u.RawQuery)
	if u.Path == "" && u.RawPath == "" {
		u.Path = "/"
	}
	return u.String()
}
