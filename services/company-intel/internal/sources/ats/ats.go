// Package ats reads a company's public job boards on five applicant
// tracking systems (Greenhouse, Lever, Ashby, Workable, SmartRecruiters)
// through their key-less board APIs, and returns one bundle.Item of kind
// job_board per board read, with every open role in Item.Jobs.
//
// # Which boards are read
//
// Evidence decides, never a blind guess:
//
//  1. Linked boards. The URLs in Query.JobBoards (found linked from the
//     company's own site) that ParseBoardURL recognises are read on their
//     provider and trusted as the company's: the company itself points at
//     them. At most MaxLinkedBoards distinct boards are read.
//  2. Name-verified guesses, only when Query.JobBoards holds no recognised
//     board. Up to two candidate tokens are derived from the company
//     (CandidateTokens: the first label of its registrable domain, e.g.
//     "northwind-robotics", the same without hyphens, then the slug of its
//     name) and tried only on the providers whose API states the board
//     owner's name: Greenhouse (board name, GET /v1/boards/{token}),
//     Workable (account name) and SmartRecruiters (company.name of its
//     postings). A board is accepted only when that stated name is the
//     company's Name or one of its Aliases by companyname.Same (case,
//     accents, punctuation and spacing ignored, trailing legal forms such as
//     Inc, LLC, GmbH, Ltd removed); otherwise it belongs to someone else and
//     is dropped. That is at most 2 tokens × 3 providers = 6 probes per
//     Gather; each provider stops at its first accepted token, and at its
//     first failed probe (whose error is returned). Lever and Ashby state no
//     owner name, so they are read only when linked. Without a Name or
//     Aliases nothing is guessed.
//
// # Dates and filtering
//
// Jobs are not filtered by the query window: an open role is current
// whenever it was posted. Every board follows one rule: Job.Published is
// the date the role was first posted, never a later edit. Greenhouse
// first_published (updated_at only when a posting has no first_published:
// real boards bump updated_at for every posting at once, so it says when
// the board was last touched, not when the role appeared); Lever createdAt
// (milliseconds since the epoch); Ashby publishedAt; Workable published_on
// (a day; created_at when absent); SmartRecruiters releasedDate. Instants
// are read with their offset (Greenhouse writes US Eastern time, -05:00 or
// -04:00; Ashby +00:00 with milliseconds; SmartRecruiters Z with
// milliseconds) and kept in UTC. Item.Doc.Published is the newest of them
// (the board's newest role; day precision for Workable, time for the
// others; none for a board without roles). A board keeps at most
// Config.MaxJobs roles (default 500), newest first; paginated listings
// (Lever, SmartRecruiters) stop reading once that many were read. A board
// that exists but lists no roles is still an Item (evidence that the
// company is not hiring there).
//
// # Remote roles
//
// An explicit workplace type decides: Lever workplaceType, Ashby
// workplaceType, a Greenhouse custom field such as "Location Type"
// (metadata, single or multi select), SmartRecruiters location.remote,
// Workable telecommuting; "hybrid" and "on-site" are not remote. Without
// one, Ashby's isRemote (which real boards also set on hybrid roles, hence
// second) and then the location text ("Remote - US") decide.
//
// # Payload shapes
//
// The shapes read were learned from each provider's public API
// documentation and from real boards' answers as recorded in public
// projects' test fixtures, and the package's tests and the sourcetest fake
// reproduce them with fictitious companies: Greenhouse first_published per
// posting beside an updated_at shared by the whole board, content
// HTML-escaped once more (&lt;p&gt;, &amp;nbsp;), listings with and
// without content=true (departments, offices, metadata null or a list of
// custom fields whose value is a string, a list or null, data_compliance),
// absolute_url on job-boards.greenhouse.io or on the company's own site,
// meta.total; Lever arrays of postings with hostedUrl, createdAt in
// milliseconds, categories (commitment, department, location, team,
// allLocations; absent keys on sparse boards), workplaceType, lists of
// HTML items and descriptionPlain; Ashby apiVersion and jobs with isListed,
// publishedAt, workplaceType, isRemote, secondaryLocations and
// compensation blocks whose equity components carry null values; Workable
// widget accounts (name, a plain-text description, jobs with shortcode,
// published_on and created_at days, country, city and state, some empty,
// telecommuting); SmartRecruiters pages (offset, limit, totalFound,
// content[] with id, uuid, releasedDate, location with a lower-case
// country code and fullLocation, company identifier and name,
// department and function {id, label}, typeOfEmployment,
// experienceLevel). Titles arrive with curly apostrophes, trailing
// non-breaking spaces and, now and then, HTML entities (&amp;): they are
// unescaped and folded. A posting of an unexpected shape (a field of
// another JSON type) is skipped, not the whole board; a body that is not
// JSON at all (a truncated answer, an HTML page served with 200) fails the
// board as malformed.
//
// # Technologies
//
// Each Job.Technologies are the technologies (techterms canonical names,
// first-named first) its title and description name, read from the
// listing payload itself (no request per role): Greenhouse content (HTML,
// HTML-escaped), Lever descriptionPlain, lists and additionalPlain, Ashby
// descriptionPlain (else descriptionHtml), Workable description and
// requirements (HTML, with details=true). SmartRecruiters listings carry
// no description, so only its titles are read. Descriptions are read up to
// maxDescriptionBytes of text and are not kept.
//
// # Usage and errors
//
// Every listing page requested counts Usage.Searches+1 and every Greenhouse
// board-name lookup Usage.Contents+1, whether it succeeded or not; all five
// APIs are free (CostUSD 0). Boards are read concurrently, each provider
// through its own upstream.Client (metrics and spans per provider name). A
// board the provider does not know (404) is an answer, not an error. A
// failing board does not stop the others: Gather returns the items it has
// and errors.Join of every board's error in board order, each wrapped with
// the provider and token; upstream.KindOf on it gives the first board's
// failure kind. A board whose listing fails part way (a later page) yields
// no item, only its error: a partial board would misstate its roles.
//
// EU-hosted boards: jobs.eu.lever.co boards are read from Config.LeverEUURL
// (api.eu.lever.co); boards.eu.greenhouse.io boards are read from the same
// Greenhouse board API as the others.
package ats

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/techterms"
	"github.com/intel402/intel402/services/company-intel/internal/upstream"
)

