package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402"
	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

func TestLedgerSettlesOnce(t *testing.T) {
	key, err := x402test.DevKey(x402test.PayerKey)
	if err != nil {
		t.Fatal(err)
	}
	req := requirement()
	p, err := client.SignExact(key, req, x402.PaymentRequired{X402Version: x402.Version, Accepts: []x402.PaymentRequirements{req}}, time.Now(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	l := newLedger(x402test.NewCheckingFacilitator(nil))
	ctx := context.Background()
	if s, err := l.Settle(ctx, p, req); err != nil || !s.Success {
		t.Fatalf("first settle = %+v, %v", s, err)
	}
	if s, err := l.Settle(ctx, p, req); err != nil || s.Success || s.ErrorReason != ReasonNonceUsed {
		t.Fatalf("second settle = %+v, %v; want %s", s, err, ReasonNonceUsed)
	}
	rep := l.Report()
	if rep.SettleCalls != 2 || rep.Settled != 1 || rep.Duplicate != 1 || rep.DoubleSettled != 0 ||
		len(rep.Nonces) != 1 || rep.Nonces[0] != authKey(p) {
		t.Fatalf("report %+v", rep)
	}
}

// TestRecordMatchesLedger: every recorded 200 is settled, every settlement
// is a recorded 200, and replays (-replay-every) are refused by the
// service's replay store before they reach the facilitator.
func TestRecordMatchesLedger(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	srv, fac := paidServerFac(t)
	file := filepath.Join(t.TempDir(), "rec.jsonl")
	rep := runLoad(t, "-target", srv.URL+"/v1/paid?n={n}", "-vary", "-pay", "-concurrency", "2", "-warmup", "0s",
		"-duration", "300ms", "-record", file, "-replay-every", "3")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ok200 := map[string]bool{}
	lines, replays, refused := 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		lines++
		if r.Replay {
			replays++
			if r.Status == http.StatusPaymentRequired && r.Code != "" {
				refused++
			}
		}
		if r.Status == http.StatusOK {
			if r.Auth == "" || ok200[r.Auth] {
				t.Fatalf("200 with authorization %q (twice: %v)", r.Auth, ok200[r.Auth])
			}
			ok200[r.Auth] = true
		}
	}
	if lines != rep.Requests || replays == 0 || refused != replays {
		t.Fatalf("%d lines, %d replays, %d refused; report %+v", lines, replays, refused, rep)
	}
	resp, err := http.Get(fac + "/ledger")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var led LedgerReport
	if err := json.NewDecoder(resp.Body).Decode(&led); err != nil {
		t.Fatal(err)
	}
	if led.Settled != len(ok200) || led.Duplicate != 0 || led.DoubleSettled != 0 {
		t.Fatalf("ledger %+v, %d 200s", led, len(ok200))
	}
	for _, n := range led.Nonces {
		if !ok200[n] {
			t.Fatalf("settled %s without a 200", n)
		}
	}
}
