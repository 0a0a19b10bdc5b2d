package api

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/media"
	"resale/store"
)

// maxMessageLen is the longest message, in characters, after trimming.
const maxMessageLen = 2000

// conversationProductJSON is the laptop a thread is about, as it is now
// (a sold or deleted one too).
type conversationProductJSON struct {
	ID          string `json:"_id"`
	ProductName string `json:"productName"`
	Picture     string `json:"picture"`
	SellPrice   int64  `json:"sellPrice"`
	Available   string `json:"available"` // "available" or "soled"
	Deleted     bool   `json:"deleted"`
	// Reserved (a booking of anyone's is accepted) and Expired: in the
	// answer of GET /api/conversations/:id only.
	Reserved *bool `json:"reserved,omitempty"`
	Expired  *bool `json:"expired,omitempty"`
}

// threadBookingJSON is the thread's buyer's newest booking of the laptop.
type threadBookingJSON struct {
	ID     string `json:"_id"`
	Status string `json:"status"`
	// PaymentMethod is how it is paid (#34), so the trade banner says
	// "pay at the hand-over: cash" or "pay by card"
	PaymentMethod string `json:"paymentMethod"`
}

// personJSON is one side of a thread: no email or phone, which talking
// does not need.
type personJSON struct {
	ID        string `json:"_id"`
	UserName  string `json:"userName"`
	UserPhoto string `json:"userPhoto"`
	Deleted   bool   `json:"deleted"`
}

// lastMessageJSON is a thread's newest message, for the inbox.
type lastMessageJSON struct {
	Text  string `json:"text"`
	Offer *int64 `json:"offer"`
	// Photos is how many photos it carries (#37)
	Photos    int       `json:"photos"`
	CreatedAt time.Time `json:"createdAt"`
}

// offerJSON is an offer; status is pending, accepted, declined,
// superseded, countered (the seller answered with a counter offer) or
// expired (accepted, past validUntil). By is who made it: "buyer", or
// "seller" for a counter offer, which the buyer answers.
type offerJSON struct {
	ID         string     `json:"_id"`
	Amount     int64      `json:"amount"`
	By         string     `json:"by"`
	Status     string     `json:"status"`
	ValidUntil *time.Time `json:"validUntil"`
}

// conversationJSON is a thread as its viewer sees it: role is the
// viewer's side ("buyer", "seller", or "admin" for an admin reading a
// reported thread), other the person on the other side.
type conversationJSON struct {
	ID          string                  `json:"_id"`
	Role        string                  `json:"role"`
	Product     conversationProductJSON `json:"product"`
	Other       personJSON              `json:"other"`
	LastMessage *lastMessageJSON        `json:"lastMessage"`
	Unread      int64                   `json:"unread"`
	// Blocked: the viewer blocked the other person
	Blocked bool       `json:"blocked"`
	Offer   *offerJSON `json:"offer"`
	// OtherReadAt is the other person's read mark: the viewer's messages
	// sent up to it are seen (#37); null for an admin's reading.
	OtherReadAt *time.Time `json:"otherReadAt"`
	// Booking is the thread's buyer's newest booking of the laptop (any
	// status; null when none): in GET /api/conversations/:id only, where
	// the thread shows where the trade stands.
	Booking *threadBookingJSON `json:"booking,omitempty"`
	// for admins (and the reported threads' list) only
	Buyer        *personJSON `json:"buyer,omitempty"`
	Seller       *personJSON `json:"seller,omitempty"`
	ReportReason string      `json:"reportReason,omitempty"`
	ReportNote   string      `json:"reportNote,omitempty"`
	ReportedAt   *time.Time  `json:"reportedAt,omitempty"`
	ReportedBy   string      `json:"reportedBy,omitempty"`
}

func toPersonJSON(p store.Person) personJSON {
	return personJSON{ID: formatID(p.ID), UserName: p.Name, UserPhoto: p.Photo, Deleted: p.Deleted}
}