// Provider names: Item.Provider, Board.Provider and the upstream client
// names.
const (
	ProviderGreenhouse      = "greenhouse"
	ProviderLever           = "lever"
	ProviderAshby           = "ashby"
	ProviderWorkable        = "workable"
	ProviderSmartRecruiters = "smartrecruiters"
)

// Default public API base URLs.
const (
	DefaultGreenhouseURL      = "https://boards-api.greenhouse.io"
	DefaultLeverURL           = "https://api.lever.co"
	DefaultLeverEUURL         = "https://api.eu.lever.co"
	DefaultAshbyURL           = "https://api.ashbyhq.com"
	DefaultWorkableURL        = "https://apply.workable.com"
	DefaultSmartRecruitersURL = "https://api.smartrecruiters.com"
)

// Defaults for zero Config fields and fixed limits.
const (
	// DefaultRatePerSecond and DefaultBurst bound calls per provider: none
	// of the five publishes a rate limit, so stay polite.
	DefaultRatePerSecond = 4
	DefaultBurst         = 4
	// DefaultMaxBodyBytes admits a large board listed with descriptions
	// (Greenhouse content=true, Ashby descriptionHtml/descriptionPlain).
	DefaultMaxBodyBytes = 8 << 20
	// DefaultMaxJobs is the most roles kept per board.
	DefaultMaxJobs = 500
	// MaxLinkedBoards is the most linked boards read per Gather.
	MaxLinkedBoards = 8
	// MaxGuessTokens is the most candidate tokens tried per provider.
	MaxGuessTokens = 2
	// pageSize is the page size of Lever and SmartRecruiters listings (the
	// most both accept).
	pageSize = 100
	// maxDescriptionBytes is the most text of one role's description read
	// for its technologies.
	maxDescriptionBytes = 32 << 10
)

