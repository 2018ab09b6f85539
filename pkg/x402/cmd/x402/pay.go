package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/intel402/intel402/pkg/x402/client"
)

// payTimeout bounds a whole pay command (both requests).
const payTimeout = 2 * time.Minute

type headerFlags []string

func (h *headerFlags) String() string     { return strings.Join(*h, ", ") }
func (h *headerFlags) Set(v string) error { *h = append(*h, v); return nil }

type payArgs struct {
	max        string
	data       string
	hasData    bool
	headers    headerFlags
	dumpHeader string // -D: file the final response's status line and headers are written to
	method     string
	url        string
}

// parsePayArgs accepts flags before, between and after METHOD and URL.
func parsePayArgs(args []string) (payArgs, error) {
	var a payArgs
	fs := flag.NewFlagSet("pay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&a.max, "max", "0.10", "maximum price in USDC")
	fs.Func("d", "request body", func(v string) error { a.data, a.hasData = v, true; return nil })
	fs.Var(&a.headers, "H", "request header 'Key: Value' (repeatable)")
	fs.StringVar(&a.dumpHeader, "D", "", "write the final response's status line and headers to this file (- for stderr)")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return a, fmt.Errorf("%w: %v", errUsage, err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 2 {
		return a, fmt.Errorf("%w: pay needs METHOD and URL", errUsage)
	}
	a.method, a.url = strings.ToUpper(pos[0]), pos[1]
	u, err := url.Parse(a.url)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return a, fmt.Errorf("%w: %q is not an absolute http(s) URL", errUsage, a.url)
	}
	return a, nil
}

func runPay(ctx context.Context, args []string, env lookupEnv, stdout, stderr io.Writer) error {
	a, err := parsePayArgs(args)
	if err != nil {
		return err
	}
	max, err := parseUSDC(a.max)
	if err != nil {
		return fmt.Errorf("%w: --max: %v", errUsage, err)
	}
	key, err := loadKey(env, "X402_PRIVATE_KEY")
	if err != nil {
		return err
	}
	tr, err := client.NewTransport(key, max)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, payTimeout)
	defer cancel()
	var body io.Reader
	if a.hasData {
		body = bytes.NewReader([]byte(a.data))
	}
	req, err := http.NewRequestWithContext(ctx, a.method, a.url, body)
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	if a.hasData {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range a.headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return fmt.Errorf("%w: header %q is not 'Key: Value'", errUsage, h)
		}
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", a.method, a.url, err)
	}
	defer func() { _ = resp.Body.Close() }()
	if a.dumpHeader != "" {
		if err := dumpHeader(a.dumpHeader, resp, stderr); err != nil {
			return err
		}
	}
	if _, err := io.Copy(stdout, resp.Body); err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	s, serr := client.Settlement(resp)
	if serr == nil {
		if s.Success {
			_, _ = fmt.Fprintf(stderr, "x402: paid: tx=%s payer=%s network=%s amount=%s\n", s.Transaction, s.Payer, s.Network, s.Amount)
		} else {
			_, _ = fmt.Fprintf(stderr, "x402: settlement failed: reason=%s tx=%s\n", s.ErrorReason, s.Transaction)
		}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%s %s: HTTP %d", a.method, a.url, resp.StatusCode)
	}
	if serr != nil {
		_, _ = fmt.Fprintln(stderr, "x402: no payment was required")
	}
	return nil
}

// dumpHeader writes resp's status line and headers as curl -D does
// ("HTTP/1.1 200 OK", then "Key: value" lines sorted by key, then a blank
// line) to path, or to stderr when path is "-".
func dumpHeader(path string, resp *http.Response, stderr io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s\r\n", resp.Proto, resp.Status)
	if err := resp.Header.Write(&b); err != nil {
		return fmt.Errorf("-D: %w", err)
	}
	b.WriteString("\r\n")
	if path == "-" {
		_, err := stderr.Write(b.Bytes())
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		return fmt.Errorf("-D: %w", err)
	}
	return nil
}
