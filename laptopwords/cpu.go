package laptopwords

import (
	"strconv"
	"strings"
)

// cpu is a processor read: its family, its model if written, and the
// generation the model tells.
type cpu struct {
	vendor, family, model string
	generation            int
}

// matchCPU reads a processor from p.i: "Core i5", "corei5", "i5-1235U",
// "Ryzen 7 6800H", "R5", "M2 Pro", "Celeron N4020", "Core Ultra 7 155H",
// with the vendor's name before it if written.
func (p *parser) matchCPU() bool {
	j := p.i
	for p.alpha(j, "intel", "amd", "apple", "evo") && j < p.i+3 {
		j++
	}
	c, end, ok := p.cpuFamily(j)
	if !ok {
		return false
	}
	if p.res.CPUFamily == "" {
		p.res.CPUFamily = c.family
		p.res.Processor = strings.TrimSpace(c.vendor + " " + c.family + c.model)
		if c.generation != 0 && p.res.CPUGeneration == 0 {
			p.res.CPUGeneration = c.generation
		}
	}
	from := p.i
	p.take(FieldCPUFamily, c.family, from, end)
	if c.generation != 0 {
		p.res.Terms = append(p.res.Terms, Term{Field: FieldGeneration, Value: strconv.Itoa(c.generation),
			Start: p.pieces[from].start, End: p.pieces[end-1].end})
	}
	return true
}

// cpuFamily reads the family at j and the model after it.
func (p *parser) cpuFamily(j int) (cpu, int, bool) {
	switch {
	case p.alpha(j, "core") && p.alpha(j+1, "i") && p.at(j+1).sep != '.' && p.coreDigit(j+2, true):
		return p.intelModel(cpu{vendor: "Intel", family: "Core i" + p.at(j+2).text}, j+3)
	case p.alpha(j, "corei") && p.coreDigit(j+1, true):
		return p.intelModel(cpu{vendor: "Intel", family: "Core i" + p.at(j+1).text}, j+2)
	case p.alpha(j, "i") && p.wordStart(j) && p.coreDigit(j+1, true) && p.wordEnd(j+1):
		return p.intelModel(cpu{vendor: "Intel", family: "Core i" + p.at(j+1).text}, j+2)
	case p.alpha(j, "core") && p.alpha(j+1, "ultra") && p.coreDigit(j+2, false):
		return p.intelModel(cpu{vendor: "Intel", family: "Core Ultra " + p.at(j+2).text}, j+3)
	case p.alpha(j, "ryzen") && p.coreDigit(j+1, false):
		return p.amdModel(cpu{vendor: "AMD", family: "Ryzen " + p.at(j+1).text}, j+2)
	case p.alpha(j, "r") && p.wordStart(j) && p.coreDigit(j+1, true) && p.wordEnd(j+1):
		return p.amdModel(cpu{vendor: "AMD", family: "Ryzen " + p.at(j+1).text}, j+2)
	case p.alpha(j, "m") && p.wordStart(j) && p.appleChip(j+1):
		return p.appleModel(j + 1)
	case p.alpha(j, "celeron", "pentium", "athlon", "cdc"):
		return p.budgetModel(j)
	}
	return cpu{}, 0, false
}

// coreDigit tells whether the piece at i is the 3, 5, 7 or 9 of a Core
// or Ryzen family (glued to the word before if must).
func (p *parser) coreDigit(i int, glued bool) bool {
	q := p.at(i)
	if q.kind != kindNum || (glued && !q.glued) || (!glued && q.sep == '-') {
		return false
	}
	return q.text == "3" || q.text == "5" || q.text == "7" || q.text == "9"
}

// appleChip tells whether the piece at i is the digit of an Apple M chip
// (not the 2 of an M.2 drive).
func (p *parser) appleChip(i int) bool {
	q := p.at(i)
	if q.kind != kindNum || !q.glued || len(q.text) != 1 || q.text < "1" || q.text > "4" || !p.wordEnd(i) {
		return false
	}
	return !p.alpha(i+1, "ssd", "nvme", "slot", "sata", "pcie", "key")
}

// modelNumber reads a model number at i: digits, not glued to the word
// before, then letters and digits glued ("1235U", "1165G7", "6800HS").
// It answers the model's text, its digits, and where it ends.
func (p *parser) modelNumber(i int, minDigits, maxDigits int) (string, string, int) {
	q := p.at(i)
	if q.kind != kindNum || q.glued || (q.sep != ' ' && q.sep != '-') ||
		len(q.text) < minDigits || len(q.text) > maxDigits || strings.Contains(q.text, ".") {
		return "", "", i
	}
	text, end := strings.ToUpper(q.text), i+1
	for end < i+4 && p.at(end).glued && p.at(end).kind != kindQuote && len(p.at(end).text) <= 2 {
		text += strings.ToUpper(p.at(end).text)
		end++
	}
	if p.alpha(end-1, "gb", "tb", "mhz", "ghz", "th") || p.at(end).glued {
		return "", "", i
	}
	return text, q.text, end
}

