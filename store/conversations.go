package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"resale/notify"
	"resale/store/internal/dbsqlc"
)

// The rules of conversations and offers.
const (
	// MessagesPerWindow messages at most per sender in MessageWindow.
	MessagesPerWindow = 30
	MessageWindow     = time.Minute
	// NewAccountAge: younger accounts open at most NewAccountThreads new
	// conversations in any NewAccountAge.
	NewAccountAge     = 24 * time.Hour
	NewAccountThreads = 20
	// OfferValidity is how long an accepted offer fixes the buyer's price.
	OfferValidity = 48 * time.Hour
)

var (
	// ErrBlocked: the other person blocked the caller.
	ErrBlocked = errors.New("blocked by the other person")
	// ErrYouBlocked: the caller blocked the other person.
	ErrYouBlocked = errors.New("the other person is blocked")
	// ErrAccountClosed: the other person's account is deleted.
	ErrAccountClosed = errors.New("the other person's account is closed")
	// ErrNotListed: the product was deleted.
	ErrNotListed = errors.New("the product is no longer listed")
	// ErrNotBuyer: only the buyer of a thread makes offers.
	ErrNotBuyer = errors.New("only the buyer makes offers")
	// ErrOfferAnswered: the offer is not pending any more.
	ErrOfferAnswered = errors.New("the offer was already answered")
	// ErrMessageThrottle: the sender wrote too many messages lately.
	ErrMessageThrottle = errors.New("too many messages")
	// ErrThreadCap: a new account opened too many conversations today.
	ErrThreadCap = errors.New("too many new conversations")
	// ErrOfferAbovePrice: an offer above the price (OfferAboveError).
	ErrOfferAbovePrice = errors.New("the offer is above the price")
)

// ThrottledError is a refusal that lifts at Until; it matches its Err
// (ErrMessageThrottle or ErrThreadCap).
type ThrottledError struct {
	Err   error
	Until time.Time
}

func (e *ThrottledError) Error() string {
	return e.Err.Error() + " until " + e.Until.Format(time.RFC3339)
}

// Unwrap lets errors.Is match Err.
func (e *ThrottledError) Unwrap() error { return e.Err }

// OfferAboveError is an offer above the product's price; it matches
// ErrOfferAbovePrice.
type OfferAboveError struct{ Price int64 }

func (e *OfferAboveError) Error() string {
	return fmt.Sprintf("the offer is above the price %d", e.Price)
}

// Unwrap lets errors.Is match ErrOfferAbovePrice.
func (e *OfferAboveError) Unwrap() error { return ErrOfferAbovePrice }

// Offer statuses on the wire; an accepted offer past its time is expired.
const (
	OfferPending    = "pending"
	OfferAccepted   = "accepted"
	OfferDeclined   = "declined"
	OfferSuperseded = "superseded"
	OfferExpired    = "expired"
)

// Offer is a buyer's proposed price in a thread.
type Offer struct {
	ID             int64
	ConversationID int64
	ProductID      int64
	BuyerID        int64
	Amount         int64
	Status         string
	CreatedAt      time.Time
	ValidUntil     *time.Time
	// RetiredPaymentIntent is set by AnswerOffer when accepting repriced
	// the buyer's booking and retired the PaymentIntent it had: the caller
	// cancels it at Stripe (best-effort; the reconciliation retries).
	RetiredPaymentIntent string
}

// offerStatus is what a status means now: an accepted offer whose time
// ran out is expired.
func offerStatus(status string, validUntil *time.Time) string {
	if status == OfferAccepted && validUntil != nil && !validUntil.After(time.Now()) {
		return OfferExpired
	}
	return status
}

func offerFrom(o dbsqlc.Offer) Offer {
	return Offer{ID: o.ID, ConversationID: o.ConversationID, ProductID: o.ProductID, BuyerID: o.BuyerID, Amount: int64(o.Amount),
		Status: offerStatus(o.Status, o.ValidUntil), CreatedAt: o.CreatedAt, ValidUntil: o.ValidUntil}
}

