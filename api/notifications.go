package api

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/notify"
	"resale/store"
)

// notificationJSON is one notification on the wire (API.md,
// "Notifications").
type notificationJSON struct {
	ID        string `json:"_id"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Body      string `json:"body"`
	Link      string `json:"link"`
	CreatedAt string `json:"createdAt"`
	Read      bool   `json:"read"`
}

func toNotificationJSON(n store.Notification, lang string) notificationJSON {
	words := n.In(lang)
	return notificationJSON{ID: formatID(n.ID), Kind: n.Kind, Title: words.Title, Body: words.Body, Link: n.Link,
		CreatedAt: n.CreatedAt.UTC().Format(time.RFC3339), Read: n.Read}
}

// readerLanguage is the language a list is told in: ?lang= (the language
// the app shows now, so a switch needs no round trip through the account
// first), else the account's.
func readerLanguage(c echo.Context, me store.User) (string, error) {
	lang, err := singleQuery(c, "lang")
	if err != nil {
		return "", err
	}
	if lang == "" {
		return me.Language, nil
	}
	if !slices.Contains(notify.Languages, lang) {
		return "", invalidFields(map[string]string{"lang": "must be en or bn"}, "lang")
	}
	return lang, nil
}

// listNotifications serves GET /api/notifications: the caller's own,
// newest first, a page at a time.
func (s *Server) listNotifications(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	me, _ := currentUser(c)
	lang, err := readerLanguage(c, me)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListNotifications(c.Request().Context(), me.ID, page)
	if err != nil {
		return err
	}
	return pageJSON(c, list, next, func(n store.Notification) notificationJSON { return toNotificationJSON(n, lang) })
}

// countUnreadNotifications serves GET /api/notifications/unread: the
// number on the bell.
func (s *Server) countUnreadNotifications(c echo.Context) error {
	me, _ := currentUser(c)
	n, err := s.store.CountUnreadNotifications(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int64{"count": n})
}

// maxReadIDs bounds one mark-read request; the app sends a page at most.
const maxReadIDs = 500

// markNotificationsRead serves PUT /api/notifications/read with {ids} or
// {all: true}. Ids of other users' notifications change nothing.
func (s *Server) markNotificationsRead(c echo.Context) error {
	var req struct {
		IDs []string `json:"ids"`
		All *bool    `json:"all"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	switch {
	case req.All != nil && req.IDs != nil:
		return badRequest("Send either ids or all, not both")
	case req.All != nil && !*req.All:
		return invalidFields(map[string]string{"all": "can only be true"}, "all")
	case req.All == nil && len(req.IDs) == 0:
		return invalidFields(map[string]string{"ids": "must list at least one notification, or send all: true"}, "ids")
	case len(req.IDs) > maxReadIDs:
		return invalidFields(map[string]string{"ids": "may list at most 500 notifications"}, "ids")
	}
	me, _ := currentUser(c)
	ctx := c.Request().Context()
	var n int64
	var err error
	if req.All != nil {
		n, err = s.store.MarkAllNotificationsRead(ctx, me.ID)
	} else {
		ids := make([]int64, 0, len(req.IDs))
		for _, raw := range req.IDs {
			id, perr := parseID(raw)
			if perr != nil {
				return invalidFields(map[string]string{"ids": "must be notification ids"}, "ids")
			}
			ids = append(ids, id)
		}
		n, err = s.store.MarkNotificationsRead(ctx, me.ID, ids)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: int(n)})
}

// notificationSettingsJSON is which kinds the user wants by email, and
// which of notify.SMSKinds by SMS (#35: sent when their email does not
// reach them).
type notificationSettingsJSON struct {
	Email map[string]bool `json:"email"`
	SMS   map[string]bool `json:"sms"`
	// Push: which of notify.PushKinds go to the browsers the user
	// enabled (#37)
	Push map[string]bool `json:"push"`
}

