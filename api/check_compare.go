package api

import (
	"crypto/hmac"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"resale/checkreport"
	"resale/store"
)

// specCheckJSON is one spec of a listing against its report: confirms or
// contradicts.
type specCheckJSON struct {
	Spec    string `json:"spec"`
	Listed  string `json:"listed"`
	Checked string `json:"checked"`
	Status  string `json:"status"`
}

// The statuses of a spec against the report.
const (
	specConfirms    = "confirms"
	specContradicts = "contradicts"
)

func specRow(spec, listed, checked string, ok bool) specCheckJSON {
	st := specConfirms
	if !ok {
		st = specContradicts
	}
	return specCheckJSON{Spec: spec, Listed: listed, Checked: checked, Status: st}
}

// within tells whether got is within 10% of want: installed memory and a
// disk's size are said in round numbers (a "1 TB" disk is 1000 GB, "1024"
// on a listing).
func within(got, want int64) bool {
	return got*10 >= want*9 && got*10 <= want*11
}

// compareSpecs sets each spec the listing states against what the report
// read: processor, memory, storage size and type, battery health. A spec
// the report could not read or the listing does not state gets no row.
func compareSpecs(sp store.Specs, r checkreport.Report) []specCheckJSON {
	out := []specCheckJSON{}
	if sp.Processor != "" && r.CPU != nil {
		out = append(out, specRow("processor", sp.Processor, r.CPU.Model, processorMatches(sp.Processor, r.CPU.Model)))
	}
	if sp.RAMGB != nil && r.Memory != nil {
		gb := (r.Memory.TotalBytes + 1<<29) >> 30
		out = append(out, specRow("ramGb", strconv.Itoa(int(*sp.RAMGB)), strconv.FormatInt(gb, 10), within(gb, int64(*sp.RAMGB))))
	}
	if len(r.Disks) > 0 {
		out = append(out, compareStorage(sp, r.Disks)...)
	}
	if sp.BatteryHealth != nil && len(r.Batteries) > 0 {
		h := r.Batteries[0].HealthPercent()
		out = append(out, specRow("batteryHealth", strconv.Itoa(int(*sp.BatteryHealth)), strconv.Itoa(h), h >= int(*sp.BatteryHealth)-5))
	}
	return out
}

// compareStorage: the size matches the disks' total or any one disk; the
// type matches any disk (an NVMe disk is an SSD).
func compareStorage(sp store.Specs, disks []checkreport.Disk) []specCheckJSON {
	var out []specCheckJSON
	if sp.StorageGB != nil {
		var total int64
		ok := false
		for _, d := range disks {
			total += d.SizeBytes
			ok = ok || within((d.SizeBytes+5e8)/1e9, int64(*sp.StorageGB))
		}
		gb := (total + 5e8) / 1e9
		out = append(out, specRow("storageGb", strconv.Itoa(int(*sp.StorageGB)), strconv.FormatInt(gb, 10), ok || within(gb, int64(*sp.StorageGB))))
	}
	var kinds []string
	for _, d := range disks {
		switch d.Type {
		case checkreport.DiskNVMe, checkreport.DiskSSD:
			kinds = append(kinds, "SSD")
		case checkreport.DiskHDD:
			kinds = append(kinds, "HDD")
		}
	}
	if sp.StorageType != "" && len(kinds) > 0 {
		slices.Sort(kinds)
		kinds = slices.Compact(kinds)
		out = append(out, specRow("storageType", sp.StorageType, strings.Join(kinds, ", "), slices.Contains(kinds, sp.StorageType)))
	}
	return out
}

var (
	clockSpeed = regexp.MustCompile(`(?i)\d+(\.\d+)?\s*ghz`)
	wordSplit  = regexp.MustCompile(`[^a-z0-9]+`)
	// words a listing may add that a processor's own name leaves out
	cpuFiller = map[string]bool{"": true, "intel": true, "amd": true, "processor": true, "cpu": true, "generation": true, "th": true}
)

func cpuWords(s string) []string {
	return wordSplit.Split(strings.ToLower(clockSpeed.ReplaceAllString(s, " ")), -1)
}

