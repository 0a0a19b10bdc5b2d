package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"resale/migrations"
	"resale/store"
	"resale/store/storetest"
)

// methodFixture is a seller with laptops and a buyer who books them.
type methodFixture struct {
	s             *store.Store
	pool          *pgxpool.Pool
	seller, buyer store.User
	n             int
}

func newMethodFixture(t *testing.T, pool *pgxpool.Pool) *methodFixture {
	t.Helper()
	ctx := context.Background()
	s := store.New(pool)
	f := &methodFixture{s: s, pool: pool}
	var err error
	if f.seller, err = s.CreateUser(ctx, store.NewUser{Name: "Seller", Email: "seller@example.com", PasswordHash: "x", Role: store.RoleSeller}); err != nil {
		t.Fatal(err)
	}
	if f.buyer, err = s.CreateUser(ctx, store.NewUser{Name: "Buyer", Email: "buyer@example.com", PasswordHash: "x", Role: store.RoleBuyer}); err != nil {
		t.Fatal(err)
	}
	return f
}

// book lists a laptop of 1,000 Tk and books it the way m says ("": as
// the API's default).
func (f *methodFixture) book(t *testing.T, m store.PaymentMethod) store.Booking {
	t.Helper()
	ctx := context.Background()
	f.n++
	p, err := f.s.CreateProduct(ctx, store.NewProduct{SellerID: f.seller.ID, CategoryID: 1, Name: fmt.Sprintf("HP 840 G%d", f.n), Picture: "/uploads/x.jpg",
		SellPrice: 1000, OriginalPrice: 5000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.s.CreateBooking(ctx, store.NewBooking{ProductID: p.ID, Buyer: f.buyer, Phone: "01811223344", MeetLocation: "Mirpur", Method: m})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *methodFixture) method(t *testing.T, id int64) store.PaymentMethod {
	t.Helper()
	b, err := f.s.GetBookingAnyState(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b.PaymentMethod
}

// A booking is paid in cash at the hand-over unless the buyer chose
// otherwise; the buyer changes it while nothing is paid, nobody else can,
// and the database refuses a method it does not know.
func TestPaymentMethodChoiceAndChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMethodFixture(t, storetest.Pool(t))

	cash := f.book(t, "")
	if cash.PaymentMethod != store.PayCash || f.method(t, cash.ID) != store.PayCash {
		t.Errorf("a booking without a method: %q, want cash", cash.PaymentMethod)
	}
	card := f.book(t, store.PayCard)
	if card.PaymentMethod != store.PayCard {
		t.Errorf("booked by card: %q", card.PaymentMethod)
	}
	if _, err := f.pool.Exec(ctx, "UPDATE bookings SET payment_method = 'bitcoin' WHERE id = $1", cash.ID); err == nil {
		t.Error("the database took the payment method bitcoin")
	}

	// the buyer changes it, back and forth; the same method again is fine
	for _, m := range []store.PaymentMethod{store.PaySSLCommerz, store.PayCard, store.PayCard, store.PayCash} {
		if retired, err := f.s.ChangePaymentMethod(ctx, cash.ID, f.buyer.ID, m); err != nil || retired != "" {
			t.Fatalf("change to %s: %q, %v", m, retired, err)
		}
		if got := f.method(t, cash.ID); got != m {
			t.Fatalf("after changing to %s it is %s", m, got)
		}
	}
	// not the seller's, nor anyone else's to change
	if _, err := f.s.ChangePaymentMethod(ctx, cash.ID, f.seller.ID, store.PayCard); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the seller changed it: %v, want ErrNotFound", err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, 999999, f.buyer.ID, store.PayCard); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no such booking: %v, want ErrNotFound", err)
	}
	if f.method(t, cash.ID) != store.PayCash {
		t.Error("a refused change changed it")
	}

	// accepted: still changeable; completed by the hand-over: not
	if _, err := f.s.AcceptBooking(ctx, cash.ID, f.seller.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, cash.ID, f.buyer.ID, store.PayCard); err != nil {
		t.Errorf("an accepted booking: %v", err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, cash.ID, f.buyer.ID, store.PayCash); err != nil {
		t.Errorf("an accepted booking: %v", err)
	}
	if _, err := f.s.Handover(ctx, cash.ID, f.seller.ID, func([]byte) bool { return true }); err != nil {
		t.Fatalf("hand-over of a cash booking: %v", err)
	}
	var te *store.TransitionError
	if _, err := f.s.ChangePaymentMethod(ctx, cash.ID, f.buyer.ID, store.PayCard); !errors.As(err, &te) || te.From != store.BookingCompleted {
		t.Errorf("a completed booking: %v, want a TransitionError from completed", err)
	} else if te.Message() != "This booking is already completed, so how it is paid cannot change" {
		t.Errorf("in words: %q", te.Message())
	}

	// cancelled and declined: no change either
	if err := f.s.CancelBooking(ctx, card.ID, f.buyer.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, card.ID, f.buyer.ID, store.PayCash); !errors.As(err, &te) || te.From != store.BookingCancelled {
		t.Errorf("a cancelled booking: %v", err)
	}
	declined := f.book(t, "")
	if _, err := f.s.DeclineBooking(ctx, declined.ID, f.seller.ID, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, declined.ID, f.buyer.ID, store.PayCard); !errors.As(err, &te) || te.From != store.BookingDeclined {
		t.Errorf("a declined booking: %v", err)
	}
}

// A PaymentIntent makes the booking a card booking in the statement that
// attaches it; leaving card retires it (a tab may still hold it), and a
// paid booking's method no longer changes.
func TestPaymentMethodAndPaymentIntents(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMethodFixture(t, storetest.Pool(t))
	b := f.book(t, store.PayCash)
	if err := f.s.SetBookingPaymentIntent(ctx, b.ID, "", "pi_one", b.Price, store.PayCard); err != nil {
		t.Fatal(err)
	}
	if got := f.method(t, b.ID); got != store.PayCard {
		t.Errorf("with a PaymentIntent it is %s, want card", got)
	}
	retired, err := f.s.ChangePaymentMethod(ctx, b.ID, f.buyer.ID, store.PayCash)
	if err != nil || retired != "pi_one" {
		t.Fatalf("back to cash retired %q, %v; want pi_one", retired, err)
	}
	now, err := f.s.GetBookingAnyState(ctx, b.ID)
	if err != nil || now.PaymentIntentID != "" || now.PaymentMethod != store.PayCash {
		t.Errorf("after going back to cash: %+v, %v", now, err)
	}
	list, err := f.s.ListUnsettledRetiredIntents(ctx)
	if err != nil || len(list) != 1 || list[0].ID != "pi_one" {
		t.Errorf("retired intents: %+v, %v", list, err)
	}
	// the retired one, paid from an old tab, does not pay the booking
	p, _, err := f.s.RecordPayment(ctx, store.PaymentRecord{BookingID: b.ID, TransactionID: "pi_one", Amount: 100000, Currency: "bdt", ForPrice: b.Price})
	if err != nil || p.Status != store.PaymentRefundRequired {
		t.Errorf("the retired PaymentIntent paid: %+v, %v", p, err)
	}

	// paid by card: the method stays card
	if err := f.s.SetBookingPaymentIntent(ctx, b.ID, "", "pi_two", b.Price, store.PayCard); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.RecordPayment(ctx, store.PaymentRecord{BookingID: b.ID, TransactionID: "pi_two", Amount: 100000, Currency: "bdt", ForPrice: b.Price}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ChangePaymentMethod(ctx, b.ID, f.buyer.ID, store.PayCash); !errors.Is(err, store.ErrAlreadyPaid) {
		t.Errorf("a paid booking: %v, want ErrAlreadyPaid", err)
	}
	if got := f.method(t, b.ID); got != store.PayCard {
		t.Errorf("a paid booking's method is %s", got)
	}
}

// A payment and a change of method at the same moment: exactly one wins.
// Either the booking is paid by card and the change refused, or the
// change went through first and the payment (of a PaymentIntent it
// retired) is kept for refund, the booking unpaid and cash.
func TestPaymentMethodChangeRacesPayment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMethodFixture(t, storetest.Pool(t))
	wins := map[string]int{}
	for i := range 12 {
		// a buyer a round: one buyer's bookings an hour are limited
		buyer, err := f.s.CreateUser(ctx, store.NewUser{Name: "Buyer", Email: fmt.Sprintf("buyer%d@example.com", i), PasswordHash: "x", Role: store.RoleBuyer})
		if err != nil {
			t.Fatal(err)
		}
		f.buyer = buyer
		b := f.book(t, store.PayCard)
		pi := fmt.Sprintf("pi_race_%d", i)
		if err := f.s.SetBookingPaymentIntent(ctx, b.ID, "", pi, b.Price, store.PayCard); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var payment store.Payment
		var payErr, changeErr error
		wg.Add(2)
		go func() {
			defer wg.Done()
			payment, _, payErr = f.s.RecordPayment(ctx, store.PaymentRecord{BookingID: b.ID, TransactionID: pi, Amount: 100000, Currency: "bdt", ForPrice: b.Price})
		}()
		go func() {
			defer wg.Done()
			_, changeErr = f.s.ChangePaymentMethod(ctx, b.ID, f.buyer.ID, store.PayCash)
		}()
		wg.Wait()
		if payErr != nil {
			t.Fatalf("round %d: payment: %v", i, payErr)
		}
		now, err := f.s.GetBookingAnyState(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case changeErr == nil && payment.Status == store.PaymentRefundRequired && !now.Paid && now.PaymentMethod == store.PayCash:
			wins["change"]++
		case errors.Is(changeErr, store.ErrAlreadyPaid) && payment.Status == store.PaymentSucceeded && now.Paid && now.PaymentMethod == store.PayCard:
			wins["payment"]++
		default:
			t.Errorf("round %d: change %v, payment %s, booking paid %v by %s: not exactly one winner", i, changeErr, payment.Status, now.Paid, now.PaymentMethod)
		}
	}
	t.Logf("winners: %v", wins)
}

// Migration 00037 makes the bookings from before it card bookings when
// they had a PaymentIntent (now or retired) or a payment, cash otherwise.
func TestPaymentMethodBackfill(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.URL(t)
	pool, err := store.Open(ctx, url, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	f := newMethodFixture(t, pool)
	plain, withIntent, paid, retired := f.book(t, ""), f.book(t, ""), f.book(t, ""), f.book(t, "")
	for _, q := range []string{
		fmt.Sprintf("UPDATE bookings SET payment_intent_id = 'pi_a' WHERE id = %d", withIntent.ID),
		fmt.Sprintf("INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id) VALUES (%d, %d, %d, 'b@example.com', 1000, 100000, 'bdt', 'pi_b')", paid.ID, paid.ProductID, f.buyer.ID),
		fmt.Sprintf("INSERT INTO retired_payment_intents (payment_intent_id, booking_id) VALUES ('pi_c', %d)", retired.ID),
	} {
		if _, err := pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	if err := migrations.DownTo(ctx, db, 36); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.Up(ctx, db, nil); err != nil {
		t.Fatal(err)
	}
	pool.Reset() // the column came back: forget the plans made for the old one
	for b, want := range map[int64]store.PaymentMethod{plain.ID: store.PayCash, withIntent.ID: store.PayCard, paid.ID: store.PayCard, retired.ID: store.PayCard} {
		var got string
		if err := pool.QueryRow(ctx, "SELECT payment_method FROM bookings WHERE id = $1", b).Scan(&got); err != nil || store.PaymentMethod(got) != want {
			t.Errorf("booking %d after the migration: %q, %v; want %s", b, got, err, want)
		}
	}
}