// getNotificationSettings serves GET /api/me/notification-settings.
func (s *Server) getNotificationSettings(c echo.Context) error {
	me, _ := currentUser(c)
	email, err := s.store.EmailSettings(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	sms, err := s.store.SMSSettings(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	push, err := s.store.PushSettings(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, notificationSettingsJSON{Email: email, SMS: sms, Push: push})
}

// putNotificationSettings serves PUT /api/me/notification-settings: the
// kinds named are turned on or off, the others keep their setting; the
// answer is every kind's setting.
func (s *Server) putNotificationSettings(c echo.Context) error {
	var req notificationSettingsJSON
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Email == nil && req.SMS == nil && req.Push == nil {
		return invalidFields(map[string]string{"email": "is required: an object of kinds, each true or false (or sms, or push, for the kinds sent so)"}, "email")
	}
	var fe fieldErrors
	for k := range req.Email {
		if !notify.IsKind(k) {
			fe.add("email", "names a kind of notification that does not exist")
		}
	}
	for k := range req.SMS {
		if !slices.Contains(notify.SMSKinds, k) {
			fe.add("sms", "names a kind not sent by SMS: booking_accepted, handover_reminder and payment_received are")
		}
	}
	for k := range req.Push {
		if !slices.Contains(notify.PushKinds, k) {
			fe.add("push", "names a kind not pushed: "+strings.Join(notify.PushKinds, ", ")+" are")
		}
	}
	if err := fe.err(); err != nil {
		return err
	}
	me, _ := currentUser(c)
	if err := s.store.SetEmailSettings(c.Request().Context(), me.ID, req.Email); err != nil {
		return err
	}
	if err := s.store.SetSMSSettings(c.Request().Context(), me.ID, req.SMS); err != nil {
		return err
	}
	if err := s.store.SetPushSettings(c.Request().Context(), me.ID, req.Push); err != nil {
		return err
	}
	return s.getNotificationSettings(c)
}

// unsubscribe serves POST /api/unsubscribe?token=..., the one-click
// unsubscribe of RFC 8058: a mail app posts List-Unsubscribe=One-Click to
// the address in an email's List-Unsubscribe header, and that kind of
// email stops for that user. The token is the only credential; a bad one
// is 400.
func (s *Server) unsubscribe(c echo.Context) error {
	// the form body says nothing the address does not; read a little of it
	// so the client is not cut off mid-send
	_, _ = io.Copy(io.Discard, io.LimitReader(c.Request().Body, 4<<10))
	token, err := singleQuery(c, "token")
	if err != nil {
		return err
	}
	user, kind, err := s.unsubscriber.Parse(token)
	if err != nil {
		return invalidFields(map[string]string{"token": "is not a valid unsubscribe link"}, "token")
	}
	err = s.store.SetEmailSettings(c.Request().Context(), user, map[string]bool{kind: false})
	if errors.Is(err, store.ErrInvalid) {
		// the account is gone for good
		return invalidFields(map[string]string{"token": "is not a valid unsubscribe link"}, "token")
	}
	if err != nil {
		return err
	}
	s.log.Info("email kind turned off by one-click unsubscribe", "user_id", user, "kind", kind)
	return c.JSON(http.StatusOK, map[string]string{"message": "You will no longer get these emails", "kind": kind})
}

// mailFailureJSON is an email that failed for good or is being retried:
// a notification's (_id is the notification's) or an account link's (_id
// is the link's row; the link itself is never shown).
type mailFailureJSON struct {
	ID        string  `json:"_id"`
	Source    string  `json:"source"` // "notification" or "account"
	Kind      string  `json:"kind"`   // the notification's kind, or reset_password, verify_email
	To        string  `json:"to"`
	CreatedAt string  `json:"createdAt"`
	Attempts  int32   `json:"attempts"`
	Error     string  `json:"error"`
	GaveUpAt  *string `json:"gaveUpAt"`
}

// mailFailureCursor is the cursor of the mail failures: one position in
// each of the two lists merged.
type mailFailureCursor struct {
	Notification int64 `json:"n"`
	Account      int64 `json:"a"`
}

// listMailFailures serves GET /api/admin/mail-failures: emails of
// notifications and of account links that failed for good (gaveUpAt set)
// or are failing and being retried (gaveUpAt null), newest first.
func (s *Server) listMailFailures(c echo.Context) error {
	limit, err := listLimit(c)
	if err != nil {
		return err
	}
	raw, err := singleQuery(c, "cursor")
	if err != nil {
		return err
	}
	var from store.MailFailureCursor
	if raw != "" {
		b, derr := base64.RawURLEncoding.DecodeString(raw)
		var cur mailFailureCursor
		if derr != nil || len(raw) > 200 || json.Unmarshal(b, &cur) != nil || cur.Notification < 0 || cur.Account < 0 || cur.Notification+cur.Account == 0 {
			return errNotThisCursor()
		}
		from = store.MailFailureCursor{Notification: cur.Notification, Account: cur.Account}
	}
	list, next, err := s.store.ListMailFailures(c.Request().Context(), limit, from)
	if err != nil {
		return err
	}
	if next != nil {
		b, _ := json.Marshal(mailFailureCursor{Notification: next.Notification, Account: next.Account})
		setCursorLink(c, base64.RawURLEncoding.EncodeToString(b))
	}
	out := make([]mailFailureJSON, 0, len(list))
	for _, f := range list {
		j := mailFailureJSON{ID: formatID(f.ID), Source: f.Source, Kind: f.Kind, To: f.To,
			CreatedAt: f.CreatedAt.UTC().Format(time.RFC3339), Attempts: f.Attempts, Error: f.Error}
		if f.GaveUpAt != nil {
			at := f.GaveUpAt.UTC().Format(time.RFC3339)
			j.GaveUpAt = &at
		}
		out = append(out, j)
	}
	return c.JSON(http.StatusOK, out)
}
