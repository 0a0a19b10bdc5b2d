//go:build linux

package hwread

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"

	"resale/checkreport"
)

// nvmeAdminCmd is the kernel's struct nvme_admin_cmd (linux/nvme_ioctl.h).
type nvmeAdminCmd struct {
	opcode      uint8
	flags       uint8
	rsvd1       uint16
	nsid        uint32
	cdw2, cdw3  uint32
	metadata    uint64
	addr        uint64
	metadataLen uint32
	dataLen     uint32
	cdw10       uint32
	cdw11       uint32
	cdw12       uint32
	cdw13       uint32
	cdw14       uint32
	cdw15       uint32
	timeoutMs   uint32
	result      uint32
}

// nvmeIoctlAdminCmd is _IOWR('N', 0x41, struct nvme_admin_cmd).
const nvmeIoctlAdminCmd = 0xC0484E41

// platformNVMeHealth asks a live machine's NVMe controller for its SMART
// log; the controller's device is root's only. A recorded machine has no
// device to ask.
func platformNVMeHealth(root string) func(string) (*checkreport.DiskHealth, string) {
	return func(ctrl string) (*checkreport.DiskHealth, string) {
		if root != "/" {
			return nil, notOnSystem
		}
		f, err := os.Open(filepath.Join("/dev", filepath.Base(ctrl)))
		if errors.Is(err, fs.ErrPermission) {
			return nil, needsAdmin
		}
		if err != nil {
			return nil, notOnSystem
		}
		defer f.Close()
		page := make([]byte, nvmeLogSize)
		cmd := nvmeAdminCmd{
			opcode:  0x02, // Get Log Page
			nsid:    0xFFFFFFFF,
			addr:    uint64(uintptr(unsafe.Pointer(&page[0]))),
			dataLen: nvmeLogSize,
			cdw10:   (nvmeLogSize/4-1)<<16 | 0x02, // dwords-1, log page 02h
		}
		_, _, errno := unix.Syscall(unix.SYS_IOCTL, f.Fd(), nvmeIoctlAdminCmd, uintptr(unsafe.Pointer(&cmd)))
		runtime.KeepAlive(page)
		if errno == unix.EACCES || errno == unix.EPERM {
			return nil, needsAdmin
		}
		if errno != 0 {
			return nil, notOnSystem
		}
		h, err := ParseNVMeSMARTLog(page)
		if err != nil {
			return nil, notOnSystem
		}
		return h, ""
	}
}
