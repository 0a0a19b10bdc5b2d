package api

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/media"
	"resale/store"
)

// The shop page's limits (#37).
const (
	maxShopAddress = 200
	maxShopAbout   = 2000
	// maxListingLocation is a listing's location's cap (createProduct):
	// a longer shop address is not offered as a new listing's location.
	maxListingLocation = 200
)

// shopHoursJSON is one day's opening time on the wire: day is one of
// sat, sun, mon, tue, wed, thu, fri; open and close are "HH:MM" on a
// 24-hour clock in the shop's time zone ("24:00" closes at midnight).
type shopHoursJSON struct {
	Day   string `json:"day"`
	Open  string `json:"open"`
	Close string `json:"close"`
}

// shopJSON is a seller's shop page: logo and banner (upload URLs, "" for
// none), address, about text, hours (Saturday first; a day not listed is
// closed) and coordinates (both null: not given). OpenNow says whether
// the shop is open at this moment by its hours, null without hours.
type shopJSON struct {
	Logo    string          `json:"logo"`
	Banner  string          `json:"banner"`
	Address string          `json:"address"`
	About   string          `json:"about"`
	Hours   []shopHoursJSON `json:"hours"`
	Lat     *float64        `json:"lat"`
	Lon     *float64        `json:"lon"`
	OpenNow *bool           `json:"openNow"`
}

func toShopJSON(sh store.Shop, now time.Time) shopJSON {
	out := shopJSON{Logo: sh.Logo, Banner: sh.Banner, Address: sh.Address, About: sh.About, Hours: make([]shopHoursJSON, 0, len(sh.Hours)),
		Lat: sh.Lat, Lon: sh.Lon}
	for _, h := range sh.Hours {
		out.Hours = append(out.Hours, shopHoursJSON(h))
	}
	if len(sh.Hours) > 0 {
		open := openAt(sh.Hours, now)
		out.OpenNow = &open
	}
	return out
}

// openAt tells whether hours have the shop open at now (in the shop's
// time zone: now carries it).
func openAt(hours []store.ShopHours, now time.Time) bool {
	day := store.ShopDays[(int(now.Weekday())+1)%7] // Saturday is ShopDays[0]
	clock := now.Format("15:04")
	for _, h := range hours {
		if h.Day == day && clock >= h.Open && clock < h.Close {
			return true
		}
	}
	return false
}

// shopRequest is the body of PUT /api/me/shop: the whole shop page; a
// field left out is empty.
type shopRequest struct {
	Logo    string          `json:"logo"`
	Banner  string          `json:"banner"`
	Address string          `json:"address"`
	About   string          `json:"about"`
	Hours   []shopHoursJSON `json:"hours"`
	Lat     *float64        `json:"lat"`
	Lon     *float64        `json:"lon"`
}

var clockPattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// shopHours checks a week's hours: known days, each once, "HH:MM" times,
// opening before closing. Problems are named per day ("hours.fri"); the
// answer is in ShopDays order.
func (f *fieldErrors) shopHours(list []shopHoursJSON) []store.ShopHours {
	if len(list) > len(store.ShopDays) {
		f.add("hours", fmt.Sprintf("must hold at most %d days", len(store.ShopDays)))
		return nil
	}
	byDay := map[string]store.ShopHours{}
	for _, h := range list {
		field := "hours." + h.Day
		switch {
		case !slices.Contains(store.ShopDays, h.Day):
			f.add("hours", "days must be sat, sun, mon, tue, wed, thu or fri")
		case byDay[h.Day] != (store.ShopHours{}):
			f.add(field, "must be given once")
		case !clockPattern.MatchString(h.Open):
			f.add(field, "must open at a time written HH:MM, from 00:00 to 23:59")
		case !clockPattern.MatchString(h.Close) && h.Close != "24:00":
			f.add(field, "must close at a time written HH:MM, from 00:01 to 24:00")
		case h.Open >= h.Close:
			f.add(field, "must open before it closes")
		default:
			byDay[h.Day] = store.ShopHours(h)
		}
	}
	out := []store.ShopHours{}
	for _, d := range store.ShopDays {
		if h, ok := byDay[d]; ok {
			out = append(out, h)
		}
	}
	return out
}

