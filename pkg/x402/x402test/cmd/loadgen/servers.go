package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/x402/facilitator"
	"github.com/intel402/intel402/pkg/x402/x402test"
)

// facilitatorHandler is the zero-latency facilitator: the real chain-free
// checks of every payment, instant fake settlement, at most once per
// authorization (the ledger), with the ledger on GET /ledger.
func facilitatorHandler() http.Handler {
	l := newLedger(x402test.NewCheckingFacilitator(nil))
	return l.handler(facilitator.Handler(l, nil))
}

// bareHandler is an echo server answering every request 200 with the bytes
// of file: the baseline a paid, cached answer is compared with.
func bareHandler(file, contentType string) (http.Handler, error) {
	body, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Any("/*", func(c echo.Context) error { return c.Blob(http.StatusOK, contentType, body) })
	return e, nil
}

// serve runs h on addr until ctx ends and prints the bound address.
func serve(ctx context.Context, addr string, h http.Handler, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "listening on %s\n", ln.Addr())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
