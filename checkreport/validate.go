package checkreport

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits the server holds a report to. A real machine is far inside each;
// beyond them a report is made up or broken.
const (
	maxText        = 100 // a model, maker or OS name
	maxSerial      = 64
	maxNote        = 200
	maxDisks       = 16
	maxBatteries   = 4
	minMemory      = 64 << 20 // 64 MiB
	maxMemory      = 64 << 40 // 64 TiB
	minDisk        = 1 << 20  // 1 MiB
	maxDisk        = 1 << 50  // 1 PiB
	maxCores       = 1024
	maxThreads     = 4096
	maxCapacity    = 1_000_000 // mWh or mAh: 1 kWh is no laptop battery
	maxCycles      = 100_000
	minScreen      = 64
	maxScreen      = 16384
	maxPowerOn     = 1_000_000 // hours: over a century
	maxFutureClock = 48 * time.Hour
	minCode        = 6
	maxCode        = 32
)

// knownOS and knownArch are the targets make check-tool builds.
var (
	knownOS   = map[string]bool{"linux": true, "windows": true, "darwin": true}
	knownArch = map[string]bool{"amd64": true, "arm64": true}
	diskTypes = map[string]bool{DiskSSD: true, DiskHDD: true, DiskNVMe: true, DiskUnknown: true}
	parts     = map[string]bool{PartCPU: true, PartMemory: true, PartDisks: true, PartBatteries: true,
		PartScreen: true, PartMaker: true, PartModel: true, PartSerial: true, PartOS: true}
)

// fields collects field messages, keyed by the JSON path of the field.
type fields map[string]string

func (f fields) add(key, format string, args ...any) {
	if _, ok := f[key]; !ok {
		f[key] = fmt.Sprintf(format, args...)
	}
}

func (f fields) text(key, s string, max int) {
	switch {
	case strings.TrimSpace(s) == "":
		f.add(key, "must not be empty")
	case !utf8.ValidString(s) || len(s) > max:
		f.add(key, "must be at most %d bytes of UTF-8", max)
	case strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		f.add(key, "must be printable text")
	}
}

func (f fields) optText(key string, s *string, max int) {
	if s != nil {
		f.text(key, *s, max)
	}
}

func (f fields) between(key string, n, lo, hi int64) {
	if n < lo || n > hi {
		f.add(key, "must be between %d and %d", lo, hi)
	}
}

// Validate checks a submission as the server receives it: the code's form
// and the report. now is the server's clock. It returns the field messages
// (JSON paths as keys), empty when the submission is good.
func (s Submission) Validate(now time.Time) map[string]string {
	f := fields{}
	if !ValidCode(s.Code) {
		f.add("code", "must be %d to %d letters, digits or hyphens", minCode, maxCode)
	}
	s.Report.validate(f, now)
	return f
}

// ValidCode says whether code has the form of a check or hand-over code:
// 6 to 32 ASCII letters, digits or hyphens.
func ValidCode(code string) bool {
	if len(code) < minCode || len(code) > maxCode {
		return false
	}
	for _, r := range code {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-') {
			return false
		}
	}
	return true
}

// Validate checks a report on its own (see Submission.Validate).
func (r Report) Validate(now time.Time) map[string]string {
	f := fields{}
	r.validate(f, now)
	return f
}

func (r Report) validate(f fields, now time.Time) {
	if r.Schema != Schema {
		f.add("schema", "must be %d", Schema)
	}
	f.text("tool.version", r.Tool.Version, 64)
	if !knownOS[r.Tool.OS] {
		f.add("tool.os", "must be linux, windows or darwin")
	}
	if !knownArch[r.Tool.Arch] {
		f.add("tool.arch", "must be amd64 or arm64")
	}
	if r.CheckedAt.IsZero() || r.CheckedAt.Year() < 2020 || r.CheckedAt.After(now.Add(maxFutureClock)) {
		f.add("checkedAt", "must be a time between 2020 and now")
	}
	f.optText("maker", r.Maker, maxText)
	f.optText("model", r.Model, maxText)
	f.optText("serial", r.Serial, maxSerial)
	if r.OS != nil {
		f.text("os.name", r.OS.Name, maxText)
		if r.OS.Version != "" {
			f.text("os.version", r.OS.Version, maxText)
		}
	}
	r.validateHardware(f)
	r.validateNotReadable(f)
}

