// Package techterms finds the technologies a job posting names: a fixed
// lexicon of languages, frameworks, clouds, infrastructure, data, ML,
// observability, security, go-to-market, ERP, commerce, embedded, design
// and collaboration products, each under one canonical name, and Find,
// which reads a text (a posting's title and description as plain text) and
// returns the terms it names, deduplicated, first-named first.
//
// The lexicon is our own, written for this package from the products' own
// names; no third-party list is used.
//
// # How text is read
//
// The text is split into tokens: runs of letters and digits, with an
// inner period kept when a letter or digit follows it ("Node.js",
// "Gong.io", "S/4HANA" is two tokens), a leading period kept before a
// letter when no word character precedes it (".NET"), and a trailing "+"
// or "#" run of at most two kept when no word character follows it ("C++",
// "C#"). Every other character separates tokens. A sentence ends at a gap
// holding ".", "!", "?", ";" or a line break. An alias matches whole tokens
// only, so "rosy" is never ROS and "Kafkaesque" never Kafka. A multi-token
// alias ("Google Cloud", "ROS 2", "Palo Alto Networks") matches tokens
// separated by spaces or hyphens ("ROS-2"); punctuation in an alias
// ("S/4HANA") must be in the text. At each token the longest alias wins
// ("React Native" before "React", "SQL Server" before "SQL",
// "Oracle Cloud ERP" before "Oracle Cloud"), and its tokens are consumed.
// A token with an inner period that no alias matches is tried once more
// up to its first period ("Salesforce.com" is Salesforce), with the
// aliases that need no context only.
//
// # Case
//
// Distinctive names match in any case ("kubernetes", "K8s", "POSTGRES").
// Names that are also ordinary words or abbreviations match only as
// written: "Go", "R", "C", "SAP" (not "sap the energy"), "ROS", "dbt" (not
// "DBT"), "Snowflake", "Workday", "Azure", "Java", "Swift" (not the
// "SWIFT" network), "Outreach", "Gong", "Spark", "React", "Rust", and so on.
//
// # Context rules
//
// A case-sensitive match of a name that is also a common word is kept only
// in technical context, decided within its sentence:
//
//   - near (Go, React, Rust, Ruby, Swift, Spark, Airflow, Flask, Helm,
//     Jenkins, Chef, Puppet, Outreach, Gong, Slack, Notion, Zephyr, Sentry,
//     Excel, ...): within five tokens either side there is another lexicon
//     term that needs no context, or a cue word of the term's category
//     (for a language "programming", "code", "engineer", "backend",
//     "services", "experience", ...; for CRM "crm", "sequences", ...; for
//     embedded "firmware", "rtos", ...) or a general one ("tools",
//     "stack", "platform", "technologies", ...). Go is also kept right
//     after "in", "with" or "using" ("written in Go", "services with
//     Go").
//   - tight (the one-letter languages R and C): within two tokens either
//     side there is a language or embedded term that needs no context
//     ("C/C++", "Python or R") or a cue such as "embedded", "programming",
//     "language", "firmware", "code"; and the letter touches no "&", "-",
//     "'", "’" ("R&D", "C-suite", "C's" are not languages).
//
// Some terms also have vetoes: Go is not a language when "to", "live" or
// "getter" follows ("Go-to-market", "Go-live"); React is not the framework
// when "to" follows ("React to customers"); Excel is not the spreadsheet
// when "at" or "in" follows. Unambiguous aliases keep a term without any
// context: "Golang", "React.js", "Apache Spark", "Apache Airflow",
// "Outreach.io", "Gong.io", "Zephyr RTOS", "RStudio".
//
// Find is pure and deterministic: no I/O, no state, safe for concurrent
// use; the lexicon is compiled once, when the package is initialised, and
// a text is read in one pass (plus a bounded look around each
// context-dependent match).
package techterms