// Message is one message of a thread: text, or an offer (Offer non-nil).
type Message struct {
	ID        int64
	SenderID  int64
	Text      string
	Offer     *Offer
	CreatedAt time.Time
}

// Person is one side of a thread as the other sees them.
type Person struct {
	ID      int64
	Name    string
	Photo   string
	Deleted bool
}

// ConversationSummary is a thread as its lists show it.
type ConversationSummary struct {
	ID             int64
	ProductID      int64
	ProductName    string
	Picture        string
	SellPrice      int64
	ProductSold    bool
	ProductDeleted bool
	Buyer, Seller  Person
	LastMessageAt  time.Time
	LastText       string
	LastOffer      int64 // the newest message's offer amount, 0 for text
	LastCreatedAt  time.Time
	BuyerUnread    int64
	SellerUnread   int64
	// blocks between the two
	BuyerBlockedSeller, SellerBlockedBuyer bool
	// the thread's latest offer, nil when none
	Offer        *Offer
	ReportedAt   *time.Time
	ReportedBy   int64
	ReportReason string
	ReportNote   string
	// Trade is where the trade stands (GetConversation only; nil in lists).
	Trade *ThreadTrade
}

// ThreadTrade is where the trade of a thread stands, from the database:
// the product's reservation (an accepted booking, anyone's) and listing,
// and the thread's buyer's newest booking of it.
type ThreadTrade struct {
	ProductReserved bool
	ProductExpired  bool
	// BookingID is 0 when the buyer never booked it.
	BookingID     int64
	BookingStatus BookingStatus
	// BookingMethod is how that booking is paid (#34).
	BookingMethod PaymentMethod
}

func summaryFrom(r dbsqlc.ConversationSummary) ConversationSummary {
	out := ConversationSummary{
		ID: r.ID, ProductID: r.ProductID, ProductName: r.ProductName, Picture: r.Picture, SellPrice: r.SellPrice,
		ProductSold: r.ProductSold, ProductDeleted: r.ProductDeleted,
		Buyer:         Person{ID: r.BuyerID, Name: r.BuyerName, Photo: r.BuyerPhoto, Deleted: r.BuyerDeleted},
		Seller:        Person{ID: r.SellerID, Name: r.SellerName, Photo: r.SellerPhoto, Deleted: r.SellerDeleted},
		LastMessageAt: r.LastMessageAt, LastText: r.LastBody, LastOffer: int64(r.LastOfferAmount), LastCreatedAt: r.LastCreatedAt,
		BuyerUnread: r.BuyerUnread, SellerUnread: r.SellerUnread,
		BuyerBlockedSeller: r.BuyerBlockedSeller, SellerBlockedBuyer: r.SellerBlockedBuyer,
		ReportedAt: r.ReportedAt, ReportNote: r.ReportNote,
	}
	if r.OfferID != 0 {
		out.Offer = &Offer{ID: r.OfferID, ConversationID: r.ID, ProductID: r.ProductID, BuyerID: r.BuyerID, Amount: int64(r.OfferAmount),
			Status: offerStatus(r.OfferStatus, r.OfferValidUntil), ValidUntil: r.OfferValidUntil}
	}
	if r.ReportedBy != nil {
		out.ReportedBy = *r.ReportedBy
	}
	if r.ReportReason != nil {
		out.ReportReason = *r.ReportReason
	}
	return out
}

// linkThread is where a thread's notifications lead.
func linkThread(id int64) string { return "/dashboard/messages/" + strconv.FormatInt(id, 10) }

