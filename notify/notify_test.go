package notify_test

import (
	"errors"
	"strings"
	"testing"

	"resale/notify"
)

// sample is data that fills every key any kind uses.
var sample = notify.Data{
	"product": "HP EliteBook 840", "buyer": "Karim", "sender": "Karim", "amount": "Tk 25,000", "reason": "duplicate listing",
	"date": "12-01-2026", "search": "thinkpad", "answer": "accepted", "excerpt": "Is it still there?", "rating": "4",
	"until": "Dec 5, 2026, 3:00 PM", "hours": "12",
}

// Every kind renders in both languages, with its data in the text and no
// template left over.
// A kind told to both sides of a booking says each its own words; a
// booking declined for another buyer says so.
func TestWordsFollowTheReader(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"reservation_released", "handover_completed"} {
		for _, lang := range notify.Languages {
			buyer, err := notify.Render(kind, lang, notify.Data{"product": "HP", "buyer": "Karim"})
			if err != nil {
				t.Fatal(err)
			}
			seller, err := notify.Render(kind, lang, notify.Data{"product": "HP", "buyer": "Karim", "seller": "yes"})
			if err != nil {
				t.Fatal(err)
			}
			if buyer.Body == seller.Body || !strings.Contains(seller.Body, "Karim") {
				t.Errorf("%s/%s: buyer %q, seller %q", kind, lang, buyer.Body, seller.Body)
			}
		}
	}
	got, _ := notify.Render("booking_declined", "en", notify.Data{"product": "HP", "reserved": "yes"})
	if !strings.Contains(got.Body, "another buyer") {
		t.Errorf("declined for another buyer: %q", got.Body)
	}
}

func TestEveryKindRendersInEveryLanguage(t *testing.T) {
	t.Parallel()
	// the 15 of API.md, the two ends of a reservation (#17) and a booked
	// laptop taken off the shop, the two of reviews (#20), a listing
	// hidden (#32) and the hand-over reminder (#35)
	if len(notify.Kinds) != 22 {
		t.Fatalf("%d kinds, want 22", len(notify.Kinds))
	}
	for _, kind := range append(append([]string{}, notify.Kinds...), notify.AccountKinds...) {
		titles := map[string]string{}
		for _, lang := range notify.Languages {
			got, err := notify.Render(kind, lang, sample)
			if err != nil {
				t.Fatalf("%s/%s: %v", kind, lang, err)
			}
			if got.Title == "" || got.Body == "" || strings.Contains(got.Title+got.Body, "{{") || strings.Contains(got.Title+got.Body, "<no value>") {
				t.Errorf("%s/%s: %+v", kind, lang, got)
			}
			if kind != "seller_verified" && !strings.HasPrefix(kind, "account_") && !strings.Contains(got.Title+got.Body, "HP EliteBook 840") && !strings.Contains(got.Title+got.Body, "Karim") {
				t.Errorf("%s/%s does not mention its subject: %+v", kind, lang, got)
			}
			titles[lang] = got.Title
		}
		if titles["en"] == titles["bn"] {
			t.Errorf("%s: the Bangla title is the English one: %q", kind, titles["en"])
		}
	}
}

func TestRenderChecksData(t *testing.T) {
	t.Parallel()
	if _, err := notify.Render("booking_received", "en", notify.Data{"product": "HP"}); !errors.Is(err, notify.ErrMissingData) {
		t.Errorf("without buyer: %v", err)
	}
	if _, err := notify.Render("offer_answered", "en", notify.Data{"product": "HP", "amount": "Tk 1", "answer": "maybe"}); !errors.Is(err, notify.ErrMissingData) {
		t.Errorf("answer maybe: %v", err)
	}
	if _, err := notify.Render("no_such_kind", "en", sample); !errors.Is(err, notify.ErrUnknownKind) {
		t.Errorf("unknown kind: %v", err)
	}
	// an optional key may be left out, and says nothing then
	got, err := notify.Render("booking_declined", "en", notify.Data{"product": "HP"})
	if err != nil || got.Body != "The seller declined your booking of HP." {
		t.Errorf("without reason: %q, %v", got.Body, err)
	}
	// an unknown language falls back to English
	got, err = notify.Render("booking_declined", "fr", notify.Data{"product": "HP"})
	if err != nil || !strings.HasPrefix(got.Title, "Booking declined") {
		t.Errorf("fr: %q, %v", got.Title, err)
	}
	// a newline in data cannot start a line of its own
	got, _ = notify.Render("booking_declined", "en", notify.Data{"product": "HP\r\nBcc: x@example.com"})
	if strings.ContainsAny(got.Title, "\r\n") {
		t.Errorf("title %q keeps the newline", got.Title)
	}
}

