package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/jobs"
	"resale/mail"
	"resale/mail/mailtest"
	"resale/notify"
	"resale/store"
)

// mailResult is the mail figures: how fast queued notifications go out,
// and what writing a notification adds to a booking.
type mailResult struct {
	sent             int
	took             time.Duration
	bookings         int
	withP50, noneP50 time.Duration
}

// measureMail runs, in this process on the benchmark's database:
//
//   - throughput: 1,000 notifications queued for a few users (store.Notify,
//     as events queue them), then a River runner with the production
//     defaults (4 senders) sending them over SMTP with STARTTLS to a
//     loopback server (mailtest), timed from its start until every
//     notification is marked emailed;
//   - cost: the booking transaction (store.CreateBooking: lock, insert, the
//     seller's notification and its email job, commit) against the same
//     transaction without the notification (store.WithoutNotices), taken
//     in turns on one product, each followed by its cancellation (untimed).
//     This is the part of POST /api/bookings that the notification changes;
//     the HTTP, token and JSON work around it is the same either way.
func measureMail(dbURL string) (mailResult, error) {
	var r mailResult
	ctx := context.Background()
	pool, st, err := openStore(ctx, dbURL)
	if err != nil {
		return r, err
	}
	defer pool.Close()

	srv, err := mailtest.Listen(mailtest.Options{Mode: mailtest.StartTLS})
	if err != nil {
		return r, err
	}
	defer srv.Close()
	const n = 1000
	users, err := queueNotices(ctx, st, n)
	if err != nil {
		return r, err
	}
	if r.sent, r.took, err = sendQueued(ctx, pool, dbURL, srv, users, n); err != nil {
		return r, err
	}
	// the demo's own notifications went too; ours each went once
	ids := map[string]bool{}
	for _, m := range srv.Messages() {
		if len(m.To) == 1 && strings.HasPrefix(m.To[0], "mailbench") {
			ids[m.MessageID] = true
		}
	}
	if len(ids) != n {
		return r, fmt.Errorf("the SMTP server accepted %d distinct messages for %d notifications", len(ids), n)
	}
	if err := bookingCost(ctx, pool, st, &r); err != nil {
		return r, fmt.Errorf("booking cost: %w", err)
	}
	// the bookings' emails, queued and not to be sent: the server started
	// next would otherwise send them while the endpoints are measured
	if _, err := pool.Exec(ctx, "DELETE FROM river_job WHERE kind = 'send_email' AND state = 'available'"); err != nil {
		return r, err
	}
	return r, nil
}

// queueNotices queues n notifications for five users, as events queue
// them (store.Notify), and returns the users.
func queueNotices(ctx context.Context, st *store.Store, n int) ([]store.User, error) {
	var users []store.User
	for i := range 5 {
		u, err := st.CreateUser(ctx, store.NewUser{Name: fmt.Sprint("Mail Bench ", i), Email: fmt.Sprintf("mailbench%d@example.com", i), Role: store.RoleBuyer})
		if err != nil {
			return nil, err
		}
		users = append(users, u)
	}
	for i := range n {
		u := users[i%len(users)]
		notice := store.Notice{UserID: u.ID, Kind: "booking_received", Link: "/dashboard/myproducts",
			Data: notify.Data{"product": fmt.Sprint("HP EliteBook 840 G", i), "buyer": "Karim"}}
		if _, err := st.Notify(ctx, notice); err != nil {
			return nil, err
		}
	}
	return users, nil
}

