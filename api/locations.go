package api

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// Places (#36): Bangladesh's divisions, districts and areas, and a
// listing's area. They change only with a migration, so the list is made
// once per process and kept by browsers a day, then asked again with its
// ETag (304).

// placeJSON is a division, district or area on the wire.
type placeJSON struct {
	ID     string  `json:"_id"`
	Name   string  `json:"name"`
	NameBn string  `json:"nameBn"`
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
}

type districtJSON struct {
	placeJSON
	Areas []placeJSON `json:"areas"`
}

type divisionJSON struct {
	placeJSON
	Districts []districtJSON `json:"districts"`
}

type locationsJSON struct {
	Divisions []divisionJSON `json:"divisions"`
}

// placeNameJSON names a listing's district or division.
type placeNameJSON struct {
	ID     string `json:"_id"`
	Name   string `json:"name"`
	NameBn string `json:"nameBn"`
}

// areaJSON is a listing's area with its district and division.
type areaJSON struct {
	placeNameJSON
	District placeNameJSON `json:"district"`
	Division placeNameJSON `json:"division"`
}

func toPlaceJSON(p store.Place) placeJSON {
	return placeJSON{ID: p.ID, Name: p.Name, NameBn: p.NameBn, Lat: p.Lat, Lon: p.Lon}
}

func toPlaceNameJSON(p store.Place) placeNameJSON {
	return placeNameJSON{ID: p.ID, Name: p.Name, NameBn: p.NameBn}
}

// locationsFile is GET /api/locations's answer, made once.
type locationsFile struct {
	mu   sync.Mutex
	file *staticFile
}

func (l *locationsFile) get(ctx context.Context, st *store.Store) (*staticFile, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.file != nil {
		return l.file, nil
	}
	places, err := st.Places(ctx)
	if err != nil {
		return nil, err
	}
	out := locationsJSON{Divisions: []divisionJSON{}}
	for _, v := range places.Divisions {
		div := divisionJSON{placeJSON: toPlaceJSON(v.Place), Districts: []districtJSON{}}
		for _, d := range v.Districts {
			dist := districtJSON{placeJSON: toPlaceJSON(d.Place), Areas: []placeJSON{}}
			for _, a := range d.Areas {
				dist.Areas = append(dist.Areas, toPlaceJSON(a))
			}
			div.Districts = append(div.Districts, dist)
		}
		out.Divisions = append(out.Divisions, div)
	}
	body, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	l.file = newStaticFile("locations.json", body)
	return l.file, nil
}

// listLocations serves GET /api/locations: every division › district ›
// area (upazila or thana), each {_id, name, nameBn, lat, lon}, by name.
func (s *Server) listLocations(c echo.Context) error {
	f, err := s.locations.get(c.Request().Context(), s.store)
	if err != nil {
		return err
	}
	return sendFile(c, f, "public, max-age=86400")
}

// areaOf is a listing's area on the wire, nil for none. The areas change
// only with a migration, so each area's is made once and shared by every
// answer (the encoder only reads it): made for each product, they were a
// fortieth of a list's allocations.
func (s *Server) areaOf(id string) *areaJSON {
	if id == "" {
		return nil
	}
	areas := s.areas.Load()
	if areas == nil {
		places, err := s.store.Places(context.Background())
		if err != nil {
			s.log.Error("places unread", "err", err)
			return nil
		}
		made := areasOnWire(places)
		s.areas.CompareAndSwap(nil, &made)
		areas = s.areas.Load()
	}
	return (*areas)[id]
}

// areasOnWire is every area on the wire, by id.
func areasOnWire(places *store.Places) map[string]*areaJSON {
	out := map[string]*areaJSON{}
	for _, div := range places.Divisions {
		for _, dist := range div.Districts {
			for _, a := range dist.Areas {
				out[a.ID] = &areaJSON{placeNameJSON: toPlaceNameJSON(a), District: toPlaceNameJSON(dist.Place), Division: toPlaceNameJSON(div.Place)}
			}
		}
	}
	return out
}

// distanceJSON is a distance in km to one decimal, nil when not measured.
func distanceJSON(km *float64) *float64 {
	if km == nil {
		return nil
	}
	v := math.Round(*km*10) / 10
	return &v
}

// areaField checks an area a seller chose: "" when none, and the field's
// problem noted when it is not one of the places' areas.
func (s *Server) areaField(ctx context.Context, f *fieldErrors, id string) (string, error) {
	if id == "" {
		return "", nil
	}
	places, err := s.store.Places(ctx)
	if err != nil {
		return "", err
	}
	if _, ok := places.Area(id); !ok {
		f.add("areaId", "is not one of the areas of GET /api/locations")
	}
	return id, nil
}

// optionalString is a JSON field that may be absent (Set false), null
// (Null) or a string.
type optionalString struct {
	Set, Null bool
	Value     string
}

func (o *optionalString) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Null = true
		return nil
	}
	return json.Unmarshal(b, &o.Value)
}

// placeIDPattern is the shape of a place's id ("district-47").
var placeIDPattern = regexp.MustCompile(`^[a-z]{1,10}-[0-9]{1,6}$`)

// Bangladesh's box: a near point outside it is no shopper's.
const (
	minLat, maxLat = 20.0, 27.0
	minLon, maxLon = 88.0, 93.0
)

// placeFilters reads the list's filters by place (ids, checked to be
// places by checkPlaceFilters) and near (lat,lon inside Bangladesh).
func placeFilters(f *fieldErrors, get func(string) string, out *store.BrowseFilter) {
	for _, p := range []struct {
		name string
		dst  *string
	}{{"division", &out.Division}, {"district", &out.District}, {"area", &out.Area}} {
		if v := get(p.name); v != "" {
			if !placeIDPattern.MatchString(v) {
				f.add(p.name, "must be an id of GET /api/locations")
			}
			*p.dst = v
		}
	}
	v := get("near")
	if v == "" {
		return
	}
	lat, lon, ok := strings.Cut(v, ",")
	la, errLat := strconv.ParseFloat(strings.TrimSpace(lat), 64)
	lo, errLon := strconv.ParseFloat(strings.TrimSpace(lon), 64)
	switch {
	case !ok || errLat != nil || errLon != nil || len(v) > 40:
		f.add("near", "must be lat,lon in degrees, like 23.81,90.41")
	case !(la >= minLat && la <= maxLat && lo >= minLon && lo <= maxLon):
		f.add("near", "must be a point in Bangladesh (lat 20 to 27, lon 88 to 93)")
	default:
		out.Near = &store.LatLon{Lat: la, Lon: lo}
	}
}

// checkPlaceFilters refuses a filter by a division, district or area
// that is not one.
func (s *Server) checkPlaceFilters(ctx context.Context, f store.BrowseFilter) error {
	if f.Division == "" && f.District == "" && f.Area == "" {
		return nil
	}
	places, err := s.store.Places(ctx)
	if err != nil {
		return err
	}
	var fe fieldErrors
	if f.Division != "" && !places.HasDivision(f.Division) {
		fe.add("division", "is not a division of GET /api/locations")
	}
	if f.District != "" && !places.HasDistrict(f.District) {
		fe.add("district", "is not a district of GET /api/locations")
	}
	if _, ok := places.Area(f.Area); f.Area != "" && !ok {
		fe.add("area", "is not an area of GET /api/locations")
	}
	return fe.err()
}
