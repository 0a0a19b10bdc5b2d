package hwread

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"resale/checkreport"
)

var checkedAt = time.Date(2026, 11, 28, 10, 30, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

// smartLog is an NVMe SMART / Health log page as a drive answers it.
func smartLog(critical, spare, used byte, hours uint64) []byte {
	page := make([]byte, nvmeLogSize)
	page[0], page[1], page[2], page[3], page[4], page[5] = critical, 0x3b, 0x01, spare, 10, used
	binary.LittleEndian.PutUint64(page[128:], hours)
	return page
}

// read reads a recorded machine under testdata/ and checks that the
// report is one the server accepts.
func read(t *testing.T, machine string, nvme func(string) (*checkreport.DiskHealth, string)) checkreport.Report {
	t.Helper()
	r := Read(context.Background(), Options{Root: "testdata/" + machine, Version: "v1.0.0", Now: checkedAt, NVMeHealth: nvme})
	if bad := r.Validate(checkedAt); len(bad) != 0 {
		t.Fatalf("the server would refuse the %s's report: %v", machine, bad)
	}
	return r
}

// TestReadLaptop reads a ThinkPad with an NVMe disk, a battery, a USB
// stick (left out), a mouse's battery (left out) and an external monitor
// (the built-in panel wins).
func TestReadLaptop(t *testing.T) {
	t.Parallel()
	var asked []string
	r := read(t, "laptop", func(ctrl string) (*checkreport.DiskHealth, string) {
		asked = append(asked, ctrl)
		h, err := ParseNVMeSMARTLog(smartLog(0, 100, 4, 3120))
		if err != nil {
			t.Fatal(err)
		}
		return h, ""
	})
	want := checkreport.Report{
		Schema:    1,
		Tool:      checkreport.Tool{Version: "v1.0.0", OS: "linux", Arch: r.Tool.Arch},
		CheckedAt: checkedAt,
		Maker:     ptr("LENOVO"), Model: ptr("ThinkPad X1 Carbon Gen 9 (20XW0055US)"), Serial: ptr("PF2XK9QZ"),
		OS:     &checkreport.OS{Name: "Ubuntu 24.04.1 LTS", Version: "6.8.0-48-generic"},
		CPU:    &checkreport.CPU{Model: "11th Gen Intel(R) Core(TM) i5-1135G7 @ 2.40GHz", Cores: 4, Threads: 8},
		Memory: &checkreport.Memory{TotalBytes: 16 << 30},
		Disks: []checkreport.Disk{{Model: "SAMSUNG MZVLB512HBJQ-000L7", SizeBytes: 512110190592, Type: "NVMe",
			Health: &checkreport.DiskHealth{Source: "nvme-smart-log", PercentUsed: 4, AvailableSpare: 100, PowerOnHours: 3120}}},
		Batteries:   []checkreport.Battery{{Unit: "mWh", DesignCapacity: 57000, FullChargeCapacity: 46170, CycleCount: ptr(212)}},
		Screen:      &checkreport.Screen{Width: 1920, Height: 1200},
		NotReadable: map[string]string{},
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("laptop report\n got %s\nwant %s", js(t, r), js(t, want))
	}
	if !reflect.DeepEqual(asked, []string{"nvme0"}) {
		t.Fatalf("asked controllers %v for their health, want [nvme0]", asked)
	}
	if got := r.Batteries[0].HealthPercent(); got != 81 {
		t.Fatalf("battery health %d%%, want 81%%", got)
	}
}

// TestReadDesktop reads a desktop: no battery (a mouse's only), two SATA
// disks named by udev (an SSD and an HDD), an optical drive (left out),
// no serial in the firmware.
func TestReadDesktop(t *testing.T) {
	t.Parallel()
	r := read(t, "desktop", func(string) (*checkreport.DiskHealth, string) {
		t.Fatal("a desktop without NVMe asked for NVMe health")
		return nil, ""
	})
	if r.Batteries == nil || len(r.Batteries) != 0 {
		t.Fatalf("batteries %#v, want an empty list (none found), not null", r.Batteries)
	}
	if r.Serial != nil || r.NotReadable["serial"] != notFound || len(r.NotReadable) != 1 {
		t.Fatalf("serial %v, notReadable %v: want null with the firmware's reason", r.Serial, r.NotReadable)
	}
	wantDisks := []checkreport.Disk{
		{Model: "Samsung SSD 860 EVO 500GB", SizeBytes: 500107862016, Type: "SSD", HealthNote: "SMART of this disk is not read by resale-check"},
		{Model: "WDC WD10EZEX-08WN4A0", SizeBytes: 1000204886016, Type: "HDD", HealthNote: "SMART of this disk is not read by resale-check"},
	}
	if !reflect.DeepEqual(r.Disks, wantDisks) {
		t.Fatalf("disks\n got %s\nwant %s", js(t, r.Disks), js(t, wantDisks))
	}
	if *r.Maker != "Dell Inc." || *r.Model != "OptiPlex 7050" || r.CPU.Cores != 6 || r.CPU.Threads != 12 ||
		r.Memory.TotalBytes != 8<<30 || *r.Screen != (checkreport.Screen{Width: 2560, Height: 1440}) ||
		r.OS.Name != "Debian GNU/Linux 12 (bookworm)" {
		t.Fatalf("desktop report: %s", js(t, r))
	}
}

// TestReadNotReadable: a machine whose sources are missing says so part
// by part, and the server accepts that report too.
func TestReadNotReadable(t *testing.T) {
	t.Parallel()
	r := Read(context.Background(), Options{Root: t.TempDir(), Version: "v1.0.0", Now: checkedAt})
	if r.CPU != nil || r.Memory != nil || r.Batteries != nil || r.Screen != nil || r.Maker != nil || len(r.Disks) != 0 {
		t.Fatalf("an empty machine read something: %s", js(t, r))
	}
	for _, part := range []string{"cpu", "memory", "batteries", "screen", "maker", "model", "serial"} {
		if r.NotReadable[part] == "" {
			t.Errorf("no reason for the unread %s: %v", part, r.NotReadable)
		}
	}
	if bad := r.Validate(checkedAt); len(bad) != 0 {
		t.Fatalf("the server would refuse a report of unread parts: %v", bad)
	}
}

// TestReadThisMachine reads the machine the test runs on: whatever it
// has, the report is valid and names no file, user or host.
func TestReadThisMachine(t *testing.T) {
	t.Parallel()
	r := Read(context.Background(), Options{Version: "dev", Now: time.Now()})
	if bad := r.Validate(time.Now()); len(bad) != 0 {
		t.Fatalf("the server would refuse this machine's report: %v\n%s", bad, js(t, r))
	}
	host, _ := os.Hostname()
	out := js(t, r)
	for _, private := range []string{host, os.Getenv("USER"), os.Getenv("HOME"), "/dev/", "/sys/"} {
		if len(private) > 2 && strings.Contains(out, private) {
			t.Errorf("the report carries %q: %s", private, out)
		}
	}
}

func TestParseNVMeSMARTLog(t *testing.T) {
	t.Parallel()
	h, err := ParseNVMeSMARTLog(smartLog(0x04, 87, 112, 21_400))
	if err != nil {
		t.Fatal(err)
	}
	want := checkreport.DiskHealth{Source: "nvme-smart-log", CriticalWarning: 4, AvailableSpare: 87, PercentUsed: 112, PowerOnHours: 21_400}
	if *h != want {
		t.Fatalf("got %+v, want %+v", *h, want)
	}
	for name, page := range map[string][]byte{
		"short page":     make([]byte, 511),
		"spare over 100": smartLog(0, 101, 0, 0),
		"hours too many": smartLog(0, 100, 0, 2_000_000),
	} {
		if _, err := ParseNVMeSMARTLog(page); err == nil {
			t.Errorf("%s: read as health", name)
		}
	}
}

func TestNVMeController(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{"nvme0n1": "nvme0", "nvme12n3": "nvme12", "nvme1": "nvme1"} {
		if got := nvmeController(name); got != want {
			t.Errorf("nvmeController(%q) = %q, want %q", name, got, want)
		}
	}
}

func js(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
