package signals

import (
	"math"
	"net/url"
	"sort"
	"strings"
	"time"
)

// HalfLife is each type's recency half-life: after this long an event's
// confidence has halved.
var HalfLife = map[Type]time.Duration{
	TypeFunding:     60 * day24,
	TypeAcquisition: 90 * day24,
	TypeLeadership:  45 * day24,
	TypeRegulatory:  60 * day24,
	TypePartnership: 45 * day24,
	TypeProduct:     45 * day24,
	TypeExpansion:   60 * day24,
	TypeHiring:      30 * day24,
	TypeFinancial:   45 * day24,
	TypeTechnology:  60 * day24,
	TypeOther:       30 * day24,
}

const day24 = 24 * time.Hour

// SingleSourceCap caps the confidence of an event reported by one
// publisher domain none of whose items is primary (reference §5.5).
const SingleSourceCap = 0.85

// aggregatorHosts re-publish others' articles; for them the publisher
// name, not the host, is the source domain.
var aggregatorHosts = map[string]bool{
	"news.google.com": true, "news.yahoo.com": true, "msn.com": true, "www.msn.com": true,
	"flipboard.com": true, "feedly.com": true, "newsbreak.com": true, "ground.news": true,
	"apple.news": true, "news.bing.com": true, "smartnews.com": true, "inkl.com": true,
	"news.ycombinator.com": true,
}

// secondLevels are labels that, under a two-letter country code, belong
// to the public suffix ("co.uk", "com.au").
var secondLevels = map[string]bool{
	"co": true, "com": true, "net": true, "org": true, "gov": true, "ac": true,
	"edu": true, "ltd": true, "plc": true, "ne": true, "or": true, "go": true,
}

// registrable approximates a host's registrable domain: its last two
// labels, or three under a country code with a generic second level
// ("bbc.co.uk").
func registrable(host string) string {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	labels := strings.Split(host, ".")
	n := len(labels)
	if n <= 2 {
		return host
	}
	if len(labels[n-1]) == 2 && secondLevels[labels[n-2]] {
		return strings.Join(labels[n-3:], ".")
	}
	return strings.Join(labels[n-2:], ".")
}

// publisherDomain is the unit of independent corroboration: the
// registrable domain of the item's URL, or "publisher:<name>" when the
// host is a news aggregator and the publisher is known.
func publisherDomain(rawURL, publisher string) string {
	u, err := url.Parse(rawURL)
	host := ""
	if err == nil {
		host = strings.ToLower(u.Hostname())
	}
	if aggregatorHosts[host] || aggregatorHosts[strings.TrimPrefix(host, "www.")] {
		if p := strings.ToLower(strings.TrimSpace(publisher)); p != "" {
			return "publisher:" + p
		}
	}
	if host == "" {
		return "url:" + rawURL
	}
	return registrable(host)
}

// contribution is one cited item's contribution to a signal's confidence.
type contribution struct {
	domain   string
	weight   float64 // authority weight a
	strength float64 // match strength m
	primary  bool
}

// Confidence computes reference §5.5's score:
//
//	c = 1 − Π_d (1 − a_d·m_d)
//
// over distinct domains d, where a_d·m_d is the largest authority × match
// product among d's items; capped at SingleSourceCap when one domain
// reports the event and none of its items is primary; multiplied by the
// recency factor exp(−ln2 · age / halfLife); clamped to [0, 1] and rounded
// to two decimals. age is counted in whole days, from the event date to
// now's UTC calendar day (0 for a future date), so that every request of
// one day reads the same confidence.
func confidence(srcs []contribution, t Type, eventDate, now time.Time) float64 {
	best := map[string]float64{}
	primary := false
	for _, s := range srcs {
		if x := s.weight * s.strength; x > best[s.domain] {
			best[s.domain] = x
		}
		primary = primary || s.primary
	}
	domains := make([]string, 0, len(best))
	for d := range best {
		domains = append(domains, d)
	}
	sort.Strings(domains) // a fixed multiplication order keeps the float result identical
	miss := 1.0
	for _, d := range domains {
		miss *= 1 - clamp01(best[d])
	}
	c := 1 - miss
	if len(best) == 1 && !primary {
		c = math.Min(c, SingleSourceCap)
	}
	c *= recency(t, eventDate, now)
	return round2(clamp01(c))
}

// recency is exp(−ln2 · age / halfLife), age in whole days.
func recency(t Type, eventDate, now time.Time) float64 {
	hl, ok := HalfLife[t]
	if !ok {
		hl = 30 * day24
	}
	age := now.UTC().Truncate(day24).Sub(eventDate.UTC().Truncate(day24))
	if age < 0 {
		age = 0
	}
	return math.Exp(-math.Ln2 * float64(age) / float64(hl))
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

func round2(x float64) float64 { return math.Round(x*100) / 100 }
