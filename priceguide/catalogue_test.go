package priceguide

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestReadRowsRefuses names each bad line of a catalogue and reads none.
func TestReadRowsRefuses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, data string
		line       int
		says       string
	}{
		{"empty", "", 0, "empty"},
		{"binary", "title,price_tk\n\x00\x01\x02,5000\n", 0, "not text"},
		{"latin-1", "title,price_tk\nAcer \xe9,50000\n", 0, "not text"},
		{"no price column", "title,price\nHP 250,50000\n", 1, "title and price_tk"},
		{"column twice", "title,price_tk,Title\nHP,5000,HP\n", 1, "twice"},
		{"header only", "title,price_tk\n", 0, "no laptops"},
		{"negative", "title,price_tk\nHP 250 G8,-5000\n", 2, "price_tk: must be whole Tk"},
		{"too cheap", "title,price_tk\nHP 250 G8,45\n", 2, "price_tk: must be whole Tk"},
		{"too dear", "title,price_tk\nHP 250 G8,99999999\n", 2, "price_tk: must be whole Tk"},
		{"decimal", "title,price_tk\nHP 250 G8,45000.50\n", 2, "price_tk: must be whole Tk"},
		{"no title", "title,price_tk\n  ,45000\n", 2, "title: is required"},
		{"formula", "title,price_tk\n\"=HYPERLINK(\"\"x\"\")\",45000\n", 2, "formula"},
		{"bare quote", "title,price_tk\nHP 15\" FHD,45000\n", 2, "double quote"},
		{"field count", "title,price_tk\nHP 250,45000,extra\n", 2, "3 fields"},
		{"two lines", "title,price_tk\n\"HP\n250\",45000\n", 2, "one line"},
		{"direction", "title,price_tk\nHP \u202e052,45000\n", 2, "direction-changing"},
		{"same title", "title,price_tk\nHP 250 G8,45000\nhp  250 g8,46000\n", 3, "same laptop as line 2"},
		{"long title", "title,price_tk\n" + strings.Repeat("x", 301) + ",45000\n", 2, "at most 300"},
	}
	for _, c := range cases {
		rows, err := ReadRows([]byte(c.data))
		var bad *BadCatalogue
		if !errors.As(err, &bad) || rows != nil {
			t.Errorf("%s: read %d rows, err %v", c.name, len(rows), err)
			continue
		}
		if l := bad.Lines[0]; l.Line != c.line || !strings.Contains(l.Message, c.says) {
			t.Errorf("%s: first bad line %+v, want line %d saying %q", c.name, l, c.line, c.says)
		}
	}
}

// TestReadRowsCounts names the first MaxBadLines bad lines and counts them
// all, and refuses more than MaxRows laptops.
func TestReadRowsCounts(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("title,price_tk\n")
	for range 30 {
		b.WriteString("HP,-1\n")
	}
	_, err := ReadRows([]byte(b.String()))
	var bad *BadCatalogue
	if !errors.As(err, &bad) || bad.Total != 30 || len(bad.Lines) != MaxBadLines || bad.Lines[19].Line != 21 {
		t.Fatalf("err %#v", err)
	}
	b.Reset()
	b.WriteString("title,price_tk\n")
	for i := range MaxRows + 1 {
		b.WriteString("HP " + strconv.Itoa(i) + ",50000\n")
	}
	if _, err := ReadRows([]byte(b.String())); !errors.As(err, &bad) || !strings.Contains(bad.Error(), "more than 20000") {
		t.Fatalf("%d laptops: err %v", MaxRows+1, err)
	}
}

// TestReadRowsTakes reads what a spreadsheet writes: a byte order mark,
// CRLF, columns in another order and unknown ones, blank records, Bangla
// digits and commas, Tk, an empty or 0 price.
func TestReadRowsTakes(t *testing.T) {
	t.Parallel()
	data := "\uFEFFPrice_TK,sku,Title,brand\r\n" +
		"\"45,000\",A1,HP 250 G8,HP\r\n" +
		",,,\r\n" +
		"\"৳ ১,২০,০০০\",A2,\"Asus \"\"TUF\"\" F15\",Asus\r\n" +
		",A3,Dell out of stock,Dell\r\n" +
		"0,A4,Acer zero,Acer\r\n"
	rows, err := ReadRows([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{Line: 2, Title: "HP 250 G8", Brand: "HP", Price: 45000}, {Line: 4, Title: `Asus "TUF" F15`, Brand: "Asus", Price: 120000},
		{Line: 5, Title: "Dell out of stock", Brand: "Dell"}, {Line: 6, Title: "Acer zero", Brand: "Acer"}}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v", rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], want[i])
		}
	}
}

// TestShippedRoundTrip: the shipped catalogue reads strictly, written out
// reads back the same, and extending it overrides a title it has.
func TestShippedRoundTrip(t *testing.T) {
	t.Parallel()
	rows := ShippedRows()
	if len(rows) != 657 || FromRows(rows).Len() != Default().Len() {
		t.Fatalf("%d shipped rows, %d priced; want 657 and %d", len(rows), FromRows(rows).Len(), Default().Len())
	}
	var buf bytes.Buffer
	if err := WriteRows(&buf, rows); err != nil {
		t.Fatal(err)
	}
	again, err := ReadRows(buf.Bytes())
	if err != nil || len(again) != len(rows) {
		t.Fatalf("read back %d rows, %v", len(again), err)
	}
	for i := range rows {
		if a, b := again[i], rows[i]; a.Title != b.Title || a.Price != b.Price || a.Weight != b.Weight || a.Processor != b.Processor {
			t.Fatalf("row %d: %+v, want %+v", i, a, b)
		}
	}
	more := []Row{{Title: "  " + strings.ToUpper(rows[0].Title), Price: 1234567}, {Title: "Zorvex Aero 14", Price: 70000}}
	ext := Extend(rows, more)
	if len(ext) != len(rows)+1 || ext[len(ext)-2].Price != 1234567 {
		t.Fatalf("extended to %d rows, want %d with the first one's price changed", len(ext), len(rows)+1)
	}
}