// processorMatches: every word of the listing's processor is in the one
// read ("Core i5 11th Gen" in "11th Gen Intel(R) Core(TM) i5-1135G7").
func processorMatches(listed, read string) bool {
	have := cpuWords(read)
	for _, w := range cpuWords(listed) {
		if !cpuFiller[w] && !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// contradicted lists the specs a comparison contradicts.
func contradicted(rows []specCheckJSON) []string {
	out := []string{}
	for _, r := range rows {
		if r.Status == specContradicts {
			out = append(out, r.Spec)
		}
	}
	return out
}

// hardwareDifferences says in words what differs between the listing's
// report and the one at the hand-over: maker, model, processor, memory,
// disks. A part either report could not read is not compared.
func hardwareDifferences(then, now checkreport.Report) []string {
	var out []string
	diff := func(part, a, b string) {
		if a != b {
			out = append(out, fmt.Sprintf("%s: %s then, %s now", part, a, b))
		}
	}
	if then.Maker != nil && now.Maker != nil {
		diff("maker", *then.Maker, *now.Maker)
	}
	if then.Model != nil && now.Model != nil {
		diff("model", *then.Model, *now.Model)
	}
	if then.CPU != nil && now.CPU != nil {
		diff("processor", then.CPU.Model, now.CPU.Model)
	}
	if then.Memory != nil && now.Memory != nil {
		diff("memory", gbText(then.Memory.TotalBytes, 1<<30), gbText(now.Memory.TotalBytes, 1<<30))
	}
	if then.Disks != nil && now.Disks != nil {
		diff("disks", disksText(then.Disks), disksText(now.Disks))
	}
	return out
}

func gbText(n, unit int64) string { return strconv.FormatInt((n+unit/2)/unit, 10) + " GB" }

func disksText(ds []checkreport.Disk) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Model + " " + gbText(d.SizeBytes, 1e9)
	}
	slices.Sort(parts)
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// batteryHealth is the first battery's health %, nil without one.
func batteryHealth(r checkreport.Report) *int32 {
	if len(r.Batteries) == 0 {
		return nil
	}
	h := int32(r.Batteries[0].HealthPercent())
	return &h
}

// compareHandover compares the laptop at the hand-over (now, its serial's
// hash) with the listing's report (nil: none): what the booking keeps.
func compareHandover(listing *store.ListingReport, then *checkStatement, now checkreport.Report, nowHash []byte) store.HandoverCheck {
	var c store.HandoverCheck
	c.BatteryNow = batteryHealth(now)
	if listing == nil || then == nil {
		return c
	}
	c.BatteryBefore = batteryHealth(then.Report)
	if listing.SerialHash != nil && nowHash != nil {
		same := hmac.Equal(listing.SerialHash, nowHash)
		c.SerialMatches = &same
		if !same {
			c.Differences = append(c.Differences, fmt.Sprintf("serial: …%s then, …%s now", listing.SerialLast4, lastOf(now)))
		}
	}
	hw := hardwareDifferences(then.Report, now)
	same := len(hw) == 0
	c.HardwareMatches = &same
	c.Differences = append(c.Differences, hw...)
	return c
}

func lastOf(r checkreport.Report) string {
	if r.Serial == nil {
		return ""
	}
	return last4(normalSerial(*r.Serial))
}

// handoverMessage is the sentence resale-check prints at the hand-over.
func handoverMessage(c store.HandoverCheck, compared bool) string {
	switch {
	case !compared:
		return "The listing was not checked, so there is nothing to compare this laptop with; the check is kept with the booking."
	case c.SerialMatches != nil && !*c.SerialMatches:
		return "This is NOT the laptop that was checked: its serial number is different."
	case c.HardwareMatches != nil && !*c.HardwareMatches:
		return "The hardware changed since the check: " + strings.Join(c.Differences, "; ") + "."
	case c.SerialMatches == nil:
		return "The hardware is the same as at the check, but the serial number could not be compared (run resale-check with sudo)."
	}
	msg := "This is the laptop that was checked"
	if c.BatteryBefore != nil && c.BatteryNow != nil {
		switch d := *c.BatteryBefore - *c.BatteryNow; {
		case d > 0:
			return fmt.Sprintf("%s; its battery lost %d%% since.", msg, d)
		default:
			return msg + "; its battery is as it was."
		}
	}
	return msg + "."
}
