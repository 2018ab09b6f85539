// Package config reads a service's settings from the environment (or any
// lookup function, for tests), collects every problem at once, and reports
// the effective configuration with secrets masked.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Lookup returns the value of a variable and whether it is set.
type Lookup func(key string) (string, bool)

// Env is the process environment.
func Env() Lookup { return os.LookupEnv }

// Map is a Lookup over a map (tests).
func Map(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// Loader reads variables and accumulates problems.
type Loader struct {
	lookup   Lookup
	problems []string
	entries  []entry
	decls    []decl            // every getter call, in order (Declarations)
	docs     map[string]string // descriptions given with Describe
	docErrs  []string          // variables described twice
}

type entry struct {
	key, value string
	secret     bool
	set        bool
}

// NewLoader returns a Loader over lookup.
func NewLoader(lookup Lookup) *Loader { return &Loader{lookup: lookup} }

func (l *Loader) raw(key string, secret bool) (string, bool) {
	v, ok := l.lookup(key)
	v = strings.TrimSpace(v)
	if v == "" {
		ok = false
	}
	l.entries = append(l.entries, entry{key: key, value: v, secret: secret, set: ok})
	return v, ok
}

// Problem records a problem found by the caller's own validation.
func (l *Loader) Problem(format string, args ...any) {
	l.problems = append(l.problems, fmt.Sprintf(format, args...))
}

// String returns the variable or def.
func (l *Loader) String(key, def string) string {
	l.declare(Decl{Name: key, Kind: "text", Default: def})
	if v, ok := l.raw(key, false); ok {
		return v
	}
	return def
}

// Secret returns the variable (or the content of the file named by
// KEY_FILE); it is masked in Effective. Both KEY and KEY_FILE are
// declared, whichever is set.
func (l *Loader) Secret(key string) string {
	l.declare(Decl{Name: key, Kind: "text", Secret: true})
	l.decls = append(l.decls, decl{Decl: Decl{Name: key + "_FILE", Kind: "file path"}, fileOf: key})
	if v, ok := l.raw(key, true); ok {
		return v
	}
	if path, ok := l.raw(key+"_FILE", false); ok {
		b, err := os.ReadFile(path)
		if err != nil {
			l.Problem("%s_FILE: cannot read %s: %v", key, path, err)
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	return ""
}

// Int returns the variable parsed as an integer within [min, max], or def.
func (l *Loader) Int(key string, def, min, max int) int {
	l.declare(Decl{Name: key, Kind: "integer", Default: strconv.Itoa(def), Allowed: strconv.Itoa(min) + ".." + strconv.Itoa(max)})
	v, ok := l.raw(key, false)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		l.Problem("%s: %q is not an integer", key, v)
		return def
	}
	if n < min || n > max {
		l.Problem("%s: %d is outside %d..%d", key, n, min, max)
		return def
	}
	return n
}

// Duration returns the variable parsed by time.ParseDuration within
// [min, max], or def.
func (l *Loader) Duration(key string, def, min, max time.Duration) time.Duration {
	l.declare(Decl{Name: key, Kind: "duration", Default: FormatDuration(def), Allowed: FormatDuration(min) + ".." + FormatDuration(max)})
	v, ok := l.raw(key, false)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		l.Problem("%s: %q is not a duration (e.g. 5s, 250ms)", key, v)
		return def
	}
	if d < min || d > max {
		l.Problem("%s: %s is outside %s..%s", key, d, min, max)
		return def
	}
	return d
}

// Float returns the variable parsed as a finite decimal number within
// [min, max], or def.
func (l *Loader) Float(key string, def, min, max float64) float64 {
	l.declare(Decl{Name: key, Kind: "number", Default: formatFloat(def), Allowed: formatFloat(min) + ".." + formatFloat(max)})
	v, ok := l.raw(key, false)
	if !ok {
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		l.Problem("%s: %q is not a number", key, v)
		return def
	}
	if f < min || f > max {
		l.Problem("%s: %g is outside %g..%g", key, f, min, max)
		return def
	}
	return f
}

// Bool returns the variable parsed as a boolean, or def.
func (l *Loader) Bool(key string, def bool) bool {
	l.declare(Decl{Name: key, Kind: "boolean", Default: strconv.FormatBool(def), Allowed: "true, false, 1, 0"})
	v, ok := l.raw(key, false)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		l.Problem("%s: %q is not a boolean", key, v)
		return def
	}
	return b
}

// URL returns the variable if it is an absolute URL with one of schemes, or def.
func (l *Loader) URL(key, def string, schemes ...string) string {
	l.declare(Decl{Name: key, Kind: "URL", Default: def, Allowed: strings.Join(schemes, ", ")})
	v, ok := l.raw(key, false)
	if !ok {
		return def
	}
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		l.Problem("%s: %q is not an absolute URL", key, v)
		return def
	}
	for _, s := range schemes {
		if u.Scheme == s {
			return v
		}
	}
	l.Problem("%s: scheme %q not allowed (want %s)", key, u.Scheme, strings.Join(schemes, ", "))
	return def
}

// HostPorts returns the comma-separated host:port list in the variable.
func (l *Loader) HostPorts(key string) []string {
	l.declare(Decl{Name: key, Kind: "host:port list", Allowed: "comma-separated"})
	v, ok := l.raw(key, false)
	if !ok {
		return nil
	}
	var out []string
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		host, port, err := net.SplitHostPort(part)
		p, perr := strconv.Atoi(port)
		if err != nil || host == "" || perr != nil || p < 1 || p > 65535 {
			l.Problem("%s: %q is not host:port", key, part)
			continue
		}
		out = append(out, part)
	}
	return out
}

var addressRe = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)

// Address returns the variable if it is a 0x-prefixed 20-byte hex address.
func (l *Loader) Address(key string) string {
	l.declare(Decl{Name: key, Kind: "address", Allowed: "0x and 40 hex digits"})
	v, ok := l.raw(key, false)
	if !ok {
		return ""
	}
	if !addressRe.MatchString(v) {
		l.Problem("%s: %q is not a 0x-prefixed 40-hex-digit address", key, v)
		return ""
	}
	return v
}

// Err returns every problem found, one per line, or nil.
func (l *Loader) Err() error {
	if len(l.problems) == 0 {
		return nil
	}
	return errors.New("invalid configuration:\n  - " + strings.Join(l.problems, "\n  - "))
}

// Effective returns the variables read, with secrets masked, for one log
// line at start-up. Unset variables are reported as "(default)".
func (l *Loader) Effective() []slog.Attr {
	seen := map[string]bool{}
	var out []slog.Attr
	for _, e := range l.entries {
		if seen[e.key] {
			continue
		}
		seen[e.key] = true
		switch {
		case !e.set:
			out = append(out, slog.String(e.key, "(default)"))
		case e.secret:
			out = append(out, slog.String(e.key, "***"))
		default:
			out = append(out, slog.String(e.key, maskURL(e.value)))
		}
	}
	return out
}

// maskURL hides a password inside a URL value (redis://user:pass@host).
func maskURL(v string) string {
	u, err := url.Parse(v)
	if err != nil || u.User == nil {
		return v
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "***")
		return strings.Replace(u.String(), "%2A%2A%2A", "***", 1)
	}
	return v
}
