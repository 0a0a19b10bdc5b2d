package api

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sort"
	"time"

	"github.com/labstack/echo/v4"

	"resale/checkreport"
	"resale/store"
)

// A laptop's health, checked (#40): the seller's one-time code, the report
// resale-check posts with it, the listing's check for anyone, and the
// seller's delete. docs/checks.md is the contract.

// checkCodeLife is how long a check code works.
const checkCodeLife = 24 * time.Hour

var (
	errCheckCodeUnknown = &Error{Status: http.StatusNotFound, Code: "not_found",
		Message: "This code is not known, was used or has expired: ask for a new one on the listing"}
	errHandoverCodeUnknown = &Error{Status: http.StatusNotFound, Code: "not_found",
		Message: "This is not the hand-over code of a booking that is accepted or paid: check it on the buyer's My Booking"}
	errHandoverCodeAmbiguous = &Error{Status: http.StatusConflict, Code: "ambiguous",
		Message: "This code belongs to more than one booking: the seller can type it on the leads page instead"}
	errListingSold = &Error{Status: http.StatusConflict, Code: "sold", Message: "This laptop is sold: it takes no new check"}
)

// checkCodeJSON is a new check code: the command shows the whole line to
// run.
type checkCodeJSON struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expiresAt"`
	Command   string    `json:"command"`
}

// createCheckCode serves POST /api/products/:id/check-code: the seller of
// a live, unsold listing gets a one-time code for resale-check.
func (s *Server) createCheckCode(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	ctx := c.Request().Context()
	sellerID, sold, err := s.store.ProductSeller(ctx, id)
	if isNotFound(err) || (err == nil && sellerID != u.ID) {
		return notFound("Product")
	}
	if err != nil {
		return err
	}
	if sold {
		return errListingSold
	}
	code, err := newCheckCode()
	if err != nil {
		return err
	}
	expires := s.now().Add(checkCodeLife).UTC().Truncate(time.Second)
	if err := s.store.CreateCheckCode(ctx, id, checkCodeHash(code), expires); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, checkCodeJSON{Code: code, ExpiresAt: expires,
		Command: "resale-check --shop " + s.publicURL.String() + " " + code})
}

// checkAddedJSON answers resale-check for a listing's report.
type checkAddedJSON struct {
	Message     string   `json:"message"`
	ID          string   `json:"id"`
	ProductID   string   `json:"productId"`
	Contradicts []string `json:"contradicts"`
}

// postCheck serves POST /api/checks: resale-check's report with a code, the
// code its credential. A listing's check code keeps the listing's report;
// a buyer's hand-over code (--handover, or six digits) compares the laptop
// with it.
func (s *Server) postCheck(c echo.Context) error {
	var sub checkreport.Submission
	if err := decodeJSON(c, &sub); err != nil {
		return err
	}
	if fields := sub.Validate(s.now()); len(fields) > 0 {
		keys := make([]string, 0, len(fields))
		for k := range fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return invalidFields(fields, keys...)
	}
	if sub.Handover || sixDigits.MatchString(sub.Code) {
		return s.postHandoverCheck(c, sub)
	}
	ctx := c.Request().Context()
	at := s.now()
	added, err := s.store.AddCheckReport(ctx, checkCodeHash(sub.Code), func(productID int64) (store.SignedCheck, error) {
		return s.signCheck(sub.Report, at, formatID(productID), "")
	})
	if isNotFound(err) {
		return errCheckCodeUnknown
	}
	if err != nil {
		return err
	}
	s.log.Info("check report stored", "product_id", added.ProductID, "check_id", added.ID, "stolen", added.Stolen)
	out := checkAddedJSON{Message: "The listing shows this laptop as checked.", ID: formatID(added.ID),
		ProductID: formatID(added.ProductID), Contradicts: []string{}}
	if p, err := s.store.GetProduct(ctx, added.ProductID); err == nil {
		out.Contradicts = contradicted(compareSpecs(p.Specs, sub.Report))
	}
	if len(out.Contradicts) > 0 {
		out.Message = "The listing shows this laptop as checked. The check does not agree with the listing's " +
			joinWords(out.Contradicts) + ": the seller is asked to correct it."
	}
	return c.JSON(http.StatusCreated, out)
}

func joinWords(ws []string) string {
	out := ""
	for i, w := range ws {
		switch {
		case i == 0:
		case i == len(ws)-1:
			out += " and "
		default:
			out += ", "
		}
		out += w
	}
	return out
}

// signatureJSON is how to verify a stored report: Ed25519 over the UTF-8
// bytes of signed, with the shop's public key.
type signatureJSON struct {
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"publicKey"`
	Value     string `json:"value"`
	Signed    string `json:"signed"`
}

// productCheckJSON is a listing's check as anyone sees it: the serial only
// by its last 4 characters.
type productCheckJSON struct {
	ID            string             `json:"id"`
	ProductID     string             `json:"productId"`
	CheckedAt     time.Time          `json:"checkedAt"`
	SerialLast4   string             `json:"serialLast4"`
	Report        checkreport.Report `json:"report"`
	BatteryHealth *int32             `json:"batteryHealth"`
	Specs         []specCheckJSON    `json:"specs"`
	Contradicts   []string           `json:"contradicts"`
	Signature     signatureJSON      `json:"signature"`
}

// getCheck serves GET /api/products/:id/check: the listing's newest
// report, to anyone who may see the listing (a hidden one: its seller and
// the admins).
func (s *Server) getCheck(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	ctx := c.Request().Context()
	p, err := s.store.GetProduct(ctx, id)
	if isNotFound(err) {
		return notFound("Product")
	}
	if err != nil {
		return err
	}
	if p.Hidden {
		if u, ok := currentUser(c); !ok || (u.ID != p.SellerID && u.Role != store.RoleAdmin) {
			return notFound("Product")
		}
	}
	r, err := s.store.LatestCheckReport(ctx, id)
	if isNotFound(err) {
		return notFound("Check")
	}
	if err != nil {
		return err
	}
	var st checkStatement
	if err := json.Unmarshal([]byte(r.Report), &st); err != nil {
		return err
	}
	specs := compareSpecs(p.Specs, st.Report)
	return c.JSON(http.StatusOK, productCheckJSON{ID: formatID(r.ID), ProductID: formatID(r.ProductID), CheckedAt: r.CreatedAt.UTC(),
		SerialLast4: r.SerialLast4, Report: st.Report, BatteryHealth: batteryHealth(st.Report), Specs: specs, Contradicts: contradicted(specs),
		Signature: signatureJSON{Algorithm: "Ed25519", PublicKey: s.checkKeys.publicKey(),
			Value: base64.StdEncoding.EncodeToString(r.Signature), Signed: r.Report}})
}

// deleteCheck serves DELETE /api/products/:id/check: the seller deletes
// their listing's reports; it is unchecked.
func (s *Server) deleteCheck(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Check")
	}
	u, _ := currentUser(c)
	if err := s.store.DeleteCheckReports(c.Request().Context(), id, u.ID); isNotFound(err) {
		return notFound("Check")
	} else if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// checkKeyJSON is the shop's public key for its reports' signatures.
type checkKeyJSON struct {
	Algorithm string `json:"algorithm"`
	PublicKey string `json:"publicKey"`
}

// getCheckKey serves GET /api/checks/key.
func (s *Server) getCheckKey(c echo.Context) error {
	return c.JSON(http.StatusOK, checkKeyJSON{Algorithm: "Ed25519", PublicKey: s.checkKeys.publicKey()})
}
