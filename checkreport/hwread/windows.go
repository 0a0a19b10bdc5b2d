//go:build windows

package hwread

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"

	"resale/checkreport"
)

func platformMemory() int64 { return 0 }

// readOS is the registry's product name, display version and build.
// Windows 11 still calls itself "Windows 10" there; its build (22000 and
// later) says which it is.
func readOS(string) (*checkreport.OS, string) {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, `SOFTWARE\Microsoft\Windows NT\CurrentVersion`, registry.QUERY_VALUE)
	if err != nil {
		return nil, notOnSystem
	}
	defer k.Close()
	name, _, err := k.GetStringValue("ProductName")
	if err != nil || name == "" {
		return nil, notOnSystem
	}
	build, _, _ := k.GetStringValue("CurrentBuild")
	if n, err := strconv.Atoi(build); err == nil && n >= 22000 {
		name = strings.Replace(name, "Windows 10", "Windows 11", 1)
	}
	display, _, _ := k.GetStringValue("DisplayVersion")
	return &checkreport.OS{Name: name, Version: strings.TrimSpace(fmt.Sprintf("%s build %s", display, build))}, ""
}

// readScreen is the primary display's size in real pixels: the process
// says it is DPI-aware first, or Windows answers in scaled ones.
func readScreen(string) (*checkreport.Screen, string) {
	user32 := windows.NewLazySystemDLL("user32.dll")
	procSetProcessDPI := user32.NewProc("SetProcessDPIAware")
	procGetSystemMetrics := user32.NewProc("GetSystemMetrics")
	if procSetProcessDPI.Find() != nil || procGetSystemMetrics.Find() != nil {
		return nil, notOnSystem
	}
	procSetProcessDPI.Call()
	w, _, _ := procGetSystemMetrics.Call(0) // SM_CXSCREEN
	h, _, _ := procGetSystemMetrics.Call(1) // SM_CYSCREEN
	if w == 0 || h == 0 {
		return nil, notOnSystem
	}
	return &checkreport.Screen{Width: int(w), Height: int(h)}, ""
}
