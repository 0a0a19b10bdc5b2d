package api

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"resale/media"
	"resale/store"
)

// Listings worth browsing (API.md): several photos, a laptop's specs, and
// the seller's edits.

// maxPhotos is how many photos a listing may have.
const maxPhotos = 8

// specsJSON is a laptop's specs on the wire: only what the seller said.
type specsJSON struct {
	Processor      string   `json:"processor,omitempty"`
	RAMGB          *int32   `json:"ramGb,omitempty"`
	StorageGB      *int32   `json:"storageGb,omitempty"`
	StorageType    string   `json:"storageType,omitempty"`
	ScreenInches   *float64 `json:"screenInches,omitempty"`
	GPU            string   `json:"gpu,omitempty"`
	BatteryHealth  *int32   `json:"batteryHealth,omitempty"`
	Charger        *bool    `json:"charger,omitempty"`
	WarrantyMonths *int32   `json:"warrantyMonths,omitempty"`
}

func toSpecsJSON(s store.Specs) specsJSON {
	out := specsJSON{Processor: s.Processor, RAMGB: s.RAMGB, StorageGB: s.StorageGB, StorageType: s.StorageType,
		GPU: s.GPU, BatteryHealth: s.BatteryHealth, Charger: s.Charger, WarrantyMonths: s.WarrantyMonths}
	if s.ScreenInches != nil {
		v := math.Round(float64(*s.ScreenInches)*10) / 10
		out.ScreenInches = &v
	}
	return out
}

// specsRequest is the specs a seller sends; null or absent is "not said".
// Numbers arrive as float64 so that 8.5 GB of RAM is refused in words.
type specsRequest struct {
	Processor      *string  `json:"processor"`
	RAMGB          *float64 `json:"ramGb"`
	StorageGB      *float64 `json:"storageGb"`
	StorageType    *string  `json:"storageType"`
	ScreenInches   *float64 `json:"screenInches"`
	GPU            *string  `json:"gpu"`
	BatteryHealth  *float64 `json:"batteryHealth"`
	Charger        *bool    `json:"charger"`
	WarrantyMonths *float64 `json:"warrantyMonths"`
}

// optionalText checks an optional free-text field: trimmed, at most max
// characters, no control or invisible characters; "" when not given.
func (f *fieldErrors) optionalText(field string, v *string, maxLen int) string {
	if v == nil || strings.TrimSpace(*v) == "" {
		return ""
	}
	return f.text(field, *v, maxLen)
}