// checkThrottle refuses a sender (whose row is locked) who wrote
// MessagesPerWindow messages in the last MessageWindow.
func checkThrottle(ctx context.Context, q *dbsqlc.Queries, senderID int64) error {
	r, err := q.CountRecentMessages(ctx, dbsqlc.CountRecentMessagesParams{SenderID: senderID, WindowSeconds: MessageWindow.Seconds()})
	if err != nil {
		return err
	}
	if r.N >= MessagesPerWindow {
		return &ThrottledError{Err: ErrMessageThrottle, Until: r.Oldest.Add(MessageWindow)}
	}
	return nil
}

// checkBlocks refuses a writer whom the other blocked, or who blocked the
// other.
func checkBlocks(ctx context.Context, q *dbsqlc.Queries, writer, other int64) error {
	b, err := q.GetBlocks(ctx, dbsqlc.GetBlocksParams{A: writer, B: other})
	switch {
	case err != nil:
		return err
	case b.BBlockedA:
		return ErrBlocked
	case b.ABlockedB:
		return ErrYouBlocked
	}
	return nil
}

// OpenConversation opens the one thread of buyer about a product, or
// continues it, and appends text: ErrNotFound for no such live product,
// ErrOwnProduct, ErrSold, ErrBlocked or ErrYouBlocked, and a
// ThrottledError for too many messages or, for a new account, too many
// new threads today.
func (s *Store) OpenConversation(ctx context.Context, productID int64, buyer User, text string) (Message, int64, error) {
	var msg Message
	var convID int64
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		acct, err := q.LockSender(ctx, buyer.ID)
		if err != nil {
			return err
		}
		if err := checkThrottle(ctx, q, buyer.ID); err != nil {
			return err
		}
		p, err := q.LockProductForConversation(ctx, productID)
		switch {
		case err != nil:
			return err
		case p.DeletedAt != nil || p.SellerDeleted:
			return ErrNotFound
		case p.SellerID == buyer.ID:
			return ErrOwnProduct
		case p.SoldAt != nil:
			return ErrSold
		case p.ExpiredAt != nil:
			return ErrExpired
		}
		if err := checkBlocks(ctx, q, buyer.ID, p.SellerID); err != nil {
			return err
		}
		c, err := q.GetConversationByProductBuyer(ctx, dbsqlc.GetConversationByProductBuyerParams{ProductID: productID, BuyerID: buyer.ID})
		if errors.Is(translate(err), ErrNotFound) {
			since := time.Now().Add(-NewAccountAge)
			if acct.CreatedAt.After(since) {
				n, err := q.CountConversationsOpenedSince(ctx, dbsqlc.CountConversationsOpenedSinceParams{BuyerID: buyer.ID, Since: since})
				if err != nil {
					return err
				}
				if n >= NewAccountThreads {
					return &ThrottledError{Err: ErrThreadCap, Until: acct.CreatedAt.Add(NewAccountAge)}
				}
			}
			c, err = q.OpenConversation(ctx, dbsqlc.OpenConversationParams{ProductID: productID, BuyerID: buyer.ID, SellerID: p.SellerID})
		}
		if err != nil {
			return err
		}
		convID = c.ID
		msg, err = s.appendMessage(ctx, q, note, c, buyer.ID, text, nil)
		return err
	})
	return msg, convID, err
}

