package guard_test

import (
	"net/netip"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/guard"
)

func BenchmarkPolicyCheck(b *testing.B) {
	p := guard.NewPolicy(guard.AllowList{})
	for _, bc := range []struct{ name, network, addr string }{
		{"public v4", "tcp4", "93.184.215.14:443"},
		{"public v6", "tcp6", "[2606:4700::6810:84e5]:443"},
		{"loopback v4", "tcp4", "127.0.0.1:80"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				_ = p.Check(bc.network, bc.addr)
			}
		})
	}
}

func BenchmarkClassify(b *testing.B) {
	a := netip.MustParseAddr("93.184.215.14")
	for b.Loop() {
		guard.Classify(a)
	}
}
