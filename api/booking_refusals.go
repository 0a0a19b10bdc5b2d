package api

import (
	"errors"
	"fmt"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// bookingRefusal words a refused booking: blocks in a booking's words,
// and the per-buyer budget with Retry-After.
func bookingRefusal(c echo.Context, err error) error {
	var te *store.ThrottledError
	if errors.As(err, &te) && errors.Is(err, store.ErrBookingThrottle) {
		return throttled(c, te.Until, fmt.Sprintf("You can book at most %d laptops an hour.", store.BookingsPerWindow))
	}
	err = reword(err, store.ErrBlocked, "This seller does not accept bookings from you")
	err = reword(err, store.ErrYouBlocked, "You blocked this seller: unblock them to book their laptops")
	return reword(notFoundAs(err, "Product"), store.ErrOwnProduct, "You cannot book your own product")
}
