// Command screenshot writes a PNG of each page it is given, rendered by
// headless Chromium, and fails when a page answers with an error status or
// shows errors in its console (make demo's screenshots of the landing
// pages, the API references and the paywall).
//
//	screenshot -o .run/screenshots -html=paywall-dns-audit.png=http://... index.png=http://127.0.0.1:8080/
//
// Each argument is name.png=URL. -html marks one whose request announces a
// browser (Accept: text/html), as a person's address bar does; every
// request from Chromium does, so the flag only documents intent.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/platform/headless"
)

func main() {
	out := flag.String("o", ".run/screenshots", "directory for the PNG files")
	wait := flag.String("wait", "body", "CSS selector to wait for before each screenshot")
	settle := flag.Duration("settle", time.Second, "time to let scripts finish drawing after the selector appears")
	timeout := flag.Duration("timeout", 30*time.Second, "bound on loading each page")
	allowErrors := flag.Bool("allow-console-errors", false, "write the screenshot even when the console shows errors")
	flag.Parse()
	if err := run(*out, *wait, *settle, *timeout, *allowErrors, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(dir, wait string, settle, timeout time.Duration, allowErrors bool, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("no pages: give name.png=URL arguments")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := headless.Start(headless.Options{})
	if err != nil {
		return err
	}
	defer b.Close()
	for _, a := range args {
		name, url, ok := strings.Cut(a, "=")
		if !ok || !strings.HasSuffix(name, ".png") {
			return fmt.Errorf("%q: want name.png=URL", a)
		}
		if err := shoot(b, filepath.Join(dir, name), url, wait, settle, timeout, allowErrors); err != nil {
			return fmt.Errorf("%s: %w", url, err)
		}
		fmt.Println(filepath.Join(dir, name))
	}
	return nil
}

func shoot(b *headless.Browser, path, url, wait string, settle, timeout time.Duration, allowErrors bool) error {
	p, err := b.NewPage()
	if err != nil {
		return err
	}
	defer p.Close()
	if err := p.Open(url, wait, timeout); err != nil {
		return err
	}
	time.Sleep(settle)
	if errs := p.Errors(); len(errs) > 0 && !allowErrors {
		return fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
	}
	return p.Screenshot(path)
}
