package store

import (
	"errors"
	"testing"
)

// Every edge of the booking state table, the forbidden ones included,
// written out here rather than read from the table: changing the table
// means changing this list on purpose.
func TestBookingStateTable(t *testing.T) {
	t.Parallel()
	const no = BookingStatus("") // refused
	statuses := []BookingStatus{BookingPending, BookingAccepted, BookingDeclined, BookingCancelled, BookingPaid, BookingCompleted}
	events := []BookingEvent{EventAccept, EventDecline, EventCancel, EventPay, EventHandover, EventRelease, EventReserved, EventSold, EventRemove}
	// per status, what each event above leads to
	table := map[BookingStatus][]BookingStatus{
		BookingPending:   {BookingAccepted, BookingDeclined, BookingCancelled, BookingPaid, no, no, BookingDeclined, BookingDeclined, no},
		BookingAccepted:  {no, BookingDeclined, BookingCancelled, BookingPaid, BookingCompleted, BookingDeclined, no, BookingDeclined, no},
		BookingDeclined:  {no, no, no, no, no, no, no, no, no},
		BookingCancelled: {no, no, no, no, no, no, no, no, no},
		BookingPaid:      {no, no, no, no, BookingCompleted, no, no, no, BookingDeclined},
		BookingCompleted: {no, no, no, no, no, no, no, no, no},
	}
	for _, from := range statuses {
		for i, event := range events {
			to := table[from][i]
			t.Run(string(from)+"/"+string(event), func(t *testing.T) {
				got, err := nextStatus(from, event)
				if to == no {
					var te *TransitionError
					if !errors.As(err, &te) || !errors.Is(err, ErrBookingState) || te.From != from || te.Event != event || te.Message() == "" {
						t.Fatalf("%s from %s: got %q, %v; want a TransitionError", event, from, got, err)
					}
					return
				}
				if err != nil || got != to {
					t.Fatalf("%s from %s: got %q, %v; want %q", event, from, got, err, to)
				}
				if got == BookingDeclined && declineCodes[event] == "" {
					t.Fatalf("%s declines with no reason code", event)
				}
			})
		}
	}
	// the table has no status or event this test does not know
	for from, row := range bookingTransitions {
		if _, ok := table[from]; !ok {
			t.Errorf("status %q is not tested", from)
		}
		for event := range row {
			known := false
			for _, e := range events {
				known = known || e == event
			}
			if !known {
				t.Errorf("event %q is not tested", event)
			}
		}
	}
}

// Refusals say what happened in words a buyer or seller understands.
func TestTransitionMessages(t *testing.T) {
	t.Parallel()
	cases := map[string]*TransitionError{
		"This booking was declined, so it cannot be paid":                                            {From: BookingDeclined, Event: EventPay},
		"This booking is already accepted, so it cannot be accepted":                                 {From: BookingAccepted, Event: EventAccept},
		"This booking is already completed, so it cannot be deleted":                                 {From: BookingCompleted, Event: EventCancel},
		"This booking is still waiting for the seller's answer, so there is no hand-over to confirm": {From: BookingPending, Event: EventHandover},
	}
	for want, err := range cases {
		if got := err.Message(); got != want {
			t.Errorf("%s/%s: %q, want %q", err.From, err.Event, got, want)
		}
	}
	if CanPay(BookingPending) != nil || CanPay(BookingAccepted) != nil || CanPay(BookingDeclined) == nil || CanPay(BookingCompleted) == nil {
		t.Error("CanPay disagrees with the table")
	}
}
