package jobs_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/internal/testio"
	"resale/jobs"
	"resale/mail"
	"resale/mail/mailtest"
	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

var publicURL = &url.URL{Scheme: "https", Host: "shop.example.com"}

var testSecret = []byte(strings.Repeat("s", 32))

func unsubscriber() *notify.Unsubscriber {
	return notify.NewUnsubscriber(testSecret)
}

func smtpSender(t *testing.T, srv *mailtest.Server) mail.Sender {
	t.Helper()
	cfg, err := mail.ParseURL(fmt.Sprintf("smtp://%s", srv.Addr))
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLSConfig = srv.ClientTLS
	cfg.Timeout = 5 * time.Second
	from, _ := mail.ParseFrom("Laptop Haat <shop@example.com>")
	return mail.NewSMTP(cfg, from)
}

// startRunner works the jobs of pool until the test ends.
func startRunner(t *testing.T, pool *pgxpool.Pool, sender mail.Sender, change func(*jobs.Options)) {
	t.Helper()
	opts := jobs.Options{
		Store: store.New(pool), Logger: slog.New(slog.DiscardHandler), Mail: sender, Unsubscribe: unsubscriber(),
		PublicURL: publicURL, Secret: testSecret, Shop: "Laptop Haat", RetryBase: 100 * time.Millisecond, TestOnly: true,
	}
	if change != nil {
		change(&opts)
	}
	r, err := jobs.New(pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := r.Stop(ctx); err != nil {
			t.Error(err)
		}
	})
}

func newUser(t *testing.T, s *store.Store, name string) store.User {
	t.Helper()
	u, err := s.CreateUser(context.Background(), store.NewUser{Name: name, Email: name + "@example.com", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func bookingNotice(u store.User) store.Notice {
	return store.Notice{UserID: u.ID, Kind: "booking_received", Link: "/dashboard/leads", Data: notify.Data{"product": "HP EliteBook 840", "buyer": "Karim"}}
}

// jobState is the River state of the email job of notification id.
func jobState(t *testing.T, pool *pgxpool.Pool, id int64) (state string, attempt int) {
	t.Helper()
	err := pool.QueryRow(context.Background(),
		"SELECT state, attempt FROM river_job WHERE kind = 'send_email' AND (args->>'notification_id')::bigint = $1", id).Scan(&state, &attempt)
	if err != nil {
		t.Fatal(err)
	}
	return state, attempt
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", timeout, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestEmailIsSentOnce(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	u := newUser(t, s, "rahim")
	if _, err := pool.Exec(context.Background(), "UPDATE users SET language = 'bn' WHERE id = $1", u.ID); err != nil {
		t.Fatal(err)
	}
	n, err := s.Notify(context.Background(), bookingNotice(u))
	if err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, smtpSender(t, srv), nil)

	got := srv.Wait(t, 1, 20*time.Second)[0]
	waitFor(t, "the job to complete", 10*time.Second, func() bool { st, _ := jobState(t, pool, n.ID); return st == "completed" })
	id := jobs.MessageID(n.ID, n.CreatedAt, publicURL)
	if got.MessageID != id || !strings.HasSuffix(id, "@shop.example.com") {
		t.Errorf("Message-ID %q, want %q", got.MessageID, id)
	}
	if got.To[0] != "rahim@example.com" || !strings.HasPrefix(got.Header.Get("List-Unsubscribe"), "<https://shop.example.com/api/unsubscribe?token=") {
		t.Errorf("to %v, List-Unsubscribe %q", got.To, got.Header.Get("List-Unsubscribe"))
	}
	// the token in the header turns this kind off for this user
	tok := strings.TrimSuffix(strings.TrimPrefix(got.Header.Get("List-Unsubscribe"), "<https://shop.example.com/api/unsubscribe?token="), ">")
	tok, _ = url.QueryUnescape(tok)
	if user, kind, err := unsubscriber().Parse(tok); err != nil || user != u.ID || kind != "booking_received" {
		t.Errorf("unsubscribe token %q: %d %q %v", tok, user, kind, err)
	}
	if !strings.Contains(string(got.Raw), "=?UTF-8?") && !strings.Contains(string(got.Raw), "=?utf-8?") {
		t.Errorf("the Bangla subject is not encoded:\n%s", got.Raw)
	}
	e, err := s.GetNotificationEmail(context.Background(), n.ID)
	if err != nil || !e.Sent {
		t.Errorf("not marked sent: %+v %v", e, err)
	}
	time.Sleep(500 * time.Millisecond)
	if c := srv.Count(id); c != 1 {
		t.Errorf("%d messages with its Message-ID, want 1", c)
	}
}

// A 4xx answer is retried with backoff until the server takes the mail;
// the admins see the error while it lasts.
func TestEmailIsRetriedAfterTemporaryFailure(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS, FailFirst: 2})
	n, err := s.Notify(context.Background(), bookingNotice(newUser(t, s, "rahim")))
	if err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, smtpSender(t, srv), nil)
	srv.Wait(t, 1, 30*time.Second)
	waitFor(t, "the job to complete", 10*time.Second, func() bool { st, _ := jobState(t, pool, n.ID); return st == "completed" })
	if _, attempt := jobState(t, pool, n.ID); attempt != 3 || srv.Refused() != 2 {
		t.Errorf("attempts %d, refused %d; want 3 and 2", attempt, srv.Refused())
	}
	if c := srv.Count(jobs.MessageID(n.ID, n.CreatedAt, publicURL)); c != 1 {
		t.Errorf("%d messages, want 1", c)
	}
	if list, _, _ := s.ListMailFailures(context.Background(), 10, store.MailFailureCursor{}); len(list) != 0 {
		t.Errorf("a sent email is listed as failing: %+v", list)
	}
}

