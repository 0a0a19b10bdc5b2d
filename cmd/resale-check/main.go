// Command resale-check reads a laptop's hardware (processor, memory,
// disks and their health, battery wear, screen, maker, model and serial),
// shows the person what it read, and with their yes sends it to the shop
// with the listing's one-time code (#40). docs/checks.md is its contract.
//
//	resale-check [--shop URL] [--yes] CODE
//	resale-check [--shop URL] --handover CODE
//	resale-check --json [CODE]
package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"resale/checkreport"
	"resale/checkreport/hwread"
)

// version and defaultShop are set by make check-tool with -ldflags -X: the
// one exception to "no package variables", since the linker can only set
// a variable. defaultShop is the shop the program sends to without --shop.
var version, defaultShop string

func main() {
	// Ctrl+C ends the program at once, at the question too: a report is
	// stored whole or not at all, so there is nothing to tidy.
	env := env{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		client: &http.Client{Timeout: 60 * time.Second},
		read: func(ctx context.Context) checkreport.Report {
			return hwread.Read(ctx, hwread.Options{Version: toolVersion(), Now: time.Now()})
		},
		isAdmin: os.Geteuid() == 0,
	}
	os.Exit(run(context.Background(), os.Args[1:], env))
}

// env is what run needs from outside: the terminal, the network and the
// machine's reader, so tests give their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	client         *http.Client
	read           func(context.Context) checkreport.Report
	isAdmin        bool // root on Linux and macOS (-1 on Windows: never)
}

// toolVersion is the stamped version, else the module's, else "dev".
func toolVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}
