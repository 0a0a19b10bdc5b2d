package jobs_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	stdmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/jobs"
	"resale/mail/mailtest"
	"resale/notify"
	"resale/store"
	"resale/store/storetest"
)

// mailed is an email as its reader sees it: subject and text part.
type mailed struct {
	ID, Subject, Text string
}

func readMail(t *testing.T, got mailtest.Received) mailed {
	t.Helper()
	subject, err := new(mime.WordDecoder).DecodeHeader(got.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := stdmail.ReadMessage(bytes.NewReader(got.Raw))
	if err != nil {
		t.Fatal(err)
	}
	_, params, err := mime.ParseMediaType(got.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	out := mailed{ID: got.MessageID, Subject: subject}
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); ct == "text/plain" {
			out.Text = string(b)
		}
	}
}

// mailJobs counts the email jobs of a user's notifications, and those due
// later than in.
func mailJobs(t *testing.T, pool *pgxpool.Pool, userID int64, in time.Duration) (all, later int) {
	t.Helper()
	err := pool.QueryRow(context.Background(), `
		SELECT count(*), count(*) FILTER (WHERE j.scheduled_at > now() + make_interval(secs => $2))
		FROM river_job j JOIN notifications n ON n.id = (j.args->>'notification_id')::bigint
		WHERE j.kind = 'send_email' AND n.user_id = $1`, userID, in.Seconds()).Scan(&all, &later)
	if err != nil {
		t.Fatal(err)
	}
	return all, later
}

// makeDue makes every waiting email job due now.
func makeDue(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), "UPDATE river_job SET scheduled_at = now() WHERE kind = 'send_email' AND state = 'scheduled'"); err != nil {
		t.Fatal(err)
	}
}

// Twenty offers in one thread, made at once, make one email that carries
// them all (the newest ten listed); another thread's offers make their
// own; every notification stays in the app and is marked mailed. An offer
// after that email waits a window for the next one.
func TestFoldedEmailUnderConcurrency(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	u := newUser(t, s, "sumi")
	offer := func(thread string, i int) error {
		_, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "offer_received", Link: "/dashboard/messages/" + thread, About: "thread " + thread,
			Data: notify.Data{"product": "HP EliteBook 840 " + thread, "buyer": fmt.Sprintf("Buyer %d", i), "amount": fmt.Sprintf("Tk %d", 30000+i)}})
		return err
	}
	offersAtOnce(t, offer)
	var notes int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE user_id = $1", u.ID).Scan(&notes); err != nil {
		t.Fatal(err)
	}
	if all, _ := mailJobs(t, pool, u.ID, 0); notes != 25 || all != 2 {
		t.Fatalf("%d notifications and %d email jobs, want 25 and one a thread", notes, all)
	}
	startRunner(t, pool, smtpSender(t, srv), nil)
	got := srv.Wait(t, 2, 20*time.Second)
	waitFor(t, "every notification marked mailed", 10*time.Second, func() bool {
		var n int
		_ = pool.QueryRow(ctx, "SELECT count(*) FROM notifications WHERE user_id = $1 AND emailed_at IS NOT NULL", u.ID).Scan(&n)
		return n == 25
	})
	var twenty, five mailed
	for _, g := range got {
		m := readMail(t, g)
		switch {
		case strings.HasPrefix(m.Subject, "20 new offers on HP EliteBook 840 1"):
			twenty = m
		case strings.HasPrefix(m.Subject, "5 new offers on HP EliteBook 840 2"):
			five = m
		default:
			t.Errorf("unexpected email %q", m.Subject)
		}
	}
	if strings.Count(twenty.Text, "\n- ") != notify.MaxFoldLines+1 || !strings.Contains(twenty.Text, "… and 10 more") ||
		!strings.Contains(twenty.Text, "You received 20 offers on HP EliteBook 840 1") {
		t.Errorf("the folded email lists:\n%s", twenty.Text)
	}
	if strings.Count(five.Text, "\n- ") != 5 || strings.Contains(five.Text, "more") {
		t.Errorf("the other thread's email lists:\n%s", five.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("%d emails, want 2", n)
	}

	// the window: the next offer's email waits about fifteen minutes
	if err := offer("1", 99); err != nil {
		t.Fatal(err)
	}
	if all, later := mailJobs(t, pool, u.ID, store.FoldWindowShort-time.Minute); all != 3 || later != 1 {
		t.Errorf("%d email jobs, %d of them due in the next window: want 3 and 1", all, later)
	}
}

