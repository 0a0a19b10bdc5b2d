package laptopwords

import (
	"strconv"
	"strings"
)

// displayWords follow a screen's size written without "inch" ("15.6 FHD").
var displayWords = []string{"fhd", "hd", "full", "display", "ips", "oled", "qhd", "uhd", "wuxga",
	"wqxga", "wqhd", "touch", "led", "retina", "screen", "lcd"}

// matchScreen reads a screen's size: `15.6"`, "15.6 inch", "14-Inch",
// "13.5INCH", "১৫.৬ ইঞ্চি", or a decimal before display words ("15.6 FHD").
// A number inside a model ("15-EG2117TU", "X1402ZA") is no screen.
func (p *parser) matchScreen() bool {
	q := p.at(p.i)
	if q.kind != kindNum || q.num < 10 || q.num > 18.5 || !p.wordStart(p.i) {
		return false
	}
	n := p.at(p.i + 1)
	end, sure := p.i, true
	switch {
	case n.kind == kindQuote && (n.glued || n.sep == ' '):
		end = p.i + 2
	case p.alpha(p.i+1, "inch", "inches", "in") && (n.glued || n.sep == ' ' || n.sep == '-'):
		end = p.i + 2
	case !n.glued && n.sep == ' ' && (p.alpha(p.i+1, displayWords...) || p.resolutionAt(p.i+1)):
		end, sure = p.i+1, false
	default:
		return false
	}
	if p.res.ScreenInches == 0 || (sure && !p.screenSure) {
		p.res.ScreenInches, p.screenSure = q.num, sure
	}
	p.take(FieldScreen, strconv.FormatFloat(q.num, 'f', -1, 64), p.i, end)
	return true
}

// resolutionAt tells whether a screen's resolution is written at i
// ("4K", "2.8K").
func (p *parser) resolutionAt(i int) bool {
	return p.at(i).kind == kindNum && p.alpha(i+1, "k") && p.at(i+1).glued
}

// brands are the makers' names; subBrands are their ranges, which name
// the maker when the maker's own name is not written.
var (
	brands = map[string]string{
		"hp": "HP", "dell": "Dell", "lenovo": "Lenovo", "asus": "Asus", "acer": "Acer", "apple": "Apple",
		"msi": "MSI", "gigabyte": "Gigabyte", "samsung": "Samsung", "huawei": "Huawei", "xiaomi": "Xiaomi",
		"microsoft": "Microsoft", "toshiba": "Toshiba", "fujitsu": "Fujitsu", "walton": "Walton",
		"chuwi": "Chuwi", "infinix": "Infinix", "avita": "AVITA", "realme": "Realme", "honor": "Honor",
		"lg": "LG", "razer": "Razer", "thunderobot": "Thunderobot", "tecno": "Tecno", "vaio": "VAIO",
		"dynabook": "Dynabook", "teclast": "Teclast", "machenike": "Machenike", "alienware": "Alienware",
	}
	subBrands = map[string]string{
		"macbook": "Apple", "thinkpad": "Lenovo", "ideapad": "Lenovo", "thinkbook": "Lenovo", "legion": "Lenovo",
		"yoga": "Lenovo", "vivobook": "Asus", "zenbook": "Asus", "expertbook": "Asus", "rog": "Asus",
		"tuf": "Asus", "pavilion": "HP", "probook": "HP", "elitebook": "HP", "victus": "HP", "omen": "HP",
		"envy": "HP", "spectre": "HP", "inspiron": "Dell", "latitude": "Dell", "vostro": "Dell", "xps": "Dell",
		"aspire": "Acer", "nitro": "Acer", "predator": "Acer", "travelmate": "Acer", "extensa": "Acer",
		"surface": "Microsoft", "redmibook": "Xiaomi", "aorus": "Gigabyte", "matebook": "Huawei",
		"inbook": "Infinix", "liber": "AVITA",
	}
)

// matchBrand reads a maker's name, or a range's for want of one. It takes
// no term: a brand stays text in a search.
func (p *parser) matchBrand() bool {
	q := p.at(p.i)
	if q.kind != kindAlpha || !p.wordStart(p.i) || !p.wordEnd(p.i) {
		return false
	}
	if b, ok := brands[q.text]; ok && !p.brandSure {
		p.res.Brand, p.brandSure = b, true
	} else if b, ok := subBrands[q.text]; ok && p.res.Brand == "" {
		p.res.Brand = b
	}
	return false
}

// finish fills what the pieces tell together: a processor named without
// its model is named with its generation.
func (p *parser) finish() {
	r := &p.res
	if r.CPUGeneration != 0 && strings.HasPrefix(r.CPUFamily, "Core i") && !strings.Contains(r.Processor, "-") {
		r.Processor += " " + ordinal(r.CPUGeneration) + " Gen"
	}
}

// ordinal is n as "12th", "1st", "2nd", "3rd".
func ordinal(n int) string {
	s := strconv.Itoa(n)
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return s + "th"
	case n%10 == 1:
		return s + "st"
	case n%10 == 2:
		return s + "nd"
	case n%10 == 3:
		return s + "rd"
	}
	return s + "th"
}
