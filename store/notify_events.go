package store

import (
	"context"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// noter writes a notification inside the transaction of the event that
// causes it (NotifyTx).
type noter func(Notice) error

// txNotices is tx for events that notify someone: fn gets, beside the
// queries, a noter writing into the same transaction, so the event and
// its notifications commit together or not at all.
func (s *Store) txNotices(ctx context.Context, fn func(q *dbsqlc.Queries, note noter) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		note := func(n Notice) error {
			if s.noNotices {
				return nil
			}
			_, err := s.NotifyTx(ctx, tx, n)
			return err
		}
		return fn(s.q.WithTx(tx), note)
	})
	return translate(err)
}

// Where the notifications lead in the app.
const (
	linkSellerBookings = "/dashboard/leads"
	linkBuyerBookings  = "/dashboard/mybooking"
	linkSellerProducts = "/dashboard/myproducts"
	linkFavourites     = "/dashboard/favourites"
)

// bookingNotices are the notifications of a booking's events, from the
// booking's facts.
type bookingNotices struct {
	f dbsqlc.GetBookingNoticeFactsRow
}

func (s *Store) bookingNotices(ctx context.Context, q *dbsqlc.Queries, bookingID int64) (bookingNotices, error) {
	f, err := q.GetBookingNoticeFacts(ctx, bookingID)
	return bookingNotices{f}, err
}

// received tells the seller who booked, how to reach them and where they
// want to meet; its email folds with the product's other bookings.
func (b bookingNotices) received(productID int64) Notice {
	return Notice{UserID: b.f.SellerID, Kind: "booking_received", Link: linkSellerBookings, About: aboutProduct(productID), Data: b.withMethod(notify.Data{
		"product": b.f.ProductName, "buyer": b.f.BuyerName, "phone": b.f.Phone, "place": b.f.MeetLocation,
	})}
}

func (b bookingNotices) cancelled() Notice {
	return Notice{UserID: b.f.SellerID, Kind: "booking_cancelled", Link: linkSellerBookings, Data: notify.Data{
		"product": b.f.ProductName, "buyer": b.f.BuyerName,
	}}
}

func (b bookingNotices) paymentReceived(amount string, online bool) Notice {
	return Notice{UserID: b.f.SellerID, Kind: "payment_received", Link: linkSellerBookings, Data: onlineFlag(notify.Data{
		"product": b.f.ProductName, "amount": amount, "buyer": b.f.BuyerName,
	}, online)}
}

func (b bookingNotices) receipt(amount string, online bool) Notice {
	return Notice{UserID: b.f.BuyerID, Kind: "payment_receipt", Link: linkBuyerBookings, Data: onlineFlag(notify.Data{
		"product": b.f.ProductName, "amount": amount,
	}, online)}
}

// onlineFlag marks a payment made online through SSLCommerz (bKash,
// Nagad...), so the words do not say card.
func onlineFlag(d notify.Data, online bool) notify.Data {
	if online {
		d["online"] = "yes"
	}
	return d
}

func (b bookingNotices) soldElsewhere(buyerID int64) Notice {
	return Notice{UserID: buyerID, Kind: "sold_elsewhere", Link: linkBuyerBookings, Data: notify.Data{"product": b.f.ProductName}}
}

// withdrawn tells the buyer the laptop left the shop (its seller or an
// admin took it off, or the seller's account was deleted) and took their
// booking with it.
func (b bookingNotices) withdrawn() Notice {
	return Notice{UserID: b.f.BuyerID, Kind: "listing_withdrawn", Link: linkBuyerBookings, Data: notify.Data{"product": b.f.ProductName}}
}

// accepted tells the buyer the laptop is reserved for them.
func (b bookingNotices) accepted() Notice {
	return Notice{UserID: b.f.BuyerID, Kind: "booking_accepted", Link: linkBuyerBookings, Data: b.withMethod(notify.Data{"product": b.f.ProductName})}
}

// withMethod adds how the booking is paid to d: a flag named after its
// method (cash, card or sslcommerz) and its price, so the words say
// "pay at the hand-over: cash" or "pay by card" (#34).
func (b bookingNotices) withMethod(d notify.Data) notify.Data {
	d[b.f.PaymentMethod] = "yes"
	d["amount"] = formatAmount(b.f.Price*100, "")
	return d
}

// declined tells the buyer the seller said no: in the seller's words, or,
// when reserved, because the seller accepted another buyer's booking.
func (b bookingNotices) declined(reason string, reserved bool) Notice {
	d := notify.Data{"product": b.f.ProductName}
	if reason != "" {
		d["reason"] = reason
	}
	if reserved {
		d["reserved"] = "yes"
	}
	return Notice{UserID: b.f.BuyerID, Kind: "booking_declined", Link: linkBuyerBookings, Data: d}
}