func toOfferJSON(o *store.Offer) *offerJSON {
	if o == nil {
		return nil
	}
	out := &offerJSON{ID: formatID(o.ID), Amount: o.Amount, By: "buyer", Status: o.Status}
	if o.BySeller {
		out.By = "seller"
	}
	if o.ValidUntil != nil {
		t := o.ValidUntil.UTC()
		out.ValidUntil = &t
	}
	return out
}

// toConversationJSON writes a thread for viewer; an admin who is not one
// of its people sees both and the report.
func toConversationJSON(c store.ConversationSummary, viewer store.User) conversationJSON {
	out := conversationJSON{
		ID: formatID(c.ID),
		Product: conversationProductJSON{ID: formatID(c.ProductID), ProductName: c.ProductName, Picture: c.Picture, SellPrice: c.SellPrice,
			Available: "available", Deleted: c.ProductDeleted},
		Offer: toOfferJSON(c.Offer),
	}
	if c.ProductSold {
		out.Product.Available = "soled"
	}
	if t := c.Trade; t != nil {
		out.Product.Reserved, out.Product.Expired = &t.ProductReserved, &t.ProductExpired
		if t.BookingID != 0 {
			out.Booking = &threadBookingJSON{ID: formatID(t.BookingID), Status: string(t.BookingStatus), PaymentMethod: string(t.BookingMethod)}
		}
	}
	if c.LastText != "" || c.LastOffer != 0 || c.LastPhotos != 0 {
		out.LastMessage = &lastMessageJSON{Text: c.LastText, Photos: c.LastPhotos, CreatedAt: c.LastCreatedAt.UTC()}
		if c.LastOffer != 0 {
			out.LastMessage.Offer = &c.LastOffer
		}
	}
	switch viewer.ID {
	case c.Buyer.ID:
		out.Role, out.Other, out.Unread, out.Blocked = "buyer", toPersonJSON(c.Seller), c.BuyerUnread, c.BuyerBlockedSeller
		t := c.SellerReadAt.UTC()
		out.OtherReadAt = &t
	case c.Seller.ID:
		out.Role, out.Other, out.Unread, out.Blocked = "seller", toPersonJSON(c.Buyer), c.SellerUnread, c.SellerBlockedBuyer
		t := c.BuyerReadAt.UTC()
		out.OtherReadAt = &t
	default:
		out.Role, out.Other = "admin", toPersonJSON(c.Seller)
	}
	if viewer.Role == store.RoleAdmin && c.ReportedAt != nil {
		b, s := toPersonJSON(c.Buyer), toPersonJSON(c.Seller)
		out.Buyer, out.Seller = &b, &s
		t := c.ReportedAt.UTC()
		out.ReportReason, out.ReportNote, out.ReportedAt, out.ReportedBy = c.ReportReason, c.ReportNote, &t, formatID(c.ReportedBy)
	}
	return out
}

// chatMessageJSON is one message: text, photos (upload urls, with or
// without text), or an offer (text empty, no photos).
type chatMessageJSON struct {
	ID        string     `json:"_id"`
	From      string     `json:"from"`
	Text      string     `json:"text"`
	Photos    []string   `json:"photos"`
	Offer     *offerJSON `json:"offer"`
	CreatedAt time.Time  `json:"createdAt"`
}

func toChatMessageJSON(m store.Message) chatMessageJSON {
	photos := m.Photos
	if photos == nil {
		photos = []string{}
	}
	return chatMessageJSON{ID: formatID(m.ID), From: formatID(m.SenderID), Text: m.Text, Photos: photos, Offer: toOfferJSON(m.Offer), CreatedAt: m.CreatedAt.UTC()}
}

