package profile

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/fetch"
	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/sitename"
)

// fetched is the outcome of one URL.
type fetched struct {
	url  string
	page *fetch.Page
	err  error
}

func (f fetched) attempt() Attempt {
	a := Attempt{URL: f.url, Outcome: "ok"}
	if f.err != nil {
		a.Outcome = string(fetch.CodeOf(f.err))
		var fe *fetch.Error
		if errors.As(f.err, &fe) {
			a.Status = fe.Status
		}
		return a
	}
	a.Status = f.page.Status
	a.FinalURL = finalURL(f.page)
	return a
}

func finalURL(p *fetch.Page) string {
	if p.Source.FinalURL != "" {
		return p.Source.FinalURL
	}
	return p.Source.URL
}

// noAnswer reports whether err means the host did not answer at all, so
// the www. host is worth trying.
func noAnswer(err error) bool {
	switch fetch.CodeOf(err) {
	case fetch.CodeDNSFailure, fetch.CodeNetwork, fetch.CodeTimeout, fetch.CodeBlockedAddress:
		return true
	}
	return false
}

// siteURL builds scheme://host/ with the configured port.
func (p *Profiler) siteURL(scheme, host string) string {
	port := p.httpsPort
	if scheme == "http" {
		port = p.httpPort
	}
	if (scheme == "https" && port == 443) || (scheme == "http" && port == 80) {
		return scheme + "://" + host + "/"
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(int(port))) + "/"
}

// fetchHost fetches https:// and http:// of host concurrently.
func (p *Profiler) fetchHost(ctx context.Context, host string) (secure, plain fetched) {
	secure.url, plain.url = p.siteURL("https", host), p.siteURL("http", host)
	opts := fetch.Options{AllowErrorStatus: true}
	var wg sync.WaitGroup
	wg.Go(func() { secure.page, secure.err = p.fetcher.Fetch(ctx, secure.url, opts) })
	wg.Go(func() { plain.page, plain.err = p.fetcher.Fetch(ctx, plain.url, opts) })
	wg.Wait()
	return secure, plain
}

// website fetches the site in the documented order and describes the page
// found. It never fails: an unreachable site is reachable=false with the
// first attempt's error. The page is nil when the site is unreachable.
func (p *Profiler) website(ctx context.Context, name domainname.Name) (Website, *fetch.Page) {
	hosts := []string{name.ASCII}
	if !name.IsSubdomain {
		hosts = append(hosts, "www."+name.ASCII)
	}
	w := Website{RedirectChain: []Hop{}, SocialProfiles: []SocialProfile{}, ContactPages: []string{}, CareersPages: []string{}, Attempts: []Attempt{}}
	var firstErr error
	for _, host := range hosts {
		secure, plain := p.fetchHost(ctx, host)
		w.Attempts = append(w.Attempts, secure.attempt(), plain.attempt())
		if firstErr == nil {
			firstErr = secure.err
		}
		if secure.err == nil || plain.err == nil {
			page := p.describe(&w, name.ASCII, secure, plain)
			return w, page
		}
		if !noAnswer(secure.err) || !noAnswer(plain.err) {
			break // the host answered, just not usefully: www. would not help
		}
	}
	w.Error = &WebsiteError{Code: string(fetch.CodeOf(firstErr)), Message: firstErr.Error()}
	return w, nil
}

