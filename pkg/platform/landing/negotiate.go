package landing

import (
	"mime"
	"strconv"
	"strings"
)

// prefersJSON reports whether an Accept header ranks application/json
// above text/html, each ranked by the most specific media range that
// matches it (RFC 9110 §12.5.1). A tie (no Accept, */*, both named with
// the same quality) is HTML: a browser always names text/html, and a
// client that wants the index says so.
func prefersJSON(accept string) bool {
	return quality(accept, "application", "json") > quality(accept, "text", "html")
}

// quality is the quality an Accept header gives the media type typ/sub:
// that of the most specific range matching it (typ/sub, then typ/*, then
// */*), 0 when none does, 1 when the header is absent. Ranges that do not
// parse are ignored.
func quality(accept, typ, sub string) float64 {
	if strings.TrimSpace(accept) == "" {
		return 1
	}
	best, bestSpecificity := 0.0, -1
	for _, r := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(r))
		if err != nil {
			continue
		}
		t, s, _ := strings.Cut(mt, "/")
		specificity := -1
		switch {
		case t == typ && s == sub:
			specificity = 2
		case t == typ && s == "*":
			specificity = 1
		case t == "*" && s == "*":
			specificity = 0
		}
		if specificity < 0 || specificity < bestSpecificity {
			continue
		}
		q, ok := qvalue(params)
		if !ok {
			continue
		}
		if specificity > bestSpecificity || q > best {
			best, bestSpecificity = q, specificity
		}
	}
	return best
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip: named
// (or x-gzip) with a quality above 0, or covered by * when gzip is not
// named (RFC 9110 §12.5.3).
func acceptsGzip(acceptEncoding string) bool {
	named, star := -1.0, -1.0
	for _, r := range strings.Split(acceptEncoding, ",") {
		coding, rest, _ := strings.Cut(strings.TrimSpace(r), ";")
		params := map[string]string{}
		if k, v, ok := strings.Cut(strings.TrimSpace(rest), "="); ok {
			params[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
		}
		q, ok := qvalue(params)
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			named = max(named, q)
		case "*":
			star = max(star, q)
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// qvalue reads the q parameter (default 1); false when it is not a number
// in 0..1.
func qvalue(params map[string]string) (float64, bool) {
	v, ok := params["q"]
	if !ok {
		return 1, true
	}
	q, err := strconv.ParseFloat(v, 64)
	if err != nil || q < 0 || q > 1 {
		return 0, false
	}
	return q, true
}
