package source

import (
	"net/url"
	"strings"
)

// trackingParams are query parameters that only identify a campaign, click
// or referrer, never the document: two URLs that differ only in them are
// the same document.
var trackingParams = map[string]bool{
	"gclid": true, "gclsrc": true, "dclid": true, "gbraid": true, "wbraid": true, "fbclid": true, "msclkid": true,
	"mc_cid": true, "mc_eid": true, "igshid": true, "yclid": true, "twclid": true, "li_fat_id": true,
	"_hsenc": true, "_hsmi": true, "mkt_tok": true, "ocid": true, "cmpid": true, "ref_src": true, "ref_url": true,
	"spm": true, "guccounter": true, "guce_referrer": true, "guce_referrer_sig": true, "sr_share": true,
	"ito": true,
}

// IsTrackingParam reports whether a query parameter name only tracks
// campaigns or clicks: utm_* and the names in trackingParams
// (case-insensitive).
func IsTrackingParam(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "utm_") || trackingParams[n]
}

// dropTracking removes tracking parameters from a raw query, keeping the
// other parameters exactly as written and in order.
func dropTracking(rawQuery string) string {
	if rawQuery == "" {
		return ""
	}
	parts := strings.Split(rawQuery, "&")
	kept := parts[:0]
	for _, p := range parts {
		if p == "" {
			continue
		}
		name, _, _ := strings.Cut(p, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if IsTrackingParam(name) {
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, "&")
}
