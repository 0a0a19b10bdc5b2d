package laptopwords

import (
	"strconv"
	"strings"
)

// nvidiaNumbers are the GeForce cards a shop writes without "RTX" ("with
// 3050TI 4GB graphics").
var nvidiaNumbers = map[string]bool{
	"1650": true, "1660": true, "2050": true, "2060": true, "2070": true, "2080": true,
	"3050": true, "3060": true, "3070": true, "3080": true, "4050": true, "4060": true,
	"4070": true, "4080": true, "4090": true,
}

// mxNumbers are NVIDIA's MX cards (not Walton's MX311G laptop).
var mxNumbers = map[string]bool{
	"110": true, "130": true, "150": true, "230": true, "250": true, "330": true,
	"350": true, "450": true, "550": true, "570": true,
}

// matchGPU reads a graphics card ("RTX 3060", "rtx3050ti", "MX350",
// "RX 6850M", "Arc A370M", "with 3070 TI") and the memory and words that
// follow it ("6GB GDDR6 Graphics").
func (p *parser) matchGPU() bool {
	j := p.i
	for p.alpha(j, "nvidia", "geforce", "amd", "radeon", "intel") && j < p.i+3 {
		j++
	}
	name, end := p.gpuName(j)
	if name == "" {
		return false
	}
	for {
		switch {
		case p.alpha(end, "ti") || (p.alpha(end, "super") && !p.at(end).glued):
			name += map[string]string{"ti": " Ti", "super": " Super"}[p.at(end).text]
			end++
			continue
		case p.alpha(end, "max") && p.alpha(end+1, "q"):
			end += 2
			continue
		}
		break
	}
	end = p.gpuTail(end)
	if p.res.GPU == "" {
		p.res.GPU = name
	}
	p.take(FieldGPU, name, p.i, end)
	p.lastGPU = end
	return true
}

// gpuName reads a card's name at j, and where it ends.
func (p *parser) gpuName(j int) (string, int) {
	n := p.at(j + 1)
	switch {
	case p.alpha(j, "rtx", "gtx") && n.kind == kindNum && len(n.text) == 4 && n.sep != '-':
		if nvidiaNumbers[n.text] {
			return nvidiaPrefix(n.text) + " " + n.text, j + 2
		}
		return strings.ToUpper(p.at(j).text) + " " + n.text, j + 2
	case p.alpha(j, "rtx", "gtx") && n.kind == kindNum && p.alpha(j+2, "gb") && nvidiaNumbers[p.at(j+3).text]:
		return nvidiaPrefix(p.at(j+3).text) + " " + p.at(j+3).text, j + 4 // "RTX 6GB 4050"
	case p.alpha(j, "rtx") && p.alpha(j+1, "a") && p.at(j+2).kind == kindNum && p.at(j+2).glued:
		return "RTX A" + p.at(j+2).text, j + 3
	case p.alpha(j, "mx") && n.kind == kindNum && mxNumbers[n.text] && p.wordEnd(j+1):
		return "MX" + n.text, j + 2
	case p.alpha(j, "rx") && n.kind == kindNum && len(n.text) == 4:
		end, suffix := j+2, ""
		if p.alpha(end, "m", "s", "xt") && p.at(end).glued {
			suffix = strings.ToUpper(p.at(end).text)
			end++
		}
		return "RX " + n.text + suffix, end
	case p.alpha(j, "quadro") && p.at(j+1).kind == kindAlpha && len(p.at(j+1).text) == 1 && p.at(j+2).glued &&
		p.at(j+2).kind == kindNum:
		return "Quadro " + strings.ToUpper(p.at(j+1).text) + p.at(j+2).text, j + 3
	case p.alpha(j, "arc") && p.alpha(j+1, "a") && p.at(j+2).kind == kindNum:
		end := j + 3
		if p.alpha(end, "m") && p.at(end).glued {
			end++
		}
		return "Arc A" + p.at(j+2).text + "M", end
	}
	q := p.at(j)
	if q.kind == kindNum && nvidiaNumbers[q.text] && !q.glued && j == p.i &&
		(p.alpha(j-1, "with") || (p.alpha(j+1, "ti") && p.at(j+1).glued) || p.gpuMemoryAt(j+1)) {
		return nvidiaPrefix(q.text) + " " + q.text, j + 1
	}
	return "", 0
}

