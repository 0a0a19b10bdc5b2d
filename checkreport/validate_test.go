package checkreport

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

// laptop is a good submission, as resale-check sends it from a laptop.
func laptop() Submission {
	return Submission{
		Code: "7KQ4-9MXP",
		Report: Report{
			Schema:    Schema,
			Tool:      Tool{Version: "v1.4.0", OS: "linux", Arch: "amd64"},
			CheckedAt: now.Add(-time.Minute),
			Maker:     ptr("LENOVO"),
			Model:     ptr("20XW0055US"),
			Serial:    nil,
			OS:        &OS{Name: "Ubuntu 24.04.1 LTS", Version: "6.8.0-48-generic"},
			CPU:       &CPU{Model: "11th Gen Intel(R) Core(TM) i5-1135G7 @ 2.40GHz", Cores: 4, Threads: 8},
			Memory:    &Memory{TotalBytes: 16 << 30},
			Disks: []Disk{{Model: "SAMSUNG MZVLB512HBJQ-000L7", SizeBytes: 512110190592, Type: DiskNVMe,
				Health: &DiskHealth{Source: "nvme-smart-log", PercentUsed: 4, AvailableSpare: 100, PowerOnHours: 3120}}},
			Batteries:   []Battery{{Unit: UnitMWh, DesignCapacity: 57000, FullChargeCapacity: 46170, CycleCount: ptr(212)}},
			Screen:      &Screen{Width: 1920, Height: 1080},
			NotReadable: map[string]string{PartSerial: "needs administrator rights: run with sudo"},
		},
	}
}

func TestValidateGood(t *testing.T) {
	t.Parallel()
	if got := laptop().Validate(now); len(got) != 0 {
		t.Fatalf("a good laptop report was refused: %v", got)
	}
	desktop := laptop()
	desktop.Batteries = []Battery{}
	desktop.Screen = nil
	desktop.NotReadable = map[string]string{PartScreen: "no display connected", PartSerial: "needs administrator rights"}
	desktop.Disks[0].Health, desktop.Disks[0].HealthNote = nil, "needs administrator rights"
	if got := desktop.Validate(now); len(got) != 0 {
		t.Fatalf("a good desktop report was refused: %v", got)
	}
}

func TestValidateRefuses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		field string
		edit  func(s *Submission)
	}{
		{"no code", "code", func(s *Submission) { s.Code = "" }},
		{"short code", "code", func(s *Submission) { s.Code = "12345" }},
		{"code with a space", "code", func(s *Submission) { s.Code = "1234 5678" }},
		{"other schema", "schema", func(s *Submission) { s.Schema = 2 }},
		{"no tool version", "tool.version", func(s *Submission) { s.Tool.Version = "" }},
		{"unknown os", "tool.os", func(s *Submission) { s.Tool.OS = "plan9" }},
		{"unknown arch", "tool.arch", func(s *Submission) { s.Tool.Arch = "386" }},
		{"no time", "checkedAt", func(s *Submission) { s.CheckedAt = time.Time{} }},
		{"time from the future", "checkedAt", func(s *Submission) { s.CheckedAt = now.Add(72 * time.Hour) }},
		{"empty maker", "maker", func(s *Submission) { s.Maker = ptr(" ") }},
		{"long model", "model", func(s *Submission) { s.Model = ptr(strings.Repeat("x", 101)) }},
		{"control character", "model", func(s *Submission) { s.Model = ptr("Think\x00Pad") }},
		{"bad UTF-8", "maker", func(s *Submission) { s.Maker = ptr("\xff\xfe") }},
		{"long serial", "serial", func(s *Submission) { s.Serial = ptr(strings.Repeat("S", 65)); s.NotReadable = nil }},
		{"no cores", "cpu.cores", func(s *Submission) { s.CPU.Cores = 0 }},
		{"fewer threads than cores", "cpu.threads", func(s *Submission) { s.CPU.Threads = 2 }},
		{"tiny memory", "memory.totalBytes", func(s *Submission) { s.Memory.TotalBytes = 1024 }},
		{"disk of no size", "disks[0].sizeBytes", func(s *Submission) { s.Disks[0].SizeBytes = 0 }},
		{"disk type", "disks[0].type", func(s *Submission) { s.Disks[0].Type = "tape" }},
		{"disk model", "disks[0].model", func(s *Submission) { s.Disks[0].Model = "" }},
		{"used over 255", "disks[0].health.percentUsed", func(s *Submission) { s.Disks[0].Health.PercentUsed = 256 }},
		{"spare over 100", "disks[0].health.availableSpare", func(s *Submission) { s.Disks[0].Health.AvailableSpare = 101 }},
		{"health source", "disks[0].health.source", func(s *Submission) { s.Disks[0].Health.Source = "guess" }},
		{"too many disks", "disks", func(s *Submission) { s.Disks = make([]Disk, 17) }},
		{"battery unit", "batteries[0].unit", func(s *Submission) { s.Batteries[0].Unit = "Wh" }},
		{"battery without design", "batteries[0].designCapacity", func(s *Submission) { s.Batteries[0].DesignCapacity = 0 }},
		{"battery over twice its design", "batteries[0].fullChargeCapacity", func(s *Submission) {
			s.Batteries[0].FullChargeCapacity = 2*s.Batteries[0].DesignCapacity + 1
		}},
		{"negative cycles", "batteries[0].cycleCount", func(s *Submission) { s.Batteries[0].CycleCount = ptr(-1) }},
		{"tiny screen", "screen.width", func(s *Submission) { s.Screen.Width = 10 }},
		{"huge screen", "screen.height", func(s *Submission) { s.Screen.Height = 20000 }},
		{"reason for a part read", "notReadable.cpu", func(s *Submission) { s.NotReadable[PartCPU] = "hidden" }},
		{"reason for no part", "notReadable.wifi", func(s *Submission) { s.NotReadable["wifi"] = "off" }},
		{"empty reason", "notReadable.serial", func(s *Submission) { s.NotReadable[PartSerial] = "" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := laptop()
			tc.edit(&s)
			got := s.Validate(now)
			if _, ok := got[tc.field]; !ok || len(got) != 1 {
				t.Fatalf("want exactly the field %q refused, got %v", tc.field, got)
			}
		})
	}
}

func TestValidCode(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]bool{
		"123456": true, "7KQ4-9MXP": true, "abcdefghijklmnopqrstuvwxyzABCDEF": true,
		"12345": false, "abcdefghijklmnopqrstuvwxyzABCDEFG": false, "12345é": false, "123_456": false,
	} {
		if got := ValidCode(code); got != want {
			t.Errorf("ValidCode(%q) = %v, want %v", code, got, want)
		}
	}
}

// TestSubmissionJSON pins the wire form docs/checks.md describes: the code
// beside the report's fields, null for what was not read.
func TestSubmissionJSON(t *testing.T) {
	t.Parallel()
	s := laptop()
	s.Handover = true
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]any{"code": "7KQ4-9MXP", "handover": true, "schema": float64(1), "serial": nil, "maker": "LENOVO"} {
		if got, ok := m[key]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	var back Submission
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Batteries[0].HealthPercent() != 81 || *back.Batteries[0].CycleCount != 212 || back.Disks[0].Health.PercentUsed != 4 {
		t.Fatalf("round trip lost fields: %+v", back.Report)
	}
	if len(b) > MaxBodyBytes/16 {
		t.Fatalf("a laptop's submission is %d bytes, far over what MaxBodyBytes (%d) expects", len(b), MaxBodyBytes)
	}
}
