// Package notify holds what the shop tells its users: the kinds of
// notification, their words in English and Bangla, the email around them,
// and the one-click unsubscribe tokens. It renders; store writes and jobs
// sends.
package notify

// Languages the shop speaks; the first is the default.
var Languages = []string{"en", "bn"}

// kind is one kind of notification: who gets it is up to the caller; what
// it says is here.
type kind struct {
	// required are the data keys its words need; others are optional.
	required []string
	words    map[string]words
}

// words is a kind's title and body in one language, as text/templates over
// the notification's data.
type words struct{ title, body string }

// kinds is the table of every kind (API.md, "Notifications"). Titles are
// short (a line of the bell's list and the email's subject); bodies are
// one or two sentences.
var kinds = map[string]kind{
	"booking_received": {[]string{"product", "buyer"}, map[string]words{
		"en": {"New booking: {{.product}}", "{{.buyer}} booked your {{.product}}.{{with .phone}} Phone: {{.}}.{{end}}{{with .place}} Meeting place: {{.}}.{{end}}{{if .cash}} They pay in cash at the hand-over.{{else if .card}} They pay by card.{{else if .sslcommerz}} They pay online through SSLCommerz.{{end}} Contact them to arrange the meeting."},
		"bn": {"নতুন বুকিং: {{.product}}", "{{.buyer}} আপনার {{.product}} বুক করেছেন।{{with .phone}} ফোন: {{.}}।{{end}}{{with .place}} দেখা করার স্থান: {{.}}।{{end}}{{if .cash}} তিনি হস্তান্তরের সময় নগদ টাকায় পরিশোধ করবেন।{{else if .card}} তিনি কার্ডে পরিশোধ করবেন।{{else if .sslcommerz}} তিনি SSLCommerz এর মাধ্যমে অনলাইনে পরিশোধ করবেন।{{end}} দেখা করার ব্যবস্থা করতে যোগাযোগ করুন।"},
	}},
	"booking_accepted": {[]string{"product"}, map[string]words{
		"en": {"Booking accepted: {{.product}}", `The seller accepted your booking of {{.product}}.{{if .cash}} Pay at the hand-over: cash{{with .amount}}, {{.}}{{end}}. Your hand-over code is on the booking's page: give it to the seller once you have the laptop.{{else}} Your hand-over code is on the booking's page.{{if .card}} Pay by card from My Booking.{{else if .sslcommerz}} Pay online (bKash, Nagad or card) from My Booking.{{end}}{{end}}`},
		"bn": {"বুকিং গৃহীত: {{.product}}", `বিক্রেতা আপনার {{.product}} এর বুকিং গ্রহণ করেছেন।{{if .cash}} হস্তান্তরের সময় পরিশোধ: নগদ টাকা{{with .amount}}, {{.}}{{end}}। হস্তান্তরের কোডটি বুকিংয়ের পাতায় আছে: ল্যাপটপ বুঝে পেলে কোডটি বিক্রেতাকে দিন।{{else}} হস্তান্তরের কোডটি বুকিংয়ের পাতায় আছে।{{if .card}} আমার বুকিং পাতা থেকে কার্ডে পরিশোধ করুন।{{else if .sslcommerz}} আমার বুকিং পাতা থেকে অনলাইনে (বিকাশ, নগদ বা কার্ড) পরিশোধ করুন।{{end}}{{end}}`},
	}},
	"booking_declined": {[]string{"product"}, map[string]words{
		"en": {"Booking declined: {{.product}}", "The seller declined your booking of {{.product}}.{{if .reserved}} They reserved it for another buyer.{{end}}{{with .reason}} Reason: {{.}}{{end}}"},
		"bn": {"বুকিং গৃহীত হয়নি: {{.product}}", "বিক্রেতা আপনার {{.product}} এর বুকিং গ্রহণ করেননি।{{if .reserved}} তিনি এটি অন্য একজন ক্রেতার জন্য সংরক্ষণ করেছেন।{{end}}{{with .reason}} কারণ: {{.}}{{end}}"},
	}},
	"booking_cancelled": {[]string{"product", "buyer"}, map[string]words{
		"en": {"Booking cancelled: {{.product}}", "{{.buyer}} cancelled their booking of {{.product}}."},
		"bn": {"বুকিং প্রত্যাহার: {{.product}}", "{{.buyer}} {{.product}} এর বুকিং প্রত্যাহার করেছেন।"},
	}},
	"reservation_released": {[]string{"product", "buyer"}, map[string]words{
		"en": {"Reservation ended: {{.product}}", `{{if .seller}}Your reservation of {{.product}} for {{.buyer}} ended after 72 hours without a hand-over or payment. Other buyers can book it again.{{else}}The reservation of {{.product}} for you ended after 72 hours without a hand-over or payment. Book it again if you still want it.{{end}}`},
		"bn": {"সংরক্ষণ শেষ: {{.product}}", `{{if .seller}}{{.buyer}} এর জন্য {{.product}} এর সংরক্ষণ ৭২ ঘণ্টায় হস্তান্তর বা পেমেন্ট ছাড়াই শেষ হয়েছে। অন্য ক্রেতারা এখন আবার বুক করতে পারবেন।{{else}}আপনার জন্য {{.product}} এর সংরক্ষণ ৭২ ঘণ্টায় হস্তান্তর বা পেমেন্ট ছাড়াই শেষ হয়েছে। এখনও চাইলে আবার বুক করুন।{{end}}`},
	}},
	"handover_completed": {[]string{"product", "buyer"}, map[string]words{
		"en": {"Sale completed: {{.product}}", `{{if .seller}}You handed {{.product}} over to {{.buyer}}.{{if .cash}} They paid in cash at the hand-over{{with .amount}} ({{.}}){{end}}.{{end}} The sale is complete.{{else}}You received {{.product}}.{{if .cash}} You paid in cash at the hand-over{{with .amount}} ({{.}}){{end}}.{{end}} The sale is complete; thank you.{{end}}`},
		"bn": {"বিক্রি সম্পন্ন: {{.product}}", `{{if .seller}}আপনি {{.buyer}} কে {{.product}} হস্তান্তর করেছেন।{{if .cash}} তিনি হস্তান্তরের সময় নগদ টাকায় পরিশোধ করেছেন{{with .amount}} ({{.}}){{end}}।{{end}} বিক্রি সম্পন্ন হয়েছে।{{else}}আপনি {{.product}} বুঝে পেয়েছেন।{{if .cash}} আপনি হস্তান্তরের সময় নগদ টাকায় পরিশোধ করেছেন{{with .amount}} ({{.}}){{end}}।{{end}} বিক্রি সম্পন্ন হয়েছে; ধন্যবাদ।{{end}}`},
	}},
	// #35 the buyer and the seller of an accepted booking, some hours
	// before its 72-hour reservation ends (hours: how many are left)
	"handover_reminder": {[]string{"product", "buyer", "hours"}, map[string]words{
		"en": {"Hand-over reminder: {{.product}}", `{{if .seller}}The reservation of {{.product}} for {{.buyer}} ends in about {{.hours}} hours. Meet to hand it over, or other buyers can book it again.{{else}}The reservation of {{.product}} for you ends in about {{.hours}} hours. Meet the seller to get it, or it is released.{{end}}`},
		"bn": {"হস্তান্তরের কথা মনে করিয়ে দিচ্ছি: {{.product}}", `{{if .seller}}{{.buyer}} এর জন্য {{.product}} এর সংরক্ষণ প্রায় {{.hours}} ঘণ্টা পরে শেষ হবে। হস্তান্তরের জন্য দেখা করুন, নইলে অন্য ক্রেতারা আবার বুক করতে পারবেন।{{else}}আপনার জন্য {{.product}} এর সংরক্ষণ প্রায় {{.hours}} ঘণ্টা পরে শেষ হবে। ল্যাপটপটি নিতে বিক্রেতার সাথে দেখা করুন, নইলে সংরক্ষণটি শেষ হয়ে যাবে।{{end}}`},
	}},
	"payment_received": {[]string{"product", "amount"}, map[string]words{
		// refunded (#31): a payment that did not pay the booking as it is now
		"en": {`{{if .refunded}}Payment refunded: {{.product}}{{else}}Payment received: {{.product}}{{end}}`,
			`{{if .refunded}}{{if .online}}An online payment{{else}}A card payment{{end}} of {{.amount}}{{with .buyer}} by {{.}}{{end}} for {{.product}} did not match the booking as it is now (its price changed, or it was already paid), so it is refunded. The booking itself is unchanged.{{else}}{{.product}} was paid {{if .online}}online through SSLCommerz{{else}}by card{{end}}: {{.amount}}. Hand it over at the agreed place.{{end}}`},
		"bn": {`{{if .refunded}}পেমেন্ট ফেরত: {{.product}}{{else}}পেমেন্ট পাওয়া গেছে: {{.product}}{{end}}`,
			`{{if .refunded}}{{.product}} এর জন্য {{with .buyer}}{{.}} এর {{end}}{{.amount}} {{if .online}}অনলাইন{{else}}কার্ড{{end}} পেমেন্টটি বুকিংয়ের বর্তমান অবস্থার সাথে মেলেনি (দাম বদলেছে, অথবা আগেই পরিশোধ করা হয়েছে), তাই তা ফেরত দেওয়া হচ্ছে। বুকিংটি যেমন ছিল তেমনই আছে।{{else}}{{.product}} এর মূল্য {{.amount}} {{if .online}}SSLCommerz এর মাধ্যমে অনলাইনে{{else}}কার্ডে{{end}} পরিশোধ হয়েছে। নির্ধারিত স্থানে হস্তান্তর করুন।{{end}}`},
	}},
	"payment_receipt": {[]string{"product", "amount"}, map[string]words{
		"en": {`{{if .refunded}}Refund: {{.product}}{{else}}Receipt: {{.product}}{{end}}`,
			`{{if .promotion}}Your payment of {{.amount}} to advertise {{.product}} could not be used (the laptop was sold, removed or expired first, or the amount was not the price), so it goes back to {{if .online}}the account you paid from{{else}}your card{{end}}. The laptop is not advertised.{{else if .refunded}}Your {{if .online}}online{{else}}card{{end}} payment of {{.amount}} for {{.product}} did not match your booking as it is now (its price changed, or it was already paid), so it goes back to {{if .online}}the account you paid from{{else}}your card{{end}}. See the booking and its price in My Booking.{{else}}You paid {{.amount}} for {{.product}}{{if .online}} online through SSLCommerz{{end}}. Keep this as your receipt.{{end}}`},
		"bn": {`{{if .refunded}}ফেরত: {{.product}}{{else}}রসিদ: {{.product}}{{end}}`,
			`{{if .promotion}}{{.product}} বিজ্ঞাপন দেওয়ার জন্য আপনার {{.amount}} পেমেন্টটি ব্যবহার করা যায়নি (ল্যাপটপটি আগেই বিক্রি, সরানো বা মেয়াদোত্তীর্ণ হয়েছে, অথবা টাকার পরিমাণ দামের সাথে মেলেনি), তাই টাকা {{if .online}}যে অ্যাকাউন্ট থেকে পরিশোধ করেছেন সেখানে{{else}}আপনার কার্ডে{{end}} ফেরত যাচ্ছে। ল্যাপটপটির বিজ্ঞাপন দেওয়া হয়নি।{{else if .refunded}}{{.product}} এর জন্য আপনার {{.amount}} {{if .online}}অনলাইন{{else}}কার্ড{{end}} পেমেন্টটি আপনার বুকিংয়ের বর্তমান অবস্থার সাথে মেলেনি (দাম বদলেছে, অথবা আগেই পরিশোধ করা হয়েছে), তাই টাকা {{if .online}}যে অ্যাকাউন্ট থেকে পরিশোধ করেছেন সেখানে{{else}}আপনার কার্ডে{{end}} ফেরত যাচ্ছে। আমার বুকিং পাতায় বুকিংটি ও তার দাম দেখুন।{{else}}আপনি {{.product}} এর জন্য {{.amount}}{{if .online}} SSLCommerz এর মাধ্যমে অনলাইনে{{end}} পরিশোধ করেছেন। এটি আপনার রসিদ হিসেবে রাখুন।{{end}}`},
	}},
	"sold_elsewhere": {[]string{"product"}, map[string]words{
		"en": {"No longer available: {{.product}}", `{{if .favourite}}{{.product}}, one of your favourites, was sold.{{else}}{{.product}}, which you booked, went to someone else. Your booking is closed.{{end}}`},
		"bn": {"আর পাওয়া যাচ্ছে না: {{.product}}", `{{if .favourite}}আপনার পছন্দের {{.product}} বিক্রি হয়ে গেছে।{{else}}আপনার বুক করা {{.product}} অন্য কেউ কিনে নিয়েছেন। আপনার বুকিংটি বন্ধ করা হয়েছে।{{end}}`},
	}},
	"listing_withdrawn": {[]string{"product"}, map[string]words{
		"en": {"No longer available: {{.product}}", "{{.product}}, which you booked, was taken off the shop. Your booking is closed.{{with .refund}}{{if $.online}} Your online payment of {{.}} goes back to the account you paid from.{{else}} Your card payment of {{.}} goes back to your card.{{end}}{{end}}"},
		"bn": {"আর পাওয়া যাচ্ছে না: {{.product}}", "আপনার বুক করা {{.product}} শপ থেকে সরিয়ে নেওয়া হয়েছে। আপনার বুকিংটি বন্ধ করা হয়েছে।{{with .refund}}{{if $.online}} আপনার {{.}} অনলাইন পেমেন্ট যে অ্যাকাউন্ট থেকে পরিশোধ করেছেন সেখানে ফেরত যাচ্ছে।{{else}} আপনার {{.}} কার্ড পেমেন্ট আপনার কার্ডে ফেরত যাচ্ছে।{{end}}{{end}}"},
	}},
	"product_removed": {[]string{"product"}, map[string]words{
		"en": {"Listing removed: {{.product}}", "An admin removed your listing {{.product}}.{{with .reason}} Reason: {{.}}{{end}}{{with .refund}} The buyer's payment of {{.}} is refunded.{{end}}"},
		"bn": {"বিজ্ঞাপন সরানো হয়েছে: {{.product}}", "একজন অ্যাডমিন আপনার {{.product}} বিজ্ঞাপনটি সরিয়ে দিয়েছেন।{{with .reason}} কারণ: {{.}}{{end}}{{with .refund}} ক্রেতার {{.}} পেমেন্ট ফেরত দেওয়া হচ্ছে।{{end}}"},
	}},
	// #32 moderation: an admin hid a listing until its seller edits it
	"listing_hidden": {[]string{"product", "reason"}, map[string]words{
		"en": {"Listing hidden: {{.product}}", "An admin hid your listing {{.product}} until you edit it. Reason: {{.reason}} Edit the listing in My Products and it is back in the shop."},
		"bn": {"বিজ্ঞাপন লুকানো হয়েছে: {{.product}}", "একজন অ্যাডমিন আপনার {{.product}} বিজ্ঞাপনটি সম্পাদনা না করা পর্যন্ত লুকিয়ে রেখেছেন। কারণ: {{.reason}} আমার পণ্য পাতায় বিজ্ঞাপনটি সম্পাদনা করলে এটি আবার শপে ফিরে আসবে।"},
	}},
	// #32 moderation: what an admin did to the account itself (AccountKinds)
	"account_warned": {[]string{"reason"}, map[string]words{
		"en": {"A warning from the shop's admins", "An admin warned you: {{.reason}} Please keep to the shop's rules; a next time may suspend your account."},
		"bn": {"শপের অ্যাডমিনের সতর্কবার্তা", "একজন অ্যাডমিন আপনাকে সতর্ক করেছেন: {{.reason}} অনুগ্রহ করে শপের নিয়ম মেনে চলুন; পরের বার আপনার অ্যাকাউন্ট স্থগিত হতে পারে।"},
	}},
	"account_suspended": {[]string{"until", "reason"}, map[string]words{
		"en": {"Your account is suspended until {{.until}}", "An admin suspended your account until {{.until}}. Reason: {{.reason}} Until then you cannot log in or use the shop."},
		"bn": {"আপনার অ্যাকাউন্ট {{.until}} পর্যন্ত স্থগিত", "একজন অ্যাডমিন আপনার অ্যাকাউন্ট {{.until}} পর্যন্ত স্থগিত করেছেন। কারণ: {{.reason}} ততদিন আপনি লগ ইন বা শপ ব্যবহার করতে পারবেন না।"},
	}},
	"account_deleted": {nil, map[string]words{
		"en": {"Your account was deleted", "An admin deleted your account.{{with .reason}} Reason: {{.}}{{end}} Your listings and open bookings are closed."},
		"bn": {"আপনার অ্যাকাউন্ট মুছে ফেলা হয়েছে", "একজন অ্যাডমিন আপনার অ্যাকাউন্ট মুছে ফেলেছেন।{{with .reason}} কারণ: {{.}}{{end}} আপনার বিজ্ঞাপন ও চলমান বুকিংগুলো বন্ধ করা হয়েছে।"},
	}},
	"seller_verified": {nil, map[string]words{
		"en": {"You are a verified seller", "Your listings now show the verified badge."},
		"bn": {"আপনি এখন যাচাইকৃত বিক্রেতা", "আপনার বিজ্ঞাপনগুলোতে এখন থেকে যাচাইকৃত ব্যাজ দেখা যাবে।"},
	}},
	"listing_expiring": {[]string{"product", "date"}, map[string]words{
		"en": {"Listing ending soon: {{.product}}", "{{.product}} leaves the catalogue on {{.date}} unless you renew it."},
		"bn": {"বিজ্ঞাপনের মেয়াদ শেষ হচ্ছে: {{.product}}", "নবায়ন না করলে {{.product}} {{.date}} তারিখে তালিকা থেকে সরে যাবে।"},
	}},
	"message_received": {[]string{"sender", "product"}, map[string]words{
		"en": {"New message from {{.sender}}", "{{.sender}} wrote about {{.product}}.{{with .excerpt}} “{{.}}”{{end}}"},
		"bn": {"{{.sender}} এর নতুন বার্তা", "{{.sender}} {{.product}} নিয়ে লিখেছেন।{{with .excerpt}} “{{.}}”{{end}}"},
	}},
	"offer_received": {[]string{"product", "buyer", "amount"}, map[string]words{
		"en": {"New offer on {{.product}}", "{{.buyer}} offered {{.amount}} for {{.product}}."},
		"bn": {"{{.product}} এর জন্য নতুন প্রস্তাব", "{{.buyer}} {{.product}} এর জন্য {{.amount}} প্রস্তাব করেছেন।"},
	}},
	"offer_answered": {[]string{"product", "amount", "answer"}, map[string]words{
		"en": {`Your offer on {{.product}} was {{if eq .answer "accepted"}}accepted{{else}}declined{{end}}`,
			`{{with .by}}{{.}}{{else}}The seller{{end}} {{if eq .answer "accepted"}}accepted{{else}}declined{{end}} your offer of {{.amount}} for {{.product}}.`},
		"bn": {`{{.product}} এর প্রস্তাব {{if eq .answer "accepted"}}গৃহীত হয়েছে{{else}}গৃহীত হয়নি{{end}}`,
			`{{with .by}}{{.}}{{else}}বিক্রেতা{{end}} {{.product}} এর জন্য আপনার {{.amount}} প্রস্তাব {{if eq .answer "accepted"}}গ্রহণ করেছেন{{else}}গ্রহণ করেননি{{end}}।`},
	}},
	// saved_search_match: one new listing (product) for an instant saved
	// search, or a daily digest's count of them (count, with one: "1").
	"saved_search_match": {[]string{"search"}, map[string]words{
		"en": {`{{if .count}}{{.count}} new {{if eq .count "1"}}laptop matches{{else}}laptops match{{end}} “{{.search}}”{{else}}New match for “{{.search}}”{{end}}`,
			`{{if .count}}{{.count}} new {{if eq .count "1"}}laptop was{{else}}laptops were{{end}} listed since yesterday that {{if eq .count "1"}}matches{{else}}match{{end}} your saved search “{{.search}}”.{{else}}{{.product}} was just listed and matches your saved search “{{.search}}”.{{end}}`},
		"bn": {`{{if .count}}“{{.search}}” এর সাথে মেলে এমন {{.count}}টি নতুন ল্যাপটপ{{else}}“{{.search}}” এর সাথে মেলে এমন নতুন বিজ্ঞাপন{{end}}`,
			`{{if .count}}গতকাল থেকে {{.count}}টি নতুন ল্যাপটপ যোগ হয়েছে, যা আপনার সংরক্ষিত অনুসন্ধান “{{.search}}” এর সাথে মেলে।{{else}}{{.product}} এইমাত্র যোগ হয়েছে, যা আপনার সংরক্ষিত অনুসন্ধান “{{.search}}” এর সাথে মেলে।{{end}}`},
	}},
	"price_drop": {[]string{"product", "amount"}, map[string]words{
		"en": {"Price drop: {{.product}}", "{{.product}}, one of your favourites, now costs {{.amount}}."},
		"bn": {"দাম কমেছে: {{.product}}", "আপনার পছন্দের {{.product}} এর দাম এখন {{.amount}}।"},
	}},
	// #20 sellers and reviews: the buyer of a completed sale is asked to
	// review the seller; the seller hears of a review, to reply to it
	"review_request": {[]string{"product"}, map[string]words{
		"en": {"How was your purchase? {{.product}}", "Your purchase of {{.product}} is complete. Rate the seller from 1 to 5 and say how it went: it helps other buyers."},
		"bn": {"কেনাকাটা কেমন হলো? {{.product}}", "আপনার {{.product}} কেনা সম্পন্ন হয়েছে। বিক্রেতাকে ১ থেকে ৫ এর মধ্যে রেটিং দিন এবং অভিজ্ঞতা জানান: এটি অন্য ক্রেতাদের সাহায্য করে।"},
	}},
	"review_received": {[]string{"buyer", "product", "rating"}, map[string]words{
		"en": {"New review: {{.rating}} out of 5", "{{.buyer}} reviewed their purchase of {{.product}}. You can reply once, on your seller page."},
		"bn": {"নতুন রিভিউ: ৫ এর মধ্যে {{.rating}}", "{{.buyer}} তাঁর কেনা {{.product}} নিয়ে রিভিউ দিয়েছেন। আপনি আপনার বিক্রেতা পাতায় একবার উত্তর দিতে পারবেন।"},
	}},
}

// Kinds lists every kind of notification, in the order settings show them.
var Kinds = []string{
	"booking_received", "booking_accepted", "booking_declined", "booking_cancelled",
	"reservation_released", "handover_reminder", "handover_completed", "payment_received", "payment_receipt", "sold_elsewhere", "listing_withdrawn", "product_removed",
	"seller_verified", "listing_expiring", "message_received", "offer_received",
	"offer_answered", "saved_search_match", "price_drop",
	"review_request", "review_received", // #20 sellers and reviews
	"listing_hidden", // #32 moderation
}

// AccountKinds are what an admin did to the account itself (#32): always
// emailed, even when the account is gone or the person turned email off,
// so no email setting names them.
var AccountKinds = []string{"account_warned", "account_suspended", "account_deleted"}

// IsKind tells whether k is a kind of notification.
func IsKind(k string) bool {
	_, ok := kinds[k]
	return ok
}
