package notify

import (
	"fmt"
	"strings"
)

// SMSCode is the text of a code sent by SMS (#35): short enough for one
// message (at most 160 ASCII characters in English), with the shop's name
// and address, so a code is never mistaken for another service's.
func SMSCode(lang, shop, link, code string) string {
	if lang == "bn" {
		return fmt.Sprintf("%s কোড: %s। ৫ মিনিট চলবে। কাউকে দেবেন না। %s", shop, code, link)
	}
	return cut(fmt.Sprintf("%s code: %s. Valid 5 minutes. Do not share it. %s", shop, code, link), 160)
}

// SMSKinds are the kinds a user may get by SMS, each switchable in the
// notification settings.
var SMSKinds = []string{"booking_accepted", "handover_reminder", "payment_received"}

// PushKinds are the kinds pushed to a user's browsers (#37): what a
// seller or buyer should hear of with the app closed (a message, an offer,
// a booking and its turns), each switchable in the notification settings.
var PushKinds = []string{
	"message_received", "offer_received", "offer_answered",
	"booking_received", "booking_accepted", "booking_declined", "booking_cancelled",
	"handover_reminder", "payment_received",
}

// SMSText is a notification's text by SMS: its title (the short line of
// the bell and the email's subject) and the shop's link to it.
func SMSText(kind, lang string, d Data, shop, link string) (string, error) {
	t, err := Render(kind, lang, d)
	if err != nil {
		return "", err
	}
	text := shop + ": " + t.Title + " " + link
	if lang != "bn" && len(text) > 160 {
		room := 160 - len(shop) - 3 - len(link)
		text = shop + ": " + cut(t.Title, max(10, room)) + " " + link
	}
	return text, nil
}

// cut shortens s to n bytes at most, ending in "..." when cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:max(0, n-3)]
	for len(s) > 0 && !strings.HasSuffix(s, " ") && s[len(s)-1] >= 0x80 {
		s = s[:len(s)-1] // never half a character
	}
	return strings.TrimSpace(s) + "..."
}
