package api

import (
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"
)

// Stolen laptops (#40): an owner registers a serial with their police
// General Diary number, an admin confirms or rejects it, and anyone may
// ask whether a serial is registered (confirmed). Serials are kept as
// keyed hashes (check_keys.go); people see their last 4 characters.

// stolenRequest is POST /api/stolen.
type stolenRequest struct {
	Serial       string `json:"serial"`
	PoliceReport string `json:"policeReport"`
}

// stolenJSON is a registration: the serial by its last 4 characters.
type stolenJSON struct {
	ID           string     `json:"id"`
	SerialLast4  string     `json:"serialLast4"`
	Status       string     `json:"status"`
	PoliceReport string     `json:"policeReport,omitempty"`
	Reporter     string     `json:"reporter,omitempty"`
	ReporterID   string     `json:"reporterId,omitempty"`
	CreatedAt    *time.Time `json:"createdAt,omitempty"`
	Listings     *int64     `json:"listings,omitempty"`
	Hidden       *int       `json:"hidden,omitempty"`
}

// serialField checks a serial as typed: 3 to 64 printable characters once
// spaces and hyphens are left out.
func serialField(f *fieldErrors, field, raw string) string {
	n := normalSerial(raw)
	switch {
	case len(n) < 3 || len(n) > 64:
		f.add(field, "must be 3 to 64 letters and digits")
	case !cleanText(n, false):
		f.add(field, "must be printable text")
	}
	return n
}

// registerStolen serves POST /api/stolen: a signed-in owner registers a
// serial as stolen, pending an admin.
func (s *Server) registerStolen(c echo.Context) error {
	var req stolenRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	serial := serialField(&f, "serial", req.Serial)
	police := f.text("policeReport", req.PoliceReport, 100)
	if police != "" && len([]rune(police)) < 3 {
		f.add("policeReport", "must be the General Diary number, 3 to 100 characters")
	}
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	r, err := s.store.RegisterStolen(c.Request().Context(), s.checkKeys.serialHash(serial), last4(serial), police, u.ID)
	if err != nil {
		return err
	}
	s.log.Info("stolen serial registered", "registration_id", r.ID, "reporter_id", u.ID)
	return c.JSON(http.StatusCreated, stolenJSON{ID: formatID(r.ID), SerialLast4: r.SerialLast4, Status: r.Status})
}

// stolenAnswerJSON is GET /api/stolen/:serial.
type stolenAnswerJSON struct {
	Stolen bool `json:"stolen"`
}

// isStolen serves GET /api/stolen/:serial: yes or no, for confirmed
// registrations only; throttled per address.
func (s *Server) isStolen(c echo.Context) error {
	var f fieldErrors
	raw := c.Param("serial")
	if u, err := url.PathUnescape(raw); err == nil {
		raw = u
	}
	serial := serialField(&f, "serial", raw)
	if err := f.err(); err != nil {
		return err
	}
	stolen, err := s.store.IsStolen(c.Request().Context(), s.checkKeys.serialHash(serial))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stolenAnswerJSON{Stolen: stolen})
}

// stolenListJSON is GET /api/admin/stolen.
type stolenListJSON struct {
	Registrations []stolenJSON `json:"registrations"`
}

// listStolen serves GET /api/admin/stolen: the registrations waiting for
// an admin, oldest first.
func (s *Server) listStolen(c echo.Context) error {
	list, err := s.store.PendingStolen(c.Request().Context())
	if err != nil {
		return err
	}
	out := stolenListJSON{Registrations: make([]stolenJSON, len(list))}
	for i, r := range list {
		at, n := r.CreatedAt.UTC(), r.Listings
		out.Registrations[i] = stolenJSON{ID: formatID(r.ID), SerialLast4: r.SerialLast4, Status: r.Status, PoliceReport: r.PoliceReport,
			Reporter: r.ReporterName, CreatedAt: &at, Listings: &n}
		if r.ReporterID != nil {
			out.Registrations[i].ReporterID = formatID(*r.ReporterID)
		}
	}
	return c.JSON(http.StatusOK, out)
}

// confirmStolen serves POST /api/admin/stolen/:id/confirm: every listing
// checked with the serial is hidden.
func (s *Server) confirmStolen(c echo.Context) error { return s.decideStolen(c, true) }

// rejectStolen serves POST /api/admin/stolen/:id/reject.
func (s *Server) rejectStolen(c echo.Context) error { return s.decideStolen(c, false) }

func (s *Server) decideStolen(c echo.Context, confirm bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Registration")
	}
	u, _ := currentUser(c)
	r, hidden, err := s.store.DecideStolen(c.Request().Context(), id, u.ID, confirm)
	if isNotFound(err) {
		return notFound("Pending registration")
	}
	if err != nil {
		return err
	}
	s.log.Info("stolen registration decided", "registration_id", id, "admin_id", u.ID, "status", r.Status, "hidden", hidden)
	return c.JSON(http.StatusOK, stolenJSON{ID: formatID(r.ID), SerialLast4: r.SerialLast4, Status: r.Status, Hidden: &hidden})
}
