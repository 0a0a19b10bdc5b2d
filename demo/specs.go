package demo

import (
	"regexp"
	"strconv"
	"strings"

	"resale/store"
)

var (
	ramIn     = regexp.MustCompile(`(\d+) ?GB RAM|(\d+)/\d+`)
	storageIn = regexp.MustCompile(`(\d+) ?(GB|TB) SSD|\d+/(\d+)`)
	screenIn  = regexp.MustCompile(`(\d+(?:\.\d)?) ?inch`)
	batteryIn = regexp.MustCompile(`[Bb]attery(?: health)? (\d+)%`)
	cpuIn     = regexp.MustCompile(`Core i[3579](?: \d+(?:th|st|nd|rd) Gen)?|Ryzen [3579](?: \d{4}[A-Z]*)?|M[123](?: Pro)?|Celeron(?: N\d+)?|Pentium Silver|Pentium`)
	gpuIn     = regexp.MustCompile(`RTX \d{4}|Radeon Pro \d+M`)
)

// specsOf reads a demo laptop's specs from its name and description, as a
// seller would fill them, and makes up the rest plausibly (from i, so a
// seed is the same every time): most say their battery's health and
// whether the charger comes with it.
func specsOf(m model, i int) store.Specs {
	text := m.name + ". " + m.details
	var s store.Specs
	s.Processor = cpuIn.FindString(text)
	if strings.HasPrefix(s.Processor, "M") {
		s.Processor = "Apple " + s.Processor
	}
	if g := ramIn.FindStringSubmatch(text); g != nil {
		s.RAMGB = num(g[1] + g[2])
	} else if i%3 != 2 {
		s.RAMGB = num([]string{"8", "4", "16"}[i%3])
	}
	if g := storageIn.FindStringSubmatch(text); g != nil {
		gb := g[1] + g[3]
		if g[2] == "TB" {
			gb = strconv.Itoa(atoi(gb) * 1024)
		}
		s.StorageGB, s.StorageType = num(gb), "SSD"
	} else if i%4 == 1 {
		s.StorageGB, s.StorageType = num("1024"), "HDD"
	}
	if g := screenIn.FindStringSubmatch(text); g != nil {
		v, _ := strconv.ParseFloat(g[1], 32)
		f := float32(v)
		s.ScreenInches = &f
	} else if strings.Contains(m.name, " 15") || strings.Contains(text, "15.6") {
		f := float32(15.6)
		s.ScreenInches = &f
	} else if strings.Contains(m.name, " 14") {
		f := float32(14)
		s.ScreenInches = &f
	}
	s.GPU = gpuIn.FindString(text)
	if g := batteryIn.FindStringSubmatch(text); g != nil {
		s.BatteryHealth = num(g[1])
	} else if i%5 != 4 {
		s.BatteryHealth = num(strconv.Itoa(72 + (i*7)%27))
	}
	if i%6 != 5 {
		charger := i%7 != 3
		s.Charger = &charger
	}
	if strings.Contains(strings.ToLower(text), "warranty") {
		s.WarrantyMonths = num(strconv.Itoa(1 + i%9))
	}
	return s
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func num(s string) *int32 {
	n := int32(atoi(s))
	return &n
}
