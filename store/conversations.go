package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	// ErrOwnOffer: the one who made an offer cannot answer it; the other
	// side does (#37).
	ErrOwnOffer = errors.New("the other person answers this offer")
	// ErrCounterRange: a counter offer must be above the buyer's offer and
	// at most the price (CounterRangeError).
	ErrCounterRange = errors.New("the counter offer is out of range")
	// ErrNotOwnPhoto: a message may carry only its sender's own uploads.
	ErrNotOwnPhoto = errors.New("a photo is not the sender's upload")
)

// CounterRangeError is a counter offer outside Min to Max (whole Tk); it
// matches ErrCounterRange.
type CounterRangeError struct{ Min, Max int64 }

func (e *CounterRangeError) Error() string {
	return fmt.Sprintf("the counter offer must be from %d to %d", e.Min, e.Max)
}

// Unwrap lets errors.Is match ErrCounterRange.
func (e *CounterRangeError) Unwrap() error { return ErrCounterRange }

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
	// OfferCountered: the seller answered it with a counter offer.
	OfferCountered = "countered"
)

// Offer is a proposed price in a thread: the buyer's, or the seller's
// counter offer (BySeller), which the other side answers.
type Offer struct {
	ID             int64
	ConversationID int64
	ProductID      int64
	BuyerID        int64
	Amount         int64
	BySeller       bool
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
		BySeller: o.BySeller, Status: offerStatus(o.Status, o.ValidUntil), CreatedAt: o.CreatedAt, ValidUntil: o.ValidUntil}
}

// Message is one message of a thread: text, photos (with or without
// text), or an offer (Offer non-nil).
type Message struct {
	ID        int64
	SenderID  int64
	Text      string
	Photos    []string
	Offer     *Offer
	CreatedAt time.Time
}

// NewMessage is what a person sends in a thread: Text, Photos (upload
// urls, "/uploads/<key>", their own), or both; or an offer of Offer whole
// Tk (when > 0) alone.
type NewMessage struct {
	Text   string
	Photos []string
	Offer  int64
}

// MaxMessagePhotos is the most photos one message carries.
const MaxMessagePhotos = 4

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
	LastPhotos     int   // how many photos the newest message has
	LastCreatedAt  time.Time
	// each side's read mark: the other side's messages up to it are seen
	BuyerReadAt, SellerReadAt time.Time
	BuyerUnread               int64
	SellerUnread              int64
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
		LastMessageAt: r.LastMessageAt, LastText: r.LastBody, LastOffer: int64(r.LastOfferAmount), LastPhotos: int(r.LastPhotoCount), LastCreatedAt: r.LastCreatedAt,
		BuyerReadAt: r.BuyerReadAt, SellerReadAt: r.SellerReadAt,
		BuyerUnread: r.BuyerUnread, SellerUnread: r.SellerUnread,
		BuyerBlockedSeller: r.BuyerBlockedSeller, SellerBlockedBuyer: r.SellerBlockedBuyer,
		ReportedAt: r.ReportedAt, ReportNote: r.ReportNote,
	}
	if r.OfferID != 0 {
		out.Offer = &Offer{ID: r.OfferID, ConversationID: r.ID, ProductID: r.ProductID, BuyerID: r.BuyerID, Amount: int64(r.OfferAmount),
			BySeller: r.OfferBySeller, Status: offerStatus(r.OfferStatus, r.OfferValidUntil), ValidUntil: r.OfferValidUntil}
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
		msg, err = s.appendMessage(ctx, q, note, c, buyer.ID, NewMessage{Text: text}, nil)
		return err
	})
	return msg, convID, err
}

