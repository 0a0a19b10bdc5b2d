package hwread

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/jaypipes/ghw/pkg/block"
	"github.com/jaypipes/ghw/pkg/cpu"
	"github.com/jaypipes/ghw/pkg/memory"
	"github.com/jaypipes/ghw/pkg/product"

	"resale/checkreport"
)

func readCPU(args []any) (*checkreport.CPU, string) {
	info, err := cpu.New(args...)
	if err != nil || info.TotalCores == 0 || len(info.Processors) == 0 {
		return nil, notOnSystem
	}
	model := known(info.Processors[0].Model)
	if model == nil {
		return nil, notOnSystem
	}
	threads := int(max(info.TotalHardwareThreads, info.TotalThreads, info.TotalCores))
	return &checkreport.CPU{Model: *model, Cores: int(info.TotalCores), Threads: threads}, ""
}

// readMemory is the installed memory: ghw's physical total (Linux: the
// online memory blocks; Windows: the memory modules), else the platform's.
func readMemory(args []any) (*checkreport.Memory, string) {
	total := int64(0)
	if info, err := memory.New(args...); err == nil {
		total = max(info.TotalPhysicalBytes, info.TotalUsableBytes)
	}
	if total <= 0 {
		total = platformMemory()
	}
	if total <= 0 {
		return nil, notOnSystem
	}
	return &checkreport.Memory{TotalBytes: total}, ""
}

// readDisks lists the fixed disks: not removable ones, optical drives,
// loop devices, RAM disks or device-mapper volumes.
func readDisks(opt Options) ([]checkreport.Disk, string) {
	info, err := block.New(ghwArgs(opt)...)
	if err != nil {
		return nil, notOnSystem
	}
	disks := []checkreport.Disk{}
	for _, d := range info.Disks {
		if !fixedDisk(d) {
			continue
		}
		out := checkreport.Disk{
			Model:     diskModel(opt.Root, d),
			SizeBytes: int64(d.SizeBytes),
			Type:      diskType(d),
		}
		if out.Type == checkreport.DiskNVMe {
			out.Health, out.HealthNote = opt.NVMeHealth(nvmeController(d.Name))
		} else {
			out.HealthNote = "SMART of this disk is not read by resale-check"
		}
		disks = append(disks, out)
	}
	return disks, ""
}

func fixedDisk(d *block.Disk) bool {
	if d.IsRemovable || d.SizeBytes == 0 {
		return false
	}
	switch d.DriveType {
	case block.DriveTypeFDD, block.DriveTypeODD, block.DriveTypeVirtual:
		return false
	}
	for _, p := range []string{"loop", "ram", "zram", "dm-", "md", "sr", "fd", "nbd"} {
		if strings.HasPrefix(d.Name, p) {
			return false
		}
	}
	return true
}

func diskType(d *block.Disk) string {
	switch {
	case d.StorageController == block.StorageControllerNVMe:
		return checkreport.DiskNVMe
	case d.DriveType == block.DriveTypeSSD:
		return checkreport.DiskSSD
	case d.DriveType == block.DriveTypeHDD:
		return checkreport.DiskHDD
	}
	return checkreport.DiskUnknown
}

// diskModel is udev's model as ghw read it (with udev's underscores made
// spaces again), else the kernel's own (Linux sysfs), else "unknown".
func diskModel(root string, d *block.Disk) string {
	if m := known(strings.ReplaceAll(d.Model, "_", " ")); m != nil {
		return *m
	}
	if b, err := os.ReadFile(filepath.Join(root, "sys", "block", filepath.Base(d.Name), "device", "model")); err == nil {
		if m := known(string(b)); m != nil {
			return *m
		}
	}
	return "unknown"
}

// nvmeController is the controller of an NVMe namespace: nvme0 of nvme0n1.
func nvmeController(name string) string {
	name = filepath.Base(name)
	if i := strings.LastIndexByte(name, 'n'); i > len("nvme") {
		return name[:i]
	}
	return name
}

// readProduct reads the maker, model and serial, and notes why any is
// missing (a Linux serial is for the administrator only).
func readProduct(opt Options, n map[string]string) (maker, model, serial *string) {
	info, err := product.New(ghwArgs(opt)...)
	if err != nil {
		info = &product.Info{}
	}
	maker, model, serial = known(info.Vendor), known(info.Name), known(info.SerialNumber)
	// Lenovo's product name is a machine type (20XW0055US); the name a
	// buyer knows (ThinkPad X1 Carbon Gen 9) is its product version.
	if v := known(info.Version); v != nil && model != nil && maker != nil && strings.EqualFold(*maker, "LENOVO") && *v != *model {
		m := *v + " (" + *model + ")"
		model = &m
	}
	if maker == nil {
		n[checkreport.PartMaker] = notFound
	}
	if model == nil {
		n[checkreport.PartModel] = notFound
	}
	if serial == nil {
		n[checkreport.PartSerial] = serialReason(opt.Root)
	}
	return maker, model, serial
}