// Past its time (24 hours in production), an email is given up on and
// listed for the admins.
func TestEmailGivenUpIsListedForAdmins(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS, FailFirst: 1000})
	n, err := s.Notify(context.Background(), bookingNotice(newUser(t, s, "rahim")))
	if err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, smtpSender(t, srv), func(o *jobs.Options) { o.GiveUpAfter = time.Millisecond })
	waitFor(t, "the job to be cancelled", 20*time.Second, func() bool { st, _ := jobState(t, pool, n.ID); return st == "cancelled" })
	list, _, err := s.ListMailFailures(context.Background(), 10, store.MailFailureCursor{})
	if err != nil || len(list) != 1 || list[0].ID != n.ID || list[0].GaveUpAt == nil || !strings.Contains(list[0].Error, "451") {
		t.Fatalf("failures %+v, %v", list, err)
	}
	if len(srv.Messages()) != 0 {
		t.Error("a message was accepted")
	}
}

// A kind the user turned off is not emailed (the notification stays in
// the app).
func TestEmailOfKindTurnedOffIsNotSent(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	u := newUser(t, s, "rahim")
	if err := s.SetEmailSettings(context.Background(), u.ID, map[string]bool{"booking_received": false}); err != nil {
		t.Fatal(err)
	}
	off, err := s.Notify(context.Background(), bookingNotice(u))
	if err != nil {
		t.Fatal(err)
	}
	on, err := s.Notify(context.Background(), store.Notice{UserID: u.ID, Kind: "seller_verified"})
	if err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, smtpSender(t, srv), nil)
	got := srv.Wait(t, 1, 20*time.Second)
	waitFor(t, "both jobs to complete", 10*time.Second, func() bool {
		a, _ := jobState(t, pool, off.ID)
		b, _ := jobState(t, pool, on.ID)
		return a == "completed" && b == "completed"
	})
	if len(srv.Messages()) != 1 || got[0].MessageID != jobs.MessageID(on.ID, on.CreatedAt, publicURL) {
		t.Errorf("messages %d, first %q; want only the seller_verified one", len(srv.Messages()), got[0].MessageID)
	}
}

// Without SMTP_URL each email is a line in the log, with its link.
func TestLogSenderWorksTheQueue(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	var buf testio.Buffer
	n, err := s.Notify(context.Background(), bookingNotice(newUser(t, s, "rahim")))
	if err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}, nil)
	waitFor(t, "the job to complete", 20*time.Second, func() bool { st, _ := jobState(t, pool, n.ID); return st == "completed" })
	if out := buf.String(); strings.Count(out, "\n") != 1 || !strings.Contains(out, "link=https://shop.example.com/dashboard/leads") {
		t.Errorf("log %q", out)
	}
}

