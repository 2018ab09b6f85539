// Package headless drives Debian's Chromium without a window, through the
// DevTools protocol (go-rod): the browser tests of the landing page, the
// API reference and the x402 paywall, and make demo's screenshots.
//
// A Browser is one Chromium process with a fresh profile, started with the
// flags that keep it off the network on its own (no background networking,
// component updates, sync or QUIC). A Page is one tab that records what a
// person would see as errors in the DevTools console: console.error calls,
// uncaught exceptions, and the browser's own error log entries (a resource
// that failed to load, a Content-Security-Policy violation).
package headless

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/proto"
)

// ErrNoChromium is returned by Find and Start when no Chromium is installed.
var ErrNoChromium = errors.New("headless: no Chromium found (install Debian's chromium, or set CHROMIUM to its path)")

// Find returns the Chromium to run: $CHROMIUM, else the first of chromium,
// chromium-browser, google-chrome on PATH.
func Find() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("headless: CHROMIUM=%s: %w", p, err)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// Browser is one headless Chromium process.
type Browser struct {
	*rod.Browser
	launcher *launcher.Launcher
}

// Options adjust Start.
type Options struct {
	// Width and Height are the window size in CSS pixels (default 1280×900).
	Width, Height int
}

// Start launches Chromium with a fresh profile in a temporary directory,
// which Close removes.
func Start(o Options) (*Browser, error) {
	path, err := Find()
	if err != nil {
		return nil, err
	}
	if o.Width == 0 {
		o.Width, o.Height = 1280, 900
	}
	l := launcher.New().Bin(path).Headless(true).Leakless(false).
		Set("no-sandbox"). // root in CI containers
		Set("disable-gpu").
		Set("disable-quic").
		Set("no-first-run").
		Set("disable-background-networking").
		Set("disable-component-update").
		Set("disable-sync").
		Set("window-size", fmt.Sprintf("%d,%d", o.Width, o.Height))
	u, err := l.Launch()
	if err != nil {
		l.Cleanup()
		return nil, fmt.Errorf("headless: start %s: %w", path, err)
	}
	b := rod.New().ControlURL(u)
	if err := b.Connect(); err != nil {
		l.Kill()
		l.Cleanup()
		return nil, fmt.Errorf("headless: connect to %s: %w", path, err)
	}
	return &Browser{Browser: b, launcher: l}, nil
}

// Close stops the browser and removes its profile.
func (b *Browser) Close() {
	_ = b.Browser.Close()
	b.launcher.Kill()
	b.launcher.Cleanup()
}

// Page is one tab.
type Page struct {
	*rod.Page

	mu     sync.Mutex
	errors []string
	stop   func()
}

// NewPage opens a blank tab that records console errors from the start.
func (b *Browser) NewPage() (*Page, error) {
	rp, err := b.Browser.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return nil, fmt.Errorf("headless: open page: %w", err)
	}
	p := &Page{Page: rp}
	if err := (proto.LogEnable{}).Call(rp); err != nil {
		return nil, fmt.Errorf("headless: log domain: %w", err)
	}
	if err := (proto.RuntimeEnable{}).Call(rp); err != nil {
		return nil, fmt.Errorf("headless: runtime domain: %w", err)
	}
	ctx, cancel := context.WithCancel(b.GetContext())
	wait := rp.Context(ctx).EachEvent(
		func(e *proto.RuntimeConsoleAPICalled) {
			if e.Type == proto.RuntimeConsoleAPICalledTypeError || e.Type == proto.RuntimeConsoleAPICalledTypeAssert {
				p.record("console." + string(e.Type) + ": " + argsText(e.Args))
			}
		},
		func(e *proto.RuntimeExceptionThrown) {
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			p.record(fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber, msg))
		},
		func(e *proto.LogEntryAdded) {
			if e.Entry.Level == proto.LogLogEntryLevelError {
				p.record(fmt.Sprintf("%s: %s %s", e.Entry.Source, e.Entry.Text, e.Entry.URL))
			}
		},
	)
	done := make(chan struct{})
	go func() { wait(); close(done) }()
	p.stop = func() { cancel(); <-done; _ = rp.Close() }
	return p, nil
}

// Close closes the tab.
func (p *Page) Close() { p.stop() }

func argsText(args []*proto.RuntimeRemoteObject) string {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		switch {
		case a.Description != "":
			parts = append(parts, a.Description)
		case !a.Value.Nil():
			parts = append(parts, a.Value.String())
		default:
			parts = append(parts, string(a.Type))
		}
	}
	return strings.Join(parts, " ")
}

func (p *Page) record(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errors = append(p.errors, s)
}

// Errors returns what the console showed as errors so far.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// Open navigates to url and waits, at most timeout, until the page has
// loaded and sel is visible.
func (p *Page) Open(url, sel string, timeout time.Duration) error {
	tp := p.Page.Timeout(timeout)
	if err := tp.Navigate(url); err != nil {
		return fmt.Errorf("headless: navigate %s: %w", url, err)
	}
	if err := tp.WaitLoad(); err != nil {
		return fmt.Errorf("headless: load %s: %w", url, err)
	}
	if _, err := tp.Element(sel); err != nil {
		return fmt.Errorf("headless: %s: waiting for %q: %w", url, sel, err)
	}
	return nil
}

// Screenshot writes a PNG of the whole page (beyond the window) to path.
func (p *Page) Screenshot(path string) error {
	buf, err := p.Page.Screenshot(true, &proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng})
	if err != nil {
		return fmt.Errorf("headless: screenshot: %w", err)
	}
	return os.WriteFile(path, buf, 0o644)
}
