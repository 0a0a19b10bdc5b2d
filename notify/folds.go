package notify

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"text/template"
)

// foldWords are the title and opening of an email that carries several
// notifications of one kind about one thing (store/mail_folds.go), over
// the newest one's data and count (how many). lines: the email lists
// each notification's own words under the opening.
type foldWords struct {
	words map[string]words
	lines bool
}

var foldKinds = map[string]foldWords{
	"offer_received": {map[string]words{
		"en": {"{{.count}} new offers on {{.product}}", "You received {{.count}} offers on {{.product}}; the newest is {{.amount}}."},
		"bn": {"{{.product}} এর জন্য {{.count}}টি নতুন প্রস্তাব", "আপনি {{.product}} এর জন্য {{.count}}টি প্রস্তাব পেয়েছেন; সর্বশেষটি {{.amount}}।"},
	}, true},
	"booking_received": {map[string]words{
		"en": {"{{.count}} new bookings: {{.product}}", "Your {{.product}} was booked {{.count}} times. Contact the buyers to arrange the meeting."},
		"bn": {"{{.count}}টি নতুন বুকিং: {{.product}}", "আপনার {{.product}} {{.count}} বার বুক করা হয়েছে। দেখা করার ব্যবস্থা করতে ক্রেতাদের সাথে যোগাযোগ করুন।"},
	}, true},
	"message_received": {map[string]words{
		"en": {"{{.count}} new messages about {{.product}}", "You have {{.count}} unread messages about {{.product}}."},
		"bn": {"{{.product}} নিয়ে {{.count}}টি নতুন বার্তা", "{{.product}} নিয়ে আপনার {{.count}}টি না-পড়া বার্তা আছে।"},
	}, true},
	"price_drop": {map[string]words{
		"en": {"Price drop: {{.product}}", "{{.product}}, one of your favourites, got cheaper {{.count}} times; it now costs {{.amount}}."},
		"bn": {"দাম কমেছে: {{.product}}", "আপনার পছন্দের {{.product}} এর দাম {{.count}} বার কমেছে; এখন দাম {{.amount}}।"},
	}, false},
}

// moreWords ends a list cut at MaxFoldLines.
var moreWords = map[string]string{
	"en": "… and {{.}} more",
	"bn": "… এবং আরও {{.}}টি",
}

// MaxFoldLines is how many notifications, the newest, a folded email
// lists.
const MaxFoldLines = 10

// Folds tells whether an email may carry several notifications of kind.
func Folds(kind string) bool {
	_, ok := foldKinds[kind]
	return ok
}

// RenderFolded is the title and opening of an email carrying the
// notifications items (oldest first, at least two) of one kind, and the
// lines it lists (the newest MaxFoldLines, newest first, then how many
// more), in lang.
func RenderFolded(kind, lang string, items []Data) (Text, []string, error) {
	fk, ok := foldKinds[kind]
	if !ok {
		return Text{}, nil, fmt.Errorf("%w %q (not folded)", ErrUnknownKind, kind)
	}
	if len(items) < 2 {
		return Text{}, nil, fmt.Errorf("%w: a folded email carries at least two notifications", ErrMissingData)
	}
	if !slices.Contains(Languages, lang) {
		lang = Languages[0]
	}
	newest := items[len(items)-1]
	// the newest one's own words check its data
	if _, err := Render(kind, lang, newest); err != nil {
		return Text{}, nil, err
	}
	d := make(map[string]string, len(newest)+1)
	for k, v := range newest {
		d[k] = oneLine(v)
	}
	d["count"] = strconv.Itoa(len(items))
	for _, key := range amountKeys {
		if v := d[key]; v != "" {
			d[key] = FormatAmount(lang, v)
		}
	}
	w := fk.words[lang]
	var out [2]bytes.Buffer
	for i, src := range []string{w.title, w.body} {
		t, err := template.New(kind).Option("missingkey=zero").Parse(src)
		if err != nil {
			return Text{}, nil, err
		}
		if err := t.Execute(&out[i], d); err != nil {
			return Text{}, nil, err
		}
	}
	text := Text{Title: out[0].String(), Body: out[1].String()}
	if !fk.lines {
		return text, nil, nil
	}
	var lines []string
	for i := len(items) - 1; i >= 0 && len(lines) < MaxFoldLines; i-- {
		one, err := Render(kind, lang, items[i])
		if err != nil {
			return Text{}, nil, err
		}
		lines = append(lines, one.Body)
	}
	if more := len(items) - len(lines); more > 0 {
		var b bytes.Buffer
		if err := template.Must(template.New("more").Parse(moreWords[lang])).Execute(&b, more); err != nil {
			return Text{}, nil, err
		}
		lines = append(lines, b.String())
	}
	return text, lines, nil
}
