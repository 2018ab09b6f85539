// Package paygate lets work that runs while its payment is still being
// verified (echox402's speculation) overlap the verification without
// spending anything outside the process: code about to make an outbound
// request (a DNS query that is not cached, a fetch of a third-party site, a
// paid upstream) calls Wait, which returns at once outside speculation, and
// otherwise blocks until the payment is verified, failing with ErrRefused
// when it is not. A payer who cannot pay thus never makes the service
// reach out on its behalf; local work (parsing, cache reads) still overlaps.
package paygate

import (
	"context"
	"errors"
	"sync"
)

// ErrRefused is returned by Wait when the payment was not verified.
var ErrRefused = errors.New("paygate: outbound request withheld: the payment was not verified")

type gate struct {
	once sync.Once
	done chan struct{}
	ok   bool
}

type key struct{}

// New returns a context whose outbound requests wait in Wait until open is
// called: open(true) lets them go, open(false) fails them with ErrRefused.
// Only the first call of open counts.
func New(ctx context.Context) (context.Context, func(ok bool)) {
	g := &gate{done: make(chan struct{})}
	open := func(ok bool) {
		g.once.Do(func() {
			g.ok = ok
			close(g.done)
		})
	}
	return context.WithValue(ctx, key{}, g), open
}

// Wait blocks until ctx's payment is verified: nil at once when ctx has no
// gate (no speculation) or the payment is verified, ErrRefused when it was
// refused, ctx's error when ctx ends first.
func Wait(ctx context.Context) error {
	g, ok := ctx.Value(key{}).(*gate)
	if !ok {
		return nil
	}
	select {
	case <-g.done:
		if g.ok {
			return nil
		}
		return ErrRefused
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Pending reports whether ctx's payment is still being verified (an
// outbound request would wait).
func Pending(ctx context.Context) bool {
	g, ok := ctx.Value(key{}).(*gate)
	if !ok {
		return false
	}
	select {
	case <-g.done:
		return false
	default:
		return true
	}
}
