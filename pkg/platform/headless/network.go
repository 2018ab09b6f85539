package headless

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Network holds a page to the loopback: it sees every request the page
// makes (through the DevTools Fetch domain), lets those to a loopback host
// pass, answers those to a mapped origin from another URL (a test's
// stand-in for DNS: https://mainnet.base.org answered by a local chain),
// and fails every other request as blocked by the client. It records them
// all.
type Network struct {
	router *rod.HijackRouter
	client *http.Client
	mapped map[string]*url.URL

	mu       sync.Mutex
	requests []Request
}

// Request is one request the page made and what Network did with it.
type Request struct {
	Method, URL string
	Header      http.Header
	// Outcome is "loopback" (passed), "mapped" (answered from the mapped
	// URL) or "refused" (failed as blocked).
	Outcome string
}

// Outcomes of Request.
const (
	Loopback = "loopback"
	Mapped   = "mapped"
	Refused  = "refused"
)

// Route starts holding the page to the loopback. mapped maps an origin
// ("https://mainnet.base.org") to the base URL that answers for it
// ("http://127.0.0.1:8545"); the request's path and query are kept. Stop
// ends it.
func (p *Page) Route(mapped map[string]string) (*Network, error) {
	n := &Network{
		client: &http.Client{Timeout: 30 * time.Second},
		mapped: make(map[string]*url.URL, len(mapped)),
	}
	for from, to := range mapped {
		u, err := url.Parse(to)
		if err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("headless: map %s to %q: not an absolute URL", from, to)
		}
		n.mapped[strings.TrimSuffix(from, "/")] = u
	}
	n.router = p.Page.HijackRequests()
	if err := n.router.Add("*", "", n.handle); err != nil {
		return nil, fmt.Errorf("headless: intercept requests: %w", err)
	}
	go n.router.Run()
	return n, nil
}

// Stop stops intercepting.
func (n *Network) Stop() error { return n.router.Stop() }

// Requests returns the requests seen so far, in order.
func (n *Network) Requests() []Request {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]Request(nil), n.requests...)
}

func (n *Network) record(r Request) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.requests = append(n.requests, r)
}

func (n *Network) handle(h *rod.Hijack) {
	u := h.Request.URL()
	r := Request{Method: h.Request.Method(), URL: u.String(), Header: http.Header{}}
	for k, v := range h.Request.Headers() {
		r.Header.Set(k, v.String())
	}
	if isLoopback(u.Hostname()) {
		r.Outcome = Loopback
		n.record(r)
		h.ContinueRequest(&proto.FetchContinueRequest{})
		return
	}
	to, ok := n.mapped[u.Scheme+"://"+u.Host]
	if !ok {
		r.Outcome = Refused
		n.record(r)
		h.Response.Fail(proto.NetworkErrorReasonBlockedByClient)
		return
	}
	r.Outcome = Mapped
	n.record(r)
	if err := n.answer(h, to); err != nil {
		h.Response.Fail(proto.NetworkErrorReasonConnectionFailed)
	}
}

// answer sends the request to the mapped base URL and fulfils the page's
// request with its response.
func (n *Network) answer(h *rod.Hijack, to *url.URL) error {
	u := h.Request.URL()
	target := *to
	target.Path = strings.TrimSuffix(to.Path, "/") + u.Path
	target.RawQuery = u.RawQuery
	ctx, cancel := context.WithTimeout(context.Background(), n.client.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, h.Request.Method(), target.String(), strings.NewReader(h.Request.Body()))
	if err != nil {
		return err
	}
	for k, v := range h.Request.Headers() {
		req.Header.Set(k, v.String())
	}
	res, err := n.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	h.Response.Payload().ResponseCode = res.StatusCode
	for k, vs := range res.Header {
		for _, v := range vs {
			h.Response.SetHeader(k, v)
		}
	}
	h.Response.SetBody(body)
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
