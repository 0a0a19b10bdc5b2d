// Command fakesslcommerz serves the SSLCommerz stand-in (package
// sslcommerztest) on a loopback port, for the browser journeys: it prints
// its address on the first line of its output and serves until it is
// interrupted or terminated. The binary under test reaches it as
// SSLCOMMERZ_API_BASE, and sends the buyer's browser to its payment page.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"resale/internal/standin"
	"resale/payments/sslcommerztest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	storeID := flag.String("store-id", sslcommerztest.DefaultStoreID, "the store id it accepts")
	storePassword := flag.String("store-password", sslcommerztest.DefaultStorePassword, "the store password it accepts")
	ipn := flag.String("ipn", "before", "when the IPN reaches the shop: before (the browser's return), concurrent, or never")
	flag.Parse()
	modes := map[string]sslcommerztest.IPNMode{"before": sslcommerztest.IPNBeforeBrowser,
		"concurrent": sslcommerztest.IPNConcurrent, "never": sslcommerztest.IPNNever}
	mode, ok := modes[*ipn]
	if !ok {
		fmt.Fprintln(os.Stderr, "fakesslcommerz: -ipn must be before, concurrent or never")
		os.Exit(2)
	}
	opts := sslcommerztest.Options{StoreID: *storeID, StorePassword: *storePassword}
	err := standin.Serve(*addr, func(url string) http.Handler {
		f := sslcommerztest.NewUnstarted(opts)
		f.SetIPNMode(mode)
		f.URL = url
		return f
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakesslcommerz:", err)
		os.Exit(1)
	}
}
