package config_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/platform/config"
)

func TestGettersDeclare(t *testing.T) {
	tests := []struct {
		name string
		read func(l *config.Loader)
		want []config.Decl
	}{
		{"String", func(l *config.Loader) { l.String("LOG_LEVEL", "info") },
			[]config.Decl{{Name: "LOG_LEVEL", Kind: "text", Default: "info", Doc: "d:LOG_LEVEL"}}},
		{"String without default", func(l *config.Loader) { l.String("EGRESS", "") },
			[]config.Decl{{Name: "EGRESS", Kind: "text", Doc: "d:EGRESS"}}},
		{"Secret declares NAME_FILE", func(l *config.Loader) { l.Secret("API_KEY") },
			[]config.Decl{
				{Name: "API_KEY", Kind: "text", Secret: true, Doc: "d:API_KEY"},
				{Name: "API_KEY_FILE", Kind: "file path", Doc: "path of a file holding `API_KEY`, read when `API_KEY` is unset"},
			}},
		{"Int", func(l *config.Loader) { l.Int("PORT", 8081, 0, 65535) },
			[]config.Decl{{Name: "PORT", Kind: "integer", Default: "8081", Allowed: "0..65535", Doc: "d:PORT"}}},
		{"Duration", func(l *config.Loader) { l.Duration("TTL", 6*time.Hour, time.Minute, 7*24*time.Hour) },
			[]config.Decl{{Name: "TTL", Kind: "duration", Default: "6h", Allowed: "1m..168h", Doc: "d:TTL"}}},
		{"Duration below a second", func(l *config.Loader) { l.Duration("WAIT", 90*time.Second, 0, 250*time.Millisecond) },
			[]config.Decl{{Name: "WAIT", Kind: "duration", Default: "1m30s", Allowed: "0s..250ms", Doc: "d:WAIT"}}},
		{"Float", func(l *config.Loader) { l.Float("BUDGET", 0.05, 0, 1_000_000) },
			[]config.Decl{{Name: "BUDGET", Kind: "number", Default: "0.05", Allowed: "0..1000000", Doc: "d:BUDGET"}}},
		{"Bool", func(l *config.Loader) { l.Bool("FLAG", true) },
			[]config.Decl{{Name: "FLAG", Kind: "boolean", Default: "true", Allowed: "true, false, 1, 0", Doc: "d:FLAG"}}},
		{"URL", func(l *config.Loader) { l.URL("API", "https://api.example", "http", "https") },
			[]config.Decl{{Name: "API", Kind: "URL", Default: "https://api.example", Allowed: "http, https", Doc: "d:API"}}},
		{"HostPorts", func(l *config.Loader) { l.HostPorts("RESOLVERS") },
			[]config.Decl{{Name: "RESOLVERS", Kind: "host:port list", Allowed: "comma-separated", Doc: "d:RESOLVERS"}}},
		{"Address", func(l *config.Loader) { l.Address("PAY_TO") },
			[]config.Decl{{Name: "PAY_TO", Kind: "address", Allowed: "0x and 40 hex digits", Doc: "d:PAY_TO"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs := map[string]string{}
			for _, d := range tt.want {
				if !strings.HasSuffix(d.Name, "_FILE") {
					docs[d.Name] = "d:" + d.Name
				}
			}
			got, err := config.Declare(func(l *config.Loader) {
				l.Describe(docs)
				tt.read(l)
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("declarations\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// A variable is declared the same whether it is set or not, and a secret
// declares NAME_FILE even when NAME is set (so NAME_FILE is never read).
func TestDeclarationsDoNotDependOnValues(t *testing.T) {
	read := func(l *config.Loader) {
		l.Describe(map[string]string{"KEY": "k", "PORT": "p"})
		l.Secret("KEY")
		l.Int("PORT", 8080, 1, 65535)
	}
	empty, err := config.Declare(read)
	if err != nil {
		t.Fatal(err)
	}
	l := config.NewLoader(config.Map(map[string]string{"KEY": "s3cret", "PORT": "nope"}))
	read(l)
	set, err := l.Declarations()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(empty, set) || len(set) != 3 {
		t.Fatalf("declarations over an empty lookup %+v, over set values %+v", empty, set)
	}
}

func TestDeclarationsReportDescriptionProblems(t *testing.T) {
	_, err := config.Declare(func(l *config.Loader) {
		l.Describe(map[string]string{"PORT": "listen port", "GONE": "no longer read"})
		l.Describe(map[string]string{"PORT": "again"})
		l.Int("PORT", 8080, 1, 65535)
		l.String("UNDOCUMENTED", "")
		l.Int("PORT", 9090, 1, 65535)
	})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"PORT: described twice", "UNDOCUMENTED: read without a description", "GONE: described but never read",
		"PORT: read twice with different declarations",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func TestDeclarationsListEachVariableOnce(t *testing.T) {
	got, err := config.Declare(func(l *config.Loader) {
		l.Describe(map[string]string{"LOG_LEVEL": "level"})
		l.String("LOG_LEVEL", "info")
		l.String("LOG_LEVEL", "info")
	})
	if err != nil || len(got) != 1 {
		t.Fatalf("declarations %+v, %v", got, err)
	}
}
