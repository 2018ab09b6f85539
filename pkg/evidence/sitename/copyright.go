package sitename

import (
	"regexp"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/companyname"
)

var (
	yearRE      = regexp.MustCompile(`\b(19|20)\d\d\b`)
	leadingJunk = regexp.MustCompile(`(?i)^(?:\s|©|&copy;|\(c\)|copyright\b|(?:19|20)\d\d\b|[-–—,.:/]|\bby\b)+`)
)

// copyrightName reads the holder's name from a copyright line as Read
// keeps it ("© 2019–2026 Acme Robotics, Inc. All rights reserved." is
// "Acme Robotics, Inc."): the words after the sign and the years, up to a
// sentence end (not a legal form's period: "Inc."), a separator or "All
// rights reserved", at most six words. "" when the line has neither a ©
// nor a year (the word "Copyright" in a link to a copyright policy).
func copyrightName(line string) string {
	if !strings.Contains(line, "©") && !yearRE.MatchString(line) {
		return ""
	}
	rest := leadingJunk.ReplaceAllString(line, "")
	var kept []string
	fields := strings.Fields(rest)
	for i, w := range fields {
		lw := strings.ToLower(w)
		if lw == "all" && i+1 < len(fields) && strings.HasPrefix(strings.ToLower(fields[i+1]), "rights") {
			break
		}
		if strings.Trim(w, "|·•*-–—/") == "" || strings.HasPrefix(lw, "rights") || lw == "powered" || yearRE.MatchString(w) {
			break
		}
		bare := strings.TrimRight(w, ".,;:")
		if bare == "" {
			break
		}
		switch {
		case strings.HasSuffix(w, ".") && len([]rune(bare)) == 1:
			kept = append(kept, w) // an initial: "K. & J. Brenner", "e. V."
			continue
		case strings.HasSuffix(w, "."):
			if companyname.IsLegalForm(bare) {
				kept = append(kept, w) // "Inc.", "N.V."
				if next := i + 1; next < len(fields) && companyname.IsLegalForm(fields[next]) {
					continue
				}
				return strings.Join(kept, " ")
			}
			kept = append(kept, bare)
			return strings.Join(kept, " ")
		case strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":"):
			// "Acme Robotics, Inc.": the comma only joins a legal form.
			if next := i + 1; strings.HasSuffix(w, ",") && next < len(fields) && companyname.IsLegalForm(fields[next]) {
				kept = append(kept, w)
				continue
			}
			kept = append(kept, bare)
			return strings.Join(kept, " ")
		}
		kept = append(kept, w)
		if len(kept) >= 6 {
			break
		}
	}
	return strings.Join(kept, " ")
}
