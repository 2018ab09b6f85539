package exa

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/evidence/companyname"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/newsitem"
)

// Company is one company Exa's company search found: its page (normally
// the home page) and what the page says about it.
type Company struct {
	// Name is the part of the page title that names the company: the
	// title segment (split at " | ", " - ", " – ", " — ", ": ", " · ")
	// that is the same company name as the query (companyname.Same), else
	// the first segment that is not a generic page name ("Home",
	// "Welcome"), else the whole title.
	Name   string
	Domain string // the registrable domain of URL (Public Suffix List)
	URL    string // the result's page
	Title  string // the page title as Exa gives it
	// Description is the page text, folded, at most source.MaxExcerpt
	// bytes; may be empty.
	Description string
	// Evidence is the page as a citable item (KindPage, first party: it is
	// the company's own site stating its name).
	Evidence bundle.Item
}

// CompanySearch asks Exa's company category for companies named name (no
// date filters: Exa rejects them with this category). Results keep Exa's
// ranking; a result whose URL has no registrable domain is skipped, and a
// later result on an already listed domain is dropped.
func (s *Source) CompanySearch(ctx context.Context, name string) ([]Company, bundle.Usage, error) {
	var usage bundle.Usage
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, usage, nil
	}
	req := searchRequest{
		Query: name, Type: "auto", Category: "company", NumResults: NumResults,
		Contents: contentsOptions{Text: &textOptions{MaxCharacters: SearchTextChars}},
	}
	out, err := s.post(ctx, "/search", req, s.cfg.SearchPriceUSD)
	usage = newsitem.SearchUsage(err)
	if err != nil {
		return nil, usage, fmt.Errorf("exa company search: %w", err)
	}
	usage.CostUSD = out.cost(s.cfg.SearchPriceUSD)
	retrieved := s.ep.Now().UTC()
	var companies []Company
	seen := map[string]bool{}
	for _, r := range out.Results {
		c, ok := toCompany(r, name, retrieved)
		if !ok || seen[c.Domain] {
			continue
		}
		seen[c.Domain] = true
		companies = append(companies, c)
	}
	s.ep.Log.DebugContext(ctx, "exa company search", slog.String("requestId", out.RequestID),
		slog.Int("results", len(out.Results)), slog.Int("companies", len(companies)))
	return companies, usage, nil
}

func toCompany(r result, query string, retrieved time.Time) (Company, bool) {
	if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(r.URL)), "http") {
		return Company{}, false
	}
	dn, err := domainname.Parse(r.URL)
	if err != nil {
		return Company{}, false
	}
	published, precision := parsePublished(r.PublishedDate)
	doc := source.NewDocument(source.Document{
		URL:         r.URL,
		Title:       r.Title,
		Publisher:   dn.Registrable,
		Published:   published,
		Precision:   precision,
		RetrievedAt: retrieved,
		Excerpt:     r.Text,
		Authority:   source.AuthorityFirstParty,
	})
	return Company{
		Name:        companyName(doc.Title, query),
		Domain:      dn.Registrable,
		URL:         doc.URL,
		Title:       doc.Title,
		Description: doc.Excerpt,
		Evidence:    bundle.Item{Doc: doc, Provider: Name, Kind: bundle.KindPage},
	}, true
}

var titleSeparators = []string{" | ", " - ", " – ", " — ", ": ", " · "}

var genericPageNames = map[string]bool{
	"home": true, "homepage": true, "home page": true, "welcome": true, "official site": true, "official website": true,
}

// companyName picks the segment of a page title that names the company
// (see Company.Name).
func companyName(title, query string) string {
	segments := []string{title}
	for _, sep := range titleSeparators {
		var next []string
		for _, seg := range segments {
			next = append(next, strings.Split(seg, sep)...)
		}
		segments = next
	}
	first := ""
	for _, seg := range segments {
		seg = strings.TrimSpace(seg)
		if seg == "" {
			continue
		}
		if companyname.Same(seg, query) {
			return seg
		}
		if first == "" && !genericPageNames[strings.ToLower(seg)] {
			first = seg
		}
	}
	if first == "" {
		return strings.TrimSpace(title)
	}
	return first
}

// Page is the text of one page Exa fetched for Contents.
type Page struct {
	URL       string // the page's URL as Exa reports it
	Title     string
	Author    string
	Published time.Time // zero when unknown
	Precision source.Precision
	Text      string // at most Config.ContentsMaxChars characters
}

// contentsRequest is the /contents body: content options are top-level
// here, unlike on /search.
type contentsRequest struct {
	URLs []string    `json:"urls"`
	Text textOptions `json:"text"`
}

// Contents fetches the text of urls (duplicates and blanks dropped), in
// calls of at most MaxContentsURLs. A URL Exa could not fetch is left out
// (reported in its statuses, logged at debug level). Usage counts the
// pages returned; on a failed call the pages of earlier calls are
// returned with the error.
func (s *Source) Contents(ctx context.Context, urls []string) ([]Page, bundle.Usage, error) {
	var usage bundle.Usage
	var pages []Page
	seen := map[string]bool{}
	var pending []string
	for _, u := range urls {
		if u = strings.TrimSpace(u); u != "" && !seen[u] {
			seen[u] = true
			pending = append(pending, u)
		}
	}
	for len(pending) > 0 {
		chunk := pending[:min(len(pending), MaxContentsURLs)]
		pending = pending[len(chunk):]
		req := contentsRequest{URLs: chunk, Text: textOptions{MaxCharacters: s.cfg.ContentsMaxChars}}
		out, err := s.post(ctx, "/contents", req, float64(len(chunk))*s.cfg.ContentsPriceUSD)
		if err != nil {
			return pages, usage, fmt.Errorf("exa contents: %w", err)
		}
		for _, r := range out.Results {
			published, precision := parsePublished(r.PublishedDate)
			u := r.URL
			if u == "" {
				u = r.ID
			}
			pages = append(pages, Page{URL: u, Title: plainText(r.Title), Author: source.Fold(r.Author),
				Published: published, Precision: precision, Text: r.Text})
		}
		usage.Contents += len(out.Results)
		usage.CostUSD += out.cost(float64(len(out.Results)) * s.cfg.ContentsPriceUSD)
		for _, st := range out.Statuses {
			if st.Status != "success" && st.Error != nil {
				s.ep.Log.DebugContext(ctx, "exa contents: page not fetched", slog.String("url", st.ID),
					slog.String("tag", st.Error.Tag), slog.Int("status", st.Error.HTTPStatusCode))
			}
		}
	}
	return pages, usage, nil
}
