package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/sms"
	"resale/store"
)

// loginPhone serves POST /api/auth/phone: a sign-in code by SMS to a
// verified number. The answer and the work are the same whether or not an
// account proved the number: a code is made and its job queued either
// way, and the job sends nothing for a number nobody proved.
func (s *Server) loginPhone(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	phone, err := s.phoneToCode(c)
	if err != nil {
		return err
	}
	limits := append(numberLimits(phone), addressLimits(c.RealIP())...)
	code, err := s.newPhoneCode(c.Request().Context(), phone, store.PhonePurposeLogin, 0, limits)
	if err != nil {
		return err
	}
	if !code.RetryAt.IsZero() {
		return throttled(c, code.RetryAt, "Too many codes asked for.")
	}
	return c.JSON(http.StatusAccepted, struct{}{})
}

type phoneLoginRequest struct {
	Phone string `json:"phone"`
	Code  string `json:"code"`
}

// loginPhoneVerify serves POST /api/auth/phone/verify: a sign-in code
// exchanged for a session, as a password is (login): the same throttles
// per number and address pair, number and address, counted before the
// code is checked, and the same refusal of a suspended account.
func (s *Server) loginPhoneVerify(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	var req phoneLoginRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	phone, ok := sms.Normalize(req.Phone)
	if !ok {
		return errNotMobile
	}
	code, ok := readCode(req.Code)
	if !ok {
		return invalidFields(map[string]string{"code": "must be the 6 digits we sent you"}, "code")
	}
	ctx := c.Request().Context()
	ip := c.RealIP()
	attempt, retryAt, err := s.store.ReserveAttempt(ctx,
		store.Throttle{Key: store.LoginPairKey(phone, ip), Free: store.LoginLockThreshold},
		store.Throttle{Key: "account:" + phone, Free: accountFreeFailures},
		store.Throttle{Key: "address:" + ip, Free: addressFreeFailures})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many failed log-ins.")
	}
	u, err := s.store.SignInWithPhoneCode(ctx, phone, func(hash []byte) bool {
		return s.phoneCodes.Check(phone, store.PhonePurposeLogin, code, hash)
	})
	var wrong *store.WrongCodeError
	if errors.As(err, &wrong) || errors.Is(err, store.ErrNoPhoneCode) {
		s.log.Info("phone log-in failed", "ip", ip)
		return errBadPhoneLogin
	}
	if err != nil {
		return err
	}
	if err := s.store.AttemptSucceeded(ctx, attempt); err != nil {
		return err
	}
	s.log.Info("logged in with a phone code", "user_id", u.ID)
	return s.session(c, http.StatusOK, u)
}