// appendMessage adds a message to a locked thread, moves its time and the
// sender's read mark, and tells the other person when the thread had
// nothing unread for them before (one notification per unread burst).
func (s *Store) appendMessage(ctx context.Context, q *dbsqlc.Queries, note noter, c dbsqlc.Conversation, senderID int64, text string, offer *dbsqlc.Offer) (Message, error) {
	recipient, recipientRead := c.SellerID, c.SellerReadAt
	if senderID == c.SellerID {
		recipient, recipientRead = c.BuyerID, c.BuyerReadAt
	}
	hadUnread := c.LastMessageAt.After(recipientRead)
	at, err := q.TouchConversation(ctx, dbsqlc.TouchConversationParams{ID: c.ID, SenderID: senderID})
	if err != nil {
		return Message{}, err
	}
	params := dbsqlc.CreateMessageParams{ConversationID: c.ID, SenderID: senderID, Body: text, CreatedAt: at}
	if offer != nil {
		params.OfferID = &offer.ID
	}
	m, err := q.CreateMessage(ctx, params)
	if err != nil {
		return Message{}, err
	}
	out := Message{ID: m.ID, SenderID: senderID, Text: m.Body, CreatedAt: m.CreatedAt}
	if offer != nil {
		o := offerFrom(*offer)
		out.Offer = &o
	}
	f, err := q.GetMessageNoticeFacts(ctx, dbsqlc.GetMessageNoticeFactsParams{ID: c.ID, SenderID: senderID})
	if err != nil {
		return Message{}, err
	}
	if offer != nil {
		// the seller hears of the offer itself, not of a message as well
		return out, note(Notice{UserID: recipient, Kind: "offer_received", Link: linkThread(c.ID), About: aboutThread(c.ID), Data: notify.Data{
			"product": f.ProductName, "buyer": f.SenderName, "amount": formatAmount(int64(offer.Amount)*100, ""),
		}})
	}
	if hadUnread {
		return out, nil
	}
	return out, note(Notice{UserID: recipient, Kind: "message_received", Link: linkThread(c.ID), About: aboutThread(c.ID), Data: notify.Data{
		"sender": f.SenderName, "product": f.ProductName, "excerpt": excerpt(text, 80),
	}})
}

// excerpt is the start of a message, cut at n characters.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// SendMessage appends text, or an offer of amount (when amount > 0), to a
// thread of the sender's: ErrNotFound for anyone else's, ErrBlocked,
// ErrYouBlocked, ErrAccountClosed, a ThrottledError; for an offer also
// ErrNotBuyer, ErrNotListed, ErrSold, ErrReserved (booked by another
// buyer) and an OfferAboveError. A new offer supersedes the buyer's
// pending one.
func (s *Store) SendMessage(ctx context.Context, convID int64, sender User, text string, amount int64) (Message, error) {
	var msg Message
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		if _, err := q.LockSender(ctx, sender.ID); err != nil {
			return err
		}
		c, err := q.GetConversation(ctx, convID)
		if err != nil {
			return err
		}
		if c.BuyerID != sender.ID && c.SellerID != sender.ID {
			return ErrNotFound
		}
		if err := checkThrottle(ctx, q, sender.ID); err != nil {
			return err
		}
		var p dbsqlc.LockProductForConversationRow
		if amount > 0 {
			if sender.ID != c.BuyerID {
				return ErrNotBuyer
			}
			if p, err = q.LockProductForConversation(ctx, c.ProductID); err != nil {
				return err
			}
			if err := offerable(ctx, q, p.DeletedAt, p.SoldAt, p.ExpiredAt, p.ReservedBy, sender.ID); err != nil {
				return err
			}
			if amount > p.SellPrice {
				return &OfferAboveError{Price: p.SellPrice}
			}
		}
		if c, err = q.LockConversation(ctx, convID); err != nil {
			return err
		}
		other := c.SellerID
		if sender.ID == c.SellerID {
			other = c.BuyerID
		}
		if ok, err := q.UserExists(ctx, other); err != nil {
			return err
		} else if !ok {
			return ErrAccountClosed
		}
		if err := checkBlocks(ctx, q, sender.ID, other); err != nil {
			return err
		}
		var offer *dbsqlc.Offer
		if amount > 0 {
			if err := q.SupersedePendingOffers(ctx, c.ID); err != nil {
				return err
			}
			o, err := q.CreateOffer(ctx, dbsqlc.CreateOfferParams{ConversationID: c.ID, ProductID: c.ProductID, BuyerID: c.BuyerID, Amount: int32(amount)})
			if err != nil {
				return err
			}
			offer = &o
		}
		msg, err = s.appendMessage(ctx, q, note, c, sender.ID, text, offer)
		return err
	})
	return msg, err
}