// intelModel reads an Intel model after a family ("-1235U", " 12450H",
// "1165G7", "155H"), its generation from its digits.
func (p *parser) intelModel(c cpu, i int) (cpu, int, bool) {
	text, digits, end := p.modelNumber(i, 3, 5)
	if text == "" {
		return c, i, true
	}
	c.model = "-" + text
	if strings.HasPrefix(c.family, "Core Ultra") {
		c.model = " " + text
	}
	switch {
	case len(digits) == 5:
		c.generation, _ = strconv.Atoi(digits[:2])
	case len(digits) == 4 && digits[0] == '1': // 1235U, 1165G7: the 12th and 11th
		c.generation, _ = strconv.Atoi(digits[:2])
	case len(digits) == 4:
		c.generation = int(digits[0] - '0')
	}
	if p.alpha(end, "gen") && p.at(end+1).kind != kindNum {
		end++
	}
	return c, end, true
}

// amdModel reads a Ryzen model ("5500U", "6800H", "9-5980HS"), its series
// (the thousands) as its generation.
func (p *parser) amdModel(c cpu, i int) (cpu, int, bool) {
	text, digits, end := p.modelNumber(i, 4, 4)
	if text == "" {
		return c, i, true
	}
	c.model = " " + text
	c.generation = int(digits[0] - '0')
	if p.at(end).sep == '/' && p.at(end).kind == kindAlpha && len(p.at(end).text) <= 2 {
		end++ // "4800H/HS"
	}
	return c, end, true
}

// appleModel reads an M chip and its Pro, Max or Ultra.
func (p *parser) appleModel(i int) (cpu, int, bool) {
	c := cpu{family: "Apple M" + p.at(i).text}
	end := i + 1
	if p.alpha(end, "pro", "max", "ultra") && !p.at(end).glued {
		c.model = " " + strings.ToUpper(p.at(end).text[:1]) + p.at(end).text[1:]
		end++
	}
	return c, end, true
}

// budgetModel reads a Celeron, Pentium or Athlon and its model ("N4020",
// "Silver N5030", "Gold 7505", "3050U").
func (p *parser) budgetModel(j int) (cpu, int, bool) {
	word := p.at(j).text
	if word == "cdc" { // Celeron Dual Core
		word = "celeron"
	}
	c := cpu{vendor: "Intel", family: strings.ToUpper(word[:1]) + word[1:]}
	if word == "athlon" {
		c.vendor = "AMD"
	}
	end := j + 1
	if p.alpha(end, "silver", "gold") {
		c.model = " " + strings.ToUpper(p.at(end).text[:1]) + p.at(end).text[1:]
		end++
	}
	if p.alpha(end, "cdc") {
		end++
	}
	if q := p.at(end); q.kind == kindAlpha && len(q.text) == 1 && !q.glued && p.at(end+1).glued &&
		p.at(end+1).kind == kindNum && len(p.at(end+1).text) >= 3 && len(p.at(end+1).text) <= 4 {
		c.model += " " + strings.ToUpper(q.text) + p.at(end+1).text
		end += 2
	} else if text, _, e := p.modelNumber(end, 4, 4); text != "" {
		c.model += " " + text
		end = e
	}
	return c, end, true
}

// matchGeneration reads "12th gen", "12th generation", "১২তম জেনারেশন".
func (p *parser) matchGeneration() bool {
	q := p.at(p.i)
	if q.kind != kindNum || len(q.text) > 2 || q.num < 1 || q.num > 20 || strings.Contains(q.text, ".") ||
		!p.wordStart(p.i) {
		return false
	}
	end := p.i + 1
	if p.alpha(end, "th", "st", "nd", "rd") && p.at(end).glued {
		end++
	} else if q.num < 6 { // "12 gen", but not a "2 gen" of something else
		return false
	}
	if !p.alpha(end, "gen", "generation") {
		if end == p.i+1 || q.num < 6 || q.num > 14 || p.alpha(end, "gb", "tb") {
			return false
		}
		end-- // "Core i5 12th 8GB"
	}
	g := int(q.num)
	if p.res.CPUGeneration == 0 {
		p.res.CPUGeneration = g
	}
	p.take(FieldGeneration, strconv.Itoa(g), p.i, end+1)
	return true
}
