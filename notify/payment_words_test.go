package notify_test

import (
	"strings"
	"testing"

	"resale/notify"
)

// #34: how a booking is paid, in the words of its notifications: a cash
// booking says cash at the hand-over and never card, in English and
// Bangla (cash is নগদ টাকা: নগদ alone is also the Nagad wallet); a card
// booking says card; a notification stored before #34 (no method) keeps
// its old words.
func TestPaymentMethodWords(t *testing.T) {
	for _, tc := range []struct {
		kind, lang string
		data       notify.Data
		want       []string
		not        []string
	}{
		{"booking_accepted", "en", notify.Data{"product": "HP 840", "cash": "yes", "amount": "42,000 Tk"},
			[]string{"Pay at the hand-over: cash, 42,000 Tk.", "give it to the seller once you have the laptop"}, []string{"card", "Card"}},
		{"booking_accepted", "bn", notify.Data{"product": "HP 840", "cash": "yes", "amount": "42,000 Tk"},
			[]string{"হস্তান্তরের সময় পরিশোধ: নগদ টাকা, ৳৪২,০০০।"}, []string{"কার্ড"}},
		{"booking_accepted", "en", notify.Data{"product": "HP 840", "card": "yes", "amount": "42,000 Tk"},
			[]string{"Pay by card from My Booking."}, []string{"cash"}},
		{"booking_accepted", "en", notify.Data{"product": "HP 840", "sslcommerz": "yes", "amount": "42,000 Tk"},
			[]string{"Pay online (bKash, Nagad or card) from My Booking."}, []string{"cash"}},
		{"booking_accepted", "en", notify.Data{"product": "HP 840"},
			[]string{"The seller accepted your booking of HP 840. Your hand-over code is on the booking's page."}, []string{"cash", "card"}},
		{"booking_received", "en", notify.Data{"product": "HP 840", "buyer": "Karim", "cash": "yes"},
			[]string{"They pay in cash at the hand-over."}, []string{"card"}},
		{"booking_received", "bn", notify.Data{"product": "HP 840", "buyer": "Karim", "card": "yes"},
			[]string{"তিনি কার্ডে পরিশোধ করবেন।"}, []string{"নগদ টাকা"}},
		{"handover_completed", "en", notify.Data{"product": "HP 840", "buyer": "Karim", "seller": "yes", "cash": "yes", "amount": "42,000 Tk"},
			[]string{"They paid in cash at the hand-over (42,000 Tk)."}, []string{"card"}},
		{"handover_completed", "bn", notify.Data{"product": "HP 840", "buyer": "Karim", "cash": "yes", "amount": "42,000 Tk"},
			[]string{"আপনি হস্তান্তরের সময় নগদ টাকায় পরিশোধ করেছেন (৳৪২,০০০)।"}, []string{"কার্ড"}},
	} {
		got, err := notify.Render(tc.kind, tc.lang, tc.data)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.kind, tc.lang, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(got.Body, w) {
				t.Errorf("%s %s %v: %q lacks %q", tc.kind, tc.lang, tc.data, got.Body, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got.Body, n) {
				t.Errorf("%s %s %v: %q says %q", tc.kind, tc.lang, tc.data, got.Body, n)
			}
		}
	}
}
