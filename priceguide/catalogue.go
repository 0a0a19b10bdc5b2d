package priceguide

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Row is one laptop of a catalogue in the shape of reference.csv, every
// column kept: what an admin uploads (#39) and downloads again.
type Row struct {
	Line                                                      int // the line its record starts on; the header is line 1
	Title, Brand, Model, Processor, RAM, Graphics, OS, Weight string
	Price                                                     int // whole Tk; 0 is none (out of stock: kept, not priced from)
}

// Columns are a catalogue's columns, in the order reference.csv has them
// and a downloaded catalogue is written in.
var Columns = []string{"title", "brand", "model", "processor", "ram", "graphics", "os", "weight", "price_tk"}

// The limits of a catalogue read by ReadRows.
const (
	MaxRows      = 20000    // laptops
	MinPrice     = 1000     // Tk: below it, a price is a slip (in thousands, say)
	MaxPrice     = 10000000 // Tk
	MaxTitle     = 300      // characters
	MaxText      = 1000     // characters of the other columns
	MaxBadLines  = 20       // bad lines named in a refusal
	maxPriceText = 40
)

// BadCatalogue is why a catalogue is refused: its first MaxBadLines bad
// lines in order, and how many there are in all. A problem of the whole
// file (empty, not text, too long) is Line 0.
type BadCatalogue struct {
	Lines []LineError
	Total int
}

// LineError is one bad line and what is wrong with it.
type LineError struct {
	Line    int
	Message string
}

func (e *BadCatalogue) Error() string {
	if len(e.Lines) == 0 {
		return "the catalogue is not valid"
	}
	l := e.Lines[0]
	if l.Line == 0 {
		return l.Message
	}
	return fmt.Sprintf("line %d: %s (%d bad lines)", l.Line, l.Message, e.Total)
}

// add records a bad line, keeping the first MaxBadLines.
func (e *BadCatalogue) add(line int, format string, args ...any) {
	e.Total++
	if len(e.Lines) < MaxBadLines {
		e.Lines = append(e.Lines, LineError{Line: line, Message: fmt.Sprintf(format, args...)})
	}
}

// fileError is a refusal of the whole file.
func fileError(msg string) *BadCatalogue {
	return &BadCatalogue{Lines: []LineError{{Message: msg}}, Total: 1}
}

// ReadRows reads a catalogue in the shape of reference.csv strictly: a
// header naming title and price_tk (the other columns optional, in any
// order; columns it does not know are left out), then one laptop a
// record. Every line is checked, and any bad line refuses the whole file
// with a *BadCatalogue naming them; a spreadsheet's byte order mark, CRLF
// line ends, blank records, Bangla digits and thousands commas in prices
// are taken.
func ReadRows(data []byte) ([]Row, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return nil, fileError("the file is empty")
	case bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data):
		return nil, fileError("the file is not text: save the catalogue as CSV (UTF-8)")
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, &BadCatalogue{Lines: []LineError{{Line: 1, Message: csvMessage(err)}}, Total: 1}
	}
	cols, msg := readHeader(head)
	if msg != "" {
		return nil, &BadCatalogue{Lines: []LineError{{Line: 1, Message: msg}}, Total: 1}
	}
	return readRecords(cr, cols, len(head))
}

// readHeader maps each known column to its place in the header (-1 when
// absent), or says what is wrong with it.
func readHeader(head []string) (map[string]int, string) {
	cols := map[string]int{}
	for _, c := range Columns {
		cols[c] = -1
	}
	for i, h := range head {
		name := strings.ToLower(strings.TrimSpace(h))
		at, known := cols[name]
		switch {
		case !known:
			continue
		case at >= 0:
			return nil, fmt.Sprintf("the header names %s twice", name)
		}
		cols[name] = i
	}
	if cols["title"] < 0 || cols["price_tk"] < 0 {
		return nil, "the header must name the columns title and price_tk (the columns are " + strings.Join(Columns, ", ") + ")"
	}
	return cols, ""
}

// readRecords reads the records after the header, collecting every bad line.
func readRecords(cr *csv.Reader, cols map[string]int, width int) ([]Row, error) {
	var rows []Row
	bad := &BadCatalogue{}
	titles := map[string]int{} // a title, folded, to the line naming it first
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			bad.add(pe.StartLine, "%s", csvMessage(err))
			continue
		} else if err != nil {
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if blank(rec) {
			continue
		}
		if len(rows) == MaxRows {
			return nil, fileError(fmt.Sprintf("the file has more than %d laptops", MaxRows))
		}
		if len(rec) != width {
			bad.add(line, "has %d fields where the header has %d", len(rec), width)
			continue
		}
		r, msg := readRow(rec, cols)
		if msg == "" {
			key := strings.Join(strings.Fields(strings.ToLower(r.Title)), " ")
			if first, ok := titles[key]; ok {
				msg = fmt.Sprintf("title: the same laptop as line %d", first)
			}
			titles[key] = line
		}
		if msg != "" {
			bad.add(line, "%s", msg)
			continue
		}
		r.Line = line
		rows = append(rows, r)
	}
	switch {
	case bad.Total > 0:
		return nil, bad
	case len(rows) == 0:
		return nil, fileError("the file has no laptops after its header")
	}
	return rows, nil
}