// writeRefusal adds Retry-After to a throttled write's answer, and names
// the field of an offer above the price.
func writeRefusal(c echo.Context, err error) error {
	var te *store.ThrottledError
	if errors.As(err, &te) {
		if errors.Is(err, store.ErrThreadCap) {
			return throttled(c, te.Until, fmt.Sprintf("New accounts can start at most %d conversations a day.", store.NewAccountThreads))
		}
		return throttled(c, te.Until, "You are sending messages too fast.")
	}
	var above *store.OfferAboveError
	if errors.As(err, &above) {
		return invalidFields(map[string]string{"offer": fmt.Sprintf("must be at most %d, the price", above.Price)}, "offer")
	}
	var counter *store.CounterRangeError
	if errors.As(err, &counter) {
		return invalidFields(map[string]string{"amount": fmt.Sprintf("must be from %d (above the offer) to %d (the price)", counter.Min, counter.Max)}, "amount")
	}
	if errors.Is(err, store.ErrNotOwnPhoto) {
		return invalidFields(map[string]string{"photos": "must be photos you uploaded"}, "photos")
	}
	return err
}

type openConversationRequest struct {
	ProductID string `json:"productId"`
	Text      string `json:"text"`
}

type idJSON struct {
	ID string `json:"_id"`
}

// openConversation serves POST /api/conversations: the buyer's one
// thread about a product, opened or continued with their message.
func (s *Server) openConversation(c echo.Context) error {
	var req openConversationRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	productID, idErr := parseID(req.ProductID)
	if req.ProductID == "" {
		f.add("productId", "is required")
	} else if idErr != nil {
		f.add("productId", "is not a product id")
	}
	text := f.multilineText("text", req.Text, maxMessageLen, true)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	msg, id, err := s.store.OpenConversation(c.Request().Context(), productID, u, text)
	if err != nil {
		return writeRefusal(c, reword(notFoundAs(err, "Product"), store.ErrOwnProduct, "You cannot start a conversation about your own product"))
	}
	s.countChatStart(c, productID, id, msg.ID, u) // #37
	s.log.Info("conversation message", "conversation_id", id, "product_id", productID, "sender_id", u.ID)
	return c.JSON(http.StatusCreated, idJSON{ID: formatID(id)})
}

// conversationPage reads limit and cursor of a list of threads.
func conversationPage(c echo.Context, sort string) (store.ConversationPage, error) {
	limit, err := listLimit(c)
	page := store.ConversationPage{Limit: limit}
	if err != nil {
		return page, err
	}
	raw, err := singleQuery(c, "cursor")
	if err != nil || raw == "" {
		return page, err
	}
	cur, err := decodeCursor(raw, sort)
	if err != nil {
		return page, err
	}
	page.Time, page.ID = cur.Time, cur.ID
	return page, nil
}

// writeConversations answers a page of threads, with the Link of the next.
func writeConversations(c echo.Context, sort string, list []store.ConversationSummary, more bool, next func(store.ConversationSummary) time.Time) error {
	viewer, _ := currentUser(c)
	if more && len(list) > 0 {
		last := list[len(list)-1]
		setCursorLink(c, encodeCursor(&store.Cursor{Sort: sort, Time: next(last), ID: last.ID}))
	}
	out := make([]conversationJSON, 0, len(list))
	for _, cv := range list {
		out = append(out, toConversationJSON(cv, viewer))
	}
	return c.JSON(http.StatusOK, out)
}

// listConversations serves GET /api/conversations: the caller's threads
// as buyer or seller, newest activity first.
func (s *Server) listConversations(c echo.Context) error {
	page, err := conversationPage(c, "conversations")
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	list, more, err := s.store.ListConversations(c.Request().Context(), u.ID, page)
	if err != nil {
		return err
	}
	return writeConversations(c, "conversations", list, more, func(cv store.ConversationSummary) time.Time { return cv.LastMessageAt })
}

// listReportedConversations serves GET /api/admin/conversations: the
// reported threads, newest report first.
func (s *Server) listReportedConversations(c echo.Context) error {
	page, err := conversationPage(c, "reported")
	if err != nil {
		return err
	}
	list, more, err := s.store.ListReportedConversations(c.Request().Context(), page)
	if err != nil {
		return err
	}
	return writeConversations(c, "reported", list, more, func(cv store.ConversationSummary) time.Time { return *cv.ReportedAt })
}

