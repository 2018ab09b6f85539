// Package mxprovider is the one judge of "who handles this domain's mail":
// it fingerprints who receives the mail from the MX host names (mailbox
// providers, security gateways, forwarders, self-hosted) and which services
// the SPF include/redirect targets authorise. classify, the dns-audit, the
// profile and the profile's technology hints all take their answer from
// here; nothing else keeps a provider table. It is pure: no DNS.
package mxprovider

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// Kind is the role of the host receiving mail.
type Kind string

// Kinds.
const (
	MailboxProvider Kind = "mailbox_provider" // hosts the mailboxes (Google Workspace, Microsoft 365...)
	SecurityGateway Kind = "security_gateway" // filters mail, then relays it to a hidden mailbox provider
	Forwarder       Kind = "forwarder"        // forwards mail elsewhere (Cloudflare Email Routing...)
	SelfHosted      Kind = "self_hosted"      // MX under the domain's own registrable domain
	Unknown         Kind = "unknown"          // an unrecognised third-party host, or no MX
	// SendingService only describes SPF services: it sends mail on the
	// domain's behalf (SendGrid, Mailchimp...) and hosts no mailboxes.
	SendingService Kind = "sending_service"
)

// Provider is a recognised mail service.
type Provider struct {
	// ID is a stable snake_case identifier ("microsoft_365").
	ID string `json:"id"`
	// Name is the display name ("Microsoft 365").
	Name string `json:"name"`
	// Kind is the provider's role.
	Kind Kind `json:"kind"`
}

// Service is a sending service recognised from an SPF include.
type Service struct {
	// ID is a stable snake_case identifier ("sendgrid").
	ID string `json:"id"`
	// Name is the display name.
	Name string `json:"name"`
	// Mailbox is true for services that also host mailboxes.
	Mailbox bool `json:"mailbox"`
	// Kind is mailbox_provider, security_gateway, forwarder or
	// sending_service.
	Kind Kind `json:"kind"`
}

// MX is one MX record.
type MX struct {
	Host       string // target host name
	Preference uint16
}

// HostMatch is the fingerprint of one MX host.
type HostMatch struct {
	// Host is the lower-case MX host without trailing dot.
	Host string `json:"host"`
	// Preference is the MX preference.
	Preference uint16 `json:"preference"`
	// Provider is the matched provider; Kind self_hosted or unknown with an
	// empty ID when no fingerprint matched.
	Provider Provider `json:"provider"`
	// Pattern is the fingerprint suffix that matched ("" when none).
	Pattern string `json:"pattern,omitempty"`
}

// Result is the fingerprint of a domain's mail reception.
type Result struct {
	// Provider is the provider of the most preferred MX host.
	Provider Provider `json:"provider"`
	// Gateway is true when that host is a security gateway.
	Gateway bool `json:"gateway"`
	// MailboxProvider is the mailbox provider inferred behind a gateway
	// (from a less preferred MX host or the SPF targets); nil when not
	// behind a gateway or not inferable.
	MailboxProvider *Provider `json:"mailbox_provider,omitempty"`
	// Hosts are the fingerprints of every MX host, most preferred first.
	Hosts []HostMatch `json:"hosts"`
	// Evidence explains each conclusion in plain words.
	Evidence []string `json:"evidence"`
}

type rule struct {
	suffix   string // label-boundary suffix
	prefix   string // optional required prefix of the host
	provider Provider
}

type serviceRule struct {
	suffix  string
	service Service
}

// Fingerprinter matches hosts and includes against the built-in
// fingerprints. It is immutable and safe for concurrent use.
type Fingerprinter struct {
	mx  []rule
	spf []serviceRule
}

// New builds a Fingerprinter. Gateways are checked first, then longer
// suffixes before shorter ones, so the most specific fingerprint wins.
func New() *Fingerprinter {
	mx := mxRules()
	slices.SortStableFunc(mx, func(a, b rule) int {
		ag, bg := a.provider.Kind == SecurityGateway, b.provider.Kind == SecurityGateway
		if ag != bg {
			if ag {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(b.suffix), len(a.suffix))
	})
	spf := spfRules()
	slices.SortStableFunc(spf, func(a, b serviceRule) int { return cmp.Compare(len(b.suffix), len(a.suffix)) })
	return &Fingerprinter{mx: mx, spf: spf}
}

func normalise(host string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(host)), ".")
}

func hasSuffix(host, suffix string) bool {
	return host == suffix || strings.HasSuffix(host, "."+suffix)
}

// Host fingerprints one MX host of the domain whose registrable domain is
// given. Unrecognised hosts under that registrable domain are self-hosted;
// other unrecognised hosts are unknown.
func (f *Fingerprinter) Host(host, registrable string) HostMatch {
	h := normalise(host)
	m := HostMatch{Host: h}
	for _, r := range f.mx {
		if hasSuffix(h, r.suffix) && strings.HasPrefix(h, r.prefix) {
			m.Provider, m.Pattern = r.provider, r.suffix
			return m
		}
	}
	m.Provider.Kind = Unknown
	reg := normalise(registrable)
	if reg != "" {
		if hostReg, err := publicsuffix.EffectiveTLDPlusOne(h); err == nil && hostReg == reg {
			m.Provider.Kind = SelfHosted
		}
	}
	return m
}