// coordinates checks a map position: both or neither, finite, on Earth.
func (f *fieldErrors) coordinates(lat, lon *float64) (*float64, *float64) {
	switch {
	case lat == nil && lon == nil:
		return nil, nil
	case lat == nil:
		f.add("lat", "is required with lon")
	case lon == nil:
		f.add("lon", "is required with lat")
	case math.IsNaN(*lat) || *lat < -90 || *lat > 90:
		f.add("lat", "must be a latitude from -90 to 90")
	case math.IsNaN(*lon) || *lon < -180 || *lon > 180:
		f.add("lon", "must be a longitude from -180 to 180")
	default:
		// about 10 cm: more says nothing and only makes the link longer
		la, lo := math.Round(*lat*1e6)/1e6, math.Round(*lon*1e6)/1e6
		return &la, &lo
	}
	return nil, nil
}

// shopPhoto checks an optional photo of the shop: "" or a photo uploaded
// to this shop (POST /api/images).
func (s *Server) shopPhoto(ctx context.Context, f *fieldErrors, field, v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	key, isUpload := strings.CutPrefix(v, "/uploads/")
	if !isUpload || !media.ValidKey(key) {
		f.add(field, "must be a photo uploaded to this shop")
		return "", nil
	}
	ok, err := s.store.ImageExists(ctx, key)
	if err != nil {
		return "", err
	}
	if !ok {
		f.add(field, "must be a photo uploaded to this shop")
	}
	return v, nil
}

// getMyShop serves GET /api/me/shop: the calling seller's shop page
// fields, to edit them.
func (s *Server) getMyShop(c echo.Context) error {
	u, _ := currentUser(c)
	sh, err := s.store.GetShop(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toShopJSON(sh, time.Now().In(s.loc)))
}

// saveMyShop serves PUT /api/me/shop: the calling seller's shop page, all
// of it at once. Every field is checked; one wrong field changes nothing.
func (s *Server) saveMyShop(c echo.Context) error {
	var req shopRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var f fieldErrors
	var sh store.Shop
	var err error
	if sh.Logo, err = s.shopPhoto(ctx, &f, "logo", req.Logo); err != nil {
		return err
	}
	if sh.Banner, err = s.shopPhoto(ctx, &f, "banner", req.Banner); err != nil {
		return err
	}
	if strings.TrimSpace(req.Address) != "" {
		sh.Address = f.text("address", req.Address, maxShopAddress)
	}
	sh.About = f.multilineText("about", req.About, maxShopAbout, false)
	sh.Hours = f.shopHours(req.Hours)
	sh.Lat, sh.Lon = f.coordinates(req.Lat, req.Lon)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	saved, err := s.store.SaveShop(ctx, u.ID, sh)
	if err != nil {
		return err
	}
	s.log.Info("shop page saved", "seller_id", u.ID)
	return c.JSON(http.StatusOK, toShopJSON(saved, time.Now().In(s.loc)))
}

// listingDefaultsJSON is what a new listing's form starts with.
type listingDefaultsJSON struct {
	Number   string `json:"number"`
	Location string `json:"location"`
}

// getListingDefaults serves GET /api/me/listing-defaults: what the calling
// seller's new listing starts with, the phone and location of their
// profile and shop, else of their latest listing ("" when none).
func (s *Server) getListingDefaults(c echo.Context) error {
	u, _ := currentUser(c)
	d, err := s.store.GetListingDefaults(c.Request().Context(), u.ID, maxListingLocation)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, listingDefaultsJSON{Number: d.Number, Location: d.Location})
}