// countUnreadConversations serves GET /api/conversations/unread: how many
// of the caller's threads have a message they have not read.
func (s *Server) countUnreadConversations(c echo.Context) error {
	u, _ := currentUser(c)
	n, err := s.store.CountUnreadConversations(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, countJSON{Count: n})
}

// getConversation serves GET /api/conversations/:id.
func (s *Server) getConversation(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Conversation")
	}
	u, _ := currentUser(c)
	cv, err := s.store.GetConversation(c.Request().Context(), id, u)
	if err != nil {
		return notFoundAs(err, "Conversation")
	}
	return c.JSON(http.StatusOK, toConversationJSON(cv, u))
}

// listMessages serves GET /api/conversations/:id/messages: newest first,
// older pages through the Link header.
func (s *Server) listMessages(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Conversation")
	}
	page, err := listPage(c)
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	list, next, err := s.store.ListMessages(c.Request().Context(), id, u, page)
	if err != nil {
		return notFoundAs(err, "Conversation")
	}
	return pageJSON(c, list, next, toChatMessageJSON)
}

// sendMessageRequest is a text, photos (with or without text), or an
// offer alone. Offer is a pointer so that 0 is told apart from no offer.
type sendMessageRequest struct {
	Text   *string  `json:"text"`
	Photos []string `json:"photos"`
	Offer  *int64   `json:"offer"`
}

// checkMessage validates a message's fields into what the store takes.
func checkMessage(req sendMessageRequest) (store.NewMessage, error) {
	var f fieldErrors
	var nm store.NewMessage
	if req.Offer != nil {
		if req.Text != nil || req.Photos != nil {
			return nm, badRequest("Send an offer alone, without text or photos")
		}
		if nm.Offer = *req.Offer; nm.Offer < 1 {
			f.add("offer", "must be a whole number of at least 1")
		}
		return nm, f.err()
	}
	var raw string
	if req.Text != nil {
		raw = *req.Text
	}
	nm.Text = f.multilineText("text", raw, maxMessageLen, len(req.Photos) == 0)
	if req.Photos != nil {
		nm.Photos = messagePhotos(&f, req.Photos)
	}
	return nm, f.err()
}

// messagePhotos checks the form of a message's photos: 1 to
// store.MaxMessagePhotos different upload urls (whose they are, the store
// checks).
func messagePhotos(f *fieldErrors, list []string) []string {
	if len(list) == 0 || len(list) > store.MaxMessagePhotos {
		f.add("photos", fmt.Sprintf("must hold 1 to %d photos", store.MaxMessagePhotos))
		return nil
	}
	out := make([]string, 0, len(list))
	for _, p := range list {
		key, isUpload := strings.CutPrefix(p, "/uploads/")
		switch {
		case !isUpload || !media.ValidKey(key):
			f.add("photos", "must be photos uploaded to this shop")
			return nil
		case slices.Contains(out, p):
			f.add("photos", "must not hold the same photo twice")
			return nil
		}
		out = append(out, p)
	}
	return out
}

// sendMessage serves POST /api/conversations/:id/messages.
func (s *Server) sendMessage(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Conversation")
	}
	var req sendMessageRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	nm, err := checkMessage(req)
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	m, err := s.store.SendMessage(c.Request().Context(), id, u, nm)
	if err != nil {
		return writeRefusal(c, notFoundAs(err, "Conversation"))
	}
	return c.JSON(http.StatusCreated, toChatMessageJSON(m))
}