// Service returns the sending service an SPF include (or redirect) target
// belongs to.
func (f *Fingerprinter) Service(include string) (Service, bool) {
	t := normalise(include)
	for _, r := range f.spf {
		if hasSuffix(t, r.suffix) {
			return r.service, true
		}
	}
	return Service{}, false
}

// Identify fingerprints a domain's MX set. The most preferred host (lowest
// preference; ties broken by the first recognised host, then by name)
// decides the provider. When it is a security gateway the mailbox provider
// behind it is inferred, first from a less preferred MX host that is a
// mailbox provider, then from the first SPF include or redirect target
// (spf.Node.Targets order) of a mailbox-hosting service. An empty set, or
// any null MX in it (RFC 7505), gives kind unknown.
//
// spfTargets is called only in that last case, so a caller without the SPF
// tree at hand (classify) evaluates it only when the answer depends on it
// and still gets the answer the audit gets; nil means no targets.
func (f *Fingerprinter) Identify(registrable string, mxs []MX, spfTargets func() []string) Result {
	res := Result{Provider: Provider{Kind: Unknown}, Hosts: []HostMatch{}, Evidence: []string{}}
	for _, mx := range mxs {
		if normalise(mx.Host) == "" {
			// A null MX ("."), even next to other records, says the domain
			// accepts no mail (RFC 7505): nobody receives it.
			res.Evidence = append(res.Evidence, "null MX: the domain accepts no mail (RFC 7505)")
			return res
		}
	}
	for _, mx := range mxs {
		m := f.Host(mx.Host, registrable)
		m.Preference = mx.Preference
		res.Hosts = append(res.Hosts, m)
	}
	if len(res.Hosts) == 0 {
		return res
	}
	slices.SortStableFunc(res.Hosts, func(a, b HostMatch) int {
		if c := cmp.Compare(a.Preference, b.Preference); c != 0 {
			return c
		}
		if ar, br := a.Provider.ID != "", b.Provider.ID != ""; ar != br {
			if ar {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.Host, b.Host)
	})
	primary := res.Hosts[0]
	res.Provider = primary.Provider
	res.Gateway = primary.Provider.Kind == SecurityGateway
	res.Evidence = append(res.Evidence, describe(primary))
	if !res.Gateway {
		return res
	}
	for _, h := range res.Hosts[1:] {
		if h.Provider.Kind == MailboxProvider {
			p := h.Provider
			res.MailboxProvider = &p
			res.Evidence = append(res.Evidence, fmt.Sprintf("backup MX %s is %s, the mailbox provider behind the gateway", h.Host, p.Name))
			return res
		}
	}
	var targets []string
	if spfTargets != nil {
		targets = spfTargets()
	}
	for _, inc := range targets {
		if s, ok := f.Service(inc); ok && s.Mailbox {
			p := Provider{ID: s.ID, Name: s.Name, Kind: MailboxProvider}
			res.MailboxProvider = &p
			res.Evidence = append(res.Evidence, fmt.Sprintf("SPF target %s authorises %s, likely the mailbox provider behind the gateway", normalise(inc), s.Name))
			return res
		}
	}
	res.Evidence = append(res.Evidence, "the mailbox provider behind the gateway could not be inferred")
	return res
}

// Verdict is the provider answer as the API reports it: classify's and the
// dns-audit's mx_provider.
type Verdict struct {
	// ID is a stable identifier ("google_workspace"); empty when not recognised.
	ID string `json:"id"`
	// Name is the display name; empty when not recognised.
	Name string `json:"name"`
	// Kind is mailbox_provider, security_gateway, forwarder, self_hosted or
	// unknown (no MX, or an unrecognised third-party host).
	Kind Kind `json:"kind"`
	// Gateway is true when the most preferred MX is a security gateway.
	Gateway bool `json:"gateway"`
	// MailboxProvider is the provider inferred behind a gateway (from a
	// backup MX or the SPF targets); nil when not applicable or not inferable.
	MailboxProvider *Named `json:"mailbox_provider"`
	// Evidence explains each conclusion in plain words.
	Evidence []string `json:"evidence"`
}

// Named is a provider's identifier and display name.
type Named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// UnknownVerdict is the verdict when nothing was identified (no MX).
func UnknownVerdict() Verdict { return Verdict{Kind: Unknown, Evidence: []string{}} }

// Verdict returns the API form of r.
func (r Result) Verdict() Verdict {
	v := Verdict{ID: r.Provider.ID, Name: r.Provider.Name, Kind: r.Provider.Kind, Gateway: r.Gateway,
		Evidence: append([]string{}, r.Evidence...)}
	if v.Kind == "" {
		v.Kind = Unknown
	}
	if r.MailboxProvider != nil {
		v.MailboxProvider = &Named{ID: r.MailboxProvider.ID, Name: r.MailboxProvider.Name}
	}
	return v
}

func describe(m HostMatch) string {
	switch m.Provider.Kind {
	case SelfHosted:
		return fmt.Sprintf("MX %s is under the domain's own registrable domain", m.Host)
	case Unknown:
		return fmt.Sprintf("MX %s matches no known provider", m.Host)
	}
	return fmt.Sprintf("MX %s matches %s (%s, %s)", m.Host, m.Pattern, m.Provider.Name, m.Provider.Kind)
}
