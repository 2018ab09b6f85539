package spf

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// Qualifier is the result a matching mechanism yields (RFC 7208 §4.6.2).
type Qualifier string

// Qualifiers.
const (
	QualPass     Qualifier = "+"
	QualFail     Qualifier = "-"
	QualSoftFail Qualifier = "~"
	QualNeutral  Qualifier = "?"
)

// Result names the check_host() result a qualifier produces.
func (q Qualifier) Result() string {
	switch q {
	case QualPass:
		return "pass"
	case QualFail:
		return "fail"
	case QualSoftFail:
		return "softfail"
	case QualNeutral:
		return "neutral"
	}
	return ""
}

// Kind is a mechanism name (RFC 7208 §5).
type Kind string

// Mechanism kinds.
const (
	KindAll     Kind = "all"
	KindInclude Kind = "include"
	KindA       Kind = "a"
	KindMX      Kind = "mx"
	KindPTR     Kind = "ptr"
	KindIP4     Kind = "ip4"
	KindIP6     Kind = "ip6"
	KindExists  Kind = "exists"
)

// Mechanism is one parsed mechanism term.
type Mechanism struct {
	Qualifier Qualifier `json:"qualifier"`
	Kind      Kind      `json:"kind"`
	// Target is the domain-spec (include, a, mx, ptr, exists; empty means the
	// current domain) or the network text (ip4, ip6).
	Target string `json:"target,omitempty"`
	// Prefix is the network of ip4/ip6 mechanisms.
	Prefix netip.Prefix `json:"-"`
	// CIDR4 and CIDR6 are the dual-cidr-length of a/mx (-1 when absent).
	CIDR4 int `json:"-"`
	CIDR6 int `json:"-"`
	// Pos is the byte offset of the term in the record.
	Pos int    `json:"-"`
	Raw string `json:"raw"`
}

// QueriesDNS reports whether the mechanism counts against the 10-lookup limit.
func (m Mechanism) QueriesDNS() bool {
	switch m.Kind {
	case KindInclude, KindA, KindMX, KindPTR, KindExists:
		return true
	}
	return false
}

// HasMacro reports whether the target contains a macro expansion, which
// needs the message context (sender, client IP) to evaluate.
func (m Mechanism) HasMacro() bool { return strings.Contains(m.Target, "%") }

// Modifier is a name=value term (RFC 7208 §6).
type Modifier struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Pos   int    `json:"-"`
}

// Record is a parsed SPF version 1 record.
type Record struct {
	// Mechanisms are the mechanisms up to and including the first "all".
	Mechanisms []Mechanism
	// AfterAll are mechanisms that follow "all"; they are never evaluated.
	AfterAll []Mechanism
	// Redirect is the redirect= domain-spec ("" when absent).
	Redirect string
	// Exp is the exp= domain-spec ("" when absent).
	Exp string
	// Unknown are modifiers other than redirect and exp; they are ignored.
	Unknown []Modifier
}

// All returns the "all" mechanism if the record has one.
func (r Record) All() (Mechanism, bool) {
	for _, m := range r.Mechanisms {
		if m.Kind == KindAll {
			return m, true
		}
	}
	return Mechanism{}, false
}

// RedirectEffective reports whether redirect= is evaluated: it is ignored
// when the record has an "all" mechanism (RFC 7208 §6.1).
func (r Record) RedirectEffective() bool {
	_, hasAll := r.All()
	return r.Redirect != "" && !hasAll
}

// LookupTerms counts the DNS-querying terms this record contributes to the
// RFC 7208 §4.6.4 limit: include, a, mx, ptr and exists mechanisms that can
// be reached, plus an effective redirect.
func (r Record) LookupTerms() int {
	n := 0
	for _, m := range r.Mechanisms {
		if m.QueriesDNS() {
			n++
		}
	}
	if r.RedirectEffective() {
		n++
	}
	return n
}

// SyntaxError is a permerror-causing syntax problem at byte offset Pos.
type SyntaxError struct {
	Pos  int
	Term string
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.Term == "" {
		return fmt.Sprintf("spf: %s at offset %d", e.Msg, e.Pos)
	}
	return fmt.Sprintf("spf: %s in term %q at offset %d", e.Msg, e.Term, e.Pos)
}

