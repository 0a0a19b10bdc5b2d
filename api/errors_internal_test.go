package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/store"
)

// Every error of the layers below api gets its status, code and words
// from the one table, through the server's real error handler, wrapped or
// not; a call that rewords one keeps its status and code.
func TestDomainErrorAnswers(t *testing.T) {
	var logs bytes.Buffer
	s, err := New(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil)), TokenKey: make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		err     error
		status  int
		code    string
		message string
	}{
		{"not found", store.ErrNotFound, 404, "not_found", "Not found"},
		{"conflict on a constraint", &store.ConstraintError{Kind: store.ErrConflict, Constraint: "users_email_key"}, 409, "conflict", "This conflicts with existing data"},
		{"invalid on a constraint", &store.ConstraintError{Kind: store.ErrInvalid, Constraint: "products_sell_price_check"}, 400, "invalid", "A value is not valid"},
		{"sold", store.ErrSold, 409, "sold", "This product is already sold"},
		{"own product", store.ErrOwnProduct, 409, "own_product", "This is your own product"},
		{"not reported", store.ErrNotReported, 409, "not_reported", "Nobody reported this product"},
		{"already booked", store.ErrAlreadyBooked, 409, "already_booked", "You have already booked this product: see My Booking"},
		{"already paid", store.ErrAlreadyPaid, 409, "paid", "This booking is already paid"},
		{"not a seller", store.ErrNotSeller, 409, "not_seller", "Only sellers can be verified"},
		{"admin account", store.ErrAdminAccount, 409, "admin", "Admin accounts cannot be deleted here"},
		{"database down", errors.Join(store.ErrUnavailable, errors.New("dial tcp: connection refused")), 503, "unavailable", "The service is temporarily unavailable, please try again in a moment"},
		{"bad token", auth.ErrInvalidToken, 401, "unauthorized", "Your session has ended, please log in again"},
		{"expired token", auth.ErrExpired, 401, "unauthorized", "Your session has ended, please log in again"},
		{"timeout", fmt.Errorf("listing: %w", context.DeadlineExceeded), 503, "timeout", "The server took too long to answer, please try again"},
		{"wrapped", fmt.Errorf("deleting product 7: %w", store.ErrSold), 409, "sold", "This product is already sold"},
		{"reworded not found", notFoundAs(store.ErrNotFound, "Product"), 404, "not_found", "Product not found"},
		{"reworded, wrapped", notFoundAs(fmt.Errorf("get: %w", store.ErrNotFound), "Booking"), 404, "not_found", "Booking not found"},
		{"reworded own product", reword(notFoundAs(store.ErrOwnProduct, "Product"), store.ErrOwnProduct, "You cannot report your own product"), 409, "own_product", "You cannot report your own product"},
		{"reworded paid", reword(notFoundAs(store.ErrAlreadyPaid, "Booking"), store.ErrAlreadyPaid, "A paid booking cannot be deleted"), 409, "paid", "A paid booking cannot be deleted"},
		{"an api answer", notFound("Category"), 404, "not_found", "Category not found"},
		{"anything else", errors.New(`pq: relation "secret" does not exist`), 500, "internal", "Internal server error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s.echo.GET("/api/fail", func(echo.Context) error { return c.err })
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/fail", nil))
			var body errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if rec.Code != c.status || body.Code != c.code || body.Message != c.message {
				t.Fatalf("got %d %q %q, want %d %q %q", rec.Code, body.Code, body.Message, c.status, c.code, c.message)
			}
		})
	}
	if !strings.Contains(logs.String(), "secret") {
		t.Error("the unexpected error was not logged")
	}
}

// reword and notFoundAs leave other errors alone, nil included.
func TestRewordLeavesOthersAlone(t *testing.T) {
	if err := notFoundAs(nil, "Product"); err != nil {
		t.Fatalf("notFoundAs(nil) = %v", err)
	}
	if err := reword(store.ErrSold, store.ErrOwnProduct, "x"); err != store.ErrSold {
		t.Fatalf("reword changed another error: %v", err)
	}
}
