// Command fakepush serves the push service stand-in (package pushtest) on
// a loopback port, for the browser journeys: it prints its address on the
// first line of its output and serves until it is interrupted or
// terminated. A journey gets a subscription from
// POST /subscriptions?key=<VAPID public key> and reads the decrypted
// messages from GET /messages (and what was refused from GET /refused).
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"resale/internal/standin"
	"resale/push/pushtest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	err := standin.Serve(*addr, func(url string) http.Handler { return pushtest.New(url) })
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakepush:", err)
		os.Exit(1)
	}
}
