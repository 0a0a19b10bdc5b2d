package notify_test

import (
	"fmt"
	"strings"
	"testing"

	"resale/notify"
)

// An email folding several notifications says how many, about what, with
// the newest one's data, and lists the newest MaxFoldLines (then how many
// more) in both languages; a price drop's says the newest price only.
func TestFoldedEmailsRenderInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"offer_received", "booking_received", "message_received", "price_drop"} {
		if !notify.Folds(kind) {
			t.Fatalf("%s does not fold", kind)
		}
		var items []notify.Data
		for i := range 13 {
			d := notify.Data{}
			for k, v := range sample {
				d[k] = v
			}
			d["amount"] = fmt.Sprintf("Tk %d", 30000-i)
			d["excerpt"] = fmt.Sprintf("note %d", i)
			items = append(items, d)
		}
		for _, lang := range notify.Languages {
			text, lines, err := notify.RenderFolded(kind, lang, items)
			if err != nil {
				t.Fatalf("%s/%s: %v", kind, lang, err)
			}
			all := text.Title + text.Body + strings.Join(lines, "")
			if strings.Contains(all, "{{") || strings.Contains(all, "<no value>") || !strings.Contains(text.Title+text.Body, "HP EliteBook 840") ||
				(kind != "booking_received" && kind != "message_received" && !strings.Contains(text.Body, map[string]string{"en": "29,988 Tk", "bn": "৳২৯,৯৮৮"}[lang])) || !strings.Contains(text.Title+text.Body, "13") {
				t.Errorf("%s/%s: %q %q", kind, lang, text.Title, text.Body)
			}
			if kind == "price_drop" {
				if lines != nil {
					t.Errorf("%s/%s lists %q", kind, lang, lines)
				}
				continue
			}
			if len(lines) != notify.MaxFoldLines+1 || !strings.Contains(lines[len(lines)-1], "3") {
				t.Errorf("%s/%s lines %q", kind, lang, lines)
			}
		}
		e := notify.Email{Kind: kind, Lang: "bn", Data: items[0], Folded: items, Name: "রহিম", Link: "https://shop.example.com/x"}
		r, err := e.Render()
		if err != nil || !strings.Contains(r.Subject+r.Text, "13") || !strings.Contains(r.HTML, "<li>") != (kind == "price_drop") {
			t.Errorf("%s email: %q %v", kind, r.Subject, err)
		}
	}
	if _, _, err := notify.RenderFolded("booking_accepted", "en", []notify.Data{sample, sample}); err == nil {
		t.Error("a kind that does not fold rendered folded")
	}
	if _, _, err := notify.RenderFolded("offer_received", "en", []notify.Data{sample}); err == nil {
		t.Error("one notification rendered folded")
	}
}
