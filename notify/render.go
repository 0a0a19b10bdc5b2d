package notify

import (
	"bytes"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"slices"
	"strings"
	"sync"
	"text/template"
	"unicode"
)

// Data is what a notification is about (a product's name, a buyer's name,
// an amount already formatted), kept with it so its email can be rendered
// again at send time.
type Data map[string]string

// Text is a notification's words in one language.
type Text struct {
	Title string
	Body  string
}

// ErrUnknownKind is a kind that is not in the table.
var ErrUnknownKind = errors.New("notify: unknown kind")

// ErrMissingData is data without a key the kind's words need.
var ErrMissingData = errors.New("notify: missing data")

var (
	parsedOnce sync.Once
	parsed     map[string]map[string][2]*template.Template // kind -> language -> title, body
	parseErr   error
)

func templates() (map[string]map[string][2]*template.Template, error) {
	parsedOnce.Do(func() {
		parsed = map[string]map[string][2]*template.Template{}
		for name, k := range kinds {
			parsed[name] = map[string][2]*template.Template{}
			for _, lang := range Languages {
				w, ok := k.words[lang]
				if !ok {
					parseErr = fmt.Errorf("notify: %s has no %s words", name, lang)
					return
				}
				title, err := template.New(name).Option("missingkey=zero").Parse(w.title)
				if err != nil {
					parseErr = err
					return
				}
				body, err := template.New(name).Option("missingkey=zero").Parse(w.body)
				if err != nil {
					parseErr = err
					return
				}
				parsed[name][lang] = [2]*template.Template{title, body}
			}
		}
	})
	return parsed, parseErr
}

// Render is a notification's title and body in lang (English for a
// language the shop does not speak). Data must hold the kind's keys.
func Render(kind, lang string, d Data) (Text, error) {
	all, err := templates()
	if err != nil {
		return Text{}, err
	}
	k, ok := kinds[kind]
	if !ok {
		return Text{}, fmt.Errorf("%w %q", ErrUnknownKind, kind)
	}
	for _, key := range k.required {
		if strings.TrimSpace(d[key]) == "" {
			return Text{}, fmt.Errorf("%w: %s needs %q", ErrMissingData, kind, key)
		}
	}
	if kind == "offer_answered" && d["answer"] != "accepted" && d["answer"] != "declined" {
		return Text{}, fmt.Errorf("%w: offer_answered needs answer accepted or declined", ErrMissingData)
	}
	if !slices.Contains(Languages, lang) {
		lang = Languages[0]
	}
	clean := make(map[string]string, len(d))
	for key, v := range d {
		clean[key] = oneLine(v)
	}
	// one writing of money everywhere (#32), also for amounts stored
	// before it in the older "Tk 35,000"
	for _, key := range amountKeys {
		if v, ok := clean[key]; ok && v != "" {
			clean[key] = FormatAmount(lang, v)
		}
	}
	t := all[kind][lang]
	var title, body bytes.Buffer
	if err := t[0].Execute(&title, clean); err != nil {
		return Text{}, err
	}
	if err := t[1].Execute(&body, clean); err != nil {
		return Text{}, err
	}
	return Text{Title: title.String(), Body: body.String()}, nil
}

// oneLine folds control characters (a newline in a product's name could
// otherwise start a new line of an email's text, or of a header) into
// spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// Email is everything around a notification's words in its email.
type Email struct {
	Kind string
	Lang string
	Data Data
	// Folded, when it holds more than one, are the notifications (oldest
	// first) the email carries instead of Data's alone (RenderFolded).
	Folded []Data
	// Name is the recipient's name, for the greeting.
	Name string
	// Shop is the shop's name (MAIL_FROM's name, or Resale).
	Shop string
	// Link is the absolute address of the page the notification is about.
	Link string
	// Unsubscribe is the address of the page that turns this kind's email
	// off; Settings that of all email settings.
	Unsubscribe, Settings string
}