// nvidiaPrefix is GTX for a GeForce 16 card, RTX for the later ones.
func nvidiaPrefix(number string) string {
	if strings.HasPrefix(number, "16") {
		return "GTX"
	}
	return "RTX"
}

// gpuMemoryAt tells whether a size at i is a card's memory ("4GB
// GRAPHICS", "8GB GDDR6").
func (p *parser) gpuMemoryAt(i int) bool {
	if p.at(i).kind != kindNum || !p.alpha(i+1, "gb") {
		return false
	}
	return p.alpha(i+2, "graphics", "graphic", "gddr", "vram")
}

// gpuTail takes the card's memory and words after it ("4GB", "GDDR6",
// "Graphics"), but not a size that is RAM or a drive.
func (p *parser) gpuTail(end int) int {
	for k := 0; k < 6; k++ {
		switch {
		case p.at(end).kind == kindNum && p.alpha(end+1, "gb") && p.at(end).num <= 24:
			if kind, _ := p.sizeKind(end + 2); kind != "" && kind != "gpu" {
				return end
			}
			end += 2
		case p.alpha(end, "gddr"):
			end++
			if p.at(end).kind == kindNum && p.at(end).glued {
				end++
			}
		case p.alpha(end, "graphics", "graphic", "vram", "gpu", "laptop") && !p.alpha(end, "laptop"):
			end++
		default:
			return end
		}
	}
	return end
}

// ramSizes are the amounts of RAM a bare "8g" may mean.
var ramSizes = map[string]bool{"2": true, "4": true, "8": true, "12": true, "16": true, "32": true, "64": true}

// Word lists that say what a size is.
var (
	ramWords     = []string{"ram", "memory", "ddr", "lpddr", "unified"}
	storageTypes = map[string]string{"ssd": "SSD", "nvme": "SSD", "hdd": "HDD", "emmc": "eMMC", "sata": ""}
	gpuWords     = []string{"gddr", "graphics", "graphic", "vram", "gpu", "rtx", "gtx", "mx", "rx"}
)

// sizeKind tells what the words from i say a size is: "ram", "gpu", or a
// storage type ("SSD", "HDD", "eMMC", "drive" for a drive of no type),
// and where those words end. "" when they say nothing.
func (p *parser) sizeKind(i int) (string, int) {
	if p.at(i).kind == kindNum && p.alpha(i+1, "mhz") {
		i += 2 // "8GB 3200MHZ RAM"
	}
	if p.alpha(i, "pcie", "m", "nvem") {
		i++
	}
	if p.alpha(i, "gen") && p.at(i+1).kind == kindNum {
		i += 2 // "1TB GEN 4 SSD"
	}
	switch {
	case p.alpha(i, ramWords...):
		end := i + 1
		if p.at(end).kind == kindNum && p.at(end).glued {
			end++ // DDR5
		}
		if p.alpha(end, "x") && p.at(end).glued {
			end++
		}
		if p.alpha(end, "ram", "memory") && !p.alpha(i, "ram", "memory") {
			end++
		}
		return "ram", end
	case p.alpha(i, gpuWords...):
		return "gpu", i
	case p.alpha(i, "storage", "rom"):
		return "drive", i + 1
	}
	if t, ok := storageTypes[p.at(i).text]; ok && p.at(i).kind == kindAlpha {
		end := i + 1
		if p.alpha(i, "nvme", "sata") && p.alpha(end, "ssd") {
			end++
		}
		if t == "" {
			t = "drive"
		}
		return t, end
	}
	return "", i
}

