// Package landingtest checks, in a real headless Chromium, what a person
// sees at a service's base URL: the landing page and the API reference
// render without a console error, show every paid operation, and load
// nothing from anywhere but the service.
package landingtest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/intel402/intel402/pkg/platform/headless"
	"github.com/intel402/intel402/pkg/platform/landing"
	"github.com/intel402/intel402/pkg/platform/operation"
)

// PageTimeout bounds loading one page and waiting for what it must show.
const PageTimeout = 15 * time.Second

// CheckInBrowser starts one Chromium, opens base+"/" and base+"/docs"
// (base is "http://127.0.0.1:port") and fails t unless each page shows no
// console error, requested nothing from another host, and shows every
// operation of ops: the landing page its path and its price in USDC, the
// reference its path and operationId (one Swagger UI .opblock each).
// On the reference it then runs "Try it out" of the operation tryOut (the
// operationId of a GET without parameters, such as the health check): the
// document's servers name the address make run serves, and the call must
// still reach the server the page came from and be answered 200.
//
// It skips under go test -short, and fails, saying how to get them, when
// Chromium or the binary's Swagger UI files are missing.
func CheckInBrowser(t *testing.T, base string, ops []operation.Operation, tryOut string) {
	t.Helper()
	if testing.Short() {
		t.Skip("headless Chromium: not under -short")
	}
	if res, err := http.Get(base + landing.DocsPath); err != nil {
		t.Fatal(err)
	} else if res.Body.Close(); res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d: the test binary has no Swagger UI files (run make webassets)", landing.DocsPath, res.StatusCode)
	}
	b, err := headless.Start(headless.Options{})
	if errors.Is(err, headless.ErrNoChromium) {
		t.Fatalf("%v: the browser test needs Chromium (go test -short skips it)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("landing page", func(t *testing.T) {
		p, requests := open(t, b, base+landing.Path, "main")
		text, err := p.Page.MustElement("body").Text()
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range ops {
			for _, want := range []string{o.Path, o.Price().USD() + " USDC", o.Tool} {
				if !strings.Contains(text, want) {
					t.Errorf("the landing page does not show %q (operation %s)", want, o.ID)
				}
			}
		}
		checkPage(t, p, requests, u.Host)
	})

	t.Run("API reference", func(t *testing.T) {
		p, requests := open(t, b, base+landing.DocsPath, ".opblock")
		res, err := p.Page.Eval(`() => JSON.stringify(Array.from(document.querySelectorAll(".opblock")).map(el => ({
			path: el.querySelector(".opblock-summary-path")?.getAttribute("data-path") ?? "",
			operationId: el.querySelector(".opblock-summary-operation-id")?.textContent ?? "",
		})))`)
		if err != nil {
			t.Fatal(err)
		}
		var blocks []struct{ Path, OperationID string }
		if err := json.Unmarshal([]byte(res.Value.Str()), &blocks); err != nil {
			t.Fatal(err)
		}
		for _, o := range ops {
			found := false
			for _, bl := range blocks {
				found = found || (bl.Path == o.Path && strings.TrimSpace(bl.OperationID) == o.OperationID)
			}
			if !found {
				t.Errorf("the reference shows no operation %s %s (%s) among %d: %+v", o.Method, o.Path, o.OperationID, len(blocks), blocks)
			}
		}
		block := "#operations-default-" + tryOut
		for _, sel := range []string{block + " .opblock-summary-control", block + " .try-out__btn", block + " .execute"} {
			el, err := p.Page.Timeout(PageTimeout).Element(sel)
			if err != nil {
				t.Fatalf("try it out: %s: %v", sel, err)
			}
			if err := el.Click(proto.InputMouseButtonLeft, 1); err != nil {
				t.Fatalf("try it out: click %s: %v", sel, err)
			}
		}
		if _, err := p.Page.Timeout(PageTimeout).ElementR(block+" .live-responses-table .response-col_status", "^200$"); err != nil {
			t.Fatalf("try it out: %s was not answered 200: %v", tryOut, err)
		}
		checkPage(t, p, requests, u.Host)
	})
}

// open loads url in a new tab of b, recording every request the tab makes,
// and waits until sel is visible.
func open(t *testing.T, b *headless.Browser, url, sel string) (*headless.Page, func() []string) {
	t.Helper()
	p, err := b.NewPage()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	if err := (proto.NetworkEnable{}).Call(p.Page); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	ctx, cancel := context.WithCancel(context.Background())
	wait := p.Page.Context(ctx).EachEvent(func(e *proto.NetworkRequestWillBeSent) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, e.Request.URL)
	})
	done := make(chan struct{})
	go func() { wait(); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	if err := p.Open(url, sel, PageTimeout); err != nil {
		t.Fatal(err)
	}
	return p, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// checkPage fails t when the page's console shows an error, or when it
// requested anything from a host other than host (data: URLs load
// nothing).
func checkPage(t *testing.T, p *headless.Page, requests func() []string, host string) {
	t.Helper()
	// Let the last requests and scripts finish before reading the logs.
	if err := p.Page.Timeout(PageTimeout).WaitIdle(PageTimeout); err != nil {
		t.Fatal(err)
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
	reqs := requests()
	if len(reqs) == 0 {
		t.Fatal("no request recorded")
	}
	for _, r := range reqs {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "data" && u.Host != host) {
			t.Errorf("the page requested %s: only %s may be asked", r, host)
		}
	}
}
