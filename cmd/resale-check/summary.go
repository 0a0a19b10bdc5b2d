package main

import (
	"fmt"
	"io"
	"strings"

	"resale/checkreport"
)

// writeSummary shows the person, line by line, everything the report
// holds: what it sends is what they read here.
func writeSummary(w io.Writer, r checkreport.Report) {
	fmt.Fprintf(w, "resale-check %s read this machine:\n\n", r.Tool.Version)
	line := func(label, value string) { fmt.Fprintf(w, "  %-12s %s\n", label, value) }
	nr := func(part string) string { return "not readable: " + r.NotReadable[part] }
	text := func(part string, s *string) string {
		if s == nil {
			return nr(part)
		}
		return *s
	}
	line("Maker", text(checkreport.PartMaker, r.Maker))
	line("Model", text(checkreport.PartModel, r.Model))
	line("Serial", text(checkreport.PartSerial, r.Serial))
	switch {
	case r.OS == nil:
		line("System", nr(checkreport.PartOS))
	case r.OS.Version != "":
		line("System", fmt.Sprintf("%s (%s)", r.OS.Name, r.OS.Version))
	default:
		line("System", r.OS.Name)
	}
	if c := r.CPU; c != nil {
		line("Processor", fmt.Sprintf("%s, %d cores, %d threads", c.Model, c.Cores, c.Threads))
	} else {
		line("Processor", nr(checkreport.PartCPU))
	}
	if r.Memory != nil {
		line("Memory", gib(r.Memory.TotalBytes))
	} else {
		line("Memory", nr(checkreport.PartMemory))
	}
	writeDisks(line, r)
	writeBatteries(line, r)
	if s := r.Screen; s != nil {
		line("Screen", fmt.Sprintf("%d × %d", s.Width, s.Height))
	} else {
		line("Screen", nr(checkreport.PartScreen))
	}
	fmt.Fprintf(w, "  %-12s %s on %s/%s, %s\n", "Checked", r.Tool.Version, r.Tool.OS, r.Tool.Arch, r.CheckedAt.Format("2 Jan 2006 15:04 UTC"))
}

func writeDisks(line func(string, string), r checkreport.Report) {
	if r.Disks == nil {
		line("Disks", "not readable: "+r.NotReadable[checkreport.PartDisks])
		return
	}
	if len(r.Disks) == 0 {
		line("Disks", "none found")
	}
	for i, d := range r.Disks {
		health := "health not readable: " + d.HealthNote
		if h := d.Health; h != nil {
			health = fmt.Sprintf("health: %d%% of its life used, spare %d%%, %d hours on", h.PercentUsed, h.AvailableSpare, h.PowerOnHours)
			if h.CriticalWarning != 0 {
				health += fmt.Sprintf(", WARNING %#02x", h.CriticalWarning)
			}
		}
		line(fmt.Sprintf("Disk %d", i+1), fmt.Sprintf("%s, %s, %s, %s", d.Model, d.Type, gb(d.SizeBytes), health))
	}
}

func writeBatteries(line func(string, string), r checkreport.Report) {
	if r.Batteries == nil {
		line("Battery", "not readable: "+r.NotReadable[checkreport.PartBatteries])
		return
	}
	if len(r.Batteries) == 0 {
		line("Battery", "none found")
	}
	for i, b := range r.Batteries {
		cycles := "cycles not readable"
		if b.CycleCount != nil {
			cycles = fmt.Sprintf("%d cycles", *b.CycleCount)
		}
		line(fmt.Sprintf("Battery %d", i+1), fmt.Sprintf("holds %d%% of its design (%d of %d %s), %s",
			b.HealthPercent(), b.FullChargeCapacity, b.DesignCapacity, b.Unit, cycles))
	}
}

// gib is memory as sellers write it: 16 GB for 16 GiB.
func gib(n int64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<30)), ".0") + " GB"
}

// gb is a disk's size as its makers write it: 512 GB for 512,110,190,592 bytes.
func gb(n int64) string {
	if n >= 1e12 {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1e12), ".0") + " TB"
	}
	return fmt.Sprintf("%.0f GB", float64(n)/1e9)
}