// blank is a record of empty fields only (a spreadsheet's empty row).
func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// csvMessage says what a CSV reading error means, in the file's terms.
func csvMessage(err error) string {
	switch {
	case errors.Is(err, csv.ErrBareQuote):
		return `a double quote inside a field that does not start with one: put the field in double quotes and write each quote in it twice ("")`
	case errors.Is(err, csv.ErrQuote):
		return "a field in double quotes does not end where it should: a closing double quote is missing, or a quote in it is not written twice"
	}
	return "cannot be read as CSV"
}

// readRow checks one record's fields, naming the first bad one.
func readRow(rec []string, cols map[string]int) (Row, string) {
	field := func(name string) string {
		if i := cols[name]; i >= 0 {
			return strings.TrimSpace(unseen(rec[i]))
		}
		return ""
	}
	r := Row{Title: field("title"), Brand: field("brand"), Model: field("model"), Processor: field("processor"),
		RAM: field("ram"), Graphics: field("graphics"), OS: field("os"), Weight: field("weight")}
	texts := []*string{&r.Title, &r.Brand, &r.Model, &r.Processor, &r.RAM, &r.Graphics, &r.OS, &r.Weight}
	for i, p := range texts {
		if msg := checkText(*p, i == 0); msg != "" {
			return r, Columns[i] + ": " + msg
		}
	}
	p, msg := readPrice(field("price_tk"))
	if msg != "" {
		return r, "price_tk: " + msg
	}
	r.Price = p
	return r, ""
}

// checkText checks one text field: the title must be there and at most
// MaxTitle characters, the others at most MaxText; none may hold control
// characters, nor start as a spreadsheet formula does (a downloaded
// catalogue is opened in one).
func checkText(s string, title bool) string {
	limit := MaxText
	if title {
		limit = MaxTitle
	}
	switch {
	case title && s == "":
		return "is required"
	case utf8.RuneCountInString(s) > limit:
		return fmt.Sprintf("must be at most %d characters", limit)
	case strings.IndexFunc(s, hidden) >= 0:
		return "must be one line of text, without control or direction-changing characters"
	case s != "" && strings.ContainsRune("=+-@", rune(s[0])):
		return "must not start with =, +, - or @ (a spreadsheet would take it for a formula)"
	}
	return ""
}

// hidden is a character a text of the catalogue may not hold: a control
// character, a line separator, or one that changes the direction of the
// text after it.
func hidden(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

// unseen drops the invisible characters text copied from a web page
// brings (a zero-width space, a soft hyphen: the shipped catalogue has
// both), keeping the joiners Bangla writes with; direction changes are
// left for hidden to refuse.
func unseen(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d' && !unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, s)
}

// readPrice reads a price in whole Tk: ASCII or Bangla digits, commas
// between them taken as a thousands separator, an optional Tk or ৳ before
// them; empty or 0 is no price.
func readPrice(s string) (int, string) {
	const want = "must be whole Tk from 1000 to 10000000, or empty for a laptop without a price"
	if len(s) > maxPriceText {
		return 0, want
	}
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "৳"), "Tk"), "TK"))
	if s == "" {
		return 0, ""
	}
	var b strings.Builder
	for i, c := range s {
		switch {
		case c >= '0' && c <= '9':
			b.WriteRune(c)
		case c >= '০' && c <= '৯':
			b.WriteRune('0' + (c - '০'))
		case c == ',' && i > 0 && i < len(s)-1:
		default:
			return 0, want
		}
	}
	n, err := strconv.Atoi(b.String())
	switch {
	case err != nil:
		return 0, want
	case n == 0:
		return 0, ""
	case n < MinPrice || n > MaxPrice:
		return 0, want
	}
	return n, ""
}

// WriteRows writes rows as a catalogue ReadRows reads back: the header
// (Columns), then one laptop a line.
func WriteRows(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	for _, r := range rows {
		price := ""
		if r.Price > 0 {
			price = strconv.Itoa(r.Price)
		}
		if err := cw.Write([]string{r.Title, r.Brand, r.Model, r.Processor, r.RAM, r.Graphics, r.OS, r.Weight, price}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ShippedRows is the catalogue the binary ships with, every column, read
// once by ReadRows (so what it ships is what an upload may be).
var ShippedRows = sync.OnceValue(func() []Row {
	rows, err := ReadRows([]byte(referenceCSV))
	if err != nil {
		panic("priceguide: the shipped reference.csv does not read: " + err.Error())
	}
	return rows
})

// Extend is the shipped rows base with more added: a laptop of more whose
// title (case and spacing aside) a laptop of base has takes its place.
func Extend(base, more []Row) []Row {
	named := make(map[string]bool, len(more))
	for _, r := range more {
		named[strings.Join(strings.Fields(strings.ToLower(r.Title)), " ")] = true
	}
	out := make([]Row, 0, len(base)+len(more))
	for _, r := range base {
		if !named[strings.Join(strings.Fields(strings.ToLower(r.Title)), " ")] {
			out = append(out, r)
		}
	}
	return append(out, more...)
}

// FromRows is a guide over rows (those without a price left out).
func FromRows(rows []Row) *Guide {
	laptops := make([]Laptop, len(rows))
	for i, r := range rows {
		laptops[i] = Laptop{Title: r.Title, Price: r.Price}
	}
	return New(laptops)
}