// markConversationRead serves PUT /api/conversations/:id/read.
func (s *Server) markConversationRead(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Conversation")
	}
	u, _ := currentUser(c)
	if err := s.store.MarkConversationRead(c.Request().Context(), id, u.ID); err != nil {
		return notFoundAs(err, "Conversation")
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

type reportConversationRequest struct {
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

// reportReasons are the reasons a thread can be reported for.
var reportReasons = map[string]bool{"spam": true, "scam": true, "offensive": true, "other": true}

// reportConversation serves POST /api/conversations/:id/report: one of
// its people asks the admins to look; they may then read it.
func (s *Server) reportConversation(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Conversation")
	}
	var req reportConversationRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	if !reportReasons[req.Reason] {
		f.add("reason", "must be spam, scam, offensive or other")
	}
	note := f.multilineText("note", req.Note, maxNoteLen, false)
	if err := f.err(); err != nil {
		return err
	}
	u, _ := currentUser(c)
	if err := s.store.ReportConversation(c.Request().Context(), id, u.ID, req.Reason, note); err != nil {
		return notFoundAs(err, "Conversation")
	}
	s.log.Warn("conversation reported", "conversation_id", id, "reporter_id", u.ID, "reason", req.Reason)
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: 1})
}

// answerOffer runs the other side's answer to an offer: the seller's to
// the buyer's, the buyer's to the seller's counter offer.
func (s *Server) answerOffer(c echo.Context, accept bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Offer")
	}
	u, _ := currentUser(c)
	o, err := s.store.AnswerOffer(c.Request().Context(), id, u.ID, accept)
	if err != nil {
		return reword(notFoundAs(err, "Offer"), store.ErrAccountClosed, "The other person's account is closed")
	}
	if o.RetiredPaymentIntent != "" && s.payments != nil {
		// the booking's payment at the old price, maybe open in the
		// buyer's tab, can no longer be paid
		s.payments.Retire(c.Request().Context(), o.RetiredPaymentIntent)
	}
	s.log.Info("offer answered", "offer_id", id, "status", o.Status)
	return c.JSON(http.StatusOK, toOfferJSON(&o))
}

// acceptOffer serves PUT /api/offers/:id/accept.
func (s *Server) acceptOffer(c echo.Context) error { return s.answerOffer(c, true) }

// declineOffer serves PUT /api/offers/:id/decline.
func (s *Server) declineOffer(c echo.Context) error { return s.answerOffer(c, false) }

type counterOfferRequest struct {
	Amount *int64 `json:"amount"`
}

// counterOffer serves PUT /api/offers/:id/counter: the product's seller
// answers the buyer's pending offer with a price of their own, which the
// buyer may accept or decline (#37). Answers the new message.
func (s *Server) counterOffer(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Offer")
	}
	var req counterOfferRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Amount == nil || *req.Amount < 1 {
		return invalidFields(map[string]string{"amount": "must be a whole number of at least 1"}, "amount")
	}
	u, _ := currentUser(c)
	m, err := s.store.CounterOffer(c.Request().Context(), id, u, *req.Amount)
	if err != nil {
		return writeRefusal(c, notFoundAs(err, "Offer"))
	}
	s.log.Info("offer countered", "offer_id", id, "counter_id", m.Offer.ID)
	return c.JSON(http.StatusCreated, toChatMessageJSON(m))
}

type blockJSON struct {
	Acknowledged bool `json:"acknowledged"`
	Blocked      bool `json:"blocked"`
}

// setBlock blocks or unblocks the user in the path for the caller.
func (s *Server) setBlock(c echo.Context, block bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("User")
	}
	u, _ := currentUser(c)
	if id == u.ID {
		return badRequest("You cannot block yourself")
	}
	if block {
		err = s.store.BlockUser(c.Request().Context(), u.ID, id)
	} else {
		err = s.store.UnblockUser(c.Request().Context(), u.ID, id)
	}
	if err != nil {
		return notFoundAs(err, "User")
	}
	return c.JSON(http.StatusOK, blockJSON{Acknowledged: true, Blocked: block})
}

// blockUser serves PUT /api/users/:id/block.
func (s *Server) blockUser(c echo.Context) error { return s.setBlock(c, true) }

// unblockUser serves DELETE /api/users/:id/block.
func (s *Server) unblockUser(c echo.Context) error { return s.setBlock(c, false) }
