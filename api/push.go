package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/push"
	"resale/store"
)

// errPushOff answers the push routes of a shop without VAPID keys.
var errPushOff = &Error{Status: http.StatusServiceUnavailable, Code: "push_off", Message: "This shop does not send push notifications"}

// pushSubscriptionJSON is a browser's PushSubscription as toJSON() gives
// it (#37); expirationTime, which browsers send too, is not kept.
type pushSubscriptionJSON struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// pushSubscriptionOut is a kept subscription on the wire: never its keys.
type pushSubscriptionOut struct {
	ID        string `json:"_id"`
	Endpoint  string `json:"endpoint"`
	CreatedAt string `json:"createdAt"`
}

// addPushSubscription serves POST /api/me/push-subscriptions: this
// browser takes the caller's notifications from now on (the kinds they
// want pushed, see the notification settings). A browser another account
// enabled before becomes the caller's.
func (s *Server) addPushSubscription(c echo.Context) error {
	if s.pushKey == "" {
		return errPushOff
	}
	var req pushSubscriptionJSON
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	sub := push.Subscription{Endpoint: req.Endpoint, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth}
	if fields := push.CheckSubscription(sub, s.pushAllowLocal); fields != nil {
		return invalidFields(fields, "endpoint", "p256dh", "auth")
	}
	me, _ := currentUser(c)
	saved, err := s.store.SavePushSubscription(c.Request().Context(), me.ID, sub.Endpoint, sub.P256dh, sub.Auth)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, pushSubscriptionOut{ID: formatID(saved.ID), Endpoint: saved.Endpoint, CreatedAt: saved.CreatedAt.UTC().Format(time.RFC3339)})
}

// deletePushSubscription serves DELETE /api/me/push-subscriptions?endpoint=:
// this browser takes no more pushes. Another user's browser is 404.
func (s *Server) deletePushSubscription(c echo.Context) error {
	endpoint, err := singleQuery(c, "endpoint")
	if err != nil {
		return err
	}
	if endpoint == "" || len(endpoint) > 1000 {
		return invalidFields(map[string]string{"endpoint": "is required: the push subscription's endpoint"}, "endpoint")
	}
	me, _ := currentUser(c)
	err = s.store.DeletePushSubscription(c.Request().Context(), me.ID, endpoint)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("Push subscription")
	}
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
