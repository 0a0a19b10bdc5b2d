// Package hwread reads a checkreport.Report off the machine it runs on
// (resale-check, #40): ghw for the processor, memory, disks and product,
// the platform's own sources for the rest. Where a source reads nothing,
// the part is null with a reason, never a guess.
//
// On Linux everything is read under Options.Root, so tests run the reader
// on recorded machines (testdata/) exactly as on a live one.
package hwread

import (
	"context"
	"runtime"
	"strings"
	"time"

	"github.com/jaypipes/ghw"

	"resale/checkreport"
)

// Options say where and how to read.
type Options struct {
	// Root is the file system root the Linux sources are read under: "" or
	// "/" for this machine, a recorded machine's folder in tests.
	Root string
	// Version is the program's version, for the report's tool.version.
	Version string
	// Now is the time stamped on the report.
	Now time.Time
	// NVMeHealth reads an NVMe controller's SMART / Health log (name like
	// "nvme0"): the health, or nil and why not. Nil means the platform's
	// own reader (Linux: the admin command, which needs root).
	NVMeHealth func(ctrl string) (*checkreport.DiskHealth, string)
}

// Reasons a part is not readable, in the person's words.
const (
	needsAdmin  = "needs administrator rights: run resale-check with sudo"
	notOnSystem = "not readable on this system"
	notFound    = "not given by this machine's firmware"
)

// Read reads the report. It never fails: what cannot be read is null in
// the report with a reason in NotReadable.
func Read(ctx context.Context, opt Options) checkreport.Report {
	if opt.Root == "" {
		opt.Root = "/"
	}
	if opt.NVMeHealth == nil {
		opt.NVMeHealth = platformNVMeHealth(opt.Root)
	}
	r := checkreport.Report{
		Schema:      checkreport.Schema,
		Tool:        checkreport.Tool{Version: opt.Version, OS: runtime.GOOS, Arch: runtime.GOARCH},
		CheckedAt:   opt.Now.UTC().Truncate(time.Second),
		NotReadable: map[string]string{},
	}
	n := r.NotReadable
	r.CPU, n[checkreport.PartCPU] = readCPU(ghwArgs(opt))
	r.Memory, n[checkreport.PartMemory] = readMemory(ghwArgs(opt))
	r.Disks, n[checkreport.PartDisks] = readDisks(opt)
	r.Maker, r.Model, r.Serial = readProduct(opt, n)
	r.OS, n[checkreport.PartOS] = readOS(opt.Root)
	r.Batteries, n[checkreport.PartBatteries] = readBatteries(opt.Root)
	r.Screen, n[checkreport.PartScreen] = readScreen(opt.Root)
	for part, why := range n {
		if why == "" {
			delete(n, part)
		}
	}
	return r
}

// ghwArgs are ghw's options: read under Root, run no outside tools in a
// recorded machine, and keep ghw's warnings off the person's screen.
func ghwArgs(opt Options) []any {
	args := []any{ghw.WithChroot(opt.Root), ghw.WithDisableWarnings()}
	if opt.Root != "/" {
		args = append(args, ghw.WithDisableTools())
	}
	return args
}

// known is a text ghw read, or nil for its "unknown" and for blanks.
func known(s string) *string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || strings.EqualFold(s, "unknown") {
		return nil
	}
	return &s
}
