package store

import (
	"errors"
	"fmt"
	"time"
)

// BookingStatus is where a booking is in its life (API.md, "The seller's
// side of a booking").
type BookingStatus string

// The statuses.
const (
	// BookingPending: new, waiting for the seller's answer.
	BookingPending BookingStatus = "pending"
	// BookingAccepted: the seller reserved the laptop for this buyer.
	BookingAccepted BookingStatus = "accepted"
	// BookingDeclined: closed without a sale to this buyer (DeclineCode says why).
	BookingDeclined BookingStatus = "declined"
	// BookingCancelled: the buyer deleted it.
	BookingCancelled BookingStatus = "cancelled"
	// BookingPaid: a card payment for it is recorded.
	BookingPaid BookingStatus = "paid"
	// BookingCompleted: the seller typed the buyer's hand-over code.
	BookingCompleted BookingStatus = "completed"
)

// BookingEvent is something that happens to a booking.
type BookingEvent string

// The events.
const (
	// EventAccept: the seller accepts it, reserving the laptop.
	EventAccept BookingEvent = "accept"
	// EventDecline: the seller declines it.
	EventDecline BookingEvent = "decline"
	// EventCancel: the buyer deletes it.
	EventCancel BookingEvent = "cancel"
	// EventPay: its card payment is recorded.
	EventPay BookingEvent = "pay"
	// EventHandover: the seller typed the right hand-over code.
	EventHandover BookingEvent = "handover"
	// EventRelease: its reservation ran out.
	EventRelease BookingEvent = "release"
	// EventReserved: the seller accepted another booking of the laptop.
	EventReserved BookingEvent = "reserved"
	// EventSold: the laptop was sold to someone else (a payment of another
	// booking, or the seller selling it outside the shop).
	EventSold BookingEvent = "sold"
	// EventRemove: an admin removed the listing its buyer had paid for;
	// the payment is refunded.
	EventRemove BookingEvent = "remove"
	// EventChangeMethod: the buyer changes how the booking will be paid
	// (ChangePaymentMethod); it moves no status, and only a booking with
	// nothing paid (pending or accepted) takes it.
	EventChangeMethod BookingEvent = "change_method"
)

// bookingTransitions is the one table of which event moves a booking from
// which status to which. An event missing from a status's row is refused
// (TransitionError); completed, declined and cancelled have no way out.
var bookingTransitions = map[BookingStatus]map[BookingEvent]BookingStatus{
	BookingPending: {
		EventAccept: BookingAccepted, EventDecline: BookingDeclined, EventCancel: BookingCancelled,
		EventPay: BookingPaid, EventReserved: BookingDeclined, EventSold: BookingDeclined,
	},
	BookingAccepted: {
		EventDecline: BookingDeclined, EventCancel: BookingCancelled, EventPay: BookingPaid,
		EventHandover: BookingCompleted, EventRelease: BookingDeclined, EventSold: BookingDeclined,
	},
	BookingPaid: {
		EventHandover: BookingCompleted, EventRemove: BookingDeclined,
	},
}

// declineCodes says why a booking that an event declined was declined.
var declineCodes = map[BookingEvent]string{
	EventDecline:  "seller",
	EventReserved: "reserved",
	EventRelease:  "expired",
	EventSold:     "sold",
	EventRemove:   "removed",
}

// ErrBookingState: the booking's status does not allow the change.
var ErrBookingState = errors.New("the booking's status does not allow this")

// TransitionError is a change the table refuses. It matches
// ErrBookingState; Message says it for people.
type TransitionError struct {
	From  BookingStatus
	Event BookingEvent
}

func (e *TransitionError) Error() string {
	return fmt.Sprintf("booking: %s refused from %s", e.Event, e.From)
}

// Unwrap lets errors.Is match ErrBookingState.
func (e *TransitionError) Unwrap() error { return ErrBookingState }

// Message is the refusal in words for the booking's buyer or seller.
func (e *TransitionError) Message() string {
	var was string
	switch e.From {
	case BookingPending:
		was = "This booking is still waiting for the seller's answer"
	case BookingAccepted:
		was = "This booking is already accepted"
	case BookingDeclined:
		was = "This booking was declined"
	case BookingCancelled:
		was = "This booking was cancelled by the buyer"
	case BookingPaid:
		was = "This booking is already paid"
	case BookingCompleted:
		was = "This booking is already completed"
	default:
		was = "This booking cannot change now"
	}
	switch e.Event {
	case EventAccept:
		return was + ", so it cannot be accepted"
	case EventDecline:
		return was + ", so it cannot be declined"
	case EventCancel:
		return was + ", so it cannot be deleted"
	case EventPay:
		return was + ", so it cannot be paid"
	case EventHandover:
		return was + ", so there is no hand-over to confirm"
	case EventChangeMethod:
		return was + ", so how it is paid cannot change"
	}
	return was
}

// nextStatus is where event takes a booking in status from, or a
// TransitionError.
func nextStatus(from BookingStatus, event BookingEvent) (BookingStatus, error) {
	if to, ok := bookingTransitions[from][event]; ok {
		return to, nil
	}
	return "", &TransitionError{From: from, Event: event}
}

// CanPay tells whether a booking in status may still be paid by card:
// asked before Stripe is, so a declined booking never reaches it.
func CanPay(status BookingStatus) error {
	_, err := nextStatus(status, EventPay)
	return err
}

// ReservationLength is how long an accepted booking keeps the laptop for
// its buyer without a hand-over, payment or decline.
const ReservationLength = 72 * time.Hour