// offerable says whether a (locked) product takes offers, or accepts one,
// from buyerID: not deleted, not sold, not expired, not reserved for
// another buyer.
func offerable(ctx context.Context, q *dbsqlc.Queries, deletedAt, soldAt, expiredAt *time.Time, reservedBy *int64, buyerID int64) error {
	switch {
	case deletedAt != nil:
		return ErrNotListed
	case soldAt != nil:
		return ErrSold
	case expiredAt != nil:
		return ErrExpired
	case reservedBy != nil:
		b, err := q.GetBookingAnyState(ctx, *reservedBy)
		if err != nil {
			return err
		}
		if b.BuyerID != buyerID {
			return ErrReserved
		}
	}
	return nil
}

// AnswerOffer is the product's seller accepting or declining a pending
// offer: ErrNotFound for anyone else, ErrOfferAnswered when it is not
// pending. Accepting fixes the buyer's price for OfferValidity (bookings
// take it, and their open booking of the product is repriced), and is
// refused with ErrNotListed, ErrSold, ErrReserved or ErrAccountClosed.
func (s *Store) AnswerOffer(ctx context.Context, offerID, sellerID int64, accept bool) (Offer, error) {
	var out Offer
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		ref, err := q.GetOfferConversationID(ctx, offerID)
		if err != nil {
			return err
		}
		// product, then offer, then booking: the order of every change
		// of a product's bookings (lockBooking), so a sale, a booking and
		// an accept of an offer take turns
		p, err := q.LockProductForOffer(ctx, ref.ProductID)
		if err != nil {
			return err
		}
		c, err := q.GetConversation(ctx, ref.ConversationID)
		if err != nil {
			return err
		}
		if c.SellerID != sellerID {
			return ErrNotFound
		}
		o, err := q.LockOffer(ctx, offerID)
		if err != nil {
			return err
		}
		if o.Status != OfferPending {
			return ErrOfferAnswered
		}
		buyerLive, err := q.UserExists(ctx, o.BuyerID)
		if err != nil {
			return err
		}
		status := OfferDeclined
		if accept {
			status = OfferAccepted
			if err := offerable(ctx, q, p.DeletedAt, p.SoldAt, p.ExpiredAt, p.ReservedBy, o.BuyerID); err != nil {
				return err
			}
			if !buyerLive {
				return ErrAccountClosed
			}
		}
		o, err = q.AnswerOffer(ctx, dbsqlc.AnswerOfferParams{ID: offerID, Status: status, ValidSeconds: OfferValidity.Seconds()})
		if err != nil {
			return err
		}
		out = offerFrom(o)
		if accept {
			if err := q.EndOtherAcceptedOffers(ctx, dbsqlc.EndOtherAcceptedOffersParams{ConversationID: c.ID, ExceptID: o.ID}); err != nil {
				return err
			}
			// the buyer's open booking takes the offer's price (never a
			// higher one than it had); a card payment of it already
			// started is for the old amount: repricing retires that
			// PaymentIntent in the same statement, for the caller to
			// cancel at Stripe, and a payment of it that still lands is
			// refunded (RecordPayment)
			b, err := q.LockOpenBookingOfBuyer(ctx, dbsqlc.LockOpenBookingOfBuyerParams{ProductID: p.ID, BuyerID: o.BuyerID})
			switch {
			case errors.Is(translate(err), ErrNotFound):
			case err != nil:
				return err
			case b.Price > int64(o.Amount):
				if out.RetiredPaymentIntent, err = repriceBooking(ctx, q, b.ID, int64(o.Amount)); err != nil {
					return err
				}
			}
		}
		if !buyerLive {
			return nil
		}
		return note(Notice{UserID: o.BuyerID, Kind: "offer_answered", Link: linkThread(c.ID), Data: notify.Data{
			"product": p.ProductName, "amount": formatAmount(int64(o.Amount)*100, ""), "answer": status,
		}})
	})
	return out, err
}

