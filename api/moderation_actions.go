package api

import (
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// maxReason is the longest reason an admin gives, in characters.
const maxReason = 500

// suspensionDays are the lengths an admin may suspend an account for.
var suspensionDays = []int{1, 7, 30}

// reasonRequest is the body of an admin's action that must say why.
type reasonRequest struct {
	Reason string `json:"reason"`
}

// requiredReason reads the JSON {reason} an admin's action must give.
func requiredReason(c echo.Context) (string, error) {
	var req reasonRequest
	if err := decodeJSON(c, &req); err != nil {
		return "", err
	}
	var f fieldErrors
	reason := f.text("reason", req.Reason, maxReason)
	return reason, f.err()
}

// hideProduct serves POST /api/products/:id/hide: an admin hides a live,
// unsold listing until its seller edits it, with a JSON {reason} the
// seller is told (notification and email) and the audit log keeps. The
// edit brings it straight back (store.UpdateProduct): new listings go
// live without a review here, so an edited one does too; its reports stay
// until an admin dismisses them, so Reported Products still shows it.
func (s *Server) hideProduct(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	reason, err := requiredReason(c)
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	if err := s.store.HideProduct(c.Request().Context(), id, reason, u.ID); err != nil {
		return notFoundAs(err, "Product")
	}
	s.log.Info("product hidden", "product_id", id, "by", u.ID)
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

const errAdminTarget = "Admin accounts cannot be warned, suspended or deleted here"

// warnUser serves POST /api/users/:id/warn: an admin warns an account
// with a JSON {reason} it is told (notification and email); the audit log
// keeps it.
func (s *Server) warnUser(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("User")
	}
	reason, err := requiredReason(c)
	if err != nil {
		return err
	}
	me, _ := currentUser(c)
	if err := s.store.WarnUser(c.Request().Context(), id, reason, me.ID); err != nil {
		return reword(notFoundAs(err, "User"), store.ErrAdminAccount, errAdminTarget)
	}
	s.log.Info("user warned", "user_id", id, "by", me.ID)
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

type suspendRequest struct {
	Days   int    `json:"days"`
	Reason string `json:"reason"`
}

// suspendedJSON answers a suspension: until when.
type suspendedJSON struct {
	Acknowledged   bool      `json:"acknowledged"`
	SuspendedUntil time.Time `json:"suspendedUntil"`
}

// suspendUser serves POST /api/users/:id/suspend: an admin suspends an
// account for JSON {days (1, 7 or 30), reason}. Its tokens stop working
// in the suspension's own statement; until then it cannot log in
// (session) or act (authenticate); it is told until when and why by
// notification and email, and the audit log keeps it.
func (s *Server) suspendUser(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("User")
	}
	var req suspendRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	if !slices.Contains(suspensionDays, req.Days) {
		f.add("days", "must be 1, 7 or 30")
	}
	reason := f.text("reason", req.Reason, maxReason)
	if err := f.err(); err != nil {
		return err
	}
	me, _ := currentUser(c)
	if id == me.ID {
		return &Error{Status: http.StatusConflict, Code: "self", Message: "You cannot suspend your own account"}
	}
	until := s.now().Add(time.Duration(req.Days) * 24 * time.Hour).Truncate(time.Second)
	if err := s.store.SuspendUser(c.Request().Context(), id, until, s.untilText(until), reason, me.ID); err != nil {
		return reword(notFoundAs(err, "User"), store.ErrAdminAccount, errAdminTarget)
	}
	s.log.Info("user suspended", "user_id", id, "by", me.ID, "until", until)
	return c.JSON(http.StatusOK, suspendedJSON{Acknowledged: true, SuspendedUntil: until.UTC()})
}

// untilText is a moment as the person is told it, in the shop's time
// zone.
func (s *Server) untilText(t time.Time) string {
	return t.In(s.loc).Format("Jan 2, 2006, 3:04 PM")
}

// errSuspended is the answer to a suspended account's log-in or request:
// until when, and why.
func (s *Server) errSuspended(u store.User) error {
	msg := "Your account is suspended until " + s.untilText(u.SuspendedUntil) + "."
	if u.SuspensionReason != "" {
		msg += " Reason: " + u.SuspensionReason
	}
	return &Error{Status: http.StatusForbidden, Code: "suspended", Message: msg}
}

// categoryCountJSON is a category with how many products still name it,
// for the admins' Categories page: one with any cannot be deleted.
type categoryCountJSON struct {
	categoryJSON
	ProductCount int64 `json:"productCount"`
}

// listCategoryCounts serves GET /api/admin/categorys: every category with
// how many live products (sold ones too) name it, so the Delete button
// can say why it is off before anyone clicks.
func (s *Server) listCategoryCounts(c echo.Context) error {
	cats, err := s.store.ListCategoryCounts(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]categoryCountJSON, 0, len(cats))
	for _, cat := range cats {
		out = append(out, categoryCountJSON{categoryJSON: toCategoryJSON(cat.Category), ProductCount: cat.Products})
	}
	return c.JSON(http.StatusOK, out)
}
