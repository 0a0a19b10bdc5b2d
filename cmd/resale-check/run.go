package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"runtime"
	"strings"

	"resale/checkreport"
)

// Exit codes: sent (or printed), not sent, wrong use.
const (
	exitOK       = 0
	exitNotSent  = 1
	exitWrongUse = 2
)

// options are the command line, parsed.
type options struct {
	shop     string
	code     string
	handover bool
	yes      bool
	jsonOnly bool
}

func parseArgs(args []string, stderr interface{ Write([]byte) (int, error) }) (options, error) {
	var o options
	fs := flag.NewFlagSet("resale-check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.shop, "shop", defaultShop, "the shop's address, as https://shop.example")
	fs.BoolVar(&o.handover, "handover", false, "check at the hand-over, with the buyer's hand-over code")
	fs.BoolVar(&o.yes, "yes", false, "send without asking")
	fs.BoolVar(&o.jsonOnly, "json", false, "print the JSON it would send, and send nothing")
	fs.BoolVar(&o.jsonOnly, "dry-run", false, "the same as --json")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: resale-check [--shop URL] [--handover] [--yes] CODE\n       resale-check --json [CODE]\n\n")
		fs.PrintDefaults()
	}
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return o, err
		}
		if fs.NArg() == 0 {
			break
		}
		rest, args = append(rest, fs.Arg(0)), fs.Args()[1:] // flags may follow the code
	}
	switch {
	case len(rest) > 1:
		return o, fmt.Errorf("one code only, got %d words: %s", len(rest), strings.Join(rest, " "))
	case len(rest) == 1:
		o.code = strings.TrimSpace(rest[0])
		if !checkreport.ValidCode(o.code) {
			return o, fmt.Errorf("%q is not a code: the listing shows one of 6 to 32 letters and digits", o.code)
		}
	case !o.jsonOnly:
		return o, errors.New("give the code the shop showed you: resale-check CODE")
	}
	if !o.jsonOnly {
		if err := checkShop(o.shop); err != nil {
			return o, err
		}
		o.shop = strings.TrimRight(o.shop, "/")
	}
	return o, nil
}

// checkShop allows https, and plain http only to this machine (a shop
// tried out with make run): the report goes nowhere else in the clear.
func checkShop(shop string) error {
	if shop == "" {
		return errors.New("say which shop: --shop https://your-shop.example")
	}
	u, err := url.Parse(shop)
	if err != nil || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
		return fmt.Errorf("--shop %q is not a shop's address like https://shop.example", shop)
	}
	local := u.Hostname() == "localhost" || u.Hostname() == "127.0.0.1" || u.Hostname() == "::1"
	if u.Scheme != "https" && !(u.Scheme == "http" && local) {
		return fmt.Errorf("--shop %q: the report goes over https only", shop)
	}
	return nil
}

// run is the program: read, show, ask, send, and say what the shop said.
func run(ctx context.Context, args []string, e env) int {
	o, err := parseArgs(args, e.stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "resale-check:", err)
		return exitWrongUse
	}
	sub := checkreport.Submission{Code: o.code, Handover: o.handover, Report: e.read(ctx)}
	if o.jsonOnly {
		var v any = sub
		if o.code == "" {
			v = sub.Report
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return exitNotSent
		}
		return exitOK
	}
	writeSummary(e.stdout, sub.Report)
	if runtime.GOOS != "windows" && !e.isAdmin && needsAdmin(sub.Report) {
		fmt.Fprintln(e.stdout, "\nRun it with sudo to include what needs administrator rights.")
	}
	what := "the check of this laptop"
	if o.handover {
		what = "the hand-over check"
	}
	fmt.Fprintf(e.stdout, "\nThis is all it sends: %s, to %s, with the code %s.\n", what, o.shop, o.code)
	if !o.yes && !confirm(e) {
		fmt.Fprintln(e.stdout, "Nothing was sent.")
		return exitNotSent
	}
	return send(ctx, e, o, sub)
}

// confirm asks, and takes only y or yes.
func confirm(e env) bool {
	fmt.Fprint(e.stdout, "Send? [y/N] ")
	line, _ := bufio.NewReader(e.stdin).ReadString('\n')
	answer := strings.ToLower(strings.TrimSpace(line))
	return answer == "y" || answer == "yes"
}

func needsAdmin(r checkreport.Report) bool {
	for _, why := range r.NotReadable {
		if strings.Contains(why, "administrator") {
			return true
		}
	}
	for _, d := range r.Disks {
		if strings.Contains(d.HealthNote, "administrator") {
			return true
		}
	}
	return false
}
