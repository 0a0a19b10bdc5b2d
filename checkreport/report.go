// Package checkreport is the report resale-check sends about a laptop's
// hardware (#40), shared by the program that reads it and the server that
// verifies and stores it. docs/checks.md is its contract.
//
// A part the program could not read is null in the JSON (a nil pointer or
// slice here), never a guess, and NotReadable says why in the person's
// words. The report carries no user names, file paths, host names or
// network addresses: only what a buyer needs to know about the machine.
package checkreport

import "time"

// Schema is the report's format version; a server refuses any other.
const Schema = 1

// MaxBodyBytes caps the JSON a server reads for one submission: a real
// report is 1 to 3 KB.
const MaxBodyBytes = 64 << 10

// Disk types.
const (
	DiskSSD     = "SSD"
	DiskHDD     = "HDD"
	DiskNVMe    = "NVMe"
	DiskUnknown = "unknown"
)

// Battery capacity units: Linux and Windows report energy (mWh), some
// Linux batteries only charge (mAh).
const (
	UnitMWh = "mWh"
	UnitMAh = "mAh"
)

// Part names, the keys of NotReadable.
const (
	PartCPU       = "cpu"
	PartMemory    = "memory"
	PartDisks     = "disks"
	PartBatteries = "batteries"
	PartScreen    = "screen"
	PartMaker     = "maker"
	PartModel     = "model"
	PartSerial    = "serial"
	PartOS        = "os"
)

// Report is what resale-check read on one machine.
type Report struct {
	Schema    int       `json:"schema"`
	Tool      Tool      `json:"tool"`
	CheckedAt time.Time `json:"checkedAt"`

	// Maker, Model and Serial are the machine's (DMI/SMBIOS or the
	// platform's own); nil when not readable (Linux keeps the serial for
	// the administrator: run with sudo).
	Maker  *string `json:"maker"`
	Model  *string `json:"model"`
	Serial *string `json:"serial"`

	OS        *OS       `json:"os"`
	CPU       *CPU      `json:"cpu"`
	Memory    *Memory   `json:"memory"`
	Disks     []Disk    `json:"disks"`
	Batteries []Battery `json:"batteries"` // [] is "none found" (a desktop); null is "not readable"
	Screen    *Screen   `json:"screen"`

	// NotReadable says, per part that is null, why it could not be read.
	NotReadable map[string]string `json:"notReadable"`
}

// Tool is the program that made the report.
type Tool struct {
	Version string `json:"version"`
	OS      string `json:"os"`   // GOOS: linux, windows, darwin
	Arch    string `json:"arch"` // GOARCH: amd64, arm64
}

// OS is the operating system, as its own name says it.
type OS struct {
	Name    string `json:"name"`    // "Ubuntu 24.04.1 LTS", "Windows 11 Pro", "macOS"
	Version string `json:"version"` // kernel release, build or product version
}

// CPU is the processor.
type CPU struct {
	Model   string `json:"model"`
	Cores   int    `json:"cores"`
	Threads int    `json:"threads"`
}

// Memory is the installed memory.
type Memory struct {
	TotalBytes int64 `json:"totalBytes"`
}

// Disk is one fixed disk (removable, optical and virtual ones are left out).
type Disk struct {
	Model     string      `json:"model"`
	SizeBytes int64       `json:"sizeBytes"`
	Type      string      `json:"type"`   // DiskSSD, DiskHDD, DiskNVMe, DiskUnknown
	Health    *DiskHealth `json:"health"` // nil when not readable
	// HealthNote says why Health is nil ("needs administrator rights").
	HealthNote string `json:"healthNote,omitempty"`
}

// DiskHealth is what the drive says of itself: an NVMe drive's SMART /
// Health log (NVMe 1.4, log page 02h).
type DiskHealth struct {
	Source string `json:"source"` // "nvme-smart-log"
	// PercentUsed is the drive's own estimate of its life used; it may
	// pass 100 (up to 255).
	PercentUsed     int   `json:"percentUsed"`
	AvailableSpare  int   `json:"availableSpare"` // percent
	CriticalWarning int   `json:"criticalWarning"`
	PowerOnHours    int64 `json:"powerOnHours"`
}

// Battery is one battery: capacities in Unit; CycleCount nil when not
// readable.
type Battery struct {
	Unit               string `json:"unit"`
	DesignCapacity     int64  `json:"designCapacity"`
	FullChargeCapacity int64  `json:"fullChargeCapacity"`
	CycleCount         *int   `json:"cycleCount"`
}

// Screen is the built-in (or first connected) display's native mode.
type Screen struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Submission is the body of POST /api/checks: the report plus the one-time
// code, and Handover for the check at the meeting (the buyer's hand-over
// code).
type Submission struct {
	Code     string `json:"code"`
	Handover bool   `json:"handover,omitempty"`
	Report
}

// HealthPercent is a battery's full-charge capacity as a share of its
// design, the figure a buyer reads ("battery 81% of its design").
func (b Battery) HealthPercent() int {
	if b.DesignCapacity <= 0 {
		return 0
	}
	return int(b.FullChargeCapacity * 100 / b.DesignCapacity)
}
