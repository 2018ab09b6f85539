package ats

import (
	"net/url"
	"slices"
	"strings"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Board is one job board on an applicant tracking system.
type Board struct {
	Provider string // ProviderGreenhouse, ProviderLever, …
	// Token identifies the board on its provider: Greenhouse board token,
	// Lever site slug, Ashby job board name, Workable account slug,
	// SmartRecruiters company identifier. Lower-case for Greenhouse, Lever
	// and Workable (their tokens are case-insensitive); as written for Ashby
	// and SmartRecruiters.
	Token string
	// EU is set for a board hosted in the provider's EU region
	// (boards.eu.greenhouse.io, jobs.eu.lever.co).
	EU bool
}

// URL returns the board's public page: the URL an Item cites.
func (b Board) URL() string {
	t := url.PathEscape(b.Token)
	switch b.Provider {
	case ProviderGreenhouse:
		if b.EU {
			return "https://boards.eu.greenhouse.io/" + t
		}
		return "https://boards.greenhouse.io/" + t
	case ProviderLever:
		if b.EU {
			return "https://jobs.eu.lever.co/" + t
		}
		return "https://jobs.lever.co/" + t
	case ProviderAshby:
		return "https://jobs.ashbyhq.com/" + t
	case ProviderWorkable:
		return "https://apply.workable.com/" + t
	case ProviderSmartRecruiters:
		return "https://jobs.smartrecruiters.com/" + t
	}
	return ""
}

// key identifies a board regardless of token case.
func (b Board) key() string {
	eu := ""
	if b.EU {
		eu = "eu:"
	}
	return b.Provider + ":" + eu + strings.ToLower(b.Token)
}

// workableReserved are workable.com subdomains that are not accounts.
var workableReserved = map[string]bool{
	"www": true, "apply": true, "jobs": true, "api": true, "help": true, "resources": true, "app": true,
	"blog": true, "developers": true, "status": true, "id": true, "careers": true,
}

// ParseBoardURL recognises a public job board URL (or a posting on it) of
// the five providers:
//
//	boards.greenhouse.io/{token}, job-boards.greenhouse.io/{token},
//	boards.eu.greenhouse.io/{token}, job-boards.eu.greenhouse.io/{token},
//	boards.greenhouse.io/embed/job_board?for={token},
//	boards-api.greenhouse.io/v1/boards/{token}
//	jobs.lever.co/{slug}, jobs.eu.lever.co/{slug}
//	jobs.ashbyhq.com/{name}
//	apply.workable.com/{slug}, {slug}.workable.com
//	jobs.smartrecruiters.com/{id}, careers.smartrecruiters.com/{id}
//
// http, https and scheme-less forms are accepted; anything else (other
// hosts, ports, credentials, a board-less path such as
// apply.workable.com/j/{shortcode}) is not a board.
func ParseBoardURL(raw string) (Board, bool) {
	s := strings.TrimSpace(raw)
	switch {
	case strings.HasPrefix(s, "//"):
		s = "https:" + s
	case !strings.Contains(s, "://"):
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Opaque != "" {
		return Board{}, false
	}
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		return Board{}, false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	var segs []string
	for seg := range strings.SplitSeq(u.EscapedPath(), "/") {
		if seg == "" {
			continue
		}
		dec, err := url.PathUnescape(seg)
		if err != nil {
			return Board{}, false
		}
		segs = append(segs, dec)
	}
	first := func() string {
		if len(segs) == 0 {
			return ""
		}
		return segs[0]
	}
	var b Board
	switch host {
	case "boards.greenhouse.io", "job-boards.greenhouse.io", "boards.eu.greenhouse.io", "job-boards.eu.greenhouse.io":
		b = Board{Provider: ProviderGreenhouse, Token: first(), EU: strings.Contains(host, ".eu.")}
		if strings.EqualFold(b.Token, "embed") {
			b.Token = u.Query().Get("for")
		}
	case "boards-api.greenhouse.io":
		if len(segs) >= 3 && strings.EqualFold(segs[0], "v1") && strings.EqualFold(segs[1], "boards") {
			b = Board{Provider: ProviderGreenhouse, Token: segs[2]}
		}
	case "jobs.lever.co", "jobs.eu.lever.co":
		b = Board{Provider: ProviderLever, Token: first(), EU: host == "jobs.eu.lever.co"}
	case "jobs.ashbyhq.com":
		b = Board{Provider: ProviderAshby, Token: first()}
	case "apply.workable.com":
		b = Board{Provider: ProviderWorkable, Token: first()}
		switch {
		case len(segs) >= 5 && strings.EqualFold(segs[0], "api") && strings.EqualFold(segs[3], "accounts"):
			b.Token = segs[4] // api/v1/widget/accounts/{slug}
		case strings.EqualFold(b.Token, "j") || strings.EqualFold(b.Token, "api"):
			b.Token = ""
		}
	case "jobs.smartrecruiters.com", "careers.smartrecruiters.com":
		b = Board{Provider: ProviderSmartRecruiters, Token: first()}
		if strings.EqualFold(b.Token, "sr-jobs") || strings.EqualFold(b.Token, "oneclick-ui") {
			b.Token = ""
		}
	default:
		if sub, ok := strings.CutSuffix(host, ".workable.com"); ok && !strings.Contains(sub, ".") && !workableReserved[sub] {
			b = Board{Provider: ProviderWorkable, Token: sub}
		}
	}
	if !validToken(b.Token, b.Provider == ProviderAshby) {
		return Board{}, false
	}
	switch b.Provider {
	case ProviderGreenhouse, ProviderLever, ProviderWorkable:
		b.Token = strings.ToLower(b.Token)
	}
	return b, true
}

// validToken accepts 1–100 characters of letters, digits, '.', '_' and
// '-' (and inner spaces for Ashby board names), not starting with '.'.
func validToken(t string, spaces bool) bool {
	if t == "" || len(t) > 100 || t[0] == '.' || t[0] == ' ' || t[len(t)-1] == ' ' {
		return false
	}
	for _, r := range t {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
		case r == ' ' && spaces:
		default:
			return false
		}
	}
	return true
}

// LinkedBoards returns the distinct boards among urls, in order, at most
// MaxLinkedBoards.
func LinkedBoards(urls []string) []Board {
	var out []Board
	seen := map[string]bool{}
	for _, raw := range urls {
		b, ok := ParseBoardURL(raw)
		if !ok || seen[b.key()] {
			continue
		}
		seen[b.key()] = true
		out = append(out, b)
		if len(out) == MaxLinkedBoards {
			break
		}
	}
	return out
}

// CandidateTokens returns at most MaxGuessTokens board tokens derived from
// the company, in order: the first label of its registrable domain
// ("northwind-robotics"), that label without hyphens ("northwindrobotics"),
// the slug of its name without legal form (companyname.Slug,
// "northwind-robotics") and that slug without hyphens.
func CandidateTokens(c bundle.Company) []string {
	label, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(c.Domain)), ".")
	slug := companyname.Slug(c.Name)
	var out []string
	for _, t := range []string{label, strings.ReplaceAll(label, "-", ""), slug, strings.ReplaceAll(slug, "-", "")} {
		if !isSlug(t) || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
		if len(out) == MaxGuessTokens {
			break
		}
	}
	return out
}

func isSlug(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return s != "" && s[0] != '-' && s[len(s)-1] != '-'
}

// ownerCheck returns the test a provider-stated board owner must pass: the
// same company (companyname.Same) as the company's name or one of its
// aliases. It returns nil when the company has no usable name, so nothing
// can be verified.
func ownerCheck(c bundle.Company) acceptFunc {
	var names []string
	for _, n := range append([]string{c.Name}, c.Aliases...) {
		if len(companyname.Words(n)) > 0 {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return func(stated string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return companyname.Same(stated, n) })
	}
}