// Config configures a Source. Zero fields take the defaults.
type Config struct {
	// Base URLs of the five board APIs (scheme and host, optionally a path
	// prefix); empty takes the public endpoint (Default*URL).
	GreenhouseURL      string
	LeverURL           string
	AshbyURL           string
	WorkableURL        string
	SmartRecruitersURL string
	// LeverEUURL serves boards on jobs.eu.lever.co. Empty takes
	// DefaultLeverEUURL when LeverURL is empty too, and LeverURL otherwise
	// (so a configured fake or proxy serves both regions).
	LeverEUURL string

	// Upstream settings, applied to each provider's client.
	Timeout       time.Duration // per call, retries included; 0 = upstream.DefaultTimeout
	RatePerSecond float64       // per provider; 0 = DefaultRatePerSecond, negative = unlimited
	Burst         int
	MaxRetries    int   // 0 = upstream.DefaultMaxRetries, negative = none
	MaxBodyBytes  int64 // 0 = DefaultMaxBodyBytes
	UserAgent     string
	Recorder      upstream.Recorder
	// Share makes each provider's rate one budget for every replica.
	Share  upstream.Share
	Logger *slog.Logger

	// MaxJobs is the most roles kept per board (0 = DefaultMaxJobs).
	MaxJobs int
	// Now returns the retrieval time (nil = time.Now).
	Now func() time.Time
}

// Source reads job boards. Safe for concurrent use.
type Source struct {
	base    map[string]string // provider -> API base URL
	leverEU string
	clients map[string]*upstream.Client
	maxJobs int
	now     func() time.Time
	log     *slog.Logger
}

