package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

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

// errorFor maps an error to its status and body. Anything it does not
// recognise is logged with the request id and answered with a bare 500.
func (s *Server) errorFor(err error, c echo.Context) (int, errorBody) {
	if pe := paymentError(err); pe != nil {
		return pe.Status, errorBody{Message: pe.Message, Code: pe.Code}
	}
	var ae *Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
		return ae.Status, errorBody{Message: ae.Message, Code: ae.Code, Fields: ae.Fields}
	case errors.As(err, &he):
		return he.Code, errorBody{Message: httpErrorMessage(he), Code: httpErrorCode(he.Code)}
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, errorBody{Message: "Not found", Code: "not_found"}
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, errorBody{Message: "This conflicts with existing data", Code: "conflict"}
	case errors.Is(err, store.ErrInvalid):
		return http.StatusBadRequest, errorBody{Message: "A value is not valid", Code: "invalid"}
	case errors.Is(err, store.ErrUnavailable):
		s.log.Warn("database unavailable", "request_id", requestID(c), "err", err)
		return http.StatusServiceUnavailable, errorBody{Message: "The service is temporarily unavailable, please try again in a moment", Code: "unavailable"}
	case errors.Is(err, context.DeadlineExceeded):
		s.log.Warn("request timed out", "request_id", requestID(c), "path", c.Path())
		return http.StatusServiceUnavailable, errorBody{Message: "The server took too long to answer, please try again", Code: "timeout"}
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

// Payments: the payments package's errors as HTTP answers (issue #14).
// Its sentinels say what went wrong with a payment; this table is the one
// place that chooses their status and words.
var paymentErrors = []struct {
	err error
	out Error
}{
	{payments.ErrPaid, Error{Status: http.StatusConflict, Code: "paid", Message: "This booking is already paid"}},
	{payments.ErrSold, Error{Status: http.StatusConflict, Code: "sold", Message: "This product is no longer for sale"}},
	{payments.ErrStartedElsewhere, Error{Status: http.StatusConflict, Code: "conflict", Message: "The payment was started in another window; reload the page"}},
	{payments.ErrWrongBooking, Error{Status: http.StatusConflict, Code: "payment_mismatch", Message: "This payment does not belong to this booking"}},
	{payments.ErrWrongAmount, Error{Status: http.StatusConflict, Code: "payment_mismatch", Message: "The amount paid does not match the booking"}},
	{payments.ErrNotSucceeded, Error{Status: http.StatusConflict, Code: "not_paid", Message: "The card payment has not gone through"}},
	{payments.ErrRefundRequired, Error{Status: http.StatusConflict, Code: "refund_required",
		Message: "This laptop was sold to someone else moments before your payment. Your payment is recorded and will be refunded."}},
	{payments.ErrProvider, Error{Status: http.StatusBadGateway, Code: "card_service", Message: "The card payment service did not answer, please try again"}},
	{payments.ErrBadSignature, Error{Status: http.StatusBadRequest, Code: "bad_request", Message: "The event signature is not valid"}},
	{payments.ErrBadEvent, Error{Status: http.StatusBadRequest, Code: "bad_request", Message: "The event does not hold a PaymentIntent"}},
}

// paymentError is the answer to one of the payments package's errors, or
// nil for any other error.
func paymentError(err error) *Error {
	for i := range paymentErrors {
		if errors.Is(err, paymentErrors[i].err) {
			return &paymentErrors[i].out
		}
	}
	return nil
}