// matchSize reads a size ("8GB RAM", "৮ জিবি", "512ssd", "1TB HDD",
// "RAM 8GB", "SSD 512") and keeps it as RAM, a drive, or a card's memory.
func (p *parser) matchSize() bool {
	i := p.i
	if p.alpha(i, "ram", "memory", "ssd", "hdd") && p.at(i+1).kind == kindNum {
		return p.matchSizeAfterWord()
	}
	gb, end := p.sizeAt(i)
	if gb == 0 {
		return false
	}
	kind, wordsEnd := p.sizeKind(end)
	if kind == "" && wordsEnd == end {
		if _, ok := storageTypes[p.at(end-1).text]; ok && p.at(end-1).kind == kindAlpha {
			kind, wordsEnd = storageTypes[p.at(end-1).text], end // "512ssd"
		}
	}
	return p.keepSize(gb, kind, i, wordsEnd)
}

// matchSizeAfterWord reads "RAM 8GB", "SSD 512GB", "ssd 512".
func (p *parser) matchSizeAfterWord() bool {
	word := p.at(p.i).text
	gb, end := p.sizeAt(p.i + 1)
	if gb == 0 {
		n := p.at(p.i + 1)
		if word == "ram" || word == "memory" || n.num < 32 || strings.Contains(n.text, ".") || !p.wordEnd(p.i+1) {
			return false
		}
		gb, end = int(n.num), p.i+2
	}
	kind := storageTypes[word]
	if word == "ram" || word == "memory" {
		if gb > 64 {
			return false
		}
		kind = "ram"
	}
	return p.keepSize(gb, kind, p.i, end)
}

// sizeAt reads a whole number and its unit at i ("8GB", "1 TB", "512ssd"
// without a unit answers the number and ends at the number): GB, or 0.
func (p *parser) sizeAt(i int) (int, int) {
	q := p.at(i)
	if q.kind != kindNum || (q.glued && p.at(i-1).kind == kindAlpha) || strings.Contains(q.text, ".") ||
		q.num < 1 || q.num > 16000 || (q.sep == '-' && i > 0) {
		return 0, i
	}
	u := p.at(i + 1)
	switch {
	case p.alpha(i+1, "gb", "gig", "gigs") && (u.glued || u.sep == ' '):
		return int(q.num), i + 2
	case p.alpha(i+1, "g") && u.glued && p.wordEnd(i+1) && (ramSizes[q.text] || p.alpha(i+2, "ssd", "hdd", "ram")): // "8g", not "G8"
		return int(q.num), i + 2
	case p.alpha(i+1, "tb") && (u.glued || u.sep == ' ') && q.num <= 16:
		return int(q.num) * 1000, i + 2
	case u.kind == kindAlpha && storageTypes[u.text] != "" && (u.glued || u.sep == ' ') && q.num >= 32:
		return int(q.num), i + 2
	}
	return 0, i
}

// keepSize records a size of the kind its words say, or, with no words,
// of the kind its place and amount say.
func (p *parser) keepSize(gb int, kind string, from, to int) bool {
	if kind == "" {
		switch {
		case p.lastGPU == from && from > 0:
			kind = "gpu"
		case gb >= 128:
			kind = "drive"
		case gb <= 64 && p.res.RAMGb == 0:
			kind = "ram"
		default:
			return false
		}
	}
	if kind == "ram" && gb >= 128 {
		kind = "drive" // "8GB RAM 512GB RAM"
	}
	switch kind {
	case "gpu":
		p.take(FieldGPU, "", from, to)
		return true
	case "ram":
		if gb > 128 {
			return false
		}
		if p.res.RAMGb == 0 {
			p.res.RAMGb = gb
		}
		p.take(FieldRAM, strconv.Itoa(gb), from, to)
		return true
	}
	return p.keepDrive(gb, kind, from, to)
}

// keepDrive records a drive: the first named, or an SSD named after a
// hard disk ("1TB HDD & 256GB SSD" is a 256 GB SSD and a disk).
func (p *parser) keepDrive(gb int, kind string, from, to int) bool {
	if kind == "drive" {
		kind = ""
	}
	if p.res.StorageGb == 0 || (kind == "SSD" && p.res.StorageType == "HDD") {
		p.res.StorageGb, p.res.StorageType = gb, kind
	}
	value := strconv.Itoa(gb)
	if kind != "" {
		value += " " + kind
	}
	p.take(FieldStorage, value, from, to)
	return true
}