// New returns a Source; it fails on an invalid base URL.
func New(cfg Config) (*Source, error) {
	if cfg.LeverEUURL == "" {
		cfg.LeverEUURL = cmp.Or(cfg.LeverURL, DefaultLeverEUURL)
	}
	base := map[string]string{
		ProviderGreenhouse:      cmp.Or(cfg.GreenhouseURL, DefaultGreenhouseURL),
		ProviderLever:           cmp.Or(cfg.LeverURL, DefaultLeverURL),
		ProviderAshby:           cmp.Or(cfg.AshbyURL, DefaultAshbyURL),
		ProviderWorkable:        cmp.Or(cfg.WorkableURL, DefaultWorkableURL),
		ProviderSmartRecruiters: cmp.Or(cfg.SmartRecruitersURL, DefaultSmartRecruitersURL),
	}
	for p, u := range base {
		b, err := upstream.BaseURL(u, "")
		if err != nil {
			return nil, fmt.Errorf("ats: %s base URL: %w", p, err)
		}
		base[p] = b
	}
	leverEU, err := upstream.BaseURL(cfg.LeverEUURL, "")
	if err != nil {
		return nil, fmt.Errorf("ats: lever EU base URL: %w", err)
	}
	rps, burst := cfg.RatePerSecond, cfg.Burst
	switch {
	case rps == 0:
		rps, burst = DefaultRatePerSecond, cmp.Or(burst, DefaultBurst)
	case rps < 0:
		rps = 0
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Source{
		base:    base,
		leverEU: leverEU,
		clients: map[string]*upstream.Client{},
		maxJobs: cmp.Or(cfg.MaxJobs, DefaultMaxJobs),
		now:     cfg.Now,
		log:     logger,
	}
	if s.now == nil {
		s.now = time.Now
	}
	for p := range base {
		s.clients[p] = upstream.New(upstream.Config{
			Name:          p,
			Timeout:       cfg.Timeout,
			RatePerSecond: rps,
			Burst:         burst,
			MaxRetries:    cfg.MaxRetries,
			MaxBodyBytes:  cmp.Or(cfg.MaxBodyBytes, DefaultMaxBodyBytes),
			UserAgent:     cfg.UserAgent,
			Recorder:      cfg.Recorder,
			Logger:        logger,
			Share:         cfg.Share,
		})
	}
	return s, nil
}

// Name returns the source name.
func (s *Source) Name() string { return "ats" }

// Close releases the clients' idle connections.
func (s *Source) Close() {
	for _, c := range s.clients {
		c.Close()
	}
}

// listing is what one board read returned.
type listing struct {
	name  string // the board owner's name as the provider states it; "" when it does not
	jobs  []bundle.Job
	total int // roles the board states it lists, when it says (the item uses at least len(jobs))
	// skipped counts postings of an unexpected shape left out (entries).
	skipped int
}

// errRejected ends a guessed board whose stated owner is not the company.
var errRejected = errors.New("board owner is not the company")

// acceptFunc reports whether a provider-stated owner name is the company's;
// nil for a trusted (linked) board.
type acceptFunc func(stated string) bool

// lister reads one board. With a non-nil accept it must check the stated
// owner name as early as it can and return errRejected on a mismatch.
type lister func(ctx context.Context, b Board, accept acceptFunc, u *bundle.Usage) (listing, error)

func (s *Source) lister(provider string) lister {
	switch provider {
	case ProviderGreenhouse:
		return s.greenhouse
	case ProviderLever:
		return s.lever
	case ProviderAshby:
		return s.ashby
	case ProviderWorkable:
		return s.workable
	case ProviderSmartRecruiters:
		return s.smartRecruiters
	}
	return nil
}

// guessProviders state the board owner's name, in probe order.
var guessProviders = []string{ProviderGreenhouse, ProviderWorkable, ProviderSmartRecruiters}

type outcome struct {
	item  *bundle.Item
	usage bundle.Usage
	err   error
}

// Gather reads the company's job boards (see the package documentation for
// which, and for the error contract).
func (s *Source) Gather(ctx context.Context, q bundle.Query) (bundle.Result, error) {
	var tasks []func(context.Context) outcome
	if boards := LinkedBoards(q.JobBoards); len(boards) > 0 {
		for _, b := range boards {
			tasks = append(tasks, func(ctx context.Context) outcome { return s.readBoard(ctx, q, b, nil) })
		}
	} else if accept := ownerCheck(q.Company); accept != nil {
		tokens := CandidateTokens(q.Company)
		for _, p := range guessProviders {
			tasks = append(tasks, func(ctx context.Context) outcome { return s.guess(ctx, q, p, tokens, accept) })
		}
	}
	outs := make([]outcome, len(tasks))
	var wg sync.WaitGroup
	for i, t := range tasks {
		wg.Go(func() { outs[i] = t(ctx) })
	}
	wg.Wait()

	res := bundle.Result{Items: []bundle.Item{}}
	var errs []error
	for _, o := range outs {
		res.Usage = res.Usage.Add(o.usage)
		if o.item != nil {
			res.Items = append(res.Items, *o.item)
		}
		if o.err != nil {
			errs = append(errs, o.err)
		}
	}
	slices.SortFunc(res.Items, func(a, b bundle.Item) int {
		return cmp.Or(b.Doc.Published.Compare(a.Doc.Published), strings.Compare(a.Doc.URL, b.Doc.URL))
	})
	return res, errors.Join(errs...)
}

// guess tries the candidate tokens on one provider until one board's stated
// owner is the company.
func (s *Source) guess(ctx context.Context, q bundle.Query, provider string, tokens []string, accept acceptFunc) outcome {
	var total bundle.Usage
	for _, t := range tokens {
		o := s.readBoard(ctx, q, Board{Provider: provider, Token: t}, accept)
		total = total.Add(o.usage)
		if o.item != nil || o.err != nil {
			o.usage = total
			return o
		}
	}
	return outcome{usage: total}
}

// readBoard reads one board into an Item. Not found and a rejected guess
// yield neither item nor error.
func (s *Source) readBoard(ctx context.Context, q bundle.Query, b Board, accept acceptFunc) outcome {
	var o outcome
	l, err := s.lister(b.Provider)(ctx, b, accept, &o.usage)
	switch {
	case errors.Is(err, errRejected):
		s.log.DebugContext(ctx, "ats: guessed board rejected", slog.String("provider", b.Provider),
			slog.String("token", b.Token), slog.String("stated", l.name))
		return o
	case upstream.KindOf(err) == upstream.KindNotFound:
		s.log.DebugContext(ctx, "ats: no such board", slog.String("provider", b.Provider), slog.String("token", b.Token))
		return o
	case err != nil:
		o.err = fmt.Errorf("ats: %s board %q: %w", b.Provider, b.Token, err)
		return o
	}
	if l.skipped > 0 {
		s.log.WarnContext(ctx, "ats: postings of an unexpected shape skipped", slog.String("provider", b.Provider),
			slog.String("token", b.Token), slog.Int("skipped", l.skipped))
	}
	item := s.item(q, b, l)
	o.item = &item
	return o
}

// item builds the board's Item: roles sorted newest first and capped.
func (s *Source) item(q bundle.Query, b Board, l listing) bundle.Item {
	jobs := l.jobs
	slices.SortStableFunc(jobs, func(x, y bundle.Job) int {
		return cmp.Or(y.Published.Compare(x.Published), strings.Compare(x.URL, y.URL), strings.Compare(x.Title, y.Title))
	})
	if len(jobs) > s.maxJobs {
		jobs = jobs[:s.maxJobs]
	}
	var newest time.Time
	if len(jobs) > 0 {
		newest = jobs[0].Published
	}
	prec := source.PrecisionTime
	if b.Provider == ProviderWorkable {
		prec = source.PrecisionDay
	}
	company := cmp.Or(source.Fold(q.Company.Name), source.Fold(l.name), b.Token)
	return bundle.Item{
		Doc: source.NewDocument(source.Document{
			URL:         b.URL(),
			Title:       company + " jobs on " + displayName[b.Provider],
			Publisher:   displayName[b.Provider],
			Published:   newest,
			Precision:   prec,
			RetrievedAt: s.now().UTC(),
			Excerpt:     summary(jobs, max(l.total, len(l.jobs))),
			Authority:   source.AuthorityJobBoard,
		}),
		Provider: b.Provider,
		Kind:     bundle.KindJobBoard,
		Jobs:     jobs,
	}
}

var displayName = map[string]string{
	ProviderGreenhouse:      "Greenhouse",
	ProviderLever:           "Lever",
	ProviderAshby:           "Ashby",
	ProviderWorkable:        "Workable",
	ProviderSmartRecruiters: "SmartRecruiters",
}

// summary is the board's excerpt: the number of open roles and the
// departments with the most of them, e.g. "12 open roles. Engineering (6),
// Sales (3), Operations (2), Marketing (1)."; when the board lists more than
// were kept, "620 open roles (500 listed here). …".
func summary(jobs []bundle.Job, total int) string {
	var b strings.Builder
	switch {
	case total == 1:
		b.WriteString("1 open role.")
	case total > len(jobs):
		fmt.Fprintf(&b, "%d open roles (%d listed here).", total, len(jobs))
	default:
		fmt.Fprintf(&b, "%d open roles.", total)
	}
	counts := map[string]int{}
	for _, j := range jobs {
		if j.Department != "" {
			counts[j.Department]++
		}
	}
	depts := make([]string, 0, len(counts))
	for d := range counts {
		depts = append(depts, d)
	}
	slices.SortFunc(depts, func(x, y string) int { return cmp.Or(counts[y]-counts[x], strings.Compare(x, y)) })
	for i, d := range depts {
		if i == 5 {
			fmt.Fprintf(&b, ", %d more departments", len(depts)-i)
			break
		}
		sep := ", "
		if i == 0 {
			sep = " "
		}
		fmt.Fprintf(&b, "%s%s (%d)", sep, d, counts[d])
	}
	if len(depts) > 0 {
		b.WriteString(".")
	}
	return b.String()
}

// newJob builds a Job from a provider's fields: text cleaned (cleanText),
// the URL kept only when it is an absolute http(s) URL (canonicalised),
// the time in UTC, the technologies those its title and description (plain
// text) name. ok is false for a role without a title.
func newJob(title, department, location string, remote bool, rawURL string, published time.Time, description string) (bundle.Job, bool) {
	j := bundle.Job{
		Title:      cleanText(title),
		Department: cleanText(department),
		Location:   cleanText(location),
		Remote:     remote,
		URL:        webURL(rawURL),
	}
	if !published.IsZero() {
		j.Published = published.UTC()
	}
	if len(description) > maxDescriptionBytes {
		description = description[:maxDescriptionBytes]
	}
	j.Technologies = techterms.Names(techterms.Find(j.Title + "\n" + dropInvisible(description)))
	return j, j.Title != ""
}

// cleanText is a provider's short text (title, department, location) as
// displayed: HTML entities decoded ("R&amp;D" -> "R&D", "&#39;" -> "'"),
// zero-width characters removed, white space (non-breaking spaces
// included) folded. Curly apostrophes and dashes are kept as written.
func cleanText(s string) string {
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	return source.Fold(dropInvisible(s))
}

// dropInvisible removes zero-width characters (spaces, joiners, the
// byte-order mark, the soft hyphen), which some boards leave in their text.
func dropInvisible(s string) string {
	if !strings.ContainsFunc(s, invisible) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s)
}