// Rendered is an email ready to be addressed and sent.
type Rendered struct {
	Subject string
	Text    string
	HTML    string
}

// layout is an email's fixed words in one language.
type layout struct{ greeting, open, why, off, settings string }

var layouts = map[string]layout{
	"en": {"Hello {{.Name}},", "Open in {{.Shop}}", "You get this email because you have an account at {{.Shop}}.",
		"Stop emails like this", "All email settings"},
	"bn": {"প্রিয় {{.Name}},", "{{.Shop}} এ খুলুন", "{{.Shop}} এ আপনার অ্যাকাউন্ট আছে বলে আপনি এই ইমেইলটি পাচ্ছেন।",
		"এ ধরনের ইমেইল বন্ধ করুন", "সব ইমেইল সেটিং"},
}

const textLayout = `{{.Greeting}}

{{.Body}}{{if .Lines}}
{{end}}{{range .Lines}}
- {{.}}{{end}}

{{.Open}}: {{.Link}}

-- 
{{.Why}}
{{.Off}}: {{.Unsubscribe}}
{{.Settings}}: {{.SettingsLink}}
`

const htmlLayout = `<!doctype html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Title}}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,'Noto Sans Bengali',sans-serif;color:#18181b">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#71717a">{{.Shop}}</p>
<h1 style="margin:0 0 16px;font-size:20px">{{.Title}}</h1>
<p style="margin:0 0 12px">{{.Greeting}}</p>
<p style="margin:0 0 24px;line-height:1.5">{{.Body}}</p>
{{with .Lines}}<ul style="margin:0 0 24px;padding-left:20px;line-height:1.5">{{range .}}<li>{{.}}</li>{{end}}</ul>
{{end}}<p style="margin:0 0 24px"><a href="{{.Link}}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">{{.Open}}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#71717a">
{{.Why}}<br>
<a href="{{.Unsubscribe}}" style="color:#71717a">{{.Off}}</a> · <a href="{{.SettingsLink}}" style="color:#71717a">{{.Settings}}</a>
</td></tr>
</table>
</body>
</html>
`

var (
	textEmail = template.Must(template.New("text").Parse(textLayout))
	htmlEmail = htmltemplate.Must(htmltemplate.New("html").Parse(htmlLayout))
)

// Render makes the email of a notification: subject, text part and HTML
// part, all in the recipient's language.
func (e Email) Render() (Rendered, error) {
	var words Text
	var lines []string
	var err error
	if len(e.Folded) > 1 {
		words, lines, err = RenderFolded(e.Kind, e.Lang, e.Folded)
	} else {
		words, err = Render(e.Kind, e.Lang, e.Data)
	}
	if err != nil {
		return Rendered{}, err
	}
	lang := e.Lang
	if _, ok := layouts[lang]; !ok {
		lang = Languages[0]
	}
	shop := oneLine(e.Shop)
	if shop == "" {
		shop = "Resale"
	}
	name := oneLine(e.Name)
	l := layouts[lang]
	// the layout's own words take only the name and the shop
	fill := strings.NewReplacer("{{.Name}}", name, "{{.Shop}}", shop).Replace
	v := map[string]any{
		"Lang": lang, "Shop": shop, "Title": words.Title, "Body": words.Body,
		"Greeting": fill(l.greeting), "Open": fill(l.open), "Why": fill(l.why), "Off": l.off, "Settings": l.settings,
		"Link": e.Link, "Unsubscribe": e.Unsubscribe, "SettingsLink": e.Settings, "Lines": lines,
	}
	var text, html bytes.Buffer
	if err := textEmail.Execute(&text, v); err != nil {
		return Rendered{}, err
	}
	if err := htmlEmail.Execute(&html, v); err != nil {
		return Rendered{}, err
	}
	return Rendered{Subject: words.Title + " · " + shop, Text: text.String(), HTML: html.String()}, nil
}
