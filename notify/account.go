package notify

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	"text/template"
)

// AccountEmail is an email about the account itself: a password-reset or
// an email-verification link. It is not a notification: no bell, no
// unsubscribe (the user asked for it, or just signed up).
type AccountEmail struct {
	// Purpose is "reset_password", "verify_email" or
	// PurposeSignupAttempt.
	Purpose string
	Lang    string
	Name    string
	Shop    string
	// Link is the absolute address with the token.
	Link string
}

// PurposeSignupAttempt is the account email that tells the owner of an
// address someone tried to sign up with it; its link opens the page that
// asks for a reset link.
const PurposeSignupAttempt = "signup_attempt"

// accountWords are an account email's words in one language; {{.Shop}} is
// replaced by the shop's name.
type accountWords struct{ subject, body, button, ignore string }

var accountEmails = map[string]map[string]accountWords{
	"reset_password": {
		"en": {"Reset your password", "Someone, hopefully you, asked to reset the password of your {{.Shop}} account. The link works once, for an hour. Setting a new password signs you out everywhere else.",
			"Choose a new password", "If you did not ask, ignore this email: your password stays as it is."},
		"bn": {"আপনার পাসওয়ার্ড রিসেট করুন", "আপনার {{.Shop}} অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। লিংকটি একবার, এক ঘণ্টার জন্য কাজ করবে। নতুন পাসওয়ার্ড দিলে অন্য সব জায়গা থেকে আপনি সাইন আউট হয়ে যাবেন।",
			"নতুন পাসওয়ার্ড দিন", "আপনি অনুরোধ না করে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।"},
	},
	PurposeSignupAttempt: {
		"en": {"Someone tried to sign up with your email", "Someone, perhaps you, tried to open a new {{.Shop}} account with this email address. It already has an account, so nothing was created and nothing about your account changed. If it was you and you have forgotten your password, choose a new one.",
			"Choose a new password", "If it was not you, you need do nothing: your account and password stay as they are."},
		"bn": {"কেউ আপনার ইমেইল দিয়ে সাইন আপ করার চেষ্টা করেছে", "কেউ, হয়তো আপনি, এই ইমেইল ঠিকানা দিয়ে নতুন একটি {{.Shop}} অ্যাকাউন্ট খোলার চেষ্টা করেছে। এই ঠিকানায় আগে থেকেই একটি অ্যাকাউন্ট আছে, তাই নতুন কিছু খোলা হয়নি এবং আপনার অ্যাকাউন্টে কিছুই বদলায়নি। আপনি হয়ে থাকলে এবং পাসওয়ার্ড ভুলে গিয়ে থাকলে, নতুন একটি পাসওয়ার্ড দিন।",
			"নতুন পাসওয়ার্ড দিন", "আপনি না হয়ে থাকলে কিছুই করতে হবে না: আপনার অ্যাকাউন্ট ও পাসওয়ার্ড যেমন আছে তেমনই থাকবে।"},
	},
	"verify_email": {
		"en": {"Confirm your email", "Welcome to {{.Shop}}. Confirm this is your email address to list laptops, book them and get our emails. The link works once, for two days.",
			"Confirm my email", "If you did not sign up, open the link anyway: the account then becomes yours, and whoever used your address loses its password."},
		"bn": {"আপনার ইমেইল নিশ্চিত করুন", "{{.Shop}} এ স্বাগতম। ল্যাপটপের বিজ্ঞাপন দিতে, বুক করতে ও আমাদের ইমেইল পেতে নিশ্চিত করুন যে এটি আপনার ইমেইল ঠিকানা। লিংকটি একবার, দুই দিনের জন্য কাজ করবে।",
			"ইমেইল নিশ্চিত করুন", "আপনি সাইন আপ না করে থাকলেও লিংকটি খুলুন: অ্যাকাউন্টটি তখন আপনার হবে, আর যে আপনার ঠিকানা ব্যবহার করেছে সে পাসওয়ার্ড হারাবে।"},
	},
}

const accountText = `{{.Greeting}}

{{.Body}}

{{.Button}}: {{.Link}}

{{.Ignore}}
`

const accountHTML = `<!doctype html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,'Noto Sans Bengali',sans-serif;color:#18181b">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#71717a">{{.Shop}}</p>
<h1 style="margin:0 0 16px;font-size:20px">{{.Subject}}</h1>
<p style="margin:0 0 12px">{{.Greeting}}</p>
<p style="margin:0 0 24px;line-height:1.5">{{.Body}}</p>
<p style="margin:0 0 24px"><a href="{{.Link}}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">{{.Button}}</a></p>
<p style="margin:0;font-size:12px;color:#71717a">{{.Ignore}}</p>
</td></tr>
</table>
</body>
</html>
`

var (
	accountTextEmail = template.Must(template.New("text").Parse(accountText))
	accountHTMLEmail = htmltemplate.Must(htmltemplate.New("html").Parse(accountHTML))
)

// Render makes the account email in the recipient's language.
func (e AccountEmail) Render() (Rendered, error) {
	byLang, ok := accountEmails[e.Purpose]
	if !ok {
		return Rendered{}, fmt.Errorf("notify: no account email for %q", e.Purpose)
	}
	lang := e.Lang
	if _, ok := byLang[lang]; !ok {
		lang = Languages[0]
	}
	shop := oneLine(e.Shop)
	if shop == "" {
		shop = "Resale"
	}
	fill := strings.NewReplacer("{{.Shop}}", shop, "{{.Name}}", oneLine(e.Name)).Replace
	w := byLang[lang]
	v := map[string]string{
		"Lang": lang, "Shop": shop, "Subject": w.subject, "Greeting": fill(layouts[lang].greeting),
		"Body": fill(w.body), "Button": w.button, "Ignore": w.ignore, "Link": e.Link,
	}
	var text, html bytes.Buffer
	if err := accountTextEmail.Execute(&text, v); err != nil {
		return Rendered{}, err
	}
	if err := accountHTMLEmail.Execute(&html, v); err != nil {
		return Rendered{}, err
	}
	return Rendered{Subject: w.subject + " · " + shop, Text: text.String(), HTML: html.String()}, nil
}