// Instances starting together migrate River's schema once between them.
func TestMigrateConcurrently(t *testing.T) {
	t.Parallel()
	dbURL := storetest.EmptyURL(t)
	const instances = 3
	applied := make([]int, instances)
	var wg sync.WaitGroup
	for i := range instances {
		wg.Go(func() {
			pool, err := store.Open(context.Background(), dbURL, 0, nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer pool.Close()
			applied[i], err = jobs.Migrate(context.Background(), pool, nil)
			if err != nil {
				t.Errorf("instance %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	total := 0
	for _, n := range applied {
		total += n
	}
	if total == 0 || total != jobs.SchemaVersion() {
		t.Errorf("applied %v, want %d versions in all", applied, jobs.SchemaVersion())
	}
	pool, err := store.Open(context.Background(), dbURL, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if n, err := jobs.Migrate(context.Background(), pool, nil); n != 0 || err != nil {
		t.Errorf("again: %d, %v; want nothing to do", n, err)
	}
}

// crashEnv carries the database to the crashing worker's process.
const crashEnv = "RESALE_TEST_CRASH_DATABASE_URL"

// A worker takes the job and its process dies before sending (killed, no
// clean-up). River's rescuer, on another instance, takes the job as stuck
// and runs it again: the email arrives, once.
func TestEmailSurvivesWorkerKilledMidJob(t *testing.T) {
	t.Parallel()
	dbURL := storetest.URL(t)
	pool, err := store.Open(context.Background(), dbURL, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := store.New(pool)
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	n, err := s.Notify(context.Background(), bookingNotice(newUser(t, s, "rahim")))
	if err != nil {
		t.Fatal(err)
	}

	child := exec.Command(os.Args[0], "-test.run=^TestCrashingWorkerProcess$", "-test.count=1")
	child.Env = append(os.Environ(), crashEnv+"="+dbURL)
	out, err := child.CombinedOutput()
	if st, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !st.Signaled() || st.Signal() != syscall.SIGKILL {
		t.Fatalf("the worker process was not killed mid-job: %v\n%s", err, out)
	}
	if st, attempt := jobState(t, pool, n.ID); st != "running" || attempt != 1 {
		t.Fatalf("after the crash the job is %s (attempt %d), want running 1", st, attempt)
	}
	if len(srv.Messages()) != 0 {
		t.Fatal("mail went out before the crash")
	}

	// another instance starts once the job has been running for longer
	// than RescueAfter (River's rescuer runs at once, then every 30s)
	time.Sleep(2 * time.Second)
	start := time.Now()
	startRunner(t, pool, smtpSender(t, srv), func(o *jobs.Options) {
		o.JobTimeout = time.Second
		o.RescueAfter = 2 * time.Second
	})
	id := jobs.MessageID(n.ID, n.CreatedAt, publicURL)
	srv.Wait(t, 1, 60*time.Second)
	waitFor(t, "the job to complete", 10*time.Second, func() bool { st, _ := jobState(t, pool, n.ID); return st == "completed" })
	time.Sleep(500 * time.Millisecond)
	if c := srv.Count(id); c != 1 || len(srv.Messages()) != 1 {
		t.Errorf("%d messages with its Message-ID (of %d), want exactly 1", c, len(srv.Messages()))
	}
	t.Logf("rescued and sent %s after the restart", time.Since(start).Round(100*time.Millisecond))
}

// crashSender kills its own process the moment it is asked to send: the
// job is taken, nothing is sent, and nothing gets to clean up.
type crashSender struct{}

func (crashSender) Send(context.Context, mail.Message) error {
	syscall.Kill(os.Getpid(), syscall.SIGKILL) //nolint:errcheck
	select {}
}

// TestCrashingWorkerProcess is the process TestEmailSurvivesWorkerKilledMidJob
// starts; on its own it does nothing.
func TestCrashingWorkerProcess(t *testing.T) {
	dbURL := os.Getenv(crashEnv)
	if dbURL == "" {
		t.Skip("run by TestEmailSurvivesWorkerKilledMidJob")
	}
	pool, err := store.Open(context.Background(), dbURL, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := jobs.New(pool, jobs.Options{
		Store: store.New(pool), Logger: slog.New(slog.DiscardHandler), Mail: crashSender{}, Unsubscribe: unsubscriber(),
		PublicURL: publicURL, Secret: testSecret, TestOnly: true, NotLeader: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(30 * time.Second)
	t.Fatal("the job was never taken")
}

// The reconcile pass runs at start and then every interval, and no pass
// is queued while one is still running.
func TestReconcileIsPeriodic(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	started := make(chan struct{}, 10)
	release := make(chan struct{})
	first := true
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) {
		o.ReconcileEvery = time.Second
		o.Reconcile = func(ctx context.Context) error {
			started <- struct{}{}
			if first { // only one pass runs at a time, so no race here
				first = false
				<-release
			}
			return nil
		}
	})
	count := func() (n int) {
		if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM river_job WHERE kind = 'reconcile_payments'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("no pass at start")
	}
	// two intervals go by while the first pass runs: nothing more is queued
	time.Sleep(2500 * time.Millisecond)
	if n := count(); n != 1 {
		t.Fatalf("%d reconcile jobs while the first ran, want 1", n)
	}
	close(release)
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("no second pass after the first ended")
	}
}
