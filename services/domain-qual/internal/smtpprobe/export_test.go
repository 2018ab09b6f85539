package smtpprobe

import (
	"context"
	"net"
)

// DialFunc is the prober's connect function, for tests.
type DialFunc = func(ctx context.Context, network, address string) (net.Conn, error)

// WrapDial puts wrap around p's guarded dialer, so a test can count (or
// redirect) the connection attempts the prober makes.
func WrapDial(p *Prober, wrap func(next DialFunc) DialFunc) { p.dial = wrap(p.dial) }
