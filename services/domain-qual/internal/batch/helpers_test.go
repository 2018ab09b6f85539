package batch_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/dnstest"
	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/batch"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
	"github.com/intel402/intel402/services/domain-qual/internal/domainlists"
	"github.com/intel402/intel402/services/domain-qual/internal/resolver"
)

var fixedNow = time.Date(2026, 11, 22, 9, 30, 15, 0, time.UTC)

// leadCount is the number of lead-NNN.com domains in the generated zone.
const leadCount = 100

// leadShape is the mail setup of lead i; the shape cycles with i%4.
type leadShape struct {
	mx        []string // MX RDATA
	spf       string
	provider  string
	kind      string
	gateway   bool
	mailbox   string
	readiness classify.Readiness
}

func shapeOf(i int) leadShape {
	switch i % 4 {
	case 0:
		return leadShape{mx: []string{"1 aspmx.l.google.com.", "5 alt1.aspmx.l.google.com."}, spf: "v=spf1 include:_spf.google.com -all",
			provider: "google_workspace", kind: "mailbox_provider", readiness: classify.ReadinessMX}
	case 1:
		return leadShape{mx: []string{fmt.Sprintf("0 lead-%03d-com.mail.protection.outlook.com.", i)}, spf: "v=spf1 include:spf.protection.outlook.com -all",
			provider: "microsoft_365", kind: "mailbox_provider", readiness: classify.ReadinessMX}
	case 2:
		return leadShape{mx: []string{"10 mx0a-00123401.pphosted.com.", "10 mx0b-00123401.pphosted.com."}, spf: "v=spf1 include:spf.protection.outlook.com -all",
			provider: "proofpoint", kind: "security_gateway", gateway: true, mailbox: "microsoft_365", readiness: classify.ReadinessMX}
	}
	return leadShape{mx: []string{"0 ."}, spf: "v=spf1 -all", kind: "unknown", readiness: classify.ReadinessNullMX}
}

// leadZone renders a com. zone holding lead-000.com ... lead-099.com and the
// disposable mailinator.com; other .com names are NXDOMAIN.
func leadZone() string {
	var b strings.Builder
	b.WriteString("$ORIGIN com.\n$TTL 300\n@ IN SOA a.gtld-servers.net. nstld.verisign-grs.com. 1 1800 900 604800 900\n")
	for i := range leadCount {
		name := fmt.Sprintf("lead-%03d", i)
		s := shapeOf(i)
		fmt.Fprintf(&b, "%s IN NS ns1.%s.com.\n%s IN A 81.2.69.%d\n", name, name, name, 10+i)
		for _, mx := range s.mx {
			fmt.Fprintf(&b, "%s IN MX %s\n", name, mx)
		}
		fmt.Fprintf(&b, "%s IN TXT %q\n", name, s.spf)
	}
	b.WriteString("mailinator IN NS ns1.mailinator.com.\nmailinator IN A 104.21.7.7\nmailinator IN MX 10 mail.mailinator.com.\nmail.mailinator IN A 104.21.7.8\n")
	return b.String()
}

type env struct {
	srv *dnstest.Server
	c   *classify.Classifier
}

// setup starts a DNS server with the lead zone and testdata zones and
// builds the real classifier over the real resolver. resolverTimeout
// bounds one exchange.
func setup(tb testing.TB, cfg dnstest.Config, resolverTimeout time.Duration) env {
	tb.Helper()
	files, err := filepath.Glob("testdata/*.zone")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no zone files: %v", err)
	}
	cfg.ZoneFiles = files
	cfg.Zones = append(cfg.Zones, leadZone())
	srv := dnstest.Start(tb, cfg)
	r, err := resolver.New(resolver.Config{Servers: []string{srv.Addr()}, Attempts: 1, Timeout: resolverTimeout, CacheSize: -1})
	if err != nil {
		tb.Fatal(err)
	}
	lists, err := domainlists.Load()
	if err != nil {
		tb.Fatal(err)
	}
	c, err := classify.New(classify.Config{Resolver: r, Lists: lists, Now: func() time.Time { return fixedNow }})
	if err != nil {
		tb.Fatal(err)
	}
	return env{srv: srv, c: c}
}

func newBatcher(tb testing.TB, c batch.Classifier, workers int) *batch.Batcher {
	tb.Helper()
	b, err := batch.New(batch.Config{Classifier: c, Workers: workers, Now: func() time.Time { return fixedNow }})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// countingClassifier counts classifications per domain and the largest
// number running at once.
type countingClassifier struct {
	next    batch.Classifier
	mu      sync.Mutex
	calls   map[string]int
	running int
	peak    int
}

func newCounting(next batch.Classifier) *countingClassifier {
	return &countingClassifier{next: next, calls: map[string]int{}}
}

func (c *countingClassifier) Classify(ctx context.Context, name domainname.Name) (classify.Result, error) {
	c.mu.Lock()
	c.calls[name.ASCII]++
	c.running++
	c.peak = max(c.peak, c.running)
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.running--
		c.mu.Unlock()
	}()
	return c.next.Classify(ctx, name)
}

func (c *countingClassifier) snapshot() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int, len(c.calls))
	for k, v := range c.calls {
		out[k] = v
	}
	return out, c.peak
}