// offerPrice is the price a booking of the locked product by buyerID
// takes: the buyer's accepted offer while it holds, if lower than the
// price.
func offerPrice(ctx context.Context, q *dbsqlc.Queries, productID, buyerID, price int64) (int64, error) {
	o, err := q.GetValidOffer(ctx, dbsqlc.GetValidOfferParams{ProductID: productID, BuyerID: buyerID})
	if errors.Is(translate(err), ErrNotFound) {
		return price, nil
	}
	if err != nil {
		return 0, err
	}
	return min(price, int64(o.Amount)), nil
}

// conversationFor is a thread viewer may read: one of its two people, or
// an admin when it is reported. Anyone else gets ErrNotFound.
func conversationFor(c dbsqlc.Conversation, viewer User) error {
	if c.BuyerID == viewer.ID || c.SellerID == viewer.ID {
		return nil
	}
	if viewer.Role == RoleAdmin && c.ReportedAt != nil {
		return nil
	}
	return ErrNotFound
}

// GetConversation returns a thread viewer may read.
func (s *Store) GetConversation(ctx context.Context, id int64, viewer User) (ConversationSummary, error) {
	c, err := s.q.GetConversation(ctx, id)
	if err != nil {
		return ConversationSummary{}, translate(err)
	}
	if err := conversationFor(c, viewer); err != nil {
		return ConversationSummary{}, err
	}
	r, err := s.q.GetConversationSummary(ctx, id)
	if err != nil {
		return ConversationSummary{}, translate(err)
	}
	out := summaryFrom(r)
	t, err := s.q.GetThreadTrade(ctx, dbsqlc.GetThreadTradeParams{ProductID: c.ProductID, BuyerID: c.BuyerID})
	if err != nil {
		return ConversationSummary{}, translate(err)
	}
	out.Trade = &ThreadTrade{ProductReserved: t.Reserved, ProductExpired: t.Expired, BookingID: t.BookingID, BookingStatus: BookingStatus(t.BookingStatus),
		BookingMethod: PaymentMethod(t.BookingPaymentMethod)}
	return out, nil
}

// ConversationPage is where a page of threads starts: after the thread
// with this time and id (zero: from the newest).
type ConversationPage struct {
	Time  time.Time
	ID    int64
	Limit int
}

func (p ConversationPage) before() (time.Time, int64) {
	if p.ID == 0 {
		return time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 1<<63 - 1
	}
	return p.Time, p.ID
}

// ListConversations returns a page of a person's threads, newest activity
// first, and whether there are more.
func (s *Store) ListConversations(ctx context.Context, userID int64, page ConversationPage) ([]ConversationSummary, bool, error) {
	t, id := page.before()
	rows, err := s.q.ListConversationSummaries(ctx, dbsqlc.ListConversationSummariesParams{UserID: userID, BeforeTime: t, BeforeID: id, PageSize: int32(page.Limit + 1)})
	if err != nil {
		return nil, false, translate(err)
	}
	return summaries(rows, page.Limit)
}

// ListReportedConversations returns a page of reported threads, newest
// report first, and whether there are more.
func (s *Store) ListReportedConversations(ctx context.Context, page ConversationPage) ([]ConversationSummary, bool, error) {
	t, id := page.before()
	rows, err := s.q.ListReportedConversations(ctx, dbsqlc.ListReportedConversationsParams{BeforeTime: t, BeforeID: id, PageSize: int32(page.Limit + 1)})
	if err != nil {
		return nil, false, translate(err)
	}
	return summaries(rows, page.Limit)
}

func summaries(rows []dbsqlc.ConversationSummary, limit int) ([]ConversationSummary, bool, error) {
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]ConversationSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, summaryFrom(r))
	}
	return out, more, nil
}

// CountUnreadConversations counts a person's threads with a message they
// have not read.
func (s *Store) CountUnreadConversations(ctx context.Context, userID int64) (int64, error) {
	n, err := s.q.CountUnreadConversations(ctx, userID)
	return n, translate(err)
}

