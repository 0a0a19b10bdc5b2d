package priceguide

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestEstimateEdges covers titles that say little or something unknown.
func TestEstimateEdges(t *testing.T) {
	t.Parallel()
	g := Default()
	if g.Len() != 415 {
		t.Fatalf("the shipped catalogue has %d priced laptops, want 415", g.Len())
	}
	for _, title := range []string{"", "   ", "8GB RAM", "16gb ram 512gb ssd", "laptop for sale", strings.Repeat("x", 10000)} {
		if _, err := g.Estimate(title); !errors.Is(err, ErrTooLittle) {
			t.Errorf("%.20q: err %v, want ErrTooLittle", title, err)
		}
	}
	cases := []struct {
		title    string
		low, top int
	}{
		// a maker the catalogue does not know: priced by its specs alone
		{"Zorvex Aero 14 Core i5 12th Gen 8GB RAM 512GB SSD 14 inch FHD", 55000, 110000},
		{"Core i3 10th gen 4gb 256 ssd", 30000, 75000},
		{"Asus TUF Gaming F15 Core i7 12th Gen 16GB RAM 512GB SSD RTX 4060 8GB", 130000, 260000},
		{"Apple MacBook Air M2 8GB RAM 256GB SSD", 100000, 190000},
		{"HP 250 G8 Celeron N4020 4GB RAM 256GB SSD", 25000, 55000},
	}
	for _, c := range cases {
		e, err := g.Estimate(c.title)
		if err != nil || e.Price < c.low || e.Price > c.top || e.Comparables != neighbours {
			t.Errorf("%q: %+v, %v; want a price in %d..%d from %d comparables", c.title, e, err, c.low, c.top, neighbours)
		}
	}
}

// TestEstimateOrders checks the adjustments point the right way: more
// RAM, a bigger SSD, a newer or higher processor and a graphics card each
// price the same laptop higher.
func TestEstimateOrders(t *testing.T) {
	t.Parallel()
	g := Default()
	pairs := [][2]string{
		{"Lenovo IdeaPad Slim 3 Core i5 12th Gen 8GB RAM 512GB SSD", "Lenovo IdeaPad Slim 3 Core i5 12th Gen 16GB RAM 512GB SSD"},
		{"Lenovo IdeaPad Slim 3 Core i5 12th Gen 8GB RAM 256GB SSD", "Lenovo IdeaPad Slim 3 Core i5 12th Gen 8GB RAM 1TB SSD"},
		{"HP 15s Core i3 12th Gen 8GB RAM 512GB SSD", "HP 15s Core i7 12th Gen 8GB RAM 512GB SSD"},
		{"Dell Inspiron Core i5 8th Gen 8GB RAM 512GB SSD", "Dell Inspiron Core i5 13th Gen 8GB RAM 512GB SSD"},
		{"Asus Vivobook Core i5 12th Gen 8GB RAM 512GB SSD", "Asus Vivobook Core i5 12th Gen 8GB RAM 512GB SSD RTX 3050 4GB"},
	}
	for _, p := range pairs {
		lo, err1 := g.Estimate(p[0])
		hi, err2 := g.Estimate(p[1])
		if err1 != nil || err2 != nil || lo.Price >= hi.Price {
			t.Errorf("%q at %d is not below %q at %d (%v, %v)", p[0], lo.Price, p[1], hi.Price, err1, err2)
		}
	}
}

// TestReadCSV refuses a catalogue it cannot read and reads one it can.
func TestReadCSV(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "name,price\nx,1\n", "title,price_tk\nHP 250,abc\n", "title,price_tk\nHP 250,-5\n"} {
		if _, err := ReadCSV(strings.NewReader(bad)); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
	ls, err := ReadCSV(strings.NewReader("price_tk,title\n45000,HP 250 G8\n,Dell out of stock\n"))
	if err != nil || len(ls) != 2 || ls[0] != (Laptop{"HP 250 G8", 45000}) || ls[1].Price != 0 {
		t.Errorf("read %+v, %v", ls, err)
	}
	if New(ls).Len() != 1 {
		t.Error("a laptop without a price was kept")
	}
}

// TestRegressionWidthCapped checks a big catalogue with many words of its
// own (an admin's upload) is learnt with at most maxCategories category
// columns, so it takes seconds rather than minutes, and still prices; and
// that the shipped catalogue is below the cap, so it is learnt as before.
func TestRegressionWidthCapped(t *testing.T) {
	t.Parallel()
	if n := len(Default().linear.coef) - 1 - 2*nSpecs; n >= maxCategories {
		t.Fatalf("the shipped catalogue has %d category columns, the cap is %d", n, maxCategories)
	}
	base, err := ReadCSV(strings.NewReader(referenceCSV))
	if err != nil {
		t.Fatal(err)
	}
	var ls []Laptop
	for i := 0; len(ls) < 3000; i++ {
		l := base[i%len(base)]
		if l.Price == 0 {
			continue
		}
		// a series and two words of its own, each named by three laptops
		ls = append(ls, Laptop{Title: fmt.Sprintf("%s Model%d Part%d Kind%d", l.Title, i/3, i/3, i/3), Price: l.Price})
	}
	g := New(ls)
	if n := len(g.linear.coef) - 1 - 2*nSpecs; n != maxCategories {
		t.Errorf("%d category columns, want the cap %d", n, maxCategories)
	}
	if e, err := g.Estimate("HP 15s Core i5 12th Gen 8GB RAM 512GB SSD"); err != nil || e.Price < 30000 || e.Price > 150000 {
		t.Errorf("estimate %+v, %v", e, err)
	}
}

// TestEstimateSteadyWhenExtended: three laptops of a maker the catalogue
// does not know, at three times the price of their specs, barely move the
// estimates of titles as people type them. They moved by a fifth when
// the guide adjusted for the words a retailer's titles have and a typed
// one has not ("Laptop"): the three titles lack it, and its step
// learned their price.
func TestEstimateSteadyWhenExtended(t *testing.T) {
	t.Parallel()
	shipped, err := ReadCSV(strings.NewReader(referenceCSV))
	if err != nil {
		t.Fatal(err)
	}
	extended := slices.Clone(shipped)
	for _, n := range []string{"10", "11", "12"} {
		extended = append(extended, Laptop{Title: "Zorvex Aero " + n + " Core i5 12th Gen 8GB RAM 512GB SSD", Price: 300000})
	}
	before, after := New(shipped), New(extended)
	for _, title := range []string{
		"HP EliteBook 840 G8 Core i5 11th Gen 16GB 512GB SSD",
		"Lenovo IdeaPad 3 Core i5 12th Gen 8GB 512GB SSD",
		"Asus Vivobook 15 Core i3 10th Gen 4GB 256GB",
		"Dell Inspiron 15 3520 Core i5 12th Gen 8GB RAM 512GB SSD",
	} {
		b, err1 := before.Estimate(title)
		a, err2 := after.Estimate(title)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v, %v", title, err1, err2)
		}
		if moved := math.Abs(float64(a.Price-b.Price)) / float64(b.Price); moved > 0.10 {
			t.Errorf("%q: %d Tk, then %d with the three added: moved %.0f%% (at most 10%%)", title, b.Price, a.Price, 100*moved)
		}
	}
}
