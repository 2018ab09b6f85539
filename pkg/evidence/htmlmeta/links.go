package htmlmeta

import (
	"net/url"
	"path"
	"strings"
)

// Words that mark contact and careers pages in a URL path segment (the whole
// segment, or its first hyphen/underscore-separated word). Read-only tables.
var (
	contactWords = wordSet(
		"contact", "contacts", "contact-us", "contactus", "kontakt", "kontaktieren", "contacto", "contactanos",
		"contactenos", "contato", "contatti", "contatto", "contactez-nous", "nous-contacter", "get-in-touch",
		"kontakta-oss", "yhteystiedot", "kapcsolat", "iletisim", "contacteer-ons",
	)
	careersWords = wordSet(
		"careers", "career", "jobs", "job", "karriere", "stellenangebote", "stellen", "jobboerse", "empleo",
		"empleos", "trabaja-con-nosotros", "trabajaconnosotros", "carreras", "carrieres", "carriere", "emplois",
		"recrutement", "lavora-con-noi", "vacatures", "werken-bij", "vagas", "trabalhe-conosco",
		"carreiras", "join-us", "joinus", "hiring", "work-with-us", "openings", "open-positions", "jobb", "rekrytointi",
	)
	contactPhrases = []string{
		"contact", "contact us", "kontakt", "kontaktieren sie uns", "contacto", "contáctanos", "contactanos",
		"contato", "fale conosco", "contatti", "contattaci", "nous contacter", "contactez-nous", "get in touch",
	}
	careersPhrases = []string{
		"careers", "career", "jobs", "karriere", "stellenangebote", "offene stellen", "empleo", "empleos",
		"trabaja con nosotros", "carreras", "carrières", "carrieres", "emplois", "recrutement", "lavora con noi",
		"vacatures", "werken bij", "vagas", "trabalhe conosco", "carreiras", "join us", "join our team",
		"we're hiring", "we’re hiring", "we are hiring", "open positions", "work with us",
	}
	// atsDomains host job boards for other companies (applicant tracking systems).
	atsDomains = []string{
		"greenhouse.io", "lever.co", "workable.com", "ashbyhq.com", "smartrecruiters.com", "myworkdayjobs.com",
		"recruitee.com", "personio.de", "personio.com", "teamtailor.com", "bamboohr.com", "jobvite.com",
		"breezy.hr", "jazzhr.com", "applytojob.com", "icims.com", "successfactors.com", "join.com",
	}
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// pathMatches reports whether any path segment of u names a page in words.
func pathMatches(u *url.URL, words map[string]bool) bool {
	for _, seg := range strings.Split(strings.ToLower(u.Path), "/") {
		if seg == "" {
			continue
		}
		seg = strings.TrimSuffix(seg, path.Ext(seg)) // contact.html, jobs.php
		if words[seg] {
			return true
		}
		// "contact-sales", "jobs-at-acme"; not "empleo-juvenil-en-espana" (an article).
		tokens := strings.Split(strings.ReplaceAll(seg, "_", "-"), "-")
		if len(tokens) <= 3 && words[tokens[0]] {
			return true
		}
	}
	return false
}

// textMatches reports whether anchor text is one of phrases or starts with
// one followed by a space ("Contact sales", "Jobs at Acme").
func textMatches(text string, phrases []string) bool {
	if text == "" {
		return false
	}
	for _, p := range phrases {
		if text == p || strings.HasPrefix(text, p+" ") {
			return true
		}
	}
	return false
}

// careersHost reports hosts like jobs.example.com or careers.example.com.
func careersHost(u *url.URL) bool {
	first, _, ok := strings.Cut(strings.ToLower(u.Hostname()), ".")
	return ok && careersWords[first]
}

func atsHost(u *url.URL) bool {
	h := strings.ToLower(u.Hostname())
	for _, d := range atsDomains {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}

// sameSite reports whether u is on base's host, ignoring a leading "www.",
// or on a subdomain of it (jobs.example.com for www.example.com).
func sameSite(base, u *url.URL) bool {
	b := strings.TrimPrefix(strings.ToLower(base.Hostname()), "www.")
	h := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	return h == b || strings.HasSuffix(h, "."+b)
}

// socialNetwork describes how to recognise a profile URL on one network.
type socialNetwork struct {
	name    string
	domains []string
	// profile reports whether the path segments (lower case, non-empty) form
	// a profile URL rather than a share button, a post or a login page.
	profile func(segs []string) bool
}

func firstNotIn(reserved ...string) func([]string) bool {
	set := wordSet(reserved...)
	return func(segs []string) bool { return len(segs) > 0 && !set[segs[0]] }
}

// socialNetworks is a read-only table.
var socialNetworks = []socialNetwork{
	{"linkedin", []string{"linkedin.com"}, func(s []string) bool {
		return len(s) >= 2 && (s[0] == "company" || s[0] == "school" || s[0] == "showcase")
	}},
	{"twitter", []string{"twitter.com", "x.com"}, firstNotIn("intent", "share", "home", "hashtag", "search", "i", "login", "signup", "explore", "settings", "tos", "privacy")},
	{"facebook", []string{"facebook.com", "fb.com", "fb.me"}, firstNotIn("sharer", "sharer.php", "share", "share.php", "dialog", "plugins", "tr", "login", "login.php", "policies", "privacy", "help")},
	{"instagram", []string{"instagram.com"}, firstNotIn("p", "reel", "reels", "explore", "accounts", "stories", "about", "legal")},
	{"youtube", []string{"youtube.com"}, func(s []string) bool {
		if len(s) == 0 {
			return false
		}
		if strings.HasPrefix(s[0], "@") && len(s[0]) > 1 {
			return true
		}
		return len(s) >= 2 && (s[0] == "channel" || s[0] == "c" || s[0] == "user")
	}},
	{"github", []string{"github.com"}, firstNotIn("login", "join", "about", "features", "pricing", "sponsors", "marketplace", "topics", "explore", "settings", "orgs", "site", "security", "enterprise")},
	{"tiktok", []string{"tiktok.com"}, func(s []string) bool { return len(s) > 0 && strings.HasPrefix(s[0], "@") && len(s[0]) > 1 }},
	{"pinterest", []string{"pinterest.com"}, firstNotIn("pin", "search", "ideas", "login", "_")},
	{"crunchbase", []string{"crunchbase.com"}, func(s []string) bool { return len(s) >= 2 && s[0] == "organization" }},
	{"xing", []string{"xing.com"}, func(s []string) bool { return len(s) >= 2 && (s[0] == "pages" || s[0] == "companies") }},
}

// socialProfile recognises a company profile link and returns it without
// query or fragment.
func socialProfile(u *url.URL) (SocialLink, bool) {
	host := strings.ToLower(u.Hostname())
	var segs []string
	for _, s := range strings.Split(strings.ToLower(u.Path), "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	for _, n := range socialNetworks {
		for _, d := range n.domains {
			if host != d && !strings.HasSuffix(host, "."+d) {
				continue
			}
			if !n.profile(segs) {
				return SocialLink{}, false
			}
			clean := url.URL{Scheme: "https", Host: host, Path: strings.TrimSuffix(u.Path, "/")}
			return SocialLink{Network: n.name, URL: clean.String()}, true
		}
	}
	return SocialLink{}, false
}
