package store

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// QueueMail is the River queue of outgoing email.
const QueueMail = "mail"

// SendEmailArgs is the River job that emails one notification. It is
// inserted in the transaction that writes the notification (NotifyTx), so
// a notification never lacks its email job nor a job its notification.
type SendEmailArgs struct {
	NotificationID int64 `json:"notification_id"`
}

// Kind names the job in River's table.
func (SendEmailArgs) Kind() string { return "send_email" }

// InsertOpts puts the job on the mail queue. The worker (jobs package)
// gives up after 24 hours; the attempt cap is only a backstop above that.
func (SendEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: 100}
}

// newJobInserter is an insert-only River client: it works no jobs (the
// client started by serve does), it only adds them inside transactions.
func newJobInserter(pool *pgxpool.Pool) *river.Client[pgx.Tx] {
	c, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(fmt.Sprintf("store: an insert-only River client: %v", err)) // a fixed, valid config
	}
	return c
}

// Notice is a notification to write: for whom, of which kind, about what
// (the data its words are made from, see notify) and where it leads.
type Notice struct {
	UserID int64
	Kind   string
	// Link is a path in the shop such as /dashboard/mybooking, or empty.
	Link string
	Data notify.Data
	// About is the thread or product the emails of a folded kind fold by
	// (aboutThread, aboutProduct); empty: mailed on its own.
	About string
}

// Notification is one notification as its user sees it.
type Notification struct {
	ID        int64
	UserID    int64
	Kind      string
	Title     string
	Body      string
	Link      string
	CreatedAt time.Time
	Read      bool
	// Data is what it is about (nil when the stored data does not read),
	// so that it can be told again in the reader's language of the day.
	Data notify.Data
}

func notificationFrom(n dbsqlc.Notification) Notification {
	var data notify.Data
	if json.Unmarshal(n.Data, &data) != nil {
		data = nil
	}
	return Notification{ID: n.ID, UserID: n.UserID, Kind: n.Kind, Title: n.Title, Body: n.Body, Link: n.Link, CreatedAt: n.CreatedAt, Read: n.ReadAt != nil, Data: data}
}

// In is the notification's title and body in lang, rendered now from its
// kind and data (#32: a reader who switched language reads old ones in the
// new one too). One whose data does not render (a kind since retired, data
// from before a key was required) keeps the words it was stored with.
func (n Notification) In(lang string) notify.Text {
	if text, err := notify.Render(n.Kind, lang, n.Data); err == nil {
		return text
	}
	return notify.Text{Title: n.Title, Body: n.Body}
}

// Notify writes a notification and its email job in a transaction of its
// own. An event that causes a notification calls NotifyTx inside its own
// transaction instead.
func (s *Store) Notify(ctx context.Context, n Notice) (Notification, error) {
	var out Notification
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = s.NotifyTx(ctx, tx, n)
		return err
	})
	return out, translate(err)
}

