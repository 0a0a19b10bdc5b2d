package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/payments"
	"resale/store"
)

// Error is an answer a handler chose: a status, a short machine code, a
// sentence for people, and per-field problems for forms.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string { return e.Message }

// errorBody is the JSON every failed request answers with.
type errorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields,omitempty"`
}

func badRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: msg}
}

// invalidFields is a 400 naming each bad field; the message names the first.
func invalidFields(fields map[string]string, order ...string) *Error {
	msg := "Some fields are not valid"
	for _, f := range order {
		if m, ok := fields[f]; ok {
			msg = f + " " + m
			break
		}
	}
	return &Error{Status: http.StatusBadRequest, Code: "invalid", Message: msg, Fields: fields}
}

func notFound(what string) *Error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: what + " not found"}
}

func apiNotFound(echo.Context) error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: "No such API endpoint"}
}

// handleError answers every error a handler or middleware returned.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, body := s.errorFor(err, c)
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	if werr := c.JSON(status, body); werr != nil {
		s.log.Debug("error response not sent: client gone", "err", werr)
	}
}

// domainError is the answer to one error of a layer below api.
type domainError struct {
	target  error
	status  int
	code    string
	message string
	// warn: logged as a warning, since it says something about the service
	warn string
	// say, when set, words the error itself (in place of message)
	say func(error) string
	// retryAfter, when set, is sent as Retry-After (seconds)
	retryAfter string
}