func (r Report) validateHardware(f fields) {
	if c := r.CPU; c != nil {
		f.text("cpu.model", c.Model, maxText)
		f.between("cpu.cores", int64(c.Cores), 1, maxCores)
		f.between("cpu.threads", int64(c.Threads), int64(max(c.Cores, 1)), maxThreads)
	}
	if r.Memory != nil {
		f.between("memory.totalBytes", r.Memory.TotalBytes, minMemory, maxMemory)
	}
	if len(r.Disks) > maxDisks {
		f.add("disks", "must list at most %d disks", maxDisks)
	} else {
		for i, d := range r.Disks {
			validateDisk(f, fmt.Sprintf("disks[%d]", i), d)
		}
	}
	if len(r.Batteries) > maxBatteries {
		f.add("batteries", "must list at most %d batteries", maxBatteries)
	} else {
		for i, b := range r.Batteries {
			validateBattery(f, fmt.Sprintf("batteries[%d]", i), b)
		}
	}
	if s := r.Screen; s != nil {
		f.between("screen.width", int64(s.Width), minScreen, maxScreen)
		f.between("screen.height", int64(s.Height), minScreen, maxScreen)
	}
}

func validateDisk(f fields, key string, d Disk) {
	f.text(key+".model", d.Model, maxText)
	f.between(key+".sizeBytes", d.SizeBytes, minDisk, maxDisk)
	if !diskTypes[d.Type] {
		f.add(key+".type", "must be SSD, HDD, NVMe or unknown")
	}
	if len(d.HealthNote) > maxNote {
		f.add(key+".healthNote", "must be at most %d bytes", maxNote)
	}
	h := d.Health
	if h == nil {
		return
	}
	if h.Source != "nvme-smart-log" {
		f.add(key+".health.source", "must be nvme-smart-log")
	}
	f.between(key+".health.percentUsed", int64(h.PercentUsed), 0, 255)
	f.between(key+".health.availableSpare", int64(h.AvailableSpare), 0, 100)
	f.between(key+".health.criticalWarning", int64(h.CriticalWarning), 0, 255)
	f.between(key+".health.powerOnHours", h.PowerOnHours, 0, maxPowerOn)
}

func validateBattery(f fields, key string, b Battery) {
	if b.Unit != UnitMWh && b.Unit != UnitMAh {
		f.add(key+".unit", "must be mWh or mAh")
	}
	f.between(key+".designCapacity", b.DesignCapacity, 1, maxCapacity)
	if b.DesignCapacity > 0 {
		// a new battery may hold a little more than its design; twice is a lie
		f.between(key+".fullChargeCapacity", b.FullChargeCapacity, 0, min(2*b.DesignCapacity, maxCapacity))
	}
	if b.CycleCount != nil {
		f.between(key+".cycleCount", int64(*b.CycleCount), 0, maxCycles)
	}
}

// validateNotReadable holds the reasons to the parts that are null: a part
// is either read or explained, never both.
func (r Report) validateNotReadable(f fields) {
	read := map[string]bool{
		PartCPU: r.CPU != nil, PartMemory: r.Memory != nil, PartDisks: r.Disks != nil,
		PartBatteries: r.Batteries != nil, PartScreen: r.Screen != nil, PartMaker: r.Maker != nil,
		PartModel: r.Model != nil, PartSerial: r.Serial != nil, PartOS: r.OS != nil,
	}
	for part, why := range r.NotReadable {
		key := "notReadable." + part
		switch {
		case !parts[part]:
			f.add(key, "is not a part of the report")
		case read[part]:
			f.add(key, "must not be given for a part that was read")
		default:
			f.text(key, why, maxNote)
		}
	}
}
