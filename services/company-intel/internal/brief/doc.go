// Package brief composes the sections of company-intel's deal brief and
// deep deal brief (openapi/company-intel.yaml) from one company's
// evidence: its profile, its items (pages, press, news, filings, job
// boards), the signals detected in them, the qualification computed from
// them and the seller.
// It is pure: no I/O, no clock (Now is passed in), no randomness; the
// same Input gives the same Brief. Every sentence is built from the
// company's own facts — names, products, amounts, places, roles, dates —
// and every claim carries the URLs of the items behind it, which the
// report layer turns into source ids. A section the evidence cannot
// support is short or empty; nothing is padded.
//
// # When there is no brief
//
// Compose and ComposeDeep return *Insufficient only when no source
// describes what the company does (no description fact) and no dated
// signal with evidence lies in the window: with neither, a brief could not
// say what the company is or why now, and would fit any company. With one
// of them the brief is written and the missing half is named, never
// guessed. Without a description: the company's description is null, the
// fit score leaves it out (qualify excludes what is unknown), risks start
// with "No self-description", questionsToValidate and the deep brief's
// discoveryQuestions ask what the company does ("we found no
// self-description"), and a message angle or action with no anchor cites
// the newest trigger instead of the description. Without a dated trigger:
// whyNow is empty and the approach rests on the description.
//
// # The seller's category and the order of signals
//
// The seller's product and value proposition are classified into one
// product category by cue words (the most matches wins; ties go to the
// earlier): security, finance/HR, sales/marketing, data/AI, dev/infra,
// operations; "general" when none matches. The category decides the roles
// (company-signals reference §6, with operations and general added):
//
//	security         CISO | SecOps lead, GRC lead | IT, Legal, Procurement
//	finance/HR       CFO or CHRO | Controller, FP&A or HR Ops lead | IT, Audit
//	sales/marketing  CRO or CMO | RevOps lead, Sales/Marketing Ops | IT, Legal (data privacy)
//	data/AI          CDO or CTO | Data engineering lead, Analytics lead | Security, Legal (privacy)
//	dev/infra        CTO or VP Eng | Engineering managers, Platform lead | CISO, Procurement
//	operations       COO or VP Ops | Operations managers, Site or plant leads | IT, EHS or Quality, Procurement
//	general          the budget owner | the daily user's team lead | IT, Procurement
//
// Signals are re-ranked by relevance to the category (stable, so the
// signals' own rank breaks ties): a leadership signal whose role belongs
// to the category scores 3, a CEO, founder or president 2, another role
// 1; a hiring signal concentrated in a department of the category 3,
// otherwise 1; other types by a fixed table (typeRelevance), e.g. for
// operations expansion 3, partnership 3, product 2, funding 2. Without a
// seller every signal scores 0. The anchor is the first re-ranked signal
// that sets something in motion (anything but "other").
//
// # Brief sections
//
// whyNow (≤ 4): the why-now sentence of each signal Detect picked (dated
// trigger, what it implies, how long the window is open), in re-ranked
// order, each citing its signal's evidence; with a seller, followed by
// "For <product>, the opening is <initiative>", the initiative being what
// the signal sets in motion (deploying a named round, a named
// executive's first 90 days, the rollout of a named product, delivering a
// named agreement, standing up a named place, equipping the people hired,
// integrating a named acquisition, the rollout a regulatory approval
// allows or the remediation an enforcement action demands).
//
// likelyPriorities (≤ 5): one per signal type in re-ranked order. Observed
// when the evidence states what the company is doing (funding to deploy,
// a product to bring to market, an agreement to deliver, a place to
// expand in, a team to grow, an acquisition to integrate, an approval to
// act on or an enforcement action to remediate, a financial event): the
// explanation is the signal's summary and date.
// Inferred for leadership: a new executive reviews what the role buys for
// (signals.RoleDomain) within 90 days; the explanation names the person,
// the date and the end of that window. Then, when no hiring signal
// covered it, the department with the most open roles (at least 2),
// observed from the job boards.
//
// recommendedApproach: messageAngle (nil without a seller) ties the
// seller's product to the anchor's initiative and headline, leads with
// the value proposition and quotes the seller's words that qualification
// found in the company's own text. recommendedAction: with a disqualifier,
// "do not open an opportunity" and why; with an assessed fit below 20,
// deprioritise; otherwise contact the anchor's person (a leadership
// anchor), else the category's economic buyer (a named executive of the
// category first), by the anchor date plus the timing heuristic of
// reference §6 (funding 7 days, acquisition and hiring 30, others 14;
// a past date becomes Now + 7), citing the anchor. rolesToContact (≤ 6):
// executives named by leadership signals (with a seller only those of
// its category and the CEO), then the category's economic buyer,
// champions and technical reviewers, or without a seller the owners of
// what each signal set in motion. questionsToValidate (≤ 4): a question
// per re-ranked signal (two at most), then each fit input no source
// stated (size, headquarters, business model, industry), then with a
// seller the incumbent question (naming a home-page technology of the
// seller's category when there is one).
//
// risks (≤ 5): each disqualifier; an assessed fit below 40 with the
// components that scored 0; per signal, an executive transition
// (decisions wait up to 90 days), an integration freeze after an
// acquisition, spending scrutiny after layoffs or restructuring,
// regulatory distraction after a lawsuit, fine, recall or investigation;
// each fit input no source stated; a newest trigger older than 45 days;
// every trigger below confidence 0.6; a source that failed.
//
// # Deep sections
//
// strategicInitiatives (≤ 5): one per theme, observed from all of its
// signals: the product line (named products), large accounts and
// partners (named counterparties), footprint (named places), capital,
// acquisitions, regulatory milestones (or, after a lawsuit, fine, recall
// or investigation, resolving regulatory issues), financial performance;
// then,
// inferred from the job boards, the build-out of the two busiest
// departments (at least 4 roles in at least 2 departments) and a
// technology named by at least 2 postings.
//
// technologyAndOperationalClues (≤ 8): the home page's technologies
// (pkg/evidence/webtech, one clue per category, with what matched and
// what the category implies), the technologies job postings name (with
// counts), where hiring is concentrated, where the roles are (and how
// many are remote), and SEC filing (a US public company: SOX controls,
// quarterly cadence).
//
// competitorConsiderations (≤ 4): a competitor disqualifier; an incumbent
// (a home-page technology of the seller's category); the counterparties
// of partnership signals (a reference or a conflict); doing nothing,
// tied to the anchor's initiative.
//
// likelyObjections (≤ 5), each with its answer from the evidence: "no
// budget" (answered by a funding signal, conceded after a restructuring,
// otherwise met with the business case of the top priority); waiting for
// a named new executive; an integration in progress; "we already use"
// the incumbent; security and compliance review (a regulated industry, a
// regulatory signal or an SEC filer); integration with the stack job
// posts name; "not a priority", answered by the anchor.
//
// buyingCommitteeRoles (≤ 8): the economic buyer (a named executive of
// the category when there is one), other named executives as sponsors or
// approvers, champions (with the category's hiring department when it is
// hiring), technical and risk review, users (the category's hiring
// department), procurement and legal.
//
// recommendedPositioning: the product for the company (its description),
// as part of the anchor's initiative, with the value proposition; how to
// stand against an incumbent; the fit label and score, and a warning when
// a disqualifier caps it.
//
// discoveryQuestions: exactly 5 (DiscoveryQuestions), distinct, in
// MEDDICC order where the evidence allows — the anchor's question
// (pain), who signs off (economic buyer, named when known), the metric
// of success for the top priority by Now + 90 days (metrics), the
// incumbent or the current tool (competition), the buying process with
// why it will include a compliance review (decision process) — then, as
// replacements when one of those cannot be asked, further signal
// questions, unverified fit inputs, the busiest department's needs, the
// pilot team and past attempts, each naming the company.
//
// accountPlan: the objective (open a qualified opportunity tied to the
// anchor by Now + 45 days, or rule the account in or out within 14 days
// when disqualified), the first step (the recommended action) and a dated
// sequence of 5 steps (Now + 2, 7, 14, 30, 45 days) naming the people,
// the trigger and the initiative.
package brief
