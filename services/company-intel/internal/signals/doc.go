// Package signals turns a company's evidence bundle into cited, dated,
// deduplicated trigger signals (the Signal schema and its limits in
// openapi/company-intel.yaml) and the why-now sentences built from them.
//
// It is pure: no I/O, no network, no clock. Input.Now is the request time
// and is used only for recency; dates are never resolved against it.
// Detect is deterministic: items are put in a total order first, every
// sort has explicit tie-breaks, and no map iteration order reaches the
// output, so identical input gives byte-identical JSON whatever the order
// of Input.Items.
//
// # Pipeline
//
//  1. Each item becomes zero or more candidates: filings by form and 8-K
//     item, job boards by open-role counts, news and press items by
//     the type model (see The type model). Pages and reference profiles
//     are not events. A news item
//     that names neither the company (name without legal suffix, alias, or
//     domain label of four letters or more) in its title nor in its
//     excerpt is dropped; the company's own press items are not checked.
//  2. Each candidate gets an event date (see Dates); undated candidates
//     and candidates dated outside the window are dropped.
//  3. Facts are extracted (see Extraction).
//  4. Candidates that report one event are merged (see Deduplication).
//  5. Each merged event gets a confidence, a rank score, a headline,
//     summary and commercial meaning; the best MaxSignals (8) are kept and
//     up to MaxWhyNow (4) why-now sentences are written.
//
// # The type model
//
// A news or press item is typed by a multinomial logistic regression
// (package textclass) over the item's features (features.go, FeatureSet):
// its headline's and lead's words in companyname's normal form (the lead's
// first two sentences without a wire dateline; the company's own name is
// one word, "_co_", numbers "_n_", years "_y_"), their bigrams ("^" starts
// a part, so "^ _co_" says the company leads the headline), crude stems
// ("acquires", "acquired": "acquir"), the categories of the technologies
// they name (techterms: "Rust" is a language), word classes (wordClasses: verbs
// of buying, raising, appointing, launching, opening, partnering, hiring,
// cutting, reporting results, regulation, technology, honours, denial,
// role titles), where the company stands (the headline's subject, later in
// it, in the possessive, only in the lead, absent), whether a sum of money
// is stated, the item guard that matched the headline (below), and
// whether a lead is known at all. The most probable of the eleven types
// and none wins; the signal's match strength is its probability, so a
// signal's confidence is authority × probability × recency (Confidence).
// A denial, negation, talks, rumour or forecast (the notyet guard) and a
// customer story (the customer guard) are not events of the company's
// whatever the model says: every such training item is none. Two
// same-day reports the model types differently are one event when each
// finds the other's type at least CrossTypeMin probable (when one of them
// is read by its headline alone, its own reading is enough: it knows
// less than the report read with a lead); the event takes the type with
// the larger summed probability and the other report is read again as
// that type (retype).
//
// When the model is unsure (its best class below TieBreakBelow) and the
// lexicon reads in the headline a type the model gives at least
// TieBreakMin, the lexicon's type wins (Model.decide): its specific
// patterns are precise where the model hesitates. Unigrams leave out
// stopwords (they only fit noise); bigrams keep them ("has not").
//
// The committed model (model.json) is trained by `make train`
// (cmd/trainsignals, TrainModel) on TrainingData: the outside corpus's
// development part, its held-out part once scored, and the sets the
// lexicon was tuned on, never holdout-independent.jsonl nor the second
// outside set; each item is learnt with its lead and, at half weight, by its
// headline alone (news sources that send no excerpt). Training is
// deterministic full-batch gradient descent (textclass.DefaultOptions), the
// temperature is calibrated on 5-fold out-of-fold predictions, and the file
// records the data's digests and the cross-validated metrics; the file
// rounds weights, so retraining gives it byte for byte
// (TestModelReproducible). LoadModel refuses a model trained on another
// FeatureSet, and the service does not start on one (CheckModel).
// TestModelMetrics holds the cross-validated metrics to floors.
// services/company-intel/README.md ("Accuracy of the type model") reports
// them with a reliability table and the held-out parts' scores.
//
// # The lexicon
//
// The lexicon (classify.go), after reference §5.1, no longer decides an
// item's type but still gives what a word list gives precisely: the item
// guards (features of the model), whether the headline carries the type
// (readsAs: when the lexicon reads the model's type in the lead and not in
// the headline, the facts are read in the lead and the headline does not
// word the event), the type of an 8-K's Item 7.01/8.01 description (an
// exhibit's few words, "Investor presentation", are not the news the
// model learnt from), and the spans facts are read from. Matching is case-insensitive; patterns list inflections
// (raise, raises, raised, raising) rather than stemming the text.
// lexiconType is its decision alone, as it typed items before the model:
// the lead is read only when the headline matches no type, and only its
// first two sentences, without a wire dateline.
//
// Each pattern has a grade: 1 for a topic word that often appears without
// an event ("partner", "quarter", a regulator's name), 2 for an event
// phrase, 3 for an event phrase naming a third-party technology ("migrates
// to AWS", "selects Snowflake"), which must beat the generic verbs it
// shares with partnership and product phrases. A positive match that
// overlaps a guard match of its own type is discarded. Guards encode the
// non-events: "raises concerns/prices/awareness/questions/outlook",
// money raised for a charity or by staff ("staff raise £20,000 for
// charity"), "acquire customers/talent", "customer/user acquisition",
// "acquisition cost", "buyback", "takes over as", "expands on",
// "expands its partnership/platform/team", "launches a campaign/podcast/
// investigation", "launches a graduate hiring programme", "releases
// results/report", the debut or launch in an award's name ("Best Debut
// Game"), job cuts (for hiring), "fine-tunes", "payment settlement",
// "now live in the App Store", "open-sourcing … feature store" (not
// opening a store), reported speech after a role ("CEO
// says …"), and an award or list after "named" ("founder named
// Entrepreneur of the Year", "named one of …"), which is not an
// appointment.
//
// Some phrases are typed by what they are rather than by their verb:
//
//   - Borrowed capital is funding: credit facility, revolving credit
//     facility, credit line, line of credit, term loan, venture debt,
//     bond issue, notes offering; a money guard for physical facilities
//     ("$200M manufacturing facility") does not catch them. Amounts with
//     the currency written after the number ("30 mln euros") count as
//     money.
//   - Buying land, a site or a building ("acquisition of a data centre
//     site", "buys a 4-hectare plot in …") is expansion, not acquisition;
//     buying goods in numbers ("purchase of 140 electric HGVs") is
//     neither. A property noun must end its phrase, so "buys property
//     startup X" stays an acquisition.
//   - Opening a place beats launching a product: "unveils new Singapore
//     regional headquarters" is expansion. A place noun counts after
//     "new"/"first" or when written in lower case, so a product named like
//     a place ("debuts Claims Studio") stays a product. "is now live in
//     <Place>" and "begins operations in <Place>" are expansion.
//   - "is joining the <X> family", "becomes part of <X>" and "to join <X>
//     in a $N deal" are acquisitions (not "part of <X>'s programme/index").
//     A bare "to join <X>" is not: it is far more often a person joining
//     ("Jane Doe to join Acme as CFO", leadership).
//   - "chosen/named as exclusive/preferred/official <insurer/supplier/…>
//     for <X>" is partnership.
//   - "taps ex-<X> exec <Name> to lead …" is leadership.
//   - Hiring without "hire": "take on 250 apprentices", "welcomes 30 new
//     engineers", "40 new colleagues joined", "to recruit 150 for …".
//   - Deploying technology in the company's own operations is technology
//     (grade 3): "deploys <X> across/at <fleet/stores/sites/…>", "deploys
//     drones/robots/AI/computer vision/IoT/…".
//   - Sampling a chip to customers is product.
//   - Workplace recognitions ("certified Great Place to Work", "named one
//     of …'s Climate Leaders", "ranked among …") and event appearances
//     ("meet us at <event>", "booth B-214") are other.
//
// When several types match, the winner is chosen by, in order:
//
//  1. clause: a match in the main clause beats one in a background clause.
//     Background clauses start at "after", "following", "amid", "ahead
//     of", "despite", "in the wake of", "in partnership with", "powered
//     by", "backed by", "as part of", "while", "as it/the/…", run to the
//     next comma, semicolon, colon, parenthesis or " - ", and include a
//     leading "After …," phrase, appositives and relative clauses
//     (", which …", ", the …"), and purpose clauses ("to …", "for …") that
//     begin after the first event match ("Acme raises $6M to expand into
//     the US" is funding; "Acme to acquire Beta" keeps its "to").
//  2. grade, higher first.
//  3. precedence, the reference table's order: acquisition, funding,
//     leadership, regulatory, partnership, product, expansion, hiring,
//     financial, technology, other.
//  4. the earlier match.
//
// The item guards (itemGuard, features of the model) match headlines that
// are not, by their form, the report of an event: a
// question, opinion, analysis, interview, podcast, webinar, review, guide,
// round-up or listicle ("10 startups to watch", "Five ways to …", "X's
// head of design on building …", "CEO: …"), a teaser question followed by
// commentary ("Merger mania? What consolidation means for shippers"), a
// greeting ("Happy 10th birthday, Acme!"; a reported anniversary, "Acme
// marks 10th anniversary", stays other), a job advertisement ("we're hiring a VP of
// Sales", "Job: Senior Engineer", "is looking for a …"), or a customer
// story ("case study", "How Globex uses Acme"), a stock-price move
// ("shares jump 9%"). The model learns how far each counts (a first-person
// "How we moved our billing to Postgres" is a technology signal). What has
// not happened (notYetRe) is never an event: a
// denial or negation ("denies plans to acquire", "has not closed a Series
// C"), talks, deliberation and rumour ("in talks to buy", "considering an
// IPO", "weighs a sale", "sources say", "rumored"; rumours in a
// background clause, "After months of rumors, Acme signs …", do not
// count), a statement about reports ("statement on media reports",
// "strategic alternatives") and a third party's market report or forecast
// ("report finds", "market will reach $60bn"). Such items are not events,
// not events of lower confidence: nothing has happened to the company
// yet. Layoffs, job cuts, restructuring and furloughs are financial, not
// hiring.
//
// TestClassifyLabelled (testdata/labelled.jsonl) and TestClassifyHoldout
// (testdata/tuning-holdout*.jsonl) score Classify (the model, the company
// unnamed), log the confusion matrix and per-type precision and recall,
// and fail below 90% accuracy or 80% recall for any type (these sets are
// training data: in-sample figures); TestClassifyIndependentHoldout holds
// the untuned set, which the model never learns from, to lower floors.
// testdata/README.md describes the sets and their scores.
//
// # Structured evidence
//
// SEC filings (reference §3). Forms S-1, S-1/A, F-1, F-1/A and 424B* are
// funding with round "IPO". An 8-K or 8-K/A yields one candidate per
// signal type its items map to:
//
//	1.01, 1.02  partnership; 1.01 is acquisition when the filing's
//	            description, title or excerpt speaks of a merger,
//	            acquisition, business combination or tender offer, and
//	            yields nothing of its own when filed with 2.03 (it is the
//	            debt agreement 2.03 reports)
//	1.03        financial (insolvency)
//	1.05        regulatory (security incident)
//	2.01, 5.01  acquisition
//	2.02        financial (results)
//	2.03        funding (round "Debt financing" unless the text names one)
//	2.04, 2.06, 3.01, 4.01  financial
//	2.05        financial (restructuring)
//	3.02        funding (round "Private placement" unless the text names one)
//	4.02        regulatory
//	5.02        leadership
//	7.01, 8.01  the lexicon's type of (description or title, excerpt)
//	            (lexiconType); when it finds none, other with strength 0.5
//	9.01 and unlisted items  nothing
//
// Other forms (10-K, 10-Q, …) are not signals. Filing candidates carry
// Facts.Items8K and strength 1.0 unless stated. Facts (person, role) and
// the summary are read from the filing's description and excerpt without
// what the form itself says: the form's name ("FORM 8-K.") and its items'
// titles ("Item 5.02: Departure of Directors or Certain Officers; …"),
// which name no person, role or counterparty.
//
// Job boards (KindJobBoard). A board is a hiring signal when it lists at
// least MinOpenRoles (5) roles, or at least MinDepartmentRoles (3) in one
// department. Facts: OpenRoles (all listed roles), Department (the
// department with most roles, ties alphabetical), Place (the most common
// location); the summary gives the department breakdown, up to three
// locations, the remote count and the newest posting date. New
// locations on a board do not make an expansion signal.
//
// # Dates
//
// The event date is the first available of:
//
//  1. filings: the acceptance time, else the filing date;
//  2. job boards: the newest posting date that lies in the window (when
//     postings are dated but none in the window, the newest, which the
//     window then rejects; when no posting is dated, the rules for
//     documents below);
//  3. Doc.Published at time or day precision;
//  4. at month or year precision, a dateline in the text when there is
//     one, else Doc.Published (the first day of the period);
//  5. a dateline: the wire form at the start of the excerpt ("CITY, Month
//     D, YYYY /PRNewswire/ -- ", "CITY, 9 March 2026 -- ", "CITY, Region,
//     Month D, YYYY (GLOBE NEWSWIRE) -- "), else the first date in the
//     title, else the first date in the excerpt, in the forms "March 3,
//     2026", "Mar. 3, 2026", "Sept 3rd 2026", "3 March 2026", "2026-03-03"
//     (ParseDateline);
//  6. none: the candidate is dropped.
//
// Dates are UTC calendar days. The window is Window.From..Window.To
// compared by day, inclusive; a zero From has no lower bound and a zero
// To is Now. EventDate is written YYYY-MM-DD.
//
// # Extraction
//
// Names and amounts are read from the headline first, then from the
// headline and the lead. A proper-noun phrase is a run of capitalised
// words (Title Case aware: function words end it), after skipping
// lower-case descriptors ("field-service startup Routewise"); in a Title
// Case run the name follows the last descriptor noun, unless that noun
// ends the run ("Northwind Software").
//
//   - Amount (ParseAmount): reference §5.3's pattern
//     (US$|$|€|£|USD|EUR|GBP) number (k|m|mm|mn|mln|million|b|bn|bln|
//     billion|thousand), plus dollars written out from a million up
//     ("$12,500,000") and a number with a magnitude followed by the
//     currency's name ("2.1 million pounds", "30 mln euros", "5 million US
//     dollars"; not "3,000 pounds", a weight); the first amount in the
//     text. A comma followed by
//     exactly three digits groups thousands, otherwise it is a decimal
//     mark. Currencies are not converted: AmountUSD is set only for
//     dollar amounts; AmountText keeps the currency ("€12M"). Amounts
//     outside $1,000..$10T are ignored. AmountText is rounded to two
//     decimals of its unit (K, M, B).
//   - Round: pre-seed, seed, angel, Series A–K (with "-2", "+"), bridge,
//     growth, mezzanine, venture debt, convertible note, credit facility
//     (also revolving credit facility, credit line, line of credit, debt
//     or loan facility), debt financing, term loan, IPO.
//   - Investors: the names after "led by"/"co-led by" (lead investors,
//     listed first), then after "participation from", "round/funding/…
//     from", "backed by", "investors include"; the company itself and
//     generic phrases are skipped; a name that extends another replaces
//     it.
//   - Counterparty: acquisitions ("acquires X", "to acquire X", "buys X",
//     "acquisition of X", "deal for X"; "acquired by X", "sold to X",
//     "takeover offer from X", "X acquires <company>" and "X takes
//     <company> private" make the company the target; "merges with X" a
//     merger; "sells … to X" a divestiture; "buys X's unit" is recorded as
//     X's unit); partnerships ("<company> and X sign/announce/agree/
//     partner/team up/collaborate/join forces/form/launch …" and
//     "<company>, X collaborate …" first, so that the object of the verb
//     is not taken for the partner; then "partners/teams up/integrates …
//     with X", "agreement/contract/deal with X" — "X partners with
//     <company>" makes the subject X the partner —, "<company> and X";
//     "selected/chosen by X", "X selects <company>", "contract to supply
//     X", "deal to <verb> X", "wins contract" make X a customer). A legal
//     suffix after the company's name ("Acme, Inc. and X") belongs to the
//     name; counterparties are written without theirs ("Agreement with
//     Contoso Logistics, Inc." gives "Contoso Logistics").
//   - Person and role: "appoints Jane Doe as CRO", "names Jane Doe CFO",
//     "Jane Doe steps down as CEO", "CEO John Roe", "chief executive Rita
//     Gomes". The headline decides the role; a person named only in the
//     lead is taken when the lead gives them the same role or names the
//     headline's role just before them. A departure is a leadership event
//     whose first change verb is a leaving verb (steps down, resigns,
//     departs, retires, …).
//   - Product: the object of launches/unveils/introduces/debuts/releases/
//     rolls out/ships/adds, "general availability of X", "X is now
//     available", "Now available: X": a proper name with up to three
//     following lower-case words ("M4 smart inverter"), else up to six
//     lower-case words ("multilingual voice agents"). What is sampled or
//     shipped is the product, not the samples ("ships first samples of
//     its MX-1 electrolyte" gives "MX-1 electrolyte").
//   - Place: after in/into/to/across/throughout/near/outside within 60
//     bytes of an expansion word, keeping "the" ("the Nordics"); "enters
//     the X market" gives "the X market"; numbers are not places. The
//     facility (office, hub, plant, data center, …) is kept for sentences.
//   - Hiring text: OpenRoles is the number attached to a hiring verb or to
//     open roles/positions/jobs; a headcount total is not open roles.
//   - Technology: the first specific technology named (AWS, Snowflake,
//     Kubernetes, …), generic words (cloud, legacy) only when no specific
//     one is named; open-source and patent events are told apart.
//   - Financial, regulatory and other events get a subtype from the text
//     that carried the classification (a financial one from the lead when
//     the headline states none): insolvency, restructuring, capital-return,
//     valuation (a valuation, a tender offer, a secondary sale), outlook or
//     results; certification (with
//     its name), approval (approves, clears, clearance, licence, …; with
//     the regulator), incident or enforcement (with a fine's amount);
//     recognition, event, milestone or anniversary.
//
// # Deduplication
//
// Two candidates report one event when they have the same type, dates at
// most MergeWindow (7 days) apart, and: the same URL; or event keys that
// agree; or, when the keys do not disagree, dates at most SameDayWindow
// (36 h) apart (one company, one type, one day: one event however each
// outlet words it; not for other, since a company collects several awards
// or talks on a day, unless the two reports name the same award, list,
// show or programme: a capitalised word of both that is not the company's
// name, a calendar word or a word any such report uses, otherNames); or
// near-duplicate text (SimHash
// Hamming distance ≤ NearDuplicate, 3), headline token Jaccard ≥
// HeadlineJaccard (0.6), or headlines that share a run of SharedPhrase (4)
// consecutive tokens, stopwords and the company's own name left out (a
// list's, award's or deal's name: "Massachusetts' fastest-growing private
// companies"). Event keys: funding, round and amount (amounts within 10%
// are one bucket; a round or amount that differs disagrees); acquisition
// and partnership, counterparty (an acquisition's counterparties that
// differ do not disagree when one report's text names the other's: a
// described target misread as its place); leadership, person (same first and last
// name); expansion, place; product, name without the trailing lower-case
// words that say its kind ("Ridgeback 2" and "Ridgeback 2 cargo e-bike"
// agree; "Atlas" and "Atlas 2" do not), agreement only; technology, name
// (agreement only); financial and regulatory, subtype and detail, where a
// results report and an outlook change or a dividend or buyback decision
// dated the same day agree (guidance and capital returns come with
// results) and two enforcement reports agree on the fine's
// amount (within 10%; different amounts disagree) whether or not both
// name the regulator; hiring is one company-level event. Counterparties
// and places are compared in companyname's normal form (case,
// punctuation and legal suffixes ignored: "Contoso Logistics, Inc." is
// "Contoso Logistics"), equal or one a word-prefix of the other; two
// places that differ do not disagree when either report names the other's
// place (a city and its country, "São Paulo" and "Brazil"; two of the
// cities an entry into a state lists). A filing
// whose key fields are empty agrees with any candidate of its type (its
// prose is not parsed for them). Events are the connected components of
// this relation (single linkage).
//
// SimHash is Charikar's 64-bit hash over the lower-cased word tokens of
// title and excerpt (stopwords kept), each token hashed with FNV-1a and a
// SplitMix64 finaliser. The NearDuplicate threshold catches near-verbatim
// copies only; rewritten reports of the same event are merged by their
// keys and headlines instead.
//
// A merged event has two representatives:
//
//   - for dating, the member with the highest authority weight, then the
//     earliest date, then a filing before other items, then the smallest
//     URL. It gives the event date, and the event cites every member's URL
//     in this order (Evidence, this representative first).
//   - for wording, the member whose text states the event most
//     specifically: the first news or press item, in the order above,
//     whose headline carries the classification (not a lead-only match).
//     It gives the headline and the summary, and the sentences quote its
//     headline. A filing's composed headline ("Acme 8-K: officer or
//     director change (Item 5.02)") only words an event that no such item
//     reports; a job board that represents its event words it too (its
//     headline states counted roles).
//
// So an 8-K, the company's release and a wire story about one CFO
// appointment make one signal dated and led by the filing, headlined by
// the release; every member counts for confidence. The summary is the
// wording representative's unless it merely repeats the headline (no
// excerpt) or lists a filing's form and items; then the first member, in
// the fact order below, that has one of its own.
//
// Facts are the union of the members' facts, read in this order: the
// wording representative, the other news and press items, then filings
// and job boards (each in dating order); an empty field is filled from
// the first member that states it, and a generic role ("Directors",
// "Certain Officers", "officer or director") gives way to one that names
// an office ("Chief Financial Officer"). Investors and 8-K items are
// united. Details follow the same order: the direction of the event
// (departure, target, merger, divestiture) is the wording
// representative's; a partner is a customer when any member that names
// the same partner says so.
//
// # Confidence
//
// After reference §5.5:
//
//	c = (1 − Π_d (1 − a_d·m_d)) · exp(−ln2 · age / halfLife_type)
//
// over the distinct publisher domains d of an event's members. a_d·m_d is
// the largest product of authority weight a (source.Authority.Weight:
// regulatory and first-party 0.95, job board 0.9, wire 0.85, trade 0.7,
// reference 0.6, aggregator 0.5) and match strength m (a news or press
// item's type probability under the model, 1.0 for a structured item,
// 0.5 for an unclassified 8-K 7.01/8.01) among
// d's members. A domain is the URL host's registrable part approximated
// by its last two labels (three under a two-letter country code with a
// generic second level: bbc.co.uk), or the publisher's name when the host
// is a news aggregator (news.google.com, msn.com, …). When one domain
// reports the event and none of its items is primary (regulatory,
// first-party, job board), the first factor is capped at SingleSourceCap
// (0.85). age is the number of whole days from the event date to Now's
// UTC calendar day, 0 for a later date, so every request of one day reads
// the same confidence. Half-lives (HalfLife): funding 60 days, acquisition
// 90, leadership 45, regulatory 60, partnership 45, product 45, expansion
// 60, hiring 30, financial 45, technology 60, other 30. The result is
// clamped to [0, 1] and rounded to two decimals.
//
// # Ranking and why-now
//
// score = TypeWeight[type] · confidence, with TypeWeight funding 1.00,
// acquisition 0.95, leadership 0.90, expansion 0.85, product 0.80,
// partnership 0.80, hiring 0.75, regulatory 0.70, financial 0.70,
// technology 0.65, other 0.40. Events are ordered by score (higher
// first), then event date (later first), then headline, then first
// evidence URL; the first MaxSignals are kept.
//
// WhyNow takes one event per type in rank order, then fills up to
// MaxWhyNow with the next-ranked events of any type, and lists them in
// rank order. Each sentence states the dated trigger with the event's own
// facts (amount, round, investors, person, role, product, place,
// facility, counterparty, open roles by department, certification,
// regulator, fine) and what it implies for timing, with the window left
// where one applies (funding: budgets committed within 60–90 days of a
// round; new executive: 90 days). When facts are missing the sentence
// quotes the headline instead of guessing.
//
// # Headline, summary, commercial meaning
//
// Headline is the wording representative's title with a trailing " - Publisher"
// or " | Publisher" removed when the suffix names the item's publisher or
// host, or when the item comes through an aggregator and the suffix has
// at most five words. Filings and job boards get a composed headline
// ("Acme 8-K: officer or director change (Item 5.02)", "Acme lists 28
// open roles on Greenhouse (12 in Engineering)").
//
// Summary is the first sentence of the wording representative's excerpt
// without its dateline, cut to MaxSummary (300) bytes (see Deduplication
// for when another member's is used); for a filing its description, else
// its excerpt without the form's name and item titles, else a sentence
// naming the form, date and items.
//
// CommercialMeaning is composed from the facts: funding by round stage
// (early, Series A, Series B/C, late, IPO, debt, private placement) and
// size (≥ $100M opens several budgets, ≤ $5M stays focused); leadership
// by role domain (sales tooling for a CRO, finance systems for a CFO, …)
// and appointment, departure, board or founder change; product by name;
// hiring by the leading department and counts; expansion by facility and
// place; partnership by partner or customer; acquisition by counterparty
// and direction (acquirer, target, merger, divestiture); financial,
// regulatory, technology and other by subtype.
package signals