// IsSPF reports whether a TXT string is an SPF version 1 record: "v=spf1"
// (case-insensitive) followed by a space or the end (RFC 7208 §4.5).
func IsSPF(txt string) bool {
	if len(txt) < 6 || !strings.EqualFold(txt[:6], "v=spf1") {
		return false
	}
	return len(txt) == 6 || txt[6] == ' '
}

// IsSenderID reports whether a TXT string is an obsolete Sender ID record
// (RFC 4406 "spf2.0/...").
func IsSenderID(txt string) bool {
	return len(txt) >= 7 && strings.EqualFold(txt[:7], "spf2.0/")
}

// Parse parses an SPF version 1 record. Any syntax error anywhere in the
// record is returned, since it makes the whole record a permerror
// (RFC 7208 §4.6). The partially parsed record is returned with the error.
func Parse(s string) (Record, error) {
	var rec Record
	if !IsSPF(s) {
		return rec, &SyntaxError{Pos: 0, Msg: "record does not start with \"v=spf1\""}
	}
	seenAll := false
	pos := 6
	for pos < len(s) {
		if s[pos] == ' ' {
			pos++
			continue
		}
		end := strings.IndexByte(s[pos:], ' ')
		if end < 0 {
			end = len(s)
		} else {
			end += pos
		}
		term := s[pos:end]
		if name, value, ok := splitModifier(term); ok {
			if err := rec.addModifier(name, value, pos, term); err != nil {
				return rec, err
			}
		} else {
			m, err := parseMechanism(term, pos)
			if err != nil {
				return rec, err
			}
			if seenAll {
				rec.AfterAll = append(rec.AfterAll, m)
			} else {
				rec.Mechanisms = append(rec.Mechanisms, m)
			}
			if m.Kind == KindAll {
				seenAll = true
			}
		}
		pos = end
	}
	return rec, nil
}

// splitModifier recognises name "=" value where name is
// ALPHA *( ALPHA / DIGIT / "-" / "_" / "." ).
func splitModifier(term string) (name, value string, ok bool) {
	eq := strings.IndexByte(term, '=')
	if eq <= 0 {
		return "", "", false
	}
	name = term[:eq]
	for i := 0; i < len(name); i++ {
		c := name[i]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !alpha {
			return "", "", false
		}
		if !alpha && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' {
			return "", "", false
		}
	}
	return name, term[eq+1:], true
}

func (r *Record) addModifier(name, value string, pos int, term string) error {
	vpos := pos + len(name) + 1
	switch strings.ToLower(name) {
	case "redirect", "exp":
		if err := checkDomainSpec(value, vpos, term); err != nil {
			return err
		}
		if strings.EqualFold(name, "redirect") {
			if r.Redirect != "" {
				return &SyntaxError{Pos: pos, Term: term, Msg: "redirect modifier appears more than once"}
			}
			r.Redirect = value
		} else {
			if r.Exp != "" {
				return &SyntaxError{Pos: pos, Term: term, Msg: "exp modifier appears more than once"}
			}
			r.Exp = value
		}
	default:
		// An unknown modifier's value is a macro-string, not a domain-spec or
		// an explanation: any macro letter is accepted there.
		if err := checkMacroString(value, vpos, term, explanationMacroLetters); err != nil {
			return err
		}
		r.Unknown = append(r.Unknown, Modifier{Name: name, Value: value, Pos: pos})
	}
	return nil
}