// domainErrors answers the errors of the layers below api: the first row
// whose target the error matches (errors.Is) gives its status, code and
// message, so a specific error comes before a general one it wraps. A
// handler whose call needs other words says so with reword.
var domainErrors = []domainError{
	// the payments package's: first, since some wrap a store error
	{target: payments.ErrPaid, status: http.StatusConflict, code: "paid", message: "This booking is already paid"},
	{target: payments.ErrSold, status: http.StatusConflict, code: "sold", message: "This product is no longer for sale"},
	{target: payments.ErrStartedElsewhere, status: http.StatusConflict, code: "conflict", message: "The payment was started in another window; reload the page"},
	{target: payments.ErrWrongBooking, status: http.StatusConflict, code: "payment_mismatch", message: "This payment does not belong to this booking"},
	{target: payments.ErrWrongAmount, status: http.StatusConflict, code: "payment_mismatch", message: "The amount paid does not match the booking"},
	{target: payments.ErrNotSucceeded, status: http.StatusConflict, code: "not_paid", message: "The card payment has not gone through"},
	{target: payments.ErrRefundRequired, status: http.StatusConflict, code: "refund_required", message: "This laptop was sold to someone else moments before your payment. Your payment is recorded and will be refunded."},
	{target: payments.ErrPriceChanged, status: http.StatusConflict, code: "price_changed",
		message: "The price of this booking changed while your payment was being prepared. Check the new price, then press Pay again."},
	{target: payments.ErrStalePayment, status: http.StatusConflict, code: "payment_refunded",
		message: "This payment was made for the booking as it was before (its price changed, or it was already paid). It is recorded and will be refunded to your card; check the booking's price and pay again if you still want it."},
	{target: payments.ErrProvider, status: http.StatusBadGateway, code: "card_service", message: "The card payment service did not answer, please try again"},
	{target: payments.ErrBadSignature, status: http.StatusBadRequest, code: "bad_request", message: "The event signature is not valid"},
	{target: payments.ErrBadEvent, status: http.StatusBadRequest, code: "bad_request", message: "The event does not hold a PaymentIntent"},

	// the store's
	{target: store.ErrNotFound, status: http.StatusNotFound, code: "not_found", message: "Not found"},
	{target: store.ErrConflict, status: http.StatusConflict, code: "conflict", message: "This conflicts with existing data"},
	{target: store.ErrInvalid, status: http.StatusBadRequest, code: "invalid", message: "A value is not valid"},
	{target: store.ErrSold, status: http.StatusConflict, code: "sold", message: "This product is already sold"},
	{target: store.ErrOwnProduct, status: http.StatusConflict, code: "own_product", message: "This is your own product"},
	{target: store.ErrNotReported, status: http.StatusConflict, code: "not_reported", message: "Nobody reported this product"},
	{target: store.ErrAlreadyHidden, status: http.StatusConflict, code: "hidden", message: "This listing is hidden already, until its seller edits it"},
	{target: store.ErrAlreadyBooked, status: http.StatusConflict, code: "already_booked", message: "You have already booked this product: see My Booking"},
	{target: store.ErrAlreadyPaid, status: http.StatusConflict, code: "paid", message: "This booking is already paid"},
	{target: store.ErrBookingState, status: http.StatusConflict, code: "wrong_state", message: "This booking cannot change now", say: func(err error) string {
		var te *store.TransitionError
		if errors.As(err, &te) {
			return te.Message()
		}
		return "This booking cannot change now"
	}},
	{target: store.ErrProductHeld, status: http.StatusConflict, code: "held", message: "A booking holds this laptop for its buyer", say: func(err error) string {
		var he *store.HeldError
		if errors.As(err, &he) {
			return he.Message()
		}
		return "A booking holds this laptop for its buyer"
	}},
	{target: store.ErrReserved, status: http.StatusConflict, code: "reserved", message: "This laptop is booked by another buyer"},
	{target: store.ErrWrongCode, status: http.StatusBadRequest, code: "wrong_code", message: "That is not the buyer's hand-over code"},
	{target: store.ErrHandoverLocked, status: http.StatusTooManyRequests, code: "locked",
		message: "Too many wrong codes for this booking. Try again in an hour, or mark the laptop sold from My Products"},
	{target: store.ErrFavouriteLimit, status: http.StatusConflict, code: "favourite_limit", message: "You keep as many favourites as you may: remove one first"},
	{target: store.ErrAdvertiseLimit, status: http.StatusConflict, code: "advertise_limit", message: "You advertise as many laptops as you may at once: stop one first"},
	{target: store.ErrNotSold, status: http.StatusConflict, code: "not_sold", message: "This laptop is not marked sold"},
	{target: store.ErrSoldInShop, status: http.StatusConflict, code: "sold_in_shop", message: "This laptop was paid for or handed over through the shop, so it cannot be listed again"},
	{target: store.ErrExpired, status: http.StatusConflict, code: "expired", message: "This listing has expired"},
	{target: store.ErrStolenTaken, status: http.StatusConflict, code: "registered", message: "This serial is registered already; an admin is looking at it"},
	{target: store.ErrCategoryInUse, status: http.StatusConflict, code: "in_use", message: "This category still has products"},
	{target: store.ErrNotSeller, status: http.StatusConflict, code: "not_seller", message: "Only sellers can be verified"},
	{target: store.ErrAdminAccount, status: http.StatusConflict, code: "admin", message: "Admin accounts cannot be deleted here"},
	{target: store.ErrTokenUnusable, status: http.StatusBadRequest, code: "token_unusable", message: "This link is invalid, used or expired: ask for a new one"},
	{target: store.ErrBlocked, status: http.StatusForbidden, code: "blocked", message: "This person does not accept messages from you"},
	{target: store.ErrYouBlocked, status: http.StatusForbidden, code: "you_blocked", message: "You blocked this person: unblock them to write to them"},
	{target: store.ErrAccountClosed, status: http.StatusConflict, code: "account_closed", message: "This person's account is closed"},
	{target: store.ErrNotListed, status: http.StatusConflict, code: "not_listed", message: "This laptop is no longer listed"},
	{target: store.ErrNotBuyer, status: http.StatusBadRequest, code: "not_buyer", message: "Only the buyer can make an offer"},
	{target: store.ErrOfferAbovePrice, status: http.StatusBadRequest, code: "invalid", message: "The offer is above the price"},
	{target: store.ErrOfferAnswered, status: http.StatusConflict, code: "answered", message: "This offer was already answered"},
	{target: store.ErrOwnOffer, status: http.StatusForbidden, code: "own_offer", message: "The other person answers this offer"},
	{target: store.ErrCounterRange, status: http.StatusBadRequest, code: "invalid", message: "The counter offer must be above the offer and at most the price"},
	{target: store.ErrNotOwnPhoto, status: http.StatusBadRequest, code: "invalid", message: "A photo is not one you uploaded"},
	{target: store.ErrMessageThrottle, status: http.StatusTooManyRequests, code: "throttled", message: "You are sending messages too fast: wait a minute and try again"},
	{target: store.ErrBookingThrottle, status: http.StatusTooManyRequests, code: "throttled",
		message: fmt.Sprintf("You can book at most %d laptops an hour: try again later", store.BookingsPerWindow)},
	{target: store.ErrTicketCap, status: http.StatusTooManyRequests, code: "throttled", message: "Too many live-update tickets for this account: try again in a minute"},
	{target: store.ErrThreadCap, status: http.StatusTooManyRequests, code: "throttled",
		message: fmt.Sprintf("New accounts can start at most %d conversations a day: try again later", store.NewAccountThreads)},
	// #20 sellers and reviews
	{target: store.ErrNotYourBooking, status: http.StatusForbidden, code: "forbidden", message: "Only the buyer of this booking can review its seller"},
	{target: store.ErrNotReviewable, status: http.StatusForbidden, code: "not_reviewable", message: "You can review the seller once the hand-over is completed or the booking is paid"},
	{target: store.ErrAlreadyReviewed, status: http.StatusConflict, code: "already_reviewed", message: "You have already reviewed this purchase"},
	{target: store.ErrAlreadyReplied, status: http.StatusConflict, code: "already_replied", message: "You have already replied to this review"},
	{target: store.ErrUnavailable, status: http.StatusServiceUnavailable, code: "unavailable",
		message: "The service is temporarily unavailable, please try again in a moment", warn: "database unavailable"},

	// auth's
	{target: auth.ErrInvalidToken, status: http.StatusUnauthorized, code: "unauthorized", message: "Your session has ended, please log in again"},
	{target: auth.ErrBusy, status: http.StatusServiceUnavailable, code: "busy", retryAfter: "2",
		message: "The shop is very busy right now, please try again in a moment", warn: "password hashing queue full"},

	// the standard library's
	{target: context.DeadlineExceeded, status: http.StatusServiceUnavailable, code: "timeout",
		message: "The server took too long to answer, please try again", warn: "request timed out"},
}

