package hwread

import (
	"encoding/binary"
	"fmt"

	"resale/checkreport"
)

// nvmeLogSize is the SMART / Health Information log page (02h): 512 bytes.
const nvmeLogSize = 512

// ParseNVMeSMARTLog reads the fields a buyer cares about from an NVMe
// SMART / Health Information log page (NVMe Base Specification, Get Log
// Page 02h): critical warning (byte 0), available spare (3), percentage
// used (5) and power-on hours (128-143, of which the low 64 bits).
func ParseNVMeSMARTLog(page []byte) (*checkreport.DiskHealth, error) {
	if len(page) != nvmeLogSize {
		return nil, fmt.Errorf("nvme smart log: %d bytes, want %d", len(page), nvmeLogSize)
	}
	if page[3] > 100 {
		return nil, fmt.Errorf("nvme smart log: available spare %d%% is over 100", page[3])
	}
	hours := binary.LittleEndian.Uint64(page[128:136])
	if binary.LittleEndian.Uint64(page[136:144]) != 0 || hours > 1_000_000 {
		return nil, fmt.Errorf("nvme smart log: power-on hours out of range")
	}
	return &checkreport.DiskHealth{
		Source:          "nvme-smart-log",
		CriticalWarning: int(page[0]),
		AvailableSpare:  int(page[3]),
		PercentUsed:     int(page[5]),
		PowerOnHours:    int64(hours),
	}, nil
}
