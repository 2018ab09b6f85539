// Package qualify scores how well a company fits a seller (the
// Qualification object of openapi/company-intel.yaml: fitAssessed, fitScore,
// fitLabel, scoreComponents, reasons, disqualifiers), following
// company-signals reference §5.6. It is pure: no I/O, no clock (Now is
// passed in), no randomness; the same Input always gives the same Result.
//
// # Components
//
// Each component scores 0..1. Base weights (FitWeights, sum 1):
//
//	industry       0.25
//	size           0.15
//	geography      0.15
//	businessModel  0.10
//	textRelevance  0.25
//	timing         0.10
//
// A component whose inputs are unknown (no employee-range fact, an ICP that
// says nothing about size, …) is excluded, never guessed: it is listed with
// Weight 0 and a Reason starting "Excluded:", and the weights of the
// remaining components are divided by their sum (Component.Weight is that
// effective weight). fitScore = round(100 · Σ w_i·s_i) over the included
// components; scoreComponents[name] = 100·w_i·s_i rounded to one decimal,
// so they sum (before rounding) to fitScore before any cap.
//
// Text is tokenised by lower-casing, splitting on anything not a letter or
// digit, dropping stop words, one-letter words and pure numbers, and
// stemming. The stemmer strips the first matching suffix of
// -ational/-ations/-ation (→ -ate), -ingly, -edly, -ies (→ -y), -ing, -ers,
// -er, -ed, -ly, -s (not after ss, us, is, aas as in "SaaS"; -es is covered by -s plus the
// final-e rule) when at least 3 letters remain, then undoubles a final
// doubled consonant other than l, s, z left by a stripped suffix
// ("shipping" → "ship") and drops a final -e ("warehouses", "warehouse" →
// "warehous"). Topic terms are stems minus generic business words
// ("company", "customers", "platform", "software", …) and the size,
// business-model and place vocabularies, which their own components read.
//
// The ICP is split into clauses at . ; ! ? newline and "but". In a clause,
// a negation cue (not, no, exclude(s), excluding, except, avoid, never,
// without, other than) starts an excluded scope running to the clause end;
// "outside X" in targeted text excludes X, while "outside X" inside an
// excluded scope ("no companies outside EMEA") requires X. Components read
// only the targeted text; disqualifiers read the excluded scopes.
//
// industry: seller terms S = topic terms of the targeted ICP and the
// product. With the industry fact's topic terms I, industryScore =
// |S∩I| / |I|; with the description's topic terms D, descriptionScore =
// 0.8·min(1, |S∩D|/4). score = max of the two. Unknown without an industry
// and a description fact, or when S is empty.
//
// size: the employee-range fact is read as a band ("201-500", "10,001+",
// "350"). ICP targets are explicit ranges ("200-2000 employees", "50+
// employees", "over/at least N employees", "under/fewer than/up to N
// employees") and size words: startup 1–50, SMB/small 1–199,
// mid-market/mid-sized/medium 200–1999, enterprise/large 2000+. With m the
// geometric midpoint of the company's band (an open band counts as
// [lo, 2·lo]), a target scores 1 when it contains m, otherwise
// max(0, 1 − 2·d) where d is the distance in decades (log10) from m to the
// target's nearest bound; score = best target. Unknown without a parsable
// fact or without ICP size terms.
//
// geography: the headquarters fact is located as a US state (name, or a
// ", XX" abbreviation; implies the US) or the first country named. ICP
// places are countries (names, adjectives, and "US"/"U.S."/"USA" only in
// capitals), US state names and regions: North America, Americas, Europe
// and European, EU, EMEA (Europe plus Middle East and Africa), DACH,
// Nordics, Scandinavia, Benelux, APAC, ANZ, LATAM, Middle East. score = 1
// when a named place contains the company, else 0. Unknown without a
// locatable headquarters or without ICP places.
//
// businessModel: models are found by cue words in the business-model fact
// and the company's own documents: B2B (b2b, business-to-business,
// enterprise customers, operators, manufacturers, retailers, distributors,
// 3PLs), B2C (b2c, consumers, direct-to-consumer, shoppers, households),
// marketplace, SaaS, agency. In the company's own text only, naming
// business customers (grocers, logistics providers, merchants, hospitals,
// clinics, banks, insurers, school districts, cell or battery makers,
// product or security teams, carriers, shippers, utilities, airlines,
// municipalities, enterprises) also states B2B; in an ICP those words
// describe the target itself. score = 1 when a model the ICP names is one
// of the company's, else 0. Unknown when either side names none.
//
// textRelevance: Okapi BM25 (k1 = 1.2, b = 0.75) of the distinct topic
// terms of product + value proposition + targeted ICP against each of the
// company's own documents (description fact; title and excerpt of each
// site page and press item). Document frequencies and the average length
// count the company's documents plus a fixed background corpus of 12
// generic business sentences, with idf(t) = ln(1 + (N − n + 0.5)/(n +
// 0.5)). With s the best company document's score, relevance = s/(s + 6)
// (0.5 at s = 6, saturating towards 1). Unknown without company documents
// or seller terms.
//
// timing: signals whose eventDate is within the 90 days before Now (up to
// one day after it tolerated; undated signals are skipped) add
// typeWeight·confidence, with type weights funding 1.0, acquisition 0.9,
// leadership 0.9, expansion 0.8, hiring 0.7, partnership 0.6, product 0.6,
// regulatory 0.5, financial 0.5, technology 0.4, other 0.2. score =
// 1 − exp(−Σ). No recent signal scores 0 (a known absence); unknown only
// when Now is zero.
//
// # Disqualifiers
//
// Disqualifiers are evaluated only when fit is assessed. Any disqualifier
// caps fitScore at 39 (DisqualifiedCap); scoreComponents keep the uncapped
// points; the same disqualifier text is reported once. A disqualifier is raised when an excluded ICP
// scope names
//   - a business model the company's own text states ("not agencies",
//     "exclude B2C");
//   - a size band containing the company's midpoint ("no companies under
//     50 employees", "no startups");
//   - a place containing the company's headquarters, or "outside X" in
//     targeted text with the company in X, or "no … outside X" with the
//     company not in X;
//   - a topic term of the company's industry fact ("not robotics").
//
// Competitor rule: the company is the seller's likely competitor when at
// least 3 (CompetitorMinTerms) and at least 60% (CompetitorMinCoverage) of
// the topic terms of the seller's product appear in the company's own
// documents.
//
// # Without a seller
//
// With no seller, a seller whose fields are all empty, or a seller none of
// whose components can be assessed, fitAssessed is false and fitScore is
// account attractiveness: timing 0.6 and profile completeness 0.4 (known
// profile facts out of seven: description, industry, headquarters,
// employee range, business model, ticker, founding year), with the same
// labels; the first reason says fit was not assessed.
//
// # Labels
//
// poor < 20 ≤ weak < 40 ≤ possible < 60 ≤ good < 80 ≤ excellent.
//
// # Reasons and evidence
//
// Each included component that scored above 0 contributes one sentence
// naming the company's own facts and the seller's matching terms; every
// component carries its Reason (also mismatches and exclusions). Evidence
// maps each reason and disqualifier to the item URLs behind it.
package qualify
