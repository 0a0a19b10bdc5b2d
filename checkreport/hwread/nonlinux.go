//go:build !linux

package hwread

import (
	"github.com/distatus/battery"

	"resale/checkreport"
)

func platformNVMeHealth(string) func(string) (*checkreport.DiskHealth, string) {
	return func(string) (*checkreport.DiskHealth, string) { return nil, notOnSystem }
}

func serialReason(string) string { return notFound }

// readBatteries asks the system (Windows: the battery class driver;
// macOS: the AppleSmartBattery registry entry) through distatus/battery,
// which gives capacities in mWh but no cycle count.
func readBatteries(string) ([]checkreport.Battery, string) {
	all, err := battery.GetAll()
	if err != nil && len(all) == 0 {
		return nil, notOnSystem
	}
	out := []checkreport.Battery{}
	for _, b := range all {
		if b == nil || b.Design <= 0 {
			continue
		}
		out = append(out, checkreport.Battery{
			Unit:               checkreport.UnitMWh,
			DesignCapacity:     int64(b.Design),
			FullChargeCapacity: int64(b.Full),
		})
	}
	if len(all) > 0 && len(out) == 0 {
		return nil, "the battery does not give its capacity"
	}
	return out, ""
}
