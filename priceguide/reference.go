package priceguide

import (
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// referenceCSV is the catalogue the binary ships with: 657 laptops a
// Bangladeshi retailer listed new (about 2023), 416 of them with a price;
// see reference.md for its source.
//
//go:embed reference.csv
var referenceCSV string

// Default is the guide over the shipped catalogue, read on first use.
var Default = sync.OnceValue(func() *Guide {
	laptops, err := ReadCSV(strings.NewReader(referenceCSV))
	if err != nil {
		panic("priceguide: the shipped reference.csv does not read: " + err.Error())
	}
	return New(laptops)
})

// ReadCSV reads a catalogue in the shape of reference.csv: a header
// naming at least `title` and `price_tk`, then one laptop a line (a price
// in whole Tk, or empty or 0 when the laptop has none).
func ReadCSV(r io.Reader) ([]Laptop, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading the header: %w", err)
	}
	ti, pi := -1, -1
	for i, h := range head {
		switch strings.TrimSpace(strings.ToLower(h)) {
		case "title":
			ti = i
		case "price_tk":
			pi = i
		}
	}
	if ti < 0 || pi < 0 {
		return nil, errors.New("the header must name title and price_tk")
	}
	var out []Laptop
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec) <= max(ti, pi) {
			return nil, fmt.Errorf("line %d: too few fields", line)
		}
		l := Laptop{Title: strings.TrimSpace(rec[ti])}
		if p := strings.TrimSpace(rec[pi]); p != "" {
			if l.Price, err = strconv.Atoi(p); err != nil || l.Price < 0 {
				return nil, fmt.Errorf("line %d: price_tk %q is not a whole number of Tk", line, p)
			}
		}
		out = append(out, l)
	}
}