func invisible(r rune) bool {
	switch r {
	case '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad':
		return true
	}
	return false
}

// htmlText is the visible text of an HTML description, at most
// maxDescriptionBytes long.
func htmlText(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return htmlmeta.Text([]byte(s), maxDescriptionBytes)
}

// joinText joins description parts with line breaks, skipping empty ones.
func joinText(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "\n")
}

func webURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return source.Normalize(u.String())
}

// timeLayouts are the instant forms boards write: RFC 3339 with any
// fraction and an offset or Z (every provider), then forms seen from
// proxies and older exports: an offset without a colon, no offset (read
// as UTC), a space for the T.
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
}

// parseTime reads an instant (timeLayouts); zero when absent or invalid.
func parseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// parseDay reads a YYYY-MM-DD date (or the date of an RFC 3339 instant);
// zero when absent or invalid.
func parseDay(s string) time.Time {
	s = strings.TrimSpace(s)
	if len(s) >= len(time.DateOnly) {
		if t, err := time.Parse(time.DateOnly, s[:len(time.DateOnly)]); err == nil {
			return t
		}
	}
	return time.Time{}
}

// place joins location parts, skipping empty ones and repeats ("Berlin,
// Berlin, Germany" -> "Berlin, Germany").
func place(parts ...string) string {
	var kept []string
	for _, p := range parts {
		p = source.Fold(p)
		if p != "" && !slices.ContainsFunc(kept, func(k string) bool { return strings.EqualFold(k, p) }) {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ", ")
}

// mentionsRemote reports whether a location text says the role is remote
// (Greenhouse has no remote flag; its location name is all there is).
func mentionsRemote(s string) bool {
	return slices.Contains(words(s), "remote")
}

// words are the lower-case letter and digit runs of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// workplace reads an explicit workplace type ("remote", "Remote",
// "OnSite", "onsite", "On-Site", "hybrid", "Remote - US", "In office"):
// remote is whether it says remote, known whether it says anything (a
// hybrid role is known and not remote; "unspecified" and "" are unknown).
func workplace(s string) (remote, known bool) {
	w := words(s)
	compact := strings.Join(w, "")
	switch {
	case strings.Contains(compact, "hybrid"):
		return false, true
	case slices.Contains(w, "remote"):
		return true, true
	case strings.Contains(compact, "onsite"), strings.Contains(compact, "office"), strings.Contains(compact, "inperson"):
		return false, true
	}
	return false, false
}

// entries decodes a JSON array element by element: an element of an
// unexpected shape (a field of another JSON type) is skipped and counted,
// so that one odd posting does not cost the whole board. The body must
// still be valid JSON (json.Unmarshal checks that first), and a value that
// is not an array (null aside) is an error.
type entries[T any] struct {
	items   []T
	n       int // elements in the array, skipped ones included
	skipped int
}

func (e *entries[T]) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	e.items, e.n, e.skipped = make([]T, 0, len(raw)), len(raw), 0
	for _, r := range raw {
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			e.skipped++
			continue
		}
		e.items = append(e.items, v)
	}
	return nil
}

// list requests one listing page from a provider's API (Searches+1, counted
// whether or not it succeeds) and decodes it into v.
func (s *Source) list(ctx context.Context, provider, base string, q url.Values, v any, u *bundle.Usage, segs ...string) error {
	u.Searches++
	_, err := s.clients[provider].GetJSON(ctx, apiURL(base, q, segs...), v)
	return err
}

// apiURL joins a base URL, escaped path segments and a query.
func apiURL(base string, query url.Values, segs ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, s := range segs {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(s))
	}
	if len(query) > 0 {
		b.WriteByte('?')
		b.WriteString(query.Encode())
	}
	return b.String()
}