// ListMessages returns a page of a thread's messages, newest first, for a
// viewer who may read it, and where the next (older) page starts.
func (s *Store) ListMessages(ctx context.Context, convID int64, viewer User, page Page) ([]Message, int64, error) {
	c, err := s.q.GetConversation(ctx, convID)
	if err != nil {
		return nil, 0, translate(err)
	}
	if err := conversationFor(c, viewer); err != nil {
		return nil, 0, err
	}
	rows, err := s.q.ListMessages(ctx, dbsqlc.ListMessagesParams{ConversationID: convID, BeforeID: page.from(), PageSize: page.size()})
	if err != nil {
		return nil, 0, translate(err)
	}
	rows, next := cut(page, rows, func(r dbsqlc.ListMessagesRow) int64 { return r.ID })
	out := make([]Message, 0, len(rows))
	for _, r := range rows {
		m := Message{ID: r.ID, SenderID: r.SenderID, Text: r.Body, CreatedAt: r.CreatedAt}
		if r.OfferID != 0 {
			m.Offer = &Offer{ID: r.OfferID, ConversationID: convID, ProductID: c.ProductID, BuyerID: c.BuyerID, Amount: int64(r.OfferAmount),
				Status: offerStatus(r.OfferStatus, r.OfferValidUntil), ValidUntil: r.OfferValidUntil}
		}
		out = append(out, m)
	}
	return out, next, nil
}

// MarkConversationRead marks everything in a thread of the user's read,
// and the user's notifications that lead to it.
func (s *Store) MarkConversationRead(ctx context.Context, convID, userID int64) error {
	c, err := s.q.GetConversation(ctx, convID)
	if err != nil {
		return translate(err)
	}
	if c.BuyerID != userID && c.SellerID != userID {
		return ErrNotFound
	}
	return s.tx(ctx, func(q *dbsqlc.Queries) error {
		if _, err := q.MarkConversationRead(ctx, dbsqlc.MarkConversationReadParams{ID: convID, UserID: userID}); err != nil {
			return err
		}
		return q.MarkThreadNotificationsRead(ctx, dbsqlc.MarkThreadNotificationsReadParams{UserID: userID, Link: linkThread(convID)})
	})
}

// ReportConversation is one of a thread's people reporting it to the
// admins, who may then read it. The first report stands.
func (s *Store) ReportConversation(ctx context.Context, convID, userID int64, reason, note string) error {
	c, err := s.q.GetConversation(ctx, convID)
	if err != nil {
		return translate(err)
	}
	if c.BuyerID != userID && c.SellerID != userID {
		return ErrNotFound
	}
	_, err = s.q.ReportConversation(ctx, dbsqlc.ReportConversationParams{ID: convID, ReportedBy: &userID, Reason: &reason, Note: note})
	return translate(err)
}

// BlockUser makes blocked unable to write to blocker (idempotent):
// ErrNotFound when blocked has no live account.
func (s *Store) BlockUser(ctx context.Context, blocker, blocked int64) error {
	ok, err := s.q.UserExists(ctx, blocked)
	if err != nil {
		return translate(err)
	}
	if !ok {
		return ErrNotFound
	}
	return translate(s.q.BlockUser(ctx, dbsqlc.BlockUserParams{BlockerID: blocker, BlockedID: blocked}))
}

// UnblockUser lifts a block (idempotent): ErrNotFound when blocked has no
// live account.
func (s *Store) UnblockUser(ctx context.Context, blocker, blocked int64) error {
	ok, err := s.q.UserExists(ctx, blocked)
	if err != nil {
		return translate(err)
	}
	if !ok {
		return ErrNotFound
	}
	return translate(s.q.UnblockUser(ctx, dbsqlc.UnblockUserParams{BlockerID: blocker, BlockedID: blocked}))
}
