package fetchtest_test

import (
	"crypto/x509"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/evidence/fetch/fetchtest"
)

func TestCert(t *testing.T) {
	now := time.Now()
	cert, pool, err := fetchtest.Cert([]string{"northwind-robotics.com", "www.northwind-robotics.com"}, now.Add(-time.Hour), now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"northwind-robotics.com", "www.northwind-robotics.com"} {
		if _, err := cert.Leaf.Verify(x509.VerifyOptions{DNSName: host, Roots: pool}); err != nil {
			t.Errorf("%s: %v", host, err)
		}
	}
	if _, err := cert.Leaf.Verify(x509.VerifyOptions{DNSName: "other.com", Roots: pool}); err == nil {
		t.Error("valid for a host it does not name")
	}
}