// sendQueued starts a River runner with the production defaults, sending
// to the loopback SMTP server srv, and times it until the users' n
// notifications are all marked emailed. The runner is stopped before it
// returns: no sender works while the bookings are timed.
func sendQueued(ctx context.Context, pool *pgxpool.Pool, dbURL string, srv *mailtest.Server, users []store.User, n int) (int, time.Duration, error) {
	cfg, err := mail.ParseURL("smtp://" + srv.Addr)
	if err != nil {
		return 0, 0, err
	}
	cfg.TLSConfig = srv.ClientTLS
	from, _ := mail.ParseFrom("Resale <shop@example.com>")
	jobsPool, err := store.Open(ctx, dbURL, 10*time.Second, nil)
	if err != nil {
		return 0, 0, err
	}
	defer jobsPool.Close()
	runner, err := jobs.New(jobsPool, jobs.Options{
		Store: store.New(jobsPool), Logger: slog.New(slog.DiscardHandler), Mail: mail.NewSMTP(cfg, from),
		Unsubscribe: notify.NewUnsubscriber([]byte(strings.Repeat("b", 32))), PublicURL: &url.URL{Scheme: "https", Host: "shop.example.com"},
		Secret: []byte(strings.Repeat("b", 32)),
	})
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := runner.Start(ctx); err != nil {
		return 0, 0, err
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		runner.Stop(stopCtx) //nolint:errcheck // the measure is over
	}()
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	for {
		var sent int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE emailed_at IS NOT NULL AND user_id = ANY($1)", ids).Scan(&sent); err != nil {
			return 0, 0, err
		}
		if sent == n {
			return sent, time.Since(start), nil
		}
		if time.Since(start) > 5*time.Minute {
			return 0, 0, fmt.Errorf("%d of %d emails sent in five minutes", sent, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// bookingCost times bookings with and without their notification, in
// turns, on a product of a fresh seller, by a fresh buyer.
func bookingCost(ctx context.Context, pool *pgxpool.Pool, st *store.Store, r *mailResult) error {
	seller, err := st.CreateUser(ctx, store.NewUser{Name: "Bench Seller", Email: "benchseller@example.com", Role: store.RoleSeller})
	if err != nil {
		return err
	}
	buyer, err := st.CreateUser(ctx, store.NewUser{Name: "Bench Buyer", Email: "benchbuyer@example.com", Role: store.RoleBuyer})
	if err != nil {
		return err
	}
	var category int64
	if err := pool.QueryRow(ctx, "SELECT id FROM categories ORDER BY id LIMIT 1").Scan(&category); err != nil {
		return err
	}
	p, err := st.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: category, Name: "HP EliteBook 840 G5", Picture: "/categories/hp.svg",
		SellPrice: 45000, OriginalPrice: 90000, Condition: "good", Location: "Dhaka", Used: "2 years", Phone: "01700000000", Description: "A laptop for the bench."})
	if err != nil {
		return err
	}
	without := store.WithoutNotices(pool)
	const rounds = 500
	var with, none []time.Duration
	for i := range 2 * rounds {
		s, into := st, &with
		if i%2 == 1 {
			s, into = without, &none
		}
		t0 := time.Now()
		b, err := s.CreateBooking(ctx, store.NewBooking{ProductID: p.ID, Buyer: buyer, Phone: "01700000001", MeetLocation: "Dhanmondi"})
		if err != nil {
			return err
		}
		*into = append(*into, time.Since(t0))
		if err := without.CancelBooking(ctx, b.ID, buyer.ID); err != nil {
			return err
		}
		// past the buyer's hourly budget (store.BookingsPerWindow), untimed
		if _, err := pool.Exec(ctx, "UPDATE bookings SET created_at = now() - interval '2 hours' WHERE buyer_id = $1", buyer.ID); err != nil {
			return err
		}
	}
	r.bookings = rounds
	r.withP50, r.noneP50 = median(with), median(none)
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// lines are the mail figures as the results' lines.
func (r mailResult) lines() []string {
	rate := float64(r.sent) / r.took.Seconds()
	return []string{
		fmt.Sprintf("- mail throughput: %d queued notifications sent over SMTP (STARTTLS, loopback, 4 senders) in %s: %.0f emails/s",
			r.sent, r.took.Round(time.Millisecond), rate),
		fmt.Sprintf("- a booking's notification: the booking transaction p50 %s with the seller's notification and its email job, %s without (+%s), over %d of each in turns",
			r.withP50.Round(time.Microsecond), r.noneP50.Round(time.Microsecond), (r.withP50 - r.noneP50).Round(time.Microsecond), r.bookings),
	}
}

// writeMailSection puts the mail figures in bench/results.md as its own
// section, replacing the last run's and leaving the rest as it is.
func writeMailSection(r mailResult) error {
	commit, _ := sh("git", "rev-parse", "--short", "HEAD")
	section := fmt.Sprintf("\n## Mail\n\nCommit %s, %s; measured in the bench process on the benchmark's database.\n\n%s\n",
		commit, time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.Join(r.lines(), "\n"))
	fmt.Print(section)
	return writeSection("Mail", section)
}

// writeSection puts a section of its own (## title) in bench/results.md,
// leaving the rest as it is: where the last run's was, else after the
// budgets, before the hand-kept record and the micro-benchmarks.
func writeSection(title, section string) error {
	old, err := os.ReadFile("bench/results.md")
	if err != nil {
		return err
	}
	doc := string(old)
	if before, rest, ok := strings.Cut(doc, "\n## "+title+"\n"); ok {
		after := ""
		if i := strings.Index(rest, "\n## "); i >= 0 {
			after = rest[i:]
		}
		doc = strings.TrimRight(before, "\n") + "\n" + section + after
		return os.WriteFile("bench/results.md", []byte(doc), 0o644)
	}
	at := len(doc)
	for _, h := range []string{"\n## Before and after", "\n## Micro-benchmarks"} {
		if i := strings.Index(doc, h); i >= 0 && i < at {
			at = i
		}
	}
	doc = strings.TrimRight(doc[:at], "\n") + "\n" + section + doc[at:]
	return os.WriteFile("bench/results.md", []byte(doc), 0o644)
}