// released tells the seller or the buyer that a reservation ran out.
func (b bookingNotices) released(seller bool) Notice {
	d := notify.Data{"product": b.f.ProductName, "buyer": b.f.BuyerName}
	if seller {
		d["seller"] = "yes"
		return Notice{UserID: b.f.SellerID, Kind: "reservation_released", Link: linkSellerBookings, Data: d}
	}
	return Notice{UserID: b.f.BuyerID, Kind: "reservation_released", Link: linkBuyerBookings, Data: d}
}

// handedOver tells the seller or the buyer the sale is complete (and, for
// a booking nothing was paid for online, that it was paid in cash).
func (b bookingNotices) handedOver(seller bool) Notice {
	d := notify.Data{"product": b.f.ProductName, "buyer": b.f.BuyerName}
	if b.f.PaidAt == nil { // whatever its method said, nothing was paid online
		d["cash"], d["amount"] = "yes", formatAmount(b.f.Price*100, "")
	}
	if seller {
		d["seller"] = "yes"
		return Notice{UserID: b.f.SellerID, Kind: "handover_completed", Link: linkSellerBookings, Data: d}
	}
	return Notice{UserID: b.f.BuyerID, Kind: "handover_completed", Link: linkBuyerBookings, Data: d}
}

// paid writes the notifications of a payment recorded for the first time:
// the seller and the buyer hear of a sale. A payment that came too late
// (refund_required) tells its own buyer instead, unless the buyer's own
// booking was completed by hand-over meanwhile (they have the laptop; the
// card payment is refunded).
func (b bookingNotices) paid(note noter, sold, completed bool, amount int64, currency string, online bool) error {
	if !sold {
		if completed {
			return nil
		}
		return note(b.soldElsewhere(b.f.BuyerID))
	}
	text := formatAmount(amount, currency)
	if err := note(b.paymentReceived(text, online)); err != nil {
		return err
	}
	return note(b.receipt(text, online))
}

// staleRefund tells the buyer and the seller that a card payment did not
// pay the booking as it is now (it was made for an earlier price, or the
// booking was paid already) and goes back to the card; the booking stays
// as it is, payable at its price.
func (b bookingNotices) staleRefund(note noter, amount int64, currency string, online bool) error {
	text := formatAmount(amount, currency)
	err := note(Notice{UserID: b.f.BuyerID, Kind: "payment_receipt", Link: linkBuyerBookings, Data: onlineFlag(notify.Data{
		"product": b.f.ProductName, "amount": text, "refunded": "yes",
	}, online)})
	if err != nil {
		return err
	}
	return note(Notice{UserID: b.f.SellerID, Kind: "payment_received", Link: linkSellerBookings, Data: onlineFlag(notify.Data{
		"product": b.f.ProductName, "amount": text, "buyer": b.f.BuyerName, "refunded": "yes",
	}, online)})
}

// removedAfterPayment tells the buyer of a paid booking that an admin
// took the laptop off the shop: the booking is closed and the payment
// goes back to the card.
func (b bookingNotices) removedAfterPayment(refund string) Notice {
	return Notice{UserID: b.f.BuyerID, Kind: "listing_withdrawn", Link: linkBuyerBookings, Data: onlineFlag(notify.Data{
		"product": b.f.ProductName, "refund": refund,
	}, b.f.PaymentMethod == string(PaySSLCommerz))}
}

// productRemoved tells a seller an admin removed their listing, and why
// when the admin said.
func productRemoved(sellerID int64, product, reason string) Notice {
	d := notify.Data{"product": product}
	if reason != "" {
		d["reason"] = reason
	}
	return Notice{UserID: sellerID, Kind: "product_removed", Link: linkSellerProducts, Data: d}
}

func sellerVerified(userID int64) Notice {
	return Notice{UserID: userID, Kind: "seller_verified", Link: linkSellerProducts}
}

// formatAmount writes an amount in minor units (Stripe's) as people read
// it: "25,000 Tk" for taka (as the interface writes it, #32), "USD 12.50"
// for others.
func formatAmount(minor int64, currency string) string {
	whole, cents := minor/100, minor%100
	s := strconv.FormatInt(whole, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if cents != 0 {
		s += "." + strconv.FormatInt(100+cents, 10)[1:]
	}
	if currency == "" || currency == "bdt" {
		return s + " Tk"
	}
	return strings.ToUpper(currency) + " " + s
}

// noteProductRemoved tells the seller, and returns the product's name;
// refund is the buyer's card payment that goes back with it ("": none).
func (s *Store) noteProductRemoved(ctx context.Context, q *dbsqlc.Queries, note noter, productID int64, reason, refund string) (string, error) {
	p, err := q.GetProductNoticeFacts(ctx, productID)
	if err != nil {
		return "", err
	}
	n := productRemoved(p.SellerID, p.ProductName, reason)
	if refund != "" {
		n.Data["refund"] = refund
	}
	return p.ProductName, note(n)
}
