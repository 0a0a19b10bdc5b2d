// Command fakestripe serves the Stripe stand-in (package stripetest) on a
// loopback port, for the browser journeys: it prints its address on the
// first line of its output and serves until it is interrupted or
// terminated. The binary under test reaches it as STRIPE_API_BASE; the
// journeys send the page's card confirmations to it.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"resale/payments/stripetest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	if err := serve(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "fakestripe:", err)
		os.Exit(1)
	}
}

func serve(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	f := stripetest.NewUnstarted()
	f.URL = "http://" + ln.Addr().String()
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Println(f.URL)
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
