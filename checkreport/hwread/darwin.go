//go:build darwin

package hwread

import (
	"golang.org/x/sys/unix"

	"resale/checkreport"
)

// platformMemory is hw.memsize (ghw reads no memory on macOS).
func platformMemory() int64 {
	n, err := unix.SysctlUint64("hw.memsize")
	if err != nil {
		return 0
	}
	return int64(n)
}

// readOS is macOS's product version (kern.osproductversion) and build.
func readOS(string) (*checkreport.OS, string) {
	v, err := unix.Sysctl("kern.osproductversion")
	if err != nil || v == "" {
		return nil, notOnSystem
	}
	return &checkreport.OS{Name: "macOS " + v, Version: sysctlOr("kern.osversion")}, ""
}

func sysctlOr(name string) string {
	v, _ := unix.Sysctl(name)
	return v
}

// readScreen: the display's pixels need CoreGraphics, which a program
// built without cgo cannot call.
func readScreen(string) (*checkreport.Screen, string) { return nil, notOnSystem }