// offersAtOnce makes 25 offers at once, 20 on thread 1 and 5 on thread 2,
// and stops the test if any fails.
func offersAtOnce(t *testing.T, offer func(thread string, i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, 25)
	start := make(chan struct{})
	for i := range 25 {
		thread := "1"
		if i >= 20 {
			thread = "2"
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs <- offer(thread, i)
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// A new message is mailed only to someone away: its mail waits ten
// minutes, leaves out what the user read in the app meanwhile, and one
// conversation's messages are folded into one email at most every
// fifteen minutes; a conversation read entirely is not mailed.
func TestMessageMailWaitsAndIsSentOnlyToTheAway(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	srv := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS})
	u := newUser(t, s, "nusrat")
	message := func(thread, text string) store.Notification {
		t.Helper()
		n, err := s.Notify(ctx, store.Notice{UserID: u.ID, Kind: "message_received", Link: "/dashboard/messages/" + thread, About: "thread " + thread,
			Data: notify.Data{"sender": "Karim", "product": "HP EliteBook 840", "excerpt": text}})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	read := message("1", "Hello")            // read in the app before its ten minutes
	away := message("1", "Still available?") // unread: mailed
	again := message("1", "Tomorrow?")       // unread: in the same email
	other := message("2", "Is it new?")      // another conversation: its own email
	gone := message("3", "Seen")             // read: that conversation is not mailed
	if all, later := mailJobs(t, pool, u.ID, store.MailWhenAwayAfter-time.Minute); all != 3 || later != 3 {
		t.Fatalf("%d email jobs, %d of them in ten minutes: want one a conversation, all waiting", all, later)
	}
	if _, err := s.MarkNotificationsRead(ctx, u.ID, []int64{read.ID, gone.ID}); err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, smtpSender(t, srv), nil)
	makeDue(t, pool)
	got := srv.Wait(t, 2, 20*time.Second)
	waitFor(t, "every mail job", 20*time.Second, func() bool {
		var n int
		_ = pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'send_email' AND state <> 'completed'").Scan(&n)
		return n == 0
	})
	time.Sleep(300 * time.Millisecond)
	byID := map[string]mailed{}
	for _, g := range srv.Messages() {
		byID[g.MessageID] = readMail(t, g)
	}
	one := byID[jobs.MessageID(read.ID, read.CreatedAt, publicURL)]
	two := byID[jobs.MessageID(other.ID, other.CreatedAt, publicURL)]
	if len(got) != 2 || len(byID) != 2 || !strings.HasPrefix(one.Subject, "2 new messages about HP EliteBook 840") ||
		!strings.Contains(one.Text, "Still available?") || !strings.Contains(one.Text, "Tomorrow?") || strings.Contains(one.Text, "“Hello”") ||
		!strings.HasPrefix(two.Subject, "New message from Karim") {
		t.Errorf("mailed %+v, want the unread messages of conversations 1 and 2", byID)
	}
	_ = away
	_ = again
	// a message now waits for the window of its conversation's email
	message("1", "Hello again")
	if all, later := mailJobs(t, pool, u.ID, store.FoldWindowShort-time.Minute); all != 4 || later != 1 {
		t.Errorf("%d email jobs, %d of them due in fifteen minutes: want 4 and 1", all, later)
	}
}
