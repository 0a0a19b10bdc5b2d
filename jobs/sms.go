package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"resale/auth"
	"resale/notify"
	"resale/store"
)

// SMSSender sends text messages (sms.Gateway; smstest in tests).
type SMSSender interface {
	Send(ctx context.Context, to, text string) error
}

// smsTemporary is a send error that tells whether a retry is worth it (sms.Error).
type smsTemporary interface{ IsTemporary() bool }

// phoneCodeWorker sends a code by SMS, once (store.ClaimPhoneCodeSend),
// within the day's cap (SMSDailyLimit, counted in the database so every
// instance shares it).
type phoneCodeWorker struct {
	river.WorkerDefaults[store.PhoneCodeArgs]
	opts  Options
	codes *auth.PhoneCodes
}

// NextRetry tries again soon, the code living five minutes: after 10
// seconds, then 20 and 30 (or RetryBase's multiples, when shorter).
func (w *phoneCodeWorker) NextRetry(job *river.Job[store.PhoneCodeArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * min(w.opts.RetryBase, 10*time.Second))
}

// Work sends the code unless it must not go.
func (w *phoneCodeWorker) Work(ctx context.Context, job *river.Job[store.PhoneCodeArgs]) error {
	if w.opts.SMS == nil {
		return river.JobCancel(errors.New("SMS is off (SMS_URL is not set)"))
	}
	code, err := w.codes.Open(job.Args.Sealed)
	if err != nil {
		return river.JobCancel(err)
	}
	c, err := w.opts.Store.ClaimPhoneCodeSend(ctx, job.Args.CodeID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // replaced, used, expired, or nobody's: nothing to send
	}
	if err != nil {
		return err
	}
	text := notify.SMSCode(c.Language, w.opts.Shop, w.opts.PublicURL.Host, code)
	err = w.send(ctx, c.Phone, text)
	if err != nil {
		if uerr := w.opts.Store.UnclaimPhoneCodeSend(ctx, job.Args.CodeID); uerr != nil {
			return errors.Join(err, uerr)
		}
		return err
	}
	w.opts.Logger.Info("sms code sent", "code_id", job.Args.CodeID, "purpose", c.Purpose)
	return nil
}

// send sends one message within the day's cap: over it, the message is
// dropped (cancelled, logged); a gateway that fails gives its count back,
// and a temporary failure is tried again.
func (o Options) sendSMS(ctx context.Context, to, text string) error {
	day := time.Now().In(o.location())
	ok, err := o.Store.TakeSMSDay(ctx, day, o.SMSDailyLimit)
	if err != nil {
		return err
	}
	if !ok {
		o.Logger.Warn("sms: the daily limit is reached (SMS_DAILY_LIMIT); a message is dropped", "limit", o.SMSDailyLimit)
		return river.JobCancel(errors.New("the daily SMS limit is reached"))
	}
	err = o.SMS.Send(ctx, to, text)
	if err == nil {
		return nil
	}
	if gerr := o.Store.GiveBackSMSDay(context.WithoutCancel(ctx), day); gerr != nil {
		o.Logger.Error("sms: giving back a message's count", "err", gerr)
	}
	var t smsTemporary
	if errors.As(err, &t) && t.IsTemporary() {
		return err
	}
	return river.JobCancel(err)
}

func (w *phoneCodeWorker) send(ctx context.Context, to, text string) error {
	return w.opts.sendSMS(ctx, to, text)
}

func (o Options) location() *time.Location {
	if o.Location == nil {
		return time.UTC
	}
	return o.Location
}

// smsNoticeWorker sends a notification by SMS when its user wants it so
// and their email does not reach them (store.GetNotificationSMS decides),
// once, within the day's cap.
type smsNoticeWorker struct {
	river.WorkerDefaults[store.SendSMSNoticeArgs]
	opts Options
}

// NextRetry waits as the notification emails do, from a shorter start.
func (w *smsNoticeWorker) NextRetry(job *river.Job[store.SendSMSNoticeArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * 30 * time.Second)
}

// Work sends the SMS, or nothing.
func (w *smsNoticeWorker) Work(ctx context.Context, job *river.Job[store.SendSMSNoticeArgs]) error {
	if w.opts.SMS == nil {
		return nil // the shop sends no SMS
	}
	n, err := w.opts.Store.GetNotificationSMS(ctx, job.Args.NotificationID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !n.Send {
		return nil
	}
	link := w.opts.PublicURL.String() + n.Link
	text, err := notify.SMSText(n.Kind, n.Language, n.Data, w.opts.Shop, link)
	if err != nil {
		return river.JobCancel(err)
	}
	claimed, err := w.opts.Store.ClaimNotificationSMS(ctx, n.ID)
	if err != nil || !claimed {
		return err
	}
	if err := w.opts.sendSMS(ctx, n.Phone, text); err != nil {
		if uerr := w.opts.Store.UnclaimNotificationSMS(context.WithoutCancel(ctx), n.ID); uerr != nil {
			return errors.Join(err, uerr)
		}
		return err
	}
	w.opts.Logger.Info("notification sent by sms", "notification_id", n.ID, "kind", n.Kind)
	return nil
}

// remindWorker reminds the parties of accepted bookings whose
// reservation ends within RemindBefore (store.RemindHandovers).
type remindWorker struct {
	river.WorkerDefaults[remindArgs]
	opts Options
}

// remindArgs is the periodic pass of hand-over reminders.
type remindArgs struct{}

// Kind names the job in River's table.
func (remindArgs) Kind() string { return "remind_handovers" }

// Work reminds every booking due, and sweeps codes long dead.
func (w *remindWorker) Work(ctx context.Context, _ *river.Job[remindArgs]) error {
	n, err := w.opts.Store.RemindHandovers(ctx, w.opts.ReservationLength, w.opts.RemindBefore)
	if err != nil {
		return err
	}
	if n > 0 {
		w.opts.Logger.Info("hand-over reminders", "bookings", n)
	}
	return w.opts.Store.DeleteStalePhoneCodes(ctx)
}

// remindJob queues the pass every interval (and once at start).
func remindJob(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return remindArgs{}, nil },
		&river.PeriodicJobOpts{ID: remindArgs{}.Kind(), RunOnStart: true})
}
