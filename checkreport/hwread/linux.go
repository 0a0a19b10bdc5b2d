//go:build linux

package hwread

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"resale/checkreport"
)

func platformMemory() int64 { return 0 }

// serialReason: the kernel shows the DMI serial to root only.
func serialReason(root string) string {
	_, err := os.ReadFile(filepath.Join(root, "sys", "class", "dmi", "id", "product_serial"))
	if errors.Is(err, fs.ErrPermission) {
		return needsAdmin
	}
	return notFound
}

// readOS is os-release's PRETTY_NAME and the kernel's release.
func readOS(root string) (*checkreport.OS, string) {
	o := &checkreport.OS{Name: "Linux"}
	for _, p := range []string{"etc/os-release", "usr/lib/os-release"} {
		if name := osReleaseValue(filepath.Join(root, p), "PRETTY_NAME"); name != "" {
			o.Name = name
			break
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "proc", "sys", "kernel", "osrelease")); err == nil {
		o.Version = strings.TrimSpace(string(b))
	}
	return o, ""
}

func osReleaseValue(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if ok && k == key {
			if u, err := strconv.Unquote(v); err == nil {
				return u
			}
			return strings.Trim(v, `"'`)
		}
	}
	return ""
}

// readBatteries reads the system's batteries in /sys/class/power_supply
// (a mouse's or a phone's, scope Device, are not the laptop's). None is
// an empty list: a desktop.
func readBatteries(root string) ([]checkreport.Battery, string) {
	dir := filepath.Join(root, "sys", "class", "power_supply")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, notOnSystem
	}
	out := []checkreport.Battery{}
	seen := 0
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if sysText(p, "type") != "Battery" || sysText(p, "scope") == "Device" || sysText(p, "present") == "0" {
			continue
		}
		seen++
		if b, ok := sysBattery(p); ok {
			out = append(out, b)
		}
	}
	if seen > 0 && len(out) == 0 {
		return nil, "the battery does not give its capacity"
	}
	return out, ""
}

// sysBattery reads one battery: energy in µWh, else charge in µAh.
func sysBattery(p string) (checkreport.Battery, bool) {
	b := checkreport.Battery{Unit: checkreport.UnitMWh}
	design, okD := sysInt(p, "energy_full_design")
	full, okF := sysInt(p, "energy_full")
	if !okD {
		b.Unit = checkreport.UnitMAh
		design, okD = sysInt(p, "charge_full_design")
		full, okF = sysInt(p, "charge_full")
	}
	if !okD || !okF || design <= 0 {
		return b, false
	}
	b.DesignCapacity, b.FullChargeCapacity = design/1000, full/1000
	if n, ok := sysInt(p, "cycle_count"); ok {
		c := int(n)
		b.CycleCount = &c
	}
	return b, true
}

// readScreen is the built-in panel's preferred mode (the first line of
// its DRM connector's modes), else the first connected display's.
func readScreen(root string) (*checkreport.Screen, string) {
	conns, _ := filepath.Glob(filepath.Join(root, "sys", "class", "drm", "card*-*"))
	sort.SliceStable(conns, func(i, j int) bool { return builtIn(conns[i]) && !builtIn(conns[j]) })
	for _, c := range conns {
		if sysText(c, "status") != "connected" {
			continue
		}
		first, _, _ := strings.Cut(sysText(c, "modes"), "\n")
		w, h, ok := strings.Cut(strings.TrimRight(first, "i"), "x")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if ok && err1 == nil && err2 == nil {
			return &checkreport.Screen{Width: wi, Height: hi}, ""
		}
	}
	return nil, "no connected screen found"
}

func builtIn(conn string) bool {
	name := filepath.Base(conn)
	return strings.Contains(name, "-eDP-") || strings.Contains(name, "-LVDS-") || strings.Contains(name, "-DSI-")
}

func sysText(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func sysInt(dir, name string) (int64, bool) {
	n, err := strconv.ParseInt(sysText(dir, name), 10, 64)
	return n, err == nil && n >= 0
}