// NotifyTx writes a notification, in its user's language, and the job
// that emails it, inside tx: both commit with the event that caused them,
// or neither does. A deleted user is ErrNotFound; an unknown kind, data
// missing a key the kind needs, or a link that is not a path in the shop
// is ErrInvalid.
func (s *Store) NotifyTx(ctx context.Context, tx pgx.Tx, n Notice) (Notification, error) {
	if n.Link != "" && (!strings.HasPrefix(n.Link, "/") || strings.HasPrefix(n.Link, "//")) {
		return Notification{}, fmt.Errorf("%w: notification link %q is not a path in the shop", ErrInvalid, n.Link)
	}
	q := s.q.WithTx(tx)
	lang, err := q.GetUserLanguage(ctx, n.UserID)
	if err != nil {
		return Notification{}, translate(err)
	}
	text, err := notify.Render(n.Kind, lang, n.Data)
	if err != nil {
		return Notification{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	data := n.Data
	if data == nil {
		data = notify.Data{}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return Notification{}, err
	}
	row, err := q.CreateNotification(ctx, dbsqlc.CreateNotificationParams{
		UserID: n.UserID, Kind: n.Kind, Title: text.Title, Body: text.Body, Link: n.Link, Data: raw,
	})
	if err != nil {
		return Notification{}, translate(err)
	}
	if err := s.enqueuePushes(ctx, tx, q, row); err != nil { // #37 to the user's browsers too
		return Notification{}, err
	}
	if slices.Contains(notify.SMSKinds, n.Kind) { // #35 by SMS too, when email does not reach them
		if _, err := s.jobs.InsertTx(ctx, tx, SendSMSNoticeArgs{NotificationID: row.ID}, nil); err != nil {
			return Notification{}, fmt.Errorf("store: enqueueing the SMS of notification %d: %w", row.ID, translate(err))
		}
	}
	if f, ok := mailFolds[n.Kind]; ok && n.About != "" {
		return notificationFrom(row), s.foldMail(ctx, tx, q, row.ID, n, f)
	}
	var opts *river.InsertOpts
	if MailWhenAway(n.Kind) {
		opts = &river.InsertOpts{ScheduledAt: time.Now().Add(MailWhenAwayAfter)}
	}
	if _, err := s.jobs.InsertTx(ctx, tx, SendEmailArgs{NotificationID: row.ID}, opts); err != nil {
		return Notification{}, fmt.Errorf("store: enqueueing the email of notification %d: %w", row.ID, translate(err))
	}
	return notificationFrom(row), nil
}

// ListNotifications returns a page of a user's notifications, newest
// first, and where the next page starts (0: none).
func (s *Store) ListNotifications(ctx context.Context, userID int64, page Page) ([]Notification, int64, error) {
	rows, err := s.q.ListNotifications(ctx, dbsqlc.ListNotificationsParams{UserID: userID, BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(n dbsqlc.Notification) int64 { return n.ID })
	out := make([]Notification, 0, len(rows))
	for _, r := range rows {
		out = append(out, notificationFrom(r))
	}
	return out, next, nil
}

// CountUnreadNotifications is the number on the bell.
func (s *Store) CountUnreadNotifications(ctx context.Context, userID int64) (int64, error) {
	n, err := s.q.CountUnreadNotifications(ctx, userID)
	return n, translate(err)
}

// MarkNotificationsRead marks the user's own notifications among ids read
// and says how many changed; ids of others' notifications change nothing.
func (s *Store) MarkNotificationsRead(ctx context.Context, userID int64, ids []int64) (int64, error) {
	n, err := s.q.MarkNotificationsRead(ctx, dbsqlc.MarkNotificationsReadParams{UserID: userID, Ids: ids})
	return n, translate(err)
}

// MarkAllNotificationsRead marks every notification of the user read.
func (s *Store) MarkAllNotificationsRead(ctx context.Context, userID int64) (int64, error) {
	n, err := s.q.MarkAllNotificationsRead(ctx, userID)
	return n, translate(err)
}

// EmailSettings says, for every kind, whether the user wants it by email
// (on unless they turned it off).
func (s *Store) EmailSettings(ctx context.Context, userID int64) (map[string]bool, error) {
	rows, err := s.q.ListNotificationSettings(ctx, userID)
	if err != nil {
		return nil, translate(err)
	}
	out := make(map[string]bool, len(notify.Kinds))
	for _, k := range notify.Kinds {
		out[k] = true
	}
	for _, r := range rows {
		if _, known := out[r.Kind]; known {
			out[r.Kind] = r.Email
		}
	}
	return out, nil
}

// SetEmailSettings turns the named kinds' email on or off; kinds not named
// keep their setting. An unknown kind is ErrInvalid.
func (s *Store) SetEmailSettings(ctx context.Context, userID int64, email map[string]bool) error {
	kinds := make([]string, 0, len(email))
	on := make([]bool, 0, len(email))
	for k, v := range email {
		if !slices.Contains(notify.Kinds, k) { // AccountKinds are always emailed
			return fmt.Errorf("%w: %w %q", ErrInvalid, notify.ErrUnknownKind, k)
		}
		kinds = append(kinds, k)
		on = append(on, v)
	}
	if len(kinds) == 0 {
		return nil
	}
	return translate(s.q.SetNotificationSettings(ctx, dbsqlc.SetNotificationSettingsParams{UserID: userID, Kinds: kinds, Emails: on}))
}

// NotificationEmail is what the email of a notification is made from, read
// at send time.
type NotificationEmail struct {
	ID        int64
	UserID    int64
	Kind      string
	Link      string
	Data      notify.Data
	CreatedAt time.Time
	// Sent: the email went out already; GaveUp: sending it failed for good.
	Sent, GaveUp bool
	// the recipient as they are now
	Email, Name, Language string
	UserDeleted           bool
	// Wanted: the user has not turned this kind's email off.
	Wanted bool
	// Read: the user read it in the app (for the kinds mailed only when
	// the user is away).
	Read bool
	// FoldedInto is the notification whose email carries this one (its own
	// ID for the lead of a folded email, see ClaimMailFold); nil for a
	// kind mailed one by one.
	FoldedInto *int64
}

// Lead tells whether the notification's email is a folded one's.
func (n NotificationEmail) Lead() bool { return n.FoldedInto != nil && *n.FoldedInto == n.ID }

// A new message is mailed only to someone away: its notification's mail
// waits MailWhenAwayAfter and goes only if it is still unread then; the
// messages of one conversation are folded into one email at most every
// FoldWindowShort (mail_folds.go).
const MailWhenAwayAfter = 10 * time.Minute

// MailWhenAway tells whether notifications of kind are mailed only to a
// user who is away.
func MailWhenAway(kind string) bool { return kind == "message_received" }

// GetNotificationEmail reads what the email of notification id needs.
func (s *Store) GetNotificationEmail(ctx context.Context, id int64) (NotificationEmail, error) {
	r, err := s.q.GetNotificationEmail(ctx, id)
	if err != nil {
		return NotificationEmail{}, translate(err)
	}
	var data notify.Data
	if err := json.Unmarshal(r.Data, &data); err != nil {
		return NotificationEmail{}, fmt.Errorf("store: notification %d data: %w", id, err)
	}
	return NotificationEmail{
		ID: r.ID, UserID: r.UserID, Kind: r.Kind, Link: r.Link, Data: data, CreatedAt: r.CreatedAt,
		Sent: r.EmailedAt != nil, GaveUp: r.EmailFailedAt != nil,
		Email: r.Email, Name: r.UserName, Language: r.Language, UserDeleted: r.UserDeleted, Wanted: r.EmailOn,
		Read: r.Read, FoldedInto: r.FoldedInto,
	}, nil
}

// MarkNotificationEmailed records that the email went out; false when it
// had been recorded already.
func (s *Store) MarkNotificationEmailed(ctx context.Context, id int64) (bool, error) {
	n, err := s.q.MarkNotificationEmailed(ctx, id)
	return n == 1, translate(err)
}

// maxEmailError bounds the error text kept for admins.
const maxEmailError = 500

// RecordNotificationEmailError keeps a failed attempt's error; gaveUp
// marks the last attempt, after which the email is listed as failed.
func (s *Store) RecordNotificationEmailError(ctx context.Context, id int64, problem string, gaveUp bool) error {
	problem = strings.ToValidUTF8(problem, "?")
	if r := []rune(problem); len(r) > maxEmailError {
		problem = string(r[:maxEmailError])
	}
	return translate(s.q.RecordNotificationEmailError(ctx, dbsqlc.RecordNotificationEmailErrorParams{ID: id, EmailError: &problem, GaveUp: gaveUp}))
}

// The sources of mail failures.
const (
	MailOfNotification = "notification"
	MailOfAccount      = "account" // a password reset or verification link
)

// MailFailure is an email that failed for good, or is failing and being
// retried, for the admins: a notification's, or an account link's (never
// the link itself).
type MailFailure struct {
	// Source is MailOfNotification or MailOfAccount; ID is the id of the
	// notification or of the account token's row.
	Source string
	ID     int64
	// Kind is the notification's kind, or the link's purpose.
	Kind      string
	To        string
	CreatedAt time.Time
	Attempts  int32
	Error     string
	// GaveUpAt is when sending stopped; nil while it is still retried.
	GaveUpAt *time.Time
}

// MailFailureCursor is where a page of mail failures starts: below these
// ids of each source (0: from the newest).
type MailFailureCursor struct {
	Notification, Account int64
}

// ListMailFailures returns a page of failed or failing emails of both
// sources, newest first, and where the next page starts (nil: none).
// Each source is read in id order below its own cursor and the two are
// merged by time, so a page never skips or repeats one.
func (s *Store) ListMailFailures(ctx context.Context, limit int, from MailFailureCursor) ([]MailFailure, *MailFailureCursor, error) {
	size := int32(limit + 1)
	nrows, err := s.q.ListMailFailures(ctx, dbsqlc.ListMailFailuresParams{BeforeID: nonZero(from.Notification), PageSize: size})
	if err != nil {
		return nil, nil, translate(err)
	}
	arows, err := s.q.ListAccountMailFailures(ctx, dbsqlc.ListAccountMailFailuresParams{BeforeID: nonZero(from.Account), PageSize: size})
	if err != nil {
		return nil, nil, translate(err)
	}
	ns := make([]MailFailure, 0, len(nrows))
	for _, r := range nrows {
		ns = append(ns, MailFailure{Source: MailOfNotification, ID: r.ID, Kind: r.Kind, To: r.Email, CreatedAt: r.CreatedAt,
			Attempts: r.EmailAttempts, Error: deref(r.EmailError), GaveUpAt: r.EmailFailedAt})
	}
	as := make([]MailFailure, 0, len(arows))
	for _, r := range arows {
		as = append(as, MailFailure{Source: MailOfAccount, ID: r.ID, Kind: r.Purpose, To: r.Email, CreatedAt: r.CreatedAt,
			Attempts: r.EmailAttempts, Error: deref(r.EmailError), GaveUpAt: r.EmailFailedAt})
	}
	// a merge, not a sort: each source keeps its id order, so what a page
	// shows of a source is a run of it, and its cursor is the last shown
	all := make([]MailFailure, 0, len(ns)+len(as))
	for len(ns) > 0 || len(as) > 0 {
		if len(as) == 0 || (len(ns) > 0 && !as[0].CreatedAt.After(ns[0].CreatedAt)) {
			all, ns = append(all, ns[0]), ns[1:]
		} else {
			all, as = append(all, as[0]), as[1:]
		}
	}
	if len(all) <= limit {
		return all, nil, nil
	}
	all = all[:limit]
	next := from
	for _, f := range all {
		if f.Source == MailOfNotification {
			next.Notification = f.ID
		} else {
			next.Account = f.ID
		}
	}
	return all, &next, nil
}

func nonZero(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
