package health_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/intel402/intel402/pkg/platform/config"
	"github.com/intel402/intel402/pkg/platform/health"
)

func TestProbe(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/health":
			w.WriteHeader(http.StatusOK)
		case "/down":
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	defPort, _ := strconv.Atoi(port)

	// A port nothing listens on.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, closed, _ := net.SplitHostPort(ln.Addr().String())
	_ = ln.Close()

	tests := []struct {
		name    string
		env     map[string]string
		def     int // default port; 1 (nothing there) unless set
		path    string
		wantErr string // "" = healthy
	}{
		{name: "healthy on PORT", env: map[string]string{"PORT": port}, path: "/health"},
		{name: "default port", env: map[string]string{}, def: defPort, path: "/health"},
		{name: "all interfaces probed on loopback", env: map[string]string{"PORT": port, "LISTEN_HOST": "0.0.0.0"}, path: "/health"},
		{name: "explicit listen host", env: map[string]string{"PORT": port, "LISTEN_HOST": "127.0.0.1"}, path: "/health"},
		{name: "not 200", env: map[string]string{"PORT": port}, path: "/down", wantErr: "503"},
		{name: "wrong path", env: map[string]string{"PORT": port}, path: "/api/health", wantErr: "404"},
		{name: "nothing listening", env: map[string]string{"PORT": closed}, path: "/health", wantErr: "refused"},
		{name: "any free port", env: map[string]string{"PORT": "0"}, path: "/health", wantErr: "PORT=0"},
		{name: "bad PORT", env: map[string]string{"PORT": "http"}, path: "/health", wantErr: "PORT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def := tt.def
			if def == 0 {
				def = 1
			}
			err := health.Probe(context.Background(), config.Map(tt.env), def, tt.path)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Probe: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Probe = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}
