// Package standin serves one of the repository's stand-ins for an outside
// service (Stripe, SSLCommerz) as a command of its own, for the browser
// journeys, which start it and read its address from its first line.
package standin

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Serve listens on addr, builds the stand-in for the address it got (its
// base URL, which it may need for the links it hands out), prints that
// URL on the first line of standard output, and serves until the process
// is interrupted or terminated.
func Serve(addr string, build func(url string) http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	srv := &http.Server{Handler: build(url), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Println(url)
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