// whole checks an optional whole number from lo to hi.
func (f *fieldErrors) whole(field string, v *float64, lo, hi int32) *int32 {
	if v == nil {
		return nil
	}
	if *v != math.Trunc(*v) || *v < float64(lo) || *v > float64(hi) {
		f.add(field, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		return nil
	}
	n := int32(*v)
	return &n
}

// specs checks a laptop's specs against the ranges a real laptop has.
func (f *fieldErrors) specs(r *specsRequest) store.Specs {
	if r == nil {
		return store.Specs{}
	}
	var out store.Specs
	out.Processor = f.optionalText("specs.processor", r.Processor, 100)
	out.RAMGB = f.whole("specs.ramGb", r.RAMGB, 1, 128)
	out.StorageGB = f.whole("specs.storageGb", r.StorageGB, 16, 8192)
	if r.StorageType != nil && *r.StorageType != "" {
		i := slices.IndexFunc(store.StorageTypes, func(t string) bool { return strings.EqualFold(t, strings.TrimSpace(*r.StorageType)) })
		if i < 0 {
			f.add("specs.storageType", "must be SSD, HDD or eMMC")
		} else {
			out.StorageType = store.StorageTypes[i]
		}
	}
	if v := r.ScreenInches; v != nil {
		if *v < 10 || *v > 18.4 || math.IsNaN(*v) {
			f.add("specs.screenInches", "must be from 10 to 18.4 inches")
		} else {
			s := float32(math.Round(*v*10) / 10)
			out.ScreenInches = &s
		}
	}
	out.GPU = f.optionalText("specs.gpu", r.GPU, 100)
	out.BatteryHealth = f.whole("specs.batteryHealth", r.BatteryHealth, 0, 100)
	out.Charger = r.Charger
	out.WarrantyMonths = f.whole("specs.warrantyMonths", r.WarrantyMonths, 0, 36)
	return out
}

// listingPhotos checks a listing's photos: 1 to 8 distinct photos uploaded to
// this shop. keep are the photos the listing already has (always fine).
func (s *Server) listingPhotos(ctx context.Context, f *fieldErrors, list []string, keep []string) ([]string, error) {
	switch {
	case len(list) == 0:
		f.add("photos", "must hold at least one photo")
		return nil, nil
	case len(list) > maxPhotos:
		f.add("photos", fmt.Sprintf("must hold at most %d photos", maxPhotos))
		return nil, nil
	}
	out := make([]string, 0, len(list))
	var check []string
	for _, p := range list {
		p = strings.TrimSpace(p)
		key, isUpload := strings.CutPrefix(p, "/uploads/")
		switch {
		case !isUpload || !media.ValidKey(key):
			f.add("photos", "must be photos uploaded to this shop")
			return nil, nil
		case slices.Contains(out, p):
			f.add("photos", "must not hold the same photo twice")
			return nil, nil
		}
		out = append(out, p)
		if !slices.Contains(keep, p) {
			check = append(check, key)
		}
	}
	if len(check) > 0 {
		ok, err := s.store.ImagesExist(ctx, check)
		if err != nil {
			return nil, err
		}
		if !ok {
			f.add("photos", "must be photos uploaded to this shop")
			return nil, nil
		}
	}
	return out, nil
}

// editProductRequest is a seller's change to a listing: any of the fields
// they typed. The server's fields (seller, availability, advertising,
// reports, times, the picture, which follows the photos) are refused as
// unknown.
type editProductRequest struct {
	ProductName  *string       `json:"productName"`
	Photos       []string      `json:"photos"`
	SellPrice    *int64        `json:"sellPrice"`
	OrginalPrice *int64        `json:"orginalPrice"`
	Category     *string       `json:"category"`
	Condition    *string       `json:"condition"`
	Location     *string       `json:"location"`
	Used         *string       `json:"used"`
	Number       *string       `json:"number"`
	Description  *string       `json:"description"`
	Specs        *specsRequest `json:"specs"`
	// AreaID (#36): absent or "" keeps the area (a changed location then
	// takes the area it names clearly, if any), null clears it
	AreaID optionalString `json:"areaId"`
	// Negotiable (#39): absent keeps it; true or false, never null
	Negotiable optionalBool `json:"negotiable"`
}

// maxDescriptionLen caps a listing's description.
const maxDescriptionLen = 5000

// editProduct serves PATCH /api/products/:id: the seller edits their live,
// unsold listing.
func (s *Server) editProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	var req editProductRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	u, _ := currentUser(c)
	current, err := s.store.GetProduct(ctx, id)
	switch {
	case err != nil:
		return notFoundAs(err, "Product")
	case current.SellerID != u.ID:
		return notFound("Product")
	case current.Sold:
		return reword(store.ErrSold, store.ErrSold, "A sold listing cannot be edited")
	}
	e, err := s.productEdit(ctx, req, current)
	if err != nil {
		return err
	}
	err = s.store.UpdateProduct(ctx, id, u.ID, e)
	if errors.Is(err, store.ErrPriceAboveOriginal) {
		return invalidFields(map[string]string{"sellPrice": "must not be more than the original price"}, "sellPrice")
	}
	if err != nil {
		return reword(notFoundAs(err, "Product"), store.ErrSold, "A sold listing cannot be edited")
	}
	s.log.Info("product edited", "product_id", id, "seller_id", u.ID)
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

// productEdit checks the fields an edit gives, each optional, against the
// listing as it is (its photos kept or dropped), and answers the change.
func (s *Server) productEdit(ctx context.Context, req editProductRequest, current store.Product) (store.ProductEdit, error) {
	var f fieldErrors
	var e store.ProductEdit
	if req.ProductName != nil {
		v := f.text("productName", *req.ProductName, 200)
		e.Name = &v
	}
	if req.Photos != nil {
		var err error
		if e.Photos, err = s.listingPhotos(ctx, &f, req.Photos, current.Photos); err != nil {
			return e, err
		}
	}
	e.Negotiable = f.negotiable(req.Negotiable)
	if req.SellPrice != nil {
		v := f.price("sellPrice", req.SellPrice, maxSellPrice)
		e.SellPrice = &v
	}
	if req.OrginalPrice != nil {
		v := f.price("orginalPrice", req.OrginalPrice, maxOriginalPrice)
		e.OriginalPrice = &v
	}
	if req.Category != nil {
		id, err := s.categoryField(ctx, &f, *req.Category)
		if err != nil {
			return e, err
		}
		e.CategoryID = &id
	}
	if req.Condition != nil {
		v := strings.TrimSpace(*req.Condition)
		if !slices.Contains(store.Conditions, v) {
			f.add("condition", "must be excellent, good or fair")
		}
		e.Condition = &v
	}
	if req.Location != nil {
		v := f.text("location", *req.Location, 200)
		e.Location = &v
	}
	if req.Used != nil {
		v := f.text("used", *req.Used, 40)
		e.Used = &v
	}
	if req.Number != nil {
		v := f.phone("number", *req.Number)
		e.Phone = &v
	}
	if req.Description != nil {
		v := f.multilineText("description", *req.Description, maxDescriptionLen, false)
		e.Description = &v
	}
	if req.Specs != nil {
		sp := f.specs(req.Specs)
		e.Specs = &sp
	}
	if err := s.editedArea(ctx, &f, req.AreaID, &e); err != nil {
		return e, err
	}
	return e, f.err()
}

// editedArea reads an edit's areaId: absent or "" keeps the area, null
// clears it, an id of GET /api/locations sets it.
func (s *Server) editedArea(ctx context.Context, f *fieldErrors, v optionalString, e *store.ProductEdit) error {
	switch id := strings.TrimSpace(v.Value); {
	case v.Null:
		none := ""
		e.AreaID = &none
	case v.Set && id != "":
		id, err := s.areaField(ctx, f, id)
		if err != nil {
			return err
		}
		e.AreaID = &id
	}
	return nil
}

// categoryField checks the category a seller named: one of the shop's,
// by name; 0 (and the field's problem noted) when it is not.
func (s *Server) categoryField(ctx context.Context, f *fieldErrors, value string) (int64, error) {
	name := f.text("category", value, 60)
	if name == "" {
		return 0, nil
	}
	cat, err := s.store.GetCategoryByName(ctx, name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		f.add("category", "is not one of the shop's categories")
		return 0, nil
	case err != nil:
		return 0, err
	}
	return cat.ID, nil
}
