// Command fakesms serves the SMS gateway stand-in (package smstest) on a
// loopback port, for the browser journeys: it prints its address on the
// first line of its output and serves until it is interrupted or
// terminated. The binary under test reaches it through SMS_URL
// (smstest.Template); a journey reads the codes it got from
// GET /messages?to=+8801....
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"resale/internal/standin"
	"resale/sms/smstest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	err := standin.Serve(*addr, func(string) http.Handler { return smstest.New() })
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakesms:", err)
		os.Exit(1)
	}
}