// rewordedError is an error of a layer below api that one call answers in
// its own words; its status and code still come from domainErrors.
type rewordedError struct {
	err     error
	message string
}

func (e *rewordedError) Error() string { return e.message + ": " + e.err.Error() }
func (e *rewordedError) Unwrap() error { return e.err }

// reword makes err, when it is target, answered with message instead of
// the table's words ("Product not found" rather than "Not found"); any
// other error passes unchanged.
func reword(err, target error, message string) error {
	if errors.Is(err, target) {
		return &rewordedError{err: err, message: message}
	}
	return err
}

// notFoundAs rewords the store's ErrNotFound as what + " not found".
func notFoundAs(err error, what string) error {
	return reword(err, store.ErrNotFound, what+" not found")
}

// errorFor maps an error to its status and body. Anything it does not
// recognise is logged with the request id and answered with a bare 500.
func (s *Server) errorFor(err error, c echo.Context) (int, errorBody) {
	var ae *Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
		return ae.Status, errorBody{Message: ae.Message, Code: ae.Code, Fields: ae.Fields}
	case errors.As(err, &he):
		return he.Code, errorBody{Message: httpErrorMessage(he), Code: httpErrorCode(he.Code)}
	}
	for _, d := range domainErrors {
		if !errors.Is(err, d.target) {
			continue
		}
		if d.warn != "" {
			s.log.Warn(d.warn, "request_id", requestID(c), "path", c.Path(), "err", err)
		}
		body := errorBody{Message: d.message, Code: d.code}
		if d.retryAfter != "" {
			c.Response().Header().Set("Retry-After", d.retryAfter)
		}
		if d.say != nil {
			body.Message = d.say(err)
		}
		var re *rewordedError
		if errors.As(err, &re) {
			body.Message = re.message
		}
		return d.status, body
	}
	s.log.Error("unexpected error", "request_id", requestID(c), "method", c.Request().Method, "path", c.Path(), "err", err)
	return http.StatusInternalServerError, errorBody{Message: "Internal server error", Code: "internal"}
}

func httpErrorMessage(he *echo.HTTPError) string {
	switch he.Code {
	case http.StatusRequestEntityTooLarge:
		return "The request body is too large"
	case http.StatusMethodNotAllowed:
		return "This method is not allowed here"
	case http.StatusNotFound:
		return "Not found"
	}
	if m, ok := he.Message.(string); ok && he.Code < 500 {
		return m
	}
	return http.StatusText(he.Code)
}

func httpErrorCode(status int) string {
	switch status {
	case http.StatusNotFound:
		return "not_found"
	case http.StatusRequestEntityTooLarge:
		return "too_large"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusUnsupportedMediaType:
		return "unsupported_media_type"
	case http.StatusTooManyRequests:
		return "throttled"
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusForbidden:
		return "forbidden"
	}
	if status < 500 {
		return "bad_request"
	}
	return "internal"
}

func requestID(c echo.Context) string {
	return c.Response().Header().Get(echo.HeaderXRequestID)
}
