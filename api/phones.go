package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"resale/sms"
	"resale/store"
)

// The SMS caps (#35: SMS is money, and SMS pumping is the attack on every
// code sent by SMS): per number, per account and per client address, on
// top of SMS_DAILY_LIMIT (counted by the job that sends, jobs/sms.go).
// A number gets a code a minute and five an hour; an account five codes
// an hour and ten a day; an address ten an hour and twenty a day.
const (
	codeEvery       = time.Minute
	codesPerNumber  = 5
	codesPerUser    = 5
	codesPerUserDay = 10
	codesPerAddr    = 10
	codesPerAddrDay = 20
)

func numberLimits(phone string) []store.SMSLimit {
	return []store.SMSLimit{{Key: "to:" + phone, Max: 1, Window: codeEvery}, {Key: "to:" + phone, Max: codesPerNumber, Window: time.Hour}}
}

func addressLimits(ip string) []store.SMSLimit {
	return []store.SMSLimit{{Key: "ip:" + ip, Max: codesPerAddr, Window: time.Hour}, {Key: "ip:" + ip, Max: codesPerAddrDay, Window: 24 * time.Hour}}
}

func userLimits(id int64) []store.SMSLimit {
	key := "user:" + formatID(id)
	return []store.SMSLimit{{Key: key, Max: codesPerUser, Window: time.Hour}, {Key: key, Max: codesPerUserDay, Window: 24 * time.Hour}}
}

var (
	errSMSOff = &Error{Status: http.StatusServiceUnavailable, Code: "sms_off",
		Message: "This shop does not send SMS codes: phone numbers cannot be verified here"}
	errNotMobile  = invalidFields(map[string]string{"phone": "must be a Bangladeshi mobile number, like 01712-345678"}, "phone")
	errPhoneTaken = &Error{Status: http.StatusConflict, Code: "conflict", Message: "This number is verified on another account",
		Fields: map[string]string{"phone": "is verified on another account"}}
	errBadPhoneLogin = &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "Wrong or expired code"}
)

type phoneRequest struct {
	Phone string `json:"phone"`
}

type phoneCodeJSON struct {
	Phone      string    `json:"phone"`
	ExpiresAt  time.Time `json:"expiresAt"`
	RetryAfter int       `json:"retryAfter"` // seconds until another code may be asked
}

// phoneToCode reads the number a code is asked for ({phone}), as E.164:
// 503 while the shop sends no SMS, 400 for anything but a Bangladeshi
// mobile number.
func (s *Server) phoneToCode(c echo.Context) (string, error) {
	if !s.smsOn {
		return "", errSMSOff
	}
	var req phoneRequest
	if err := decodeJSON(c, &req); err != nil {
		return "", err
	}
	phone, ok := sms.Normalize(req.Phone)
	if !ok {
		return "", errNotMobile
	}
	return phone, nil
}

// requestPhoneCode serves POST /api/me/phone: a code by SMS to prove a
// number for the caller's account.
func (s *Server) requestPhoneCode(c echo.Context) error {
	phone, err := s.phoneToCode(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	me, _ := currentUser(c)
	now := s.now().In(s.loc)
	sent, err := s.store.SMSSentToday(ctx, now)
	if err != nil {
		return err
	}
	if sent >= s.smsDailyLimit {
		y, m, d := now.Date()
		return throttled(c, time.Date(y, m, d+1, 0, 0, 0, 0, s.loc), "The shop has sent all the SMS it may today.")
	}
	limits := append(append(numberLimits(phone), userLimits(me.ID)...), addressLimits(c.RealIP())...)
	code, err := s.newPhoneCode(ctx, phone, store.PhonePurposeVerify, me.ID, limits)
	if errors.Is(err, store.ErrPhoneTaken) {
		return errPhoneTaken
	}
	if err != nil {
		return err
	}
	if !code.RetryAt.IsZero() {
		return throttled(c, code.RetryAt, "Too many codes asked for.")
	}
	s.log.Info("phone code asked for", "user_id", me.ID, "purpose", store.PhonePurposeVerify)
	return c.JSON(http.StatusAccepted, phoneCodeJSON{Phone: phone, ExpiresAt: code.ExpiresAt.UTC(), RetryAfter: int(codeEvery.Seconds())})
}

// newPhoneCode draws a code and has the store make and queue it.
func (s *Server) newPhoneCode(ctx context.Context, phone, purpose string, userID int64, limits []store.SMSLimit) (store.PhoneCode, error) {
	code, err := s.phoneCodes.New()
	if err != nil {
		return store.PhoneCode{}, err
	}
	sealed, err := s.phoneCodes.Seal(code)
	if err != nil {
		return store.PhoneCode{}, err
	}
	return s.store.RequestPhoneCode(ctx, store.NewPhoneCode{Phone: phone, Purpose: purpose, UserID: userID,
		Hash: s.phoneCodes.Hash(phone, purpose, code), Sealed: sealed, Limits: limits})
}

type codeRequest struct {
	Code string `json:"code"`
}

// readCode is a code as typed: Bangla digits and spaces allowed.
func readCode(raw string) (string, bool) {
	var b strings.Builder
	for _, r := range raw {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= '০' && r <= '৯':
			b.WriteRune('0' + (r - '০'))
		case r == ' ' || r == '-':
		default:
			return "", false
		}
	}
	return b.String(), b.Len() == 6
}

// verifyPhone serves POST /api/me/phone/verify: the code sent to the
// number proves it; five wrong codes end it.
func (s *Server) verifyPhone(c echo.Context) error {
	var req codeRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	code, ok := readCode(req.Code)
	if !ok {
		return invalidFields(map[string]string{"code": "must be the 6 digits we sent you"}, "code")
	}
	me, _ := currentUser(c)
	u, err := s.store.VerifyPhone(c.Request().Context(), me.ID, func(phone string, hash []byte) bool {
		return s.phoneCodes.Check(phone, store.PhonePurposeVerify, code, hash)
	})
	var wrong *store.WrongCodeError
	switch {
	case errors.As(err, &wrong):
		return invalidFields(map[string]string{"code": wrongCodeText(wrong.TriesLeft)}, "code")
	case errors.Is(err, store.ErrNoPhoneCode):
		return invalidFields(map[string]string{"code": "has expired or was used up: ask for a new code"}, "code")
	case errors.Is(err, store.ErrPhoneTaken):
		return errPhoneTaken
	case err != nil:
		return err
	}
	s.log.Info("phone verified", "user_id", u.ID)
	return c.JSON(http.StatusOK, verifiedJSON{User: toUserJSON(u)})
}

func wrongCodeText(left int) string {
	switch left {
	case 0:
		return "is wrong, and that was the last try: ask for a new code"
	case 1:
		return "is wrong: 1 try left"
	}
	return fmt.Sprintf("is wrong: %d tries left", left)
}