// appendMessage adds a message to a locked thread, moves its time and the
// sender's read mark, and tells the other person when the thread had
// nothing unread for them before (one notification per unread burst).
func (s *Store) appendMessage(ctx context.Context, q *dbsqlc.Queries, note noter, c dbsqlc.Conversation, senderID int64, nm NewMessage, offer *dbsqlc.Offer) (Message, error) {
	recipient, recipientRead := c.SellerID, c.SellerReadAt
	if senderID == c.SellerID {
		recipient, recipientRead = c.BuyerID, c.BuyerReadAt
	}
	hadUnread := c.LastMessageAt.After(recipientRead)
	at, err := q.TouchConversation(ctx, dbsqlc.TouchConversationParams{ID: c.ID, SenderID: senderID})
	if err != nil {
		return Message{}, err
	}
	params := dbsqlc.CreateMessageParams{ConversationID: c.ID, SenderID: senderID, Body: nm.Text, CreatedAt: at, Photos: nm.Photos}
	if params.Photos == nil {
		params.Photos = []string{}
	}
	if offer != nil {
		params.OfferID = &offer.ID
	}
	m, err := q.CreateMessage(ctx, params)
	if err != nil {
		return Message{}, err
	}
	out := Message{ID: m.ID, SenderID: senderID, Text: m.Body, Photos: m.Photos, CreatedAt: m.CreatedAt}
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
	words := nm.Text
	if len(nm.Photos) > 0 {
		// a photo is shown as a camera, in every language
		words = strings.TrimSpace("📷 " + words)
	}
	return out, note(Notice{UserID: recipient, Kind: "message_received", Link: linkThread(c.ID), About: aboutThread(c.ID), Data: notify.Data{
		"sender": f.SenderName, "product": f.ProductName, "excerpt": excerpt(words, 80),
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

// SendMessage appends a message (text, photos, or an offer when
// nm.Offer > 0) to a thread of the sender's: ErrNotFound for anyone
// else's, ErrBlocked, ErrYouBlocked, ErrAccountClosed, a ThrottledError,
// ErrNotOwnPhoto for a photo the sender did not upload; for an offer also
// ErrNotBuyer, ErrNotListed, ErrSold, ErrReserved (booked by another
// buyer) and an OfferAboveError. A new offer supersedes the thread's
// pending one (the seller's counter offer too).
func (s *Store) SendMessage(ctx context.Context, convID int64, sender User, nm NewMessage) (Message, error) {
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
		if err := checkOwnPhotos(ctx, q, sender.ID, nm.Photos); err != nil {
			return err
		}
		if nm.Offer > 0 {
			if err := checkOffer(ctx, q, c, sender.ID, nm.Offer); err != nil {
				return err
			}
		}
		if c, err = q.LockConversation(ctx, convID); err != nil {
			return err
		}
		if err := checkWriter(ctx, q, c, sender.ID); err != nil {
			return err
		}
		var offer *dbsqlc.Offer
		if nm.Offer > 0 {
			if err := q.SupersedePendingOffers(ctx, c.ID); err != nil {
				return err
			}
			o, err := q.CreateOffer(ctx, dbsqlc.CreateOfferParams{ConversationID: c.ID, ProductID: c.ProductID, BuyerID: c.BuyerID, Amount: int32(nm.Offer)})
			if err != nil {
				return err
			}
			offer = &o
		}
		msg, err = s.appendMessage(ctx, q, note, c, sender.ID, nm, offer)
		return err
	})
	return msg, err
}

// checkOwnPhotos refuses photos (upload urls) that userID did not upload.
func checkOwnPhotos(ctx context.Context, q *dbsqlc.Queries, userID int64, photos []string) error {
	if len(photos) == 0 {
		return nil
	}
	keys := make([]string, 0, len(photos))
	for _, p := range photos {
		keys = append(keys, strings.TrimPrefix(p, "/uploads/"))
	}
	n, err := q.CountOwnImages(ctx, dbsqlc.CountOwnImagesParams{UserID: userID, Keys: keys})
	if err != nil {
		return err
	}
	if int(n) != len(keys) {
		return ErrNotOwnPhoto
	}
	return nil
}

// checkOffer refuses an offer of amount by senderID in thread c unless
// the sender is its buyer and the product (locked here, before the
// thread) takes it.
func checkOffer(ctx context.Context, q *dbsqlc.Queries, c dbsqlc.Conversation, senderID, amount int64) error {
	if senderID != c.BuyerID {
		return ErrNotBuyer
	}
	p, err := q.LockProductForConversation(ctx, c.ProductID)
	if err != nil {
		return err
	}
	if err := offerable(ctx, q, p.DeletedAt, p.SoldAt, p.ExpiredAt, p.ReservedBy, senderID); err != nil {
		return err
	}
	if amount > p.SellPrice {
		return &OfferAboveError{Price: p.SellPrice}
	}
	return nil
}

// checkWriter refuses a writer in the (locked) thread c whose other side
// closed their account, or when either blocked the other.
func checkWriter(ctx context.Context, q *dbsqlc.Queries, c dbsqlc.Conversation, writer int64) error {
	other := c.SellerID
	if writer == c.SellerID {
		other = c.BuyerID
	}
	if ok, err := q.UserExists(ctx, other); err != nil {
		return err
	} else if !ok {
		return ErrAccountClosed
	}
	return checkBlocks(ctx, q, writer, other)
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

// AnswerOffer is the other side of a pending offer accepting or
// declining it: the product's seller answers the buyer's offer, the buyer
// the seller's counter offer (#37). ErrNotFound for anyone outside the
// thread, ErrOwnOffer for the one who made it, ErrOfferAnswered when it
// is not pending (a counter offer or another answer came first).
// Accepting fixes the buyer's price for OfferValidity (bookings take it,
// and their open booking of the product is repriced), and is refused with
// ErrNotListed, ErrSold, ErrReserved or ErrAccountClosed.
func (s *Store) AnswerOffer(ctx context.Context, offerID, userID int64, accept bool) (Offer, error) {
	var out Offer
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		p, c, o, err := lockOfferToAnswer(ctx, q, offerID, userID)
		if err != nil {
			return err
		}
		maker := c.BuyerID
		if o.BySeller {
			maker = c.SellerID
		}
		makerLive, err := q.UserExists(ctx, maker)
		if err != nil {
			return err
		}
		status := OfferDeclined
		if accept {
			status = OfferAccepted
			if err := offerable(ctx, q, p.DeletedAt, p.SoldAt, p.ExpiredAt, p.ReservedBy, o.BuyerID); err != nil {
				return err
			}
			if !makerLive {
				return ErrAccountClosed
			}
		}
		o, err = q.AnswerOffer(ctx, dbsqlc.AnswerOfferParams{ID: offerID, Status: status, ValidSeconds: OfferValidity.Seconds()})
		if err != nil {
			return err
		}
		out = offerFrom(o)
		if accept {
			if out.RetiredPaymentIntent, err = applyAcceptedOffer(ctx, q, c.ID, p.ID, o); err != nil {
				return err
			}
		}
		if !makerLive {
			return nil
		}
		data := notify.Data{"product": p.ProductName, "amount": formatAmount(int64(o.Amount)*100, ""), "answer": status}
		if o.BySeller {
			// the buyer answered the seller's counter offer
			f, err := q.GetMessageNoticeFacts(ctx, dbsqlc.GetMessageNoticeFactsParams{ID: c.ID, SenderID: userID})
			if err != nil {
				return err
			}
			data["by"] = f.SenderName
		}
		return note(Notice{UserID: maker, Kind: "offer_answered", Link: linkThread(c.ID), Data: data})
	})
	return out, err
}

// lockOfferToAnswer locks the product, the thread, then the offer (the
// order of every change of a product's bookings, lockBooking, so a sale,
// a booking, an answer and a counter offer take turns), for userID to
// answer: one of the thread's people who did not make it, while pending.
func lockOfferToAnswer(ctx context.Context, q *dbsqlc.Queries, offerID, userID int64) (dbsqlc.LockProductForOfferRow, dbsqlc.Conversation, dbsqlc.Offer, error) {
	var p dbsqlc.LockProductForOfferRow
	var c dbsqlc.Conversation
	var o dbsqlc.Offer
	ref, err := q.GetOfferConversationID(ctx, offerID)
	if err != nil {
		return p, c, o, err
	}
	if p, err = q.LockProductForOffer(ctx, ref.ProductID); err != nil {
		return p, c, o, err
	}
	if c, err = q.LockConversation(ctx, ref.ConversationID); err != nil {
		return p, c, o, err
	}
	if c.SellerID != userID && c.BuyerID != userID {
		return p, c, o, ErrNotFound
	}
	if o, err = q.LockOffer(ctx, offerID); err != nil {
		return p, c, o, err
	}
	if (userID == c.SellerID) == o.BySeller {
		return p, c, o, ErrOwnOffer
	}
	if o.Status != OfferPending {
		return p, c, o, ErrOfferAnswered
	}
	return p, c, o, nil
}

// applyAcceptedOffer ends the thread's earlier accepted offer and gives
// the buyer's open booking the offer's price (never a higher one than it
// had). A card payment of it already started is for the old amount:
// repricing retires that PaymentIntent in the same statement, answered
// for the caller to cancel at Stripe, and a payment of it that still
// lands is refunded (RecordPayment).
func applyAcceptedOffer(ctx context.Context, q *dbsqlc.Queries, convID, productID int64, o dbsqlc.Offer) (string, error) {
	if err := q.EndOtherAcceptedOffers(ctx, dbsqlc.EndOtherAcceptedOffersParams{ConversationID: convID, ExceptID: o.ID}); err != nil {
		return "", err
	}
	b, err := q.LockOpenBookingOfBuyer(ctx, dbsqlc.LockOpenBookingOfBuyerParams{ProductID: productID, BuyerID: o.BuyerID})
	switch {
	case errors.Is(translate(err), ErrNotFound):
		return "", nil
	case err != nil:
		return "", err
	case b.Price > int64(o.Amount):
		return repriceBooking(ctx, q, b.ID, int64(o.Amount))
	}
	return "", nil
}

// CounterOffer is the product's seller answering the buyer's pending
// offer with a price of their own (#37): the buyer's offer is countered
// and the seller's, of amount, is the thread's pending one, for the buyer
// to accept or decline. ErrNotFound for anyone outside the thread,
// ErrOwnOffer for the buyer (or a counter of a counter), ErrOfferAnswered
// when it is not pending (an answer came first), a CounterRangeError
// unless amount is above the offer and at most the price, and the refusals
// of an offer (ErrNotListed, ErrSold, ErrReserved, ErrExpired) and of a
// message (blocks, a closed account, the throttle).
func (s *Store) CounterOffer(ctx context.Context, offerID int64, seller User, amount int64) (Message, error) {
	var msg Message
	err := s.txNotices(ctx, func(q *dbsqlc.Queries, note noter) error {
		if _, err := q.LockSender(ctx, seller.ID); err != nil {
			return err
		}
		if err := checkThrottle(ctx, q, seller.ID); err != nil {
			return err
		}
		p, c, o, err := lockOfferToAnswer(ctx, q, offerID, seller.ID)
		if err != nil {
			return err
		}
		if seller.ID != c.SellerID {
			// the buyer answers a counter offer, and counters it with an
			// offer of their own (SendMessage)
			return ErrOwnOffer
		}
		if err := offerable(ctx, q, p.DeletedAt, p.SoldAt, p.ExpiredAt, p.ReservedBy, o.BuyerID); err != nil {
			return err
		}
		if amount <= int64(o.Amount) || amount > p.SellPrice {
			return &CounterRangeError{Min: int64(o.Amount) + 1, Max: p.SellPrice}
		}
		if err := checkWriter(ctx, q, c, seller.ID); err != nil {
			return err
		}
		if _, err := q.AnswerOffer(ctx, dbsqlc.AnswerOfferParams{ID: o.ID, Status: OfferCountered}); err != nil {
			return err
		}
		counter, err := q.CreateOffer(ctx, dbsqlc.CreateOfferParams{ConversationID: c.ID, ProductID: c.ProductID, BuyerID: c.BuyerID, Amount: int32(amount), BySeller: true})
		if err != nil {
			return err
		}
		msg, err = s.appendMessage(ctx, q, note, c, seller.ID, NewMessage{}, &counter)
		return err
	})
	return msg, err
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
		m := Message{ID: r.ID, SenderID: r.SenderID, Text: r.Body, Photos: r.Photos, CreatedAt: r.CreatedAt}
		if r.OfferID != 0 {
			m.Offer = &Offer{ID: r.OfferID, ConversationID: convID, ProductID: c.ProductID, BuyerID: c.BuyerID, Amount: int64(r.OfferAmount),
				BySeller: r.OfferBySeller, Status: offerStatus(r.OfferStatus, r.OfferValidUntil), ValidUntil: r.OfferValidUntil}
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