// describe fills w from the HTTPS page when there is one, else from the
// HTTP page, and returns the page described; domain is the one profiled.
func (p *Profiler) describe(w *Website, domain string, secure, plain fetched) *fetch.Page {
	page := secure.page
	if secure.err != nil {
		page = plain.page
	}
	final := finalURL(page)
	w.Reachable = true
	w.HTTPSAvailable = (secure.err == nil && isHTTPS(finalURL(secure.page))) || (plain.err == nil && isHTTPS(finalURL(plain.page)))
	if plain.err == nil {
		v := isHTTPS(finalURL(plain.page))
		w.HTTPRedirectsToHTTPS = &v
	}
	w.FinalURL = final
	w.Status = page.Status
	w.Truncated = page.Truncated
	for _, h := range page.Redirects {
		w.RedirectChain = append(w.RedirectChain, Hop(h))
	}
	w.Source = &Source{ID: page.Source.ID, URL: page.Source.URL, FinalURL: page.Source.FinalURL,
		RetrievedAt: page.Source.RetrievedAt, ContentHash: page.Source.ContentHash}
	if page.TLS != nil {
		t := &TLS{Version: page.TLS.Version, Issuer: page.TLS.Issuer}
		if !page.TLS.NotAfter.IsZero() {
			na := page.TLS.NotAfter.UTC()
			t.NotAfter = &na
		}
		w.TLS = t
	}
	w.SecurityHeaders = securityHeaders(page, isHTTPS(final))
	if isHTML(page) {
		base, _ := url.Parse(final)
		m := htmlmeta.Parse(page.Body, base)
		w.Title, w.Canonical, w.Language, w.Generator, w.Favicon = m.Title, m.Canonical, m.Lang, m.Generator, m.Favicon
		w.OpenGraph = OpenGraph{Title: m.OpenGraph.Title, Description: m.OpenGraph.Description, Image: m.OpenGraph.Image,
			SiteName: m.OpenGraph.SiteName, Type: m.OpenGraph.Type, URL: m.OpenGraph.URL}
		self := sitename.Read(page.Body)
		n := sitename.Pick(self, domain)
		if !n.Zero() {
			w.Name = &SiteName{Value: n.Value, From: n.From, Confidence: n.Confidence}
		}
		if d, ok := self.Describe(companyname.NewMatcher(n.Value, nil, domain)); ok {
			w.Description, w.DescriptionFrom = d.Text, d.From
		}
		for _, s := range m.Social {
			w.SocialProfiles = append(w.SocialProfiles, SocialProfile{Network: s.Network, URL: s.URL})
		}
		w.ContactPages = append(w.ContactPages, m.ContactPages...)
		w.CareersPages = append(w.CareersPages, m.CareersPages...)
	}
	return page
}

func isHTTPS(u string) bool { return strings.HasPrefix(strings.ToLower(u), "https://") }

func isHTML(p *fetch.Page) bool {
	return p.ContentType == "text/html" || p.ContentType == "application/xhtml+xml"
}

// securityHeaders reads the page's security headers. HSTS counts only on
// HTTPS responses: browsers ignore it over plain HTTP (RFC 6797 §8.1).
func securityHeaders(p *fetch.Page, https bool) *SecurityHeaders {
	h := htmlmeta.ParseSecurityHeaders(p.Header)
	out := &SecurityHeaders{CSP: CSPMissing, XFrameOptions: h.XFrameOptions, XContentTypeOptions: h.XContentTypeOptions,
		ReferrerPolicy: h.ReferrerPolicy, PermissionsPolicy: h.PermissionsPolicy}
	switch {
	case h.CSP:
		out.CSP = CSPEnforced
	case h.CSPReportOnly:
		out.CSP = CSPReportOnly
	}
	switch {
	case !https:
	case h.HSTS != nil:
		out.HSTS = HSTS{Present: true, MaxAge: h.HSTS.MaxAge, IncludeSubdomains: h.HSTS.IncludeSubDomains, Preload: h.HSTS.Preload}
	case h.HSTSError != "":
		out.HSTS.Invalid = h.HSTSError
	}
	return out
}

// ParkingMarkers are lower-case texts that only parking and for-sale pages
// carry (public heuristics collected in the domain-checks reference §5).
func ParkingMarkers() []string {
	return []string{
		"this domain is for sale",
		"this domain may be for sale",
		"buy this domain",
		"make an offer on this domain",
		"the domain owner may be interested in selling",
		"parked free, courtesy of godaddy",
		"sedoparking.com",
		"parklogic.com",
		"data-adblockkey",
		`window.location.href="/lander"`,
	}
}

// parkingHosts are hosts of parking services a page may redirect to.
func parkingHosts() []string {
	return []string{"sedoparking.com", "park.afternic.com", "parkingcrew.net", "bodis.com"}
}

// parkingEvidence lists the parking markers in the page and a final host
// that belongs to a parking service.
func parkingEvidence(p *fetch.Page) []string {
	if p == nil {
		return nil
	}
	var out []string
	if u, err := url.Parse(finalURL(p)); err == nil {
		host := strings.ToLower(u.Hostname())
		for _, h := range parkingHosts() {
			if host == h || strings.HasSuffix(host, "."+h) {
				out = append(out, "page ends on parking host "+host)
			}
		}
	}
	if isHTML(p) || p.ContentType == "text/plain" {
		body := strings.ToLower(string(p.Body))
		for _, m := range ParkingMarkers() {
			if strings.Contains(body, m) {
				out = append(out, "page contains "+strconv.Quote(m))
			}
		}
	}
	return out
}
