// Package finding provides the shared shape of an email-security finding:
// what the pure analyses (spf, dmarc, dkim, mailpolicy) report and what the
// dns-audit use case returns as recommendations. It owns every finding id
// (ids.go): producers emit those constants, and the audit's score and fixes
// and full-profile's flags compare them, so each judgement has one name.
package finding

// Severity ranks a finding. Values are stable API strings.
type Severity string

// Severities, from most to least serious.
const (
	Critical Severity = "critical"
	High     Severity = "high"
	Medium   Severity = "medium"
	Low      Severity = "low"
	Info     Severity = "info"
)

// Rank orders severities: Critical is 0, Info is 4, unknown values 5.
func (s Severity) Rank() int {
	switch s {
	case Critical:
		return 0
	case High:
		return 1
	case Medium:
		return 2
	case Low:
		return 3
	case Info:
		return 4
	}
	return 5
}

// Finding is one observation with its evidence and, when derivable, a fix.
type Finding struct {
	// ID is a stable dotted identifier such as "spf.too_many_lookups"
	// (the constants of this package).
	ID ID `json:"id"`
	// Severity ranks the finding.
	Severity Severity `json:"severity"`
	// Title is a one-line human summary.
	Title string `json:"title"`
	// Detail explains the finding and its consequence.
	Detail string `json:"detail,omitempty"`
	// RFC names the governing specification section, e.g. "RFC 7208 §4.6.4".
	RFC string `json:"rfc,omitempty"`
	// Evidence is the record text or DNS fact the finding is based on.
	Evidence string `json:"evidence,omitempty"`
	// Fix is the action to take; a ready-to-publish record when one can be derived.
	Fix string `json:"fix,omitempty"`
}

// IsError reports whether the finding makes the record invalid (critical or high).
func (f Finding) IsError() bool { return f.Severity == Critical || f.Severity == High }
