package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// SendSMSNoticeArgs is the River job that may send a notification by SMS
// (#35): queued with every notification of notify.SMSKinds, it sends when
// the user proved a phone, wants the kind by SMS, and their email does
// not reach them (none proved, or this kind's email turned off).
type SendSMSNoticeArgs struct {
	NotificationID int64 `json:"notification_id"`
}

// Kind names the job in River's table.
func (SendSMSNoticeArgs) Kind() string { return "send_sms_notice" }

// InsertOpts puts the job on the mail queue (outside messages').
func (SendSMSNoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 8}
}

// NotificationSMS is what the SMS of a notification is made from.
type NotificationSMS struct {
	ID       int64
	Kind     string
	Link     string
	Data     notify.Data
	Phone    string // the proved number; empty when none is
	Language string
	// Send: the user wants it by SMS and email does not reach them, and
	// it did not go yet.
	Send bool
}

// GetNotificationSMS reads a notification's SMS at send time;
// ErrNotFound when the notification is gone.
func (s *Store) GetNotificationSMS(ctx context.Context, id int64) (NotificationSMS, error) {
	r, err := s.q.GetNotificationSMS(ctx, id)
	if err != nil {
		return NotificationSMS{}, translate(err)
	}
	var data notify.Data
	if json.Unmarshal(r.Data, &data) != nil {
		data = notify.Data{}
	}
	out := NotificationSMS{ID: r.ID, Kind: r.Kind, Link: r.Link, Data: data, Language: r.Language}
	if r.PhoneVerified && !r.UserDeleted {
		out.Phone = r.Phone
	}
	emailReaches := r.EmailProved && r.EmailOn
	out.Send = out.Phone != "" && r.SmsOn && !emailReaches && !r.Texted && slices.Contains(notify.SMSKinds, r.Kind)
	return out, nil
}

// ClaimNotificationSMS marks the SMS as sent before the gateway is asked,
// so it goes once; false when it went already.
func (s *Store) ClaimNotificationSMS(ctx context.Context, id int64) (bool, error) {
	n, err := s.q.ClaimNotificationSMS(ctx, id)
	return n == 1, translate(err)
}

// UnclaimNotificationSMS undoes a claim the gateway failed, for a retry.
func (s *Store) UnclaimNotificationSMS(ctx context.Context, id int64) error {
	return translate(s.q.UnclaimNotificationSMS(ctx, id))
}

// SMSSettings says, for each of notify.SMSKinds, whether the user wants it
// by SMS (on unless they turned it off).
func (s *Store) SMSSettings(ctx context.Context, userID int64) (map[string]bool, error) {
	rows, err := s.q.ListNotificationSettings(ctx, userID)
	if err != nil {
		return nil, translate(err)
	}
	out := make(map[string]bool, len(notify.SMSKinds))
	for _, k := range notify.SMSKinds {
		out[k] = true
	}
	for _, r := range rows {
		if _, ok := out[r.Kind]; ok {
			out[r.Kind] = r.Sms
		}
	}
	return out, nil
}

// SetSMSSettings turns the named kinds' SMS on or off; a kind not in
// notify.SMSKinds is ErrInvalid.
func (s *Store) SetSMSSettings(ctx context.Context, userID int64, on map[string]bool) error {
	kinds := make([]string, 0, len(on))
	vals := make([]bool, 0, len(on))
	for k, v := range on {
		if !slices.Contains(notify.SMSKinds, k) {
			return fmt.Errorf("%w: %q is not a kind sent by SMS", ErrInvalid, k)
		}
		kinds, vals = append(kinds, k), append(vals, v)
	}
	if len(kinds) == 0 {
		return nil
	}
	return translate(s.q.SetNotificationSMSSettings(ctx, dbsqlc.SetNotificationSMSSettingsParams{UserID: userID, Kinds: kinds, Sms: vals}))
}

// RemindHandovers tells the buyer and the seller of each accepted booking
// whose reservation (length) ends within before that it will, once per
// booking (bookings.reminded_at, set in the transaction that writes the
// notifications). It answers how many bookings were reminded.
func (s *Store) RemindHandovers(ctx context.Context, length, before time.Duration) (int, error) {
	reminded := 0
	hours := strconv.Itoa(max(1, int(before.Hours())))
	for {
		ids, err := s.q.ListBookingsToRemind(ctx, (length - before).Seconds())
		if err != nil {
			return reminded, translate(err)
		}
		for _, id := range ids {
			err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
				n, err := q.MarkBookingReminded(ctx, id)
				if err != nil {
					return err
				}
				if n == 0 {
					return errSkip // reminded, answered or ended meanwhile
				}
				bn, err := s.bookingNotices(ctx, q, id)
				if err != nil {
					return err
				}
				if err := note(bn.reminder(true, hours)); err != nil {
					return err
				}
				return note(bn.reminder(false, hours))
			})
			switch {
			case err == nil:
				reminded++
			case !errors.Is(err, errSkip):
				return reminded, err
			}
		}
		if len(ids) < 100 {
			return reminded, nil
		}
	}
}

// reminder tells the seller or the buyer the reservation ends soon.
func (b bookingNotices) reminder(seller bool, hours string) Notice {
	d := notify.Data{"product": b.f.ProductName, "buyer": b.f.BuyerName, "hours": hours}
	if seller {
		d["seller"] = "yes"
		return Notice{UserID: b.f.SellerID, Kind: "handover_reminder", Link: linkSellerBookings, Data: d}
	}
	return Notice{UserID: b.f.BuyerID, Kind: "handover_reminder", Link: linkBuyerBookings, Data: d}
}
