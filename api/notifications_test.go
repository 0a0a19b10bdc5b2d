package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"resale/notify"
	"resale/store"
)

type notificationWire struct {
	ID        string `json:"_id"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Body      string `json:"body"`
	Link      string `json:"link"`
	CreatedAt string `json:"createdAt"`
	Read      bool   `json:"read"`
}

// notifyFixture is two users with notifications, and the server.
type notifyFixture struct {
	*testServer
	me, other           store.User
	meToken, otherToken string
	mine                []store.Notification // oldest first
	theirs              store.Notification
}

func newNotifyFixture(t *testing.T, count int) *notifyFixture {
	t.Helper()
	s := newTestServer(t)
	ctx := context.Background()
	f := &notifyFixture{testServer: s}
	var err error
	if f.me, err = s.store.CreateUser(ctx, store.NewUser{Name: "Rahim", Email: "rahim@example.com", Role: store.RoleSeller}); err != nil {
		t.Fatal(err)
	}
	if f.other, err = s.store.CreateUser(ctx, store.NewUser{Name: "Karim", Email: "karim@example.com", Role: store.RoleBuyer}); err != nil {
		t.Fatal(err)
	}
	f.meToken, f.otherToken = tokenFor(t, f.me), tokenFor(t, f.other)
	for i := range count {
		n, err := s.store.Notify(ctx, store.Notice{UserID: f.me.ID, Kind: "booking_received", Link: "/dashboard/leads",
			Data: notify.Data{"product": fmt.Sprint("HP ", i), "buyer": "Karim"}})
		if err != nil {
			t.Fatal(err)
		}
		f.mine = append(f.mine, n)
	}
	if f.theirs, err = s.store.Notify(ctx, store.Notice{UserID: f.other.ID, Kind: "sold_elsewhere", Data: notify.Data{"product": "HP"}}); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *notifyFixture) send(method, path, token string, body any) *httptest.ResponseRecorder {
	f.t.Helper()
	h := bearer(token)
	if body == nil {
		return f.do(method, path, nil, h)
	}
	b, _ := json.Marshal(body)
	return f.do(method, path, bytes.NewReader(b), h)
}

func (f *notifyFixture) unread(token string) int {
	f.t.Helper()
	rec := f.send(http.MethodGet, "/api/notifications/unread", token, nil)
	var got struct {
		Count *int `json:"count"`
	}
	decode(f.t, rec, &got)
	if rec.Code != http.StatusOK || got.Count == nil {
		f.t.Fatalf("unread: %d %s", rec.Code, rec.Body.String())
	}
	return *got.Count
}

func TestListNotificationsPagesNewestFirst(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 5)
	rec := f.send(http.MethodGet, "/api/notifications?limit=3", f.meToken, nil)
	var page []notificationWire
	decode(t, rec, &page)
	if rec.Code != http.StatusOK || len(page) != 3 {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	first := page[0]
	want := f.mine[4]
	if first.ID != fmt.Sprint(want.ID) || first.Kind != "booking_received" || first.Title != "New booking: HP 4" ||
		first.Body != "Karim booked your HP 4. Contact them to arrange the meeting." || first.Link != "/dashboard/leads" || first.Read || first.CreatedAt == "" {
		t.Errorf("first = %+v", first)
	}
	link := rec.Header().Get("Link")
	start, end := strings.Index(link, "<"), strings.Index(link, ">")
	if start < 0 || end < start || !strings.HasSuffix(link, `rel="next"`) {
		t.Fatalf("Link %q", link)
	}
	rec = f.send(http.MethodGet, link[start+1:end], f.meToken, nil)
	decode(t, rec, &page)
	if len(page) != 2 || page[1].ID != fmt.Sprint(f.mine[0].ID) || rec.Header().Get("Link") != "" {
		t.Errorf("second page %+v, Link %q", page, rec.Header().Get("Link"))
	}
	// never someone else's
	rec = f.send(http.MethodGet, "/api/notifications", f.otherToken, nil)
	decode(t, rec, &page)
	if len(page) != 1 || page[0].ID != fmt.Sprint(f.theirs.ID) {
		t.Errorf("the other user's list %+v", page)
	}
	// an empty list is [], not null
	u, _ := f.store.CreateUser(context.Background(), store.NewUser{Name: "New", Email: "new@example.com", Role: store.RoleBuyer})
	if rec := f.send(http.MethodGet, "/api/notifications", tokenFor(t, u), nil); strings.TrimSpace(rec.Body.String()) != "[]" {
		t.Errorf("empty list %q", rec.Body.String())
	}
	for _, bad := range []string{"?limit=0", "?limit=x", "?cursor=nope", "?limit=1&limit=2"} {
		wantError(t, f.send(http.MethodGet, "/api/notifications"+bad, f.meToken, nil), http.StatusBadRequest, "invalid")
	}
}

func TestMarkNotificationsRead(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 4)
	if n := f.unread(f.meToken); n != 4 {
		t.Fatalf("unread %d, want 4", n)
	}
	ids := []string{fmt.Sprint(f.mine[0].ID), fmt.Sprint(f.mine[1].ID), fmt.Sprint(f.theirs.ID)}
	rec := f.send(http.MethodPut, "/api/notifications/read", f.meToken, map[string]any{"ids": ids})
	var got struct {
		Acknowledged  bool `json:"acknowledged"`
		ModifiedCount int  `json:"modifiedCount"`
	}
	decode(t, rec, &got)
	// the other user's id is not the caller's: it changes nothing
	if rec.Code != http.StatusOK || !got.Acknowledged || got.ModifiedCount != 2 {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	if n := f.unread(f.meToken); n != 2 {
		t.Errorf("unread %d, want 2", n)
	}
	if n := f.unread(f.otherToken); n != 1 {
		t.Errorf("the other user's unread %d, want 1", n)
	}
	var list []notificationWire
	decode(t, f.send(http.MethodGet, "/api/notifications", f.meToken, nil), &list)
	if !list[3].Read || list[0].Read {
		t.Errorf("read flags %+v", list)
	}

	rec = f.send(http.MethodPut, "/api/notifications/read", f.meToken, map[string]any{"all": true})
	decode(t, rec, &got)
	if got.ModifiedCount != 2 || f.unread(f.meToken) != 0 || f.unread(f.otherToken) != 1 {
		t.Errorf("all: %+v", got)
	}

	tooMany := make([]string, 501)
	for i := range tooMany {
		tooMany[i] = "1"
	}
	for name, body := range map[string]any{
		"nothing":      map[string]any{},
		"empty ids":    map[string]any{"ids": []string{}},
		"all false":    map[string]any{"all": false},
		"both":         map[string]any{"all": true, "ids": []string{"1"}},
		"bad id":       map[string]any{"ids": []string{"abc"}},
		"negative id":  map[string]any{"ids": []string{"-1"}},
		"numeric id":   map[string]any{"ids": []int{1}},
		"overflow":     map[string]any{"ids": []string{"99999999999999999999"}},
		"too many ids": map[string]any{"ids": tooMany},
		"unknown":      map[string]any{"all": true, "userId": "1"},
	} {
		rec := f.send(http.MethodPut, "/api/notifications/read", f.meToken, body)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
}

type settingsWire struct {
	Email map[string]bool `json:"email"`
}

func TestNotificationSettings(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 0)
	var got settingsWire
	decode(t, f.send(http.MethodGet, "/api/me/notification-settings", f.meToken, nil), &got)
	if len(got.Email) != len(notify.Kinds) {
		t.Fatalf("settings %v", got)
	}
	for k, on := range got.Email {
		if !on {
			t.Errorf("%s is off by default", k)
		}
	}
	rec := f.send(http.MethodPut, "/api/me/notification-settings", f.meToken, map[string]any{"email": map[string]bool{"price_drop": false, "offer_received": false}})
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || got.Email["price_drop"] || got.Email["offer_received"] || !got.Email["booking_received"] || len(got.Email) != len(notify.Kinds) {
		t.Fatalf("after PUT: %d %v", rec.Code, got)
	}
	// only the caller's settings
	decode(t, f.send(http.MethodGet, "/api/me/notification-settings", f.otherToken, nil), &got)
	if !got.Email["price_drop"] {
		t.Error("another user's setting changed")
	}
	for name, body := range map[string]any{
		"no email":     map[string]any{},
		"unknown kind": map[string]any{"email": map[string]bool{"spam": false}},
		"not a bool":   map[string]any{"email": map[string]string{"price_drop": "no"}},
		"not a map":    map[string]any{"email": true},
		"extra field":  map[string]any{"email": map[string]bool{}, "userId": "1"},
	} {
		if rec := f.send(http.MethodPut, "/api/me/notification-settings", f.meToken, body); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
}

// One-click unsubscribe (RFC 8058): a mail app posts the form body to the
// List-Unsubscribe address; that kind of email stops, the others stay.
func TestOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 0)
	tok := notify.NewUnsubscriber(testKey).Token(f.me.ID, "booking_received")
	h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	rec := f.do(http.MethodPost, "/api/unsubscribe?token="+url.QueryEscape(tok), strings.NewReader("List-Unsubscribe=One-Click"), h)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	settings, err := f.store.EmailSettings(context.Background(), f.me.ID)
	if err != nil || settings["booking_received"] || !settings["price_drop"] {
		t.Fatalf("settings after unsubscribe: %v %v", settings, err)
	}
	// twice is fine
	if rec := f.do(http.MethodPost, "/api/unsubscribe?token="+url.QueryEscape(tok), nil, nil); rec.Code != http.StatusOK {
		t.Errorf("again: %d", rec.Code)
	}

	other := notify.NewUnsubscriber([]byte(strings.Repeat("x", 40))).Token(f.me.ID, "price_drop")
	for name, q := range map[string]string{
		"no token":        "",
		"empty":           "?token=",
		"another key":     "?token=" + url.QueryEscape(other),
		"tampered user":   "?token=" + url.QueryEscape(strings.Replace(tok, fmt.Sprint(f.me.ID)+".", fmt.Sprint(f.other.ID)+".", 1)),
		"tampered kind":   "?token=" + url.QueryEscape(strings.Replace(tok, "booking_received", "price_drop", 1)),
		"twice":           "?token=" + url.QueryEscape(tok) + "&token=" + url.QueryEscape(tok),
		"huge":            "?token=" + strings.Repeat("a", 5000),
		"SQL":             "?token=" + url.QueryEscape("1.price_drop' OR 1=1--.x"),
		"NUL":             "?token=%00",
		"deleted account": "?token=" + url.QueryEscape(notify.NewUnsubscriber(testKey).Token(f.other.ID+1000, "price_drop")),
	} {
		rec := f.do(http.MethodPost, "/api/unsubscribe"+q, nil, nil)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	settings, _ = f.store.EmailSettings(context.Background(), f.me.ID)
	if !settings["price_drop"] {
		t.Error("a bad token changed a setting")
	}
	// GET changes nothing: link scanners follow links
	if rec := f.do(http.MethodGet, "/api/unsubscribe?token="+url.QueryEscape(tok), nil, nil); rec.Code != http.StatusMethodNotAllowed && rec.Code != http.StatusNotFound {
		t.Errorf("GET: %d", rec.Code)
	}
}

func TestMailFailuresForAdmins(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 2)
	ctx := context.Background()
	if err := f.store.RecordNotificationEmailError(ctx, f.mine[0].ID, "451 4.3.0 Try again later", false); err != nil {
		t.Fatal(err)
	}
	if err := f.store.RecordNotificationEmailError(ctx, f.mine[1].ID, "550 5.1.1 no such mailbox", true); err != nil {
		t.Fatal(err)
	}
	admin, err := f.store.CreateUser(ctx, store.NewUser{Name: "Admin", Email: "admin@example.com", Role: store.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	// a reset link that cannot be delivered, newest of the three
	salt, hash := bytes.Repeat([]byte{7}, 32), bytes.Repeat([]byte{8}, 32)
	tokenID, err := f.store.CreateAccountToken(ctx, store.NewAccountToken{UserID: f.me.ID, Purpose: store.PurposeResetPassword, Salt: salt, Hash: hash})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.store.RecordAccountEmailError(ctx, tokenID, "550 5.1.1 no such mailbox", true); err != nil {
		t.Fatal(err)
	}
	type failure struct {
		ID       string  `json:"_id"`
		Source   string  `json:"source"`
		Kind     string  `json:"kind"`
		To       string  `json:"to"`
		Attempts int     `json:"attempts"`
		Error    string  `json:"error"`
		GaveUpAt *string `json:"gaveUpAt"`
	}
	want := []failure{
		{ID: fmt.Sprint(tokenID), Source: "account", Kind: "reset_password", To: "rahim@example.com", Attempts: 1, Error: "550 5.1.1 no such mailbox"},
		{ID: fmt.Sprint(f.mine[1].ID), Source: "notification", Kind: f.mine[1].Kind, To: "rahim@example.com", Attempts: 1, Error: "550 5.1.1 no such mailbox"},
		{ID: fmt.Sprint(f.mine[0].ID), Source: "notification", Kind: f.mine[0].Kind, To: "rahim@example.com", Attempts: 1, Error: "451 4.3.0 Try again later"},
	}
	// a page at a time, following the Link header
	path := "/api/admin/mail-failures?limit=1"
	for i, w := range want {
		if path == "" {
			t.Fatalf("no page %d", i+1)
		}
		rec := f.send(http.MethodGet, path, tokenFor(t, admin), nil)
		var raw []map[string]any
		decode(t, rec, &raw)
		var list []failure
		decode(t, rec, &list)
		if rec.Code != http.StatusOK || len(list) != 1 {
			t.Fatalf("page %d: %d %s", i+1, rec.Code, rec.Body.String())
		}
		got := list[0]
		if (got.GaveUpAt != nil) != (i < 2) {
			t.Errorf("page %d: gaveUpAt %v", i+1, got.GaveUpAt)
		}
		got.GaveUpAt = nil
		if got != w {
			t.Errorf("page %d: %+v, want %+v", i+1, got, w)
		}
		// nothing of the link: only these fields
		for k := range raw[0] {
			switch k {
			case "_id", "source", "kind", "to", "createdAt", "attempts", "error", "gaveUpAt":
			default:
				t.Errorf("page %d: field %q", i+1, k)
			}
		}
		path = ""
		if link := rec.Header().Get("Link"); link != "" {
			path = strings.TrimPrefix(strings.SplitN(link, ">", 2)[0], "<")
		}
	}
	if path != "" {
		t.Errorf("a fourth page: %s", path)
	}
	rec := f.send(http.MethodGet, "/api/admin/mail-failures?cursor=aWQ6Mw", tokenFor(t, admin), nil)
	wantError(t, rec, http.StatusBadRequest, "invalid")
	wantError(t, f.send(http.MethodGet, "/api/admin/mail-failures", f.meToken, nil), http.StatusForbidden, "forbidden")
}

// #32: notifications are told in the reader's language of the moment, old
// ones included: a list asked for with ?lang=bn is in Bangla even though
// every row was written in English, amounts stored the old way ("Tk
// 35,000") read as the interface writes them, and a row whose data does not
// render keeps the words it was stored with.
func TestNotificationsFollowTheReadersLanguage(t *testing.T) {
	t.Parallel()
	f := newNotifyFixture(t, 1)
	ctx := context.Background()
	// an old offer, stored before #32 in English with the old amount
	if _, err := f.pool.Exec(ctx, `INSERT INTO notifications (user_id, kind, title, body, link, data)
		VALUES ($1, 'offer_received', 'New offer on Dell XPS', 'Karim offered Tk 35,000 for Dell XPS.', '/dashboard/messages',
		        '{"product": "Dell XPS", "buyer": "Karim", "amount": "Tk 35,000"}')`, f.me.ID); err != nil {
		t.Fatal(err)
	}
	// an old row whose data cannot be told again
	if _, err := f.pool.Exec(ctx, `INSERT INTO notifications (user_id, kind, title, body, link, data)
		VALUES ($1, 'booking_received', 'New booking: Old HP', 'Someone booked your Old HP.', '', '{}')`, f.me.ID); err != nil {
		t.Fatal(err)
	}
	list := func(query string) []notificationWire {
		t.Helper()
		rec := f.send(http.MethodGet, "/api/notifications"+query, f.meToken, nil)
		var page []notificationWire
		decode(t, rec, &page)
		if rec.Code != http.StatusOK || len(page) != 3 {
			t.Fatalf("%s: %d %s", query, rec.Code, rec.Body.String())
		}
		return page
	}
	en := list("?lang=en")
	if en[1].Title != "New offer on Dell XPS" || en[1].Body != "Karim offered 35,000 Tk for Dell XPS." {
		t.Errorf("old offer in English: %+v", en[1])
	}
	if en[2].Title != "New booking: HP 0" || !strings.HasPrefix(en[2].Body, "Karim booked your HP 0.") {
		t.Errorf("booking in English: %+v", en[2])
	}
	bn := list("?lang=bn")
	if bn[1].Title != "Dell XPS এর জন্য নতুন প্রস্তাব" || bn[1].Body != "Karim Dell XPS এর জন্য ৳৩৫,০০০ প্রস্তাব করেছেন।" {
		t.Errorf("old offer in Bangla: %+v", bn[1])
	}
	if bn[2].Title != "নতুন বুকিং: HP 0" {
		t.Errorf("booking in Bangla: %+v", bn[2])
	}
	for _, page := range [][]notificationWire{en, bn} {
		if page[0].Title != "New booking: Old HP" || page[0].Body != "Someone booked your Old HP." {
			t.Errorf("a row that does not render keeps its words: %+v", page[0])
		}
	}
	// without ?lang, the account's language; the next page keeps the language
	if _, err := f.pool.Exec(ctx, `UPDATE users SET language = 'bn' WHERE id = $1`, f.me.ID); err != nil {
		t.Fatal(err)
	}
	if got := list(""); got[1].Body != bn[1].Body {
		t.Errorf("account in Bangla, no ?lang: %+v", got[1])
	}
	rec := f.send(http.MethodGet, "/api/notifications?lang=en&limit=1", f.meToken, nil)
	if link := rec.Header().Get("Link"); !strings.Contains(link, "lang=en") {
		t.Errorf("next page Link %q forgets the language", link)
	}
	for _, bad := range []string{"?lang=fr", "?lang=en&lang=bn", "?lang=EN"} {
		wantError(t, f.send(http.MethodGet, "/api/notifications"+bad, f.meToken, nil), http.StatusBadRequest, "invalid")
	}
}
