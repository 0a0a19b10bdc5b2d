// Command fakestripe serves the Stripe stand-in (package stripetest) on a
// loopback port, for the browser journeys: it prints its address on the
// first line of its output and serves until it is interrupted or
// terminated. The binary under test reaches it as STRIPE_API_BASE; the
// journeys send the page's card confirmations to it.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"resale/internal/standin"
	"resale/payments/stripetest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	err := standin.Serve(*addr, func(url string) http.Handler {
		f := stripetest.NewUnstarted()
		f.URL = url
		return f
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakestripe:", err)
		os.Exit(1)
	}
}