func TestEmailRender(t *testing.T) {
	t.Parallel()
	e := notify.Email{Kind: "booking_received", Lang: "bn", Data: notify.Data{"product": `<script>alert(1)</script>`, "buyer": "Karim"},
		Name: "Rahim", Shop: "Laptop Haat", Link: "https://shop.example.com/dashboard/leads",
		Unsubscribe: "https://shop.example.com/unsubscribe?token=1.booking_received.x", Settings: "https://shop.example.com/settings/notifications"}
	r, err := e.Render()
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "নতুন বুকিং: <script>alert(1)</script> · Laptop Haat" {
		t.Errorf("subject %q", r.Subject)
	}
	for _, want := range []string{"প্রিয় Rahim,", "Laptop Haat এ খুলুন: https://shop.example.com/dashboard/leads", "এ ধরনের ইমেইল বন্ধ করুন: https://shop.example.com/unsubscribe?token=1.booking_received.x"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, r.Text)
		}
	}
	if strings.Contains(r.HTML, "<script>") || !strings.Contains(r.HTML, "&lt;script&gt;") {
		t.Errorf("the HTML part does not escape data:\n%s", r.HTML)
	}
	for _, want := range []string{`lang="bn"`, `href="https://shop.example.com/dashboard/leads"`, `href="https://shop.example.com/settings/notifications"`} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("HTML part lacks %q", want)
		}
	}
}

func TestUnsubscribeTokens(t *testing.T) {
	t.Parallel()
	u := notify.NewUnsubscriber([]byte(strings.Repeat("k", 32)))
	tok := u.Token(42, "price_drop")
	user, kind, err := u.Parse(tok)
	if err != nil || user != 42 || kind != "price_drop" {
		t.Fatalf("Parse = %d %q %v", user, kind, err)
	}
	other := notify.NewUnsubscriber([]byte(strings.Repeat("j", 32)))
	bad := []string{
		"", "42.price_drop", tok + "x", strings.Replace(tok, "42.", "43.", 1), strings.Replace(tok, "price_drop", "booking_received", 1),
		other.Token(42, "price_drop"), u.Token(42, "no_such_kind"), u.Token(0, "price_drop"), strings.Repeat("a", 300),
	}
	for _, b := range bad {
		if _, _, err := u.Parse(b); !errors.Is(err, notify.ErrBadToken) {
			t.Errorf("Parse(%q) = %v, want ErrBadToken", b, err)
		}
	}
}

// The notices of what an admin did to an account (#32) carry the admin's
// reason, and a suspension says until when, in both languages.
func TestAccountNoticesCarryTheReason(t *testing.T) {
	t.Parallel()
	for _, lang := range notify.Languages {
		for _, kind := range append([]string{"listing_hidden"}, notify.AccountKinds...) {
			got, err := notify.Render(kind, lang, sample)
			if err != nil {
				t.Fatalf("%s/%s: %v", kind, lang, err)
			}
			if !strings.Contains(got.Body, "duplicate listing") {
				t.Errorf("%s/%s has no reason: %q", kind, lang, got.Body)
			}
			if kind == "account_suspended" && !strings.Contains(got.Title, "Dec 5, 2026") {
				t.Errorf("%s/%s does not say until when: %q", kind, lang, got.Title)
			}
		}
		if _, err := notify.Render("account_suspended", lang, notify.Data{"reason": "spam"}); !errors.Is(err, notify.ErrMissingData) {
			t.Errorf("a suspension without until: %v", err)
		}
	}
}

// #35 an SMS is one message in English (at most 160 ASCII characters),
// names the shop and links to it, in either language.
func TestSMSTexts(t *testing.T) {
	t.Parallel()
	code := notify.SMSCode("en", "Laptop Haat", "laptophaat.com.bd", "123456")
	if len(code) > 160 || !strings.Contains(code, "123456") || !strings.Contains(code, "Laptop Haat") || !strings.Contains(code, "laptophaat.com.bd") {
		t.Errorf("code SMS %q", code)
	}
	if bn := notify.SMSCode("bn", "Laptop Haat", "laptophaat.com.bd", "123456"); !strings.Contains(bn, "123456") || !strings.Contains(bn, "কোড") {
		t.Errorf("Bangla code SMS %q", bn)
	}
	long := notify.Data{"product": strings.Repeat("Lenovo ThinkPad X1 Carbon Gen 9 ", 6), "amount": "Tk 95,000", "buyer": "Karim", "hours": "12"}
	for _, kind := range notify.SMSKinds {
		text, err := notify.SMSText(kind, "en", long, "Laptop Haat", "https://laptophaat.com.bd/dashboard/mybooking")
		if err != nil || len(text) > 160 || !strings.HasSuffix(text, " https://laptophaat.com.bd/dashboard/mybooking") {
			t.Errorf("%s: %q (%d) %v", kind, text, len(text), err)
		}
		if bn, err := notify.SMSText(kind, "bn", sample, "Laptop Haat", "https://x/y"); err != nil || !strings.Contains(bn, "HP EliteBook 840") {
			t.Errorf("%s in Bangla: %q %v", kind, bn, err)
		}
	}
}
