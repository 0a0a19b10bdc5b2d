package api

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/checkreport"
	"resale/store"
)

// handoverCheckJSON is the check at a hand-over as the booking's buyer
// and seller see it (docs/checks.md).
type handoverCheckJSON struct {
	ID              string    `json:"id"`
	CheckedAt       time.Time `json:"checkedAt"`
	SerialLast4     string    `json:"serialLast4"`
	Compared        bool      `json:"compared"`
	Match           *bool     `json:"match"`
	SerialMatches   *bool     `json:"serialMatches"`
	HardwareMatches *bool     `json:"hardwareMatches"`
	Differences     []string  `json:"differences"`
	BatteryBefore   *int32    `json:"batteryBefore"`
	BatteryNow      *int32    `json:"batteryNow"`
}

func toHandoverCheckJSON(c store.HandoverCheck) *handoverCheckJSON {
	out := &handoverCheckJSON{ID: formatID(c.ID), CheckedAt: c.CreatedAt.UTC(), SerialLast4: c.SerialLast4,
		Compared: c.CheckReportID != nil, SerialMatches: c.SerialMatches, HardwareMatches: c.HardwareMatches,
		Differences: c.Differences, BatteryBefore: c.BatteryBefore, BatteryNow: c.BatteryNow}
	if out.Differences == nil {
		out.Differences = []string{}
	}
	if out.Compared {
		switch {
		case isFalse(c.SerialMatches) || isFalse(c.HardwareMatches):
			out.Match = new(bool)
		case c.SerialMatches != nil && c.HardwareMatches != nil:
			yes := true
			out.Match = &yes
		}
	}
	return out
}

func isFalse(b *bool) bool { return b != nil && !*b }

// handoverPostedJSON answers resale-check at the hand-over.
type handoverPostedJSON struct {
	Message       string             `json:"message"`
	HandoverCheck *handoverCheckJSON `json:"handoverCheck"`
}

// postHandoverCheck is POST /api/checks with a buyer's hand-over code: the
// booking is the one accepted or paid whose code it is; the laptop is
// compared with the listing's report and the outcome kept with the
// booking.
func (s *Server) postHandoverCheck(c echo.Context, sub checkreport.Submission) error {
	if !sixDigits.MatchString(sub.Code) {
		return errHandoverCodeUnknown
	}
	ctx := c.Request().Context()
	open, err := s.store.OpenHandovers(ctx)
	if err != nil {
		return err
	}
	var found []store.OpenHandover
	for _, b := range open {
		if s.handoverCodes.Check(b.BookingID, b.Nonce, sub.Code) {
			found = append(found, b)
		}
	}
	switch {
	case len(found) == 0:
		return errHandoverCodeUnknown
	case len(found) > 1:
		return errHandoverCodeAmbiguous
	}
	b := found[0]
	signed, err := s.signCheck(sub.Report, s.now(), "", formatID(b.BookingID))
	if err != nil {
		return err
	}
	hc, err := s.store.AddHandoverCheck(ctx, b.BookingID, b.ProductID, func(l *store.ListingReport) (store.HandoverInput, error) {
		var then *checkStatement
		if l != nil {
			var st checkStatement
			if err := json.Unmarshal([]byte(l.Report), &st); err != nil {
				return store.HandoverInput{}, err
			}
			then = &st
		}
		return store.HandoverInput{Signed: signed, Check: compareHandover(l, then, sub.Report, signed.SerialHash)}, nil
	})
	if err != nil {
		return err
	}
	s.log.Info("hand-over check stored", "booking_id", b.BookingID, "check_id", hc.ID)
	return c.JSON(http.StatusCreated, handoverPostedJSON{Message: handoverMessage(hc, hc.CheckReportID != nil), HandoverCheck: toHandoverCheckJSON(hc)})
}

// handoverChecksOf is the newest hand-over check of each booking, as JSON.
func (s *Server) handoverChecksOf(ctx context.Context, ids []int64) (map[int64]*handoverCheckJSON, error) {
	checks, err := s.store.LatestHandoverChecks(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*handoverCheckJSON, len(checks))
	for id, hc := range checks {
		out[id] = toHandoverCheckJSON(hc)
	}
	return out, nil
}

// withHandoverChecks fills each booking's handoverCheck.
func (s *Server) withHandoverChecks(ctx context.Context, out []bookingJSON, list []store.BookingView) error {
	ids := make([]int64, len(list))
	for i, b := range list {
		ids[i] = b.ID
	}
	checks, err := s.handoverChecksOf(ctx, ids)
	if err != nil {
		return err
	}
	for i, b := range list {
		out[i].HandoverCheck = checks[b.ID]
	}
	return nil
}

// leadsJSON is a page of leads with their hand-over checks.
func (s *Server) leadsJSON(ctx context.Context, list []store.BookingView) ([]leadJSON, error) {
	ids := make([]int64, len(list))
	out := make([]leadJSON, len(list))
	for i, b := range list {
		ids[i], out[i] = b.ID, s.toLeadJSON(b)
	}
	checks, err := s.handoverChecksOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, b := range list {
		out[i].HandoverCheck = checks[b.ID]
	}
	return out, nil
}
