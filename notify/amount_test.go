package notify_test

import (
	"strings"
	"testing"

	"resale/notify"
)

// Money is written one way everywhere (#32): "35,000 Tk" as the interface
// writes it, in Bangla "৳৩৫,০০০" with Bengali digits and lakh grouping; the
// older "Tk 35,000" stored in notifications reads the same.
func TestAmountsAreWrittenAsTheInterfaceDoes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, in, want string }{
		{"en", "Tk 35,000", "35,000 Tk"},
		{"en", "35,000 Tk", "35,000 Tk"},
		{"en", "35000", "35,000 Tk"},
		{"en", "Tk 1,250,000", "1,250,000 Tk"},
		{"en", "Tk 12.50", "12.50 Tk"},
		{"en", "Tk 999", "999 Tk"},
		{"bn", "Tk 35,000", "৳৩৫,০০০"},
		{"bn", "35,000 Tk", "৳৩৫,০০০"},
		{"bn", "1,250,000 Tk", "৳১২,৫০,০০০"},
		{"bn", "999 Tk", "৳৯৯৯"},
		{"en", "USD 12.50", "USD 12.50"},
		{"bn", "a lot", "a lot"},
	} {
		if got := notify.FormatAmount(c.lang, c.in); got != c.want {
			t.Errorf("FormatAmount(%q, %q) = %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}

// A notification's words and its email carry the amount that way, in the
// reader's language, whichever way it was stored.
func TestNotificationsAndMailsWriteAmountsOneWay(t *testing.T) {
	t.Parallel()
	for _, stored := range []string{"Tk 35,000", "35,000 Tk"} {
		for lang, want := range map[string]string{"en": "35,000 Tk", "bn": "৳৩৫,০০০"} {
			for _, kind := range []string{"offer_received", "price_drop", "payment_receipt"} {
				d := notify.Data{"product": "HP", "buyer": "Karim", "amount": stored}
				text, err := notify.Render(kind, lang, d)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(text.Body, want) || strings.Contains(text.Body, "Tk 35") {
					t.Errorf("%s/%s from %q: %q, want %q", kind, lang, stored, text.Body, want)
				}
				mail, err := notify.Email{Kind: kind, Lang: lang, Data: d, Name: "Karim", Link: "https://shop.example/x",
					Unsubscribe: "https://shop.example/u", Settings: "https://shop.example/s"}.Render()
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(mail.Text, want) || !strings.Contains(mail.HTML, want) || strings.Contains(mail.Text+mail.HTML, "Tk 35") {
					t.Errorf("%s/%s email from %q: no %q in\n%s", kind, lang, stored, want, mail.Text)
				}
			}
			// a folded email too
			d1 := notify.Data{"product": "HP", "buyer": "Karim", "amount": "Tk 30,000"}
			d2 := notify.Data{"product": "HP", "buyer": "Karim", "amount": stored}
			text, _, err := notify.RenderFolded("offer_received", lang, []notify.Data{d1, d2})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.Body, want) {
				t.Errorf("folded %s: %q, want %q", lang, text.Body, want)
			}
		}
	}
	// the refund of a removed listing too
	text, err := notify.Render("product_removed", "en", notify.Data{"product": "HP", "refund": "Tk 38,000"})
	if err != nil || !strings.Contains(text.Body, "38,000 Tk is refunded") {
		t.Errorf("refund: %q, %v", text.Body, err)
	}
}
