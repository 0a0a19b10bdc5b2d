package demo

import "testing"

// The demo laptops' specs read from their words, as a seller would say them.
func TestSpecsReadFromTheDemoLaptops(t *testing.T) {
	t.Parallel()
	s := specsOf(model{"WALTON", "Walton Tamarind EX510 Core i5 10th Gen", 38500, 62000, "2", "8 GB RAM, 512 GB SSD, 15.6 inch Full HD. Battery gives about 4 hours."}, 0)
	if s.Processor != "Core i5 10th Gen" || *s.RAMGB != 8 || *s.StorageGB != 512 || s.StorageType != "SSD" || *s.ScreenInches != 15.6 {
		t.Errorf("Walton: %+v", s)
	}
	mac := specsOf(model{"APPLE", "MacBook Air M2 2022 Midnight 8/512", 118000, 175000, "1", "Battery health 96%, with original box and charger."}, 1)
	if mac.Processor != "Apple M2" || *mac.RAMGB != 8 || *mac.StorageGB != 512 || *mac.BatteryHealth != 96 {
		t.Errorf("MacBook: %+v", mac)
	}
	tb := specsOf(model{"ASUS", "ASUS TUF Dash F15 RTX 3070", 118000, 185000, "1", "Core i7 12650H, 16 GB RAM, 1 TB SSD."}, 2)
	if tb.GPU != "RTX 3070" || *tb.StorageGB != 1024 || *tb.RAMGB != 16 {
		t.Errorf("TUF: %+v", tb)
	}
	// every demo laptop's specs are within what the API accepts
	for i, m := range models {
		s := specsOf(m, i)
		if s.RAMGB != nil && (*s.RAMGB < 1 || *s.RAMGB > 128) || s.StorageGB != nil && (*s.StorageGB < 16 || *s.StorageGB > 8192) ||
			s.ScreenInches != nil && (*s.ScreenInches < 10 || *s.ScreenInches > 18.4) || s.BatteryHealth != nil && *s.BatteryHealth > 100 ||
			s.WarrantyMonths != nil && *s.WarrantyMonths > 36 || len(s.Processor) > 100 {
			t.Errorf("%s: %+v", m.name, s)
		}
	}
}