func parseMechanism(term string, pos int) (Mechanism, error) {
	m := Mechanism{Qualifier: QualPass, Pos: pos, Raw: term, CIDR4: -1, CIDR6: -1}
	body := term
	switch body[0] {
	case '+', '-', '~', '?':
		m.Qualifier = Qualifier(body[:1])
		body = body[1:]
	}
	off := pos + len(term) - len(body)
	nameEnd := strings.IndexAny(body, ":/")
	if nameEnd < 0 {
		nameEnd = len(body)
	}
	m.Kind = Kind(strings.ToLower(body[:nameEnd]))
	rest := body[nameEnd:]
	restPos := off + nameEnd
	errf := func(p int, format string, args ...any) error {
		return &SyntaxError{Pos: p, Term: term, Msg: fmt.Sprintf(format, args...)}
	}
	switch m.Kind {
	case KindAll:
		if rest != "" {
			return m, errf(restPos, "\"all\" takes no argument")
		}
	case KindInclude, KindExists:
		if !strings.HasPrefix(rest, ":") || len(rest) == 1 {
			return m, errf(restPos, "%s requires \":domain\"", m.Kind)
		}
		m.Target = rest[1:]
		if err := checkDomainSpec(m.Target, restPos+1, term); err != nil {
			return m, err
		}
	case KindPTR:
		if rest == "" {
			break
		}
		if !strings.HasPrefix(rest, ":") || len(rest) == 1 {
			return m, errf(restPos, "ptr takes only \":domain\"")
		}
		m.Target = rest[1:]
		if err := checkDomainSpec(m.Target, restPos+1, term); err != nil {
			return m, err
		}
	case KindA, KindMX:
		spec, c4, c6, err := splitDualCIDR(rest, restPos, term)
		if err != nil {
			return m, err
		}
		m.CIDR4, m.CIDR6 = c4, c6
		if spec != "" {
			if !strings.HasPrefix(spec, ":") || len(spec) == 1 {
				return m, errf(restPos, "%s takes \":domain\" and/or CIDR lengths", m.Kind)
			}
			m.Target = spec[1:]
			if err := checkDomainSpec(m.Target, restPos+1, term); err != nil {
				return m, err
			}
		}
	case KindIP4, KindIP6:
		if !strings.HasPrefix(rest, ":") || len(rest) == 1 {
			return m, errf(restPos, "%s requires \":network\"", m.Kind)
		}
		network := rest[1:]
		bits := -1
		if i := strings.IndexByte(network, '/'); i >= 0 {
			max := 32
			if m.Kind == KindIP6 {
				max = 128
			}
			n, ok := cidrLength(network[i+1:], max)
			if !ok {
				return m, errf(restPos+1+i, "invalid CIDR length %q", network[i:])
			}
			bits = n
			network = network[:i]
		}
		addr, err := netip.ParseAddr(network)
		if err != nil || addr.Zone() != "" || (m.Kind == KindIP4) != addr.Is4() {
			return m, errf(restPos+1, "invalid %s network %q", m.Kind, network)
		}
		if bits < 0 {
			bits = addr.BitLen()
		}
		m.Target = rest[1:]
		m.Prefix = netip.PrefixFrom(addr, bits)
	default:
		return m, errf(off, "unknown mechanism %q", body[:nameEnd])
	}
	return m, nil
}

