package smtpprobe_test

import (
	"context"
	"net"
	"net/netip"
	"sync/atomic"

	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe"
	"github.com/intel402/intel402/services/domain-qual/internal/smtpprobe/smtptest"
)

// mxName is the MX host name the test certificates are issued for.
const mxName = smtptest.DefaultName

// countDials wraps p's dialer to count its connection attempts in n; when
// to is valid, every attempt goes to it instead (still through the guard).
func countDials(p *smtpprobe.Prober, n *atomic.Int32, to netip.AddrPort) {
	smtpprobe.WrapDial(p, func(next smtpprobe.DialFunc) smtpprobe.DialFunc {
		return func(ctx context.Context, network, address string) (net.Conn, error) {
			n.Add(1)
			if to.IsValid() {
				address = to.String()
			}
			return next(ctx, network, address)
		}
	})
}