// splitDualCIDR removes a trailing [ "/" ip4-cidr ] [ "//" ip6-cidr ].
func splitDualCIDR(s string, pos int, term string) (rest string, c4, c6 int, err error) {
	c4, c6 = -1, -1
	if i := strings.LastIndex(s, "//"); i >= 0 && isDigits(s[i+2:]) {
		n, ok := cidrLength(s[i+2:], 128)
		if !ok {
			return s, c4, c6, &SyntaxError{Pos: pos + i, Term: term, Msg: fmt.Sprintf("invalid IPv6 CIDR length %q", s[i:])}
		}
		c6, s = n, s[:i]
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 && isDigits(s[i+1:]) {
		n, ok := cidrLength(s[i+1:], 32)
		if !ok {
			return s, c4, c6, &SyntaxError{Pos: pos + i, Term: term, Msg: fmt.Sprintf("invalid IPv4 CIDR length %q", s[i:])}
		}
		c4, s = n, s[:i]
	}
	// What remains is empty or ":" domain-spec, and a domain-spec may hold
	// "/" and ":" as macro-literals (RFC 7208 §7.1): only a "/" outside one
	// is a malformed CIDR length.
	if strings.HasPrefix(s, "/") {
		return s, c4, c6, &SyntaxError{Pos: pos, Term: term, Msg: "invalid CIDR length"}
	}
	return s, c4, c6, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cidrLength parses "0" / %x31-39 0*2DIGIT up to max.
func cidrLength(s string, max int) (int, bool) {
	if !isDigits(s) || len(s) > 3 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > max {
		return 0, false
	}
	return n, true
}

// Macro letters (RFC 7208 §7.1, §7.2): c, r and t "are allowed only in
// explanation text"; every domain-spec (mechanism targets, redirect= and
// the exp= target itself) takes the others only.
const (
	domainMacroLetters      = "slodiphvSLODIPHV"
	explanationMacroLetters = "slodiphcrtvSLODIPHCRTV"
)

// checkMacroString validates a macro-string (RFC 7208 §7.1) whose macros
// may use the letters given.
func checkMacroString(s string, pos int, term, letters string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			if c < 0x21 || c > 0x7e {
				return &SyntaxError{Pos: pos + i, Term: term, Msg: fmt.Sprintf("invalid character %q", c)}
			}
			continue
		}
		if i+1 >= len(s) {
			return &SyntaxError{Pos: pos + i, Term: term, Msg: "dangling '%'"}
		}
		switch s[i+1] {
		case '%', '_', '-':
			i++
			continue
		case '{':
		default:
			return &SyntaxError{Pos: pos + i, Term: term, Msg: fmt.Sprintf("invalid macro escape %q", s[i:i+2])}
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return &SyntaxError{Pos: pos + i, Term: term, Msg: "unterminated macro"}
		}
		if !validMacroBody(s[i+2:i+end], letters) {
			return &SyntaxError{Pos: pos + i, Term: term, Msg: fmt.Sprintf("invalid macro %q", s[i:i+end+1])}
		}
		i += end
	}
	return nil
}

// validMacroBody checks macro-letter transformers *delimiter, where
// transformers = *DIGIT [ "r" ] and a DIGIT, when given, is nonzero
// (RFC 7208 §7.3: "If a DIGIT is specified, the value MUST be nonzero").
func validMacroBody(b, letters string) bool {
	if b == "" || !strings.ContainsRune(letters, rune(b[0])) {
		return false
	}
	i := 1
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i > 1 && strings.Trim(b[1:i], "0") == "" {
		return false
	}
	if i < len(b) && (b[i] == 'r' || b[i] == 'R') {
		i++
	}
	for ; i < len(b); i++ {
		if !strings.ContainsRune(".-+,/_=", rune(b[i])) {
			return false
		}
	}
	return true
}

// CheckExplanation validates the explanation string a domain's exp= target
// publishes (RFC 7208 §6.2: a macro-string in which c, r and t are allowed
// and spaces separate words). A malformed explanation is ignored by
// receivers, so the caller reports it rather than failing the policy.
func CheckExplanation(text string) error {
	for _, word := range strings.Split(text, " ") {
		if err := checkMacroString(word, 0, text, explanationMacroLetters); err != nil {
			return err
		}
	}
	return nil
}

// checkDomainSpec validates domain-spec = macro-string domain-end, where
// domain-end is "." toplabel [ "." ] or a macro-expand.
func checkDomainSpec(s string, pos int, term string) error {
	if s == "" {
		return &SyntaxError{Pos: pos, Term: term, Msg: "empty domain-spec"}
	}
	if err := checkMacroString(s, pos, term, domainMacroLetters); err != nil {
		return err
	}
	if strings.HasSuffix(s, "}") || strings.HasSuffix(s, "%_") || strings.HasSuffix(s, "%-") || strings.HasSuffix(s, "%%") {
		return nil
	}
	t := strings.TrimSuffix(s, ".")
	dot := strings.LastIndexByte(t, '.')
	if dot < 0 {
		return &SyntaxError{Pos: pos, Term: term, Msg: fmt.Sprintf("domain-spec %q has no top-level label", s)}
	}
	if !isTopLabel(t[dot+1:]) {
		return &SyntaxError{Pos: pos + dot + 1, Term: term, Msg: fmt.Sprintf("invalid top-level label %q", t[dot+1:])}
	}
	return nil
}

func isTopLabel(l string) bool {
	if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	hasAlpha := false
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			hasAlpha = true
		case c >= '0' && c <= '9', c == '-':
		default:
			return false
		}
	}
	return hasAlpha || strings.Contains(l, "-")
}
