package api

import (
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/sms"
	"resale/store"
)

// Throttles of the account emails: a reset link can be asked for from
// one client address a few times an hour (the answer is the same for
// unknown addresses, so is the limit; an account is mailed a few links,
// then silently no more: store.StartPasswordReset); reset links are tried
// a few times per address and per link; verification links are resent a
// few times per account.
const (
	forgotPerAddress = 10
	// reset tries per client address (each counts, a right one too: an
	// address needs few), and per live link (a refused password counts)
	resetsPerAddress  = 10
	resetsPerToken    = 5
	resendsPerAccount = 3
	// link checks per client address (each counts): the reset and
	// verification pages ask once as they open
	linkChecksPerAddress = 20
	// wrong current passwords per account before PUT /api/me/password
	// waits, as a log-in does
	passwordChangeFailures = store.LoginLockThreshold
)

type forgotRequest struct {
	Email string `json:"email"`
}

type messageJSON struct {
	Message string `json:"message"`
}

// forgot serves POST /api/auth/forgot: the account with that email, if
// any, is emailed a reset link. The request does the same work for every
// well-formed address, registered or not (it counts the client address
// and queues the job that looks the account up: store.ForgotPasswordArgs),
// so neither its answer nor its time tells whether an account uses it.
func (s *Server) forgot(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	var req forgotRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	email := f.email("email", req.Email)
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	ip := c.RealIP()
	// the caller's own budget first; the account's is spent in the job,
	// silently, so that strangers cannot use it up against the owner
	_, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: "forgot-address:" + ip, Free: forgotPerAddress})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many password resets asked for.")
	}
	if err := s.store.QueueForgotPassword(ctx, email, ip); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, messageJSON{Message: "If an account uses this email, a link to choose a new password is on its way. It works for an hour."})
}

type resetRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// reset serves POST /api/auth/reset: a reset link's token and a new
// password sign the owner in; every other session of the account ends.
// The token is checked before the password is hashed, so a made-up token
// costs a SHA-256 and one indexed look-up; tries are counted per client
// address before that, and per token once it is found live, so a real
// link gets few hashes however many ask at once.
func (s *Server) reset(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	var req resetRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	f.accountToken("token", req.Token)
	f.password("password", req.Password, s.passwordContext("", ""))
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	tokenHash := auth.HashAccountToken(req.Token)
	_, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: "reset-address:" + c.RealIP(), Free: resetsPerAddress})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many password resets tried.")
	}
	u, err := s.store.ResetTokenOwner(ctx, tokenHash)
	if err != nil {
		return err
	}
	_, retryAt, err = s.store.ReserveAttempt(ctx, store.Throttle{Key: "reset-token:" + hex.EncodeToString(tokenHash), Free: resetsPerToken})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many password resets tried with this link.")
	}
	// the account's own words are known now
	if problem := auth.PasswordProblemFor(req.Password, s.passwordContext(u.Email, u.Name)); problem != "" {
		return invalidFields(map[string]string{"password": problem}, "password")
	}
	hash, err := s.hasher.Hash(ctx, req.Password)
	if err != nil {
		return err
	}
	u, err = s.store.ResetPassword(ctx, tokenHash, hash)
	if err != nil {
		return err
	}
	s.log.Info("password reset", "user_id", u.ID)
	return s.session(c, http.StatusOK, u)
}

type linkCheckRequest struct {
	Token string `json:"token"`
}

// linkStateJSON is what a link's page is told on arrival: state is
// valid, used, expired or unknown (store.LinkValid...). A verification
// link's answer adds whether its account's email is proven, so that a
// used one can say "your email is verified"; never the address.
type linkStateJSON struct {
	State         string `json:"state"`
	EmailVerified *bool  `json:"emailVerified,omitempty"`
}

// checkResetLink serves POST /api/auth/reset/check: whether a reset
// link still works, so that its page says "already used" or "expired"
// before anyone types a new password twice.
func (s *Server) checkResetLink(c echo.Context) error {
	return s.checkLink(c, store.PurposeResetPassword)
}

// checkVerifyLink serves POST /api/auth/verify-email/check: the same for
// a verification link.
func (s *Server) checkVerifyLink(c echo.Context) error {
	return s.checkLink(c, store.PurposeVerifyEmail)
}

// checkLink reads what became of a link of the purpose and spends
// nothing. Only the link's holder can ask (the token is 256 random
// bits): the answer names no account. The token is looked up by its
// SHA-256, one indexed query, as reset does; well-formed asks count
// against the client address (linkChecksPerAddress, then 429), so the
// endpoint is no faster way to try tokens than reset itself.
func (s *Server) checkLink(c echo.Context, purpose string) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	var req linkCheckRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	f.accountToken("token", req.Token)
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	_, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: "link-check-address:" + c.RealIP(), Free: linkChecksPerAddress})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many links checked.")
	}
	st, err := s.store.AccountTokenState(ctx, auth.HashAccountToken(req.Token), purpose)
	if err != nil {
		return err
	}
	out := linkStateJSON{State: st.State}
	if purpose == store.PurposeVerifyEmail && st.State != store.LinkUnknown {
		out.EmailVerified = &st.EmailVerified
	}
	return c.JSON(http.StatusOK, out)
}

// accountToken checks the shape of a link's token (43 characters of
// base64url) so that junk never reaches the database.
func (f *fieldErrors) accountToken(field, v string) {
	if v == "" {
		f.add(field, "is required")
		return
	}
	if len(v) != 43 || !utf8.ValidString(v) || !isBase64URL(v) {
		f.add(field, "is not a valid link token")
	}
}

func isBase64URL(v string) bool {
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

type verifyEmailRequest struct {
	Token string `json:"token"`
	// Password is the account's password, NewPassword a take-over ("I
	// did not create this account"); at most one, and only when the link
	// alone is not enough (409 password_needed).
	Password    string `json:"password"`
	NewPassword string `json:"newPassword"`
}

// verifiedJSON is {user}, the answer of PATCH /api/me and of verify-email;
// verify-email adds a token when it signs the prover in (a password or a
// take-over proven from a browser holding no other account's session).
type verifiedJSON struct {
	User        userJSON `json:"user"`
	AccessToken string   `json:"accessToken,omitempty"`
}

// proofNeededJSON is the 409 of a link that needs more than itself: the
// error body and the address the link is for, so that the page can say
// whose account it is before anyone types a password.
type proofNeededJSON struct {
	Message string `json:"message"`
	Code    string `json:"code"`
	Email   string `json:"email"`
}

var errLinkAlreadyVerified = &Error{Status: http.StatusConflict, Code: "already_verified",
	Message: "This email is already verified and its password stays: log in, or choose a new password with Forgot password"}

// verifyEmail serves POST /api/auth/verify-email: the link of the welcome
// email proves the address. The link alone is enough with a session of
// its own account, or when the account has no password chosen before the
// proof. Otherwise that password may be an impostor's, and the link alone
// changes nothing (409 password_needed, the link still works): the prover
// gives the account's password (checked and throttled like a log-in) or
// takes the account over with a new one, which ends every session and
// puts back what was chosen before (SECURITY.md, "the impostor rule"). A
// session is handed out only to a browser holding no other account's.
func (s *Server) verifyEmail(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	var req verifyEmailRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	f.accountToken("token", req.Token)
	switch {
	case req.Password != "" && req.NewPassword != "":
		f.add("newPassword", "must be empty when password is given")
	case utf8.RuneCountInString(req.Password) > auth.MaxPasswordLen:
		f.add("password", fmt.Sprintf("must be at most %d characters", auth.MaxPasswordLen))
	case utf8.RuneCountInString(req.NewPassword) > auth.MaxPasswordLen:
		f.add("newPassword", fmt.Sprintf("must be at most %d characters", auth.MaxPasswordLen))
	}
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	tokenHash := auth.HashAccountToken(req.Token)
	link, err := s.store.GetEmailLink(ctx, tokenHash)
	if err != nil {
		return err
	}
	if req.NewPassword != "" {
		// the new password must not be made of the address it proves (the
		// account's name is the impostor's choice, so it is not asked)
		f.password("newPassword", req.NewPassword, s.passwordContext(link.Email, ""))
		if err := f.err(); err != nil {
			return err
		}
	}
	me, _ := currentUser(c) // zero when signed out
	proof := store.EmailProof{SessionUserID: me.ID}
	needsProof := link.NeedsProof() && me.ID != link.UserID
	switch {
	case req.NewPassword != "":
		if link.EmailVerified {
			return errLinkAlreadyVerified
		}
		if proof.NewPasswordHash, err = s.hasher.Hash(ctx, req.NewPassword); err != nil {
			return err
		}
	case needsProof && req.Password != "":
		if err := s.checkLinkPassword(c, link, req.Password); err != nil {
			return err
		}
		proof.PasswordHash = link.PasswordHash
	case needsProof:
		return proofNeeded(c, link.Email)
	}
	u, tookOver, err := s.store.VerifyEmail(ctx, tokenHash, proof)
	switch {
	case errors.Is(err, store.ErrProofNeeded):
		return proofNeeded(c, link.Email) // the account changed meanwhile
	case errors.Is(err, store.ErrAlreadyVerified):
		return errLinkAlreadyVerified
	case err != nil:
		return err
	}
	out := verifiedJSON{User: toUserJSON(u)}
	if tookOver {
		s.log.Warn("an email's owner took over the account registered with it: the earlier password, sessions and settings ended", "user_id", u.ID)
	}
	if (tookOver || proof.PasswordHash != "") && (me.ID == 0 || me.ID == u.ID) {
		if out.AccessToken, err = s.tokens.Issue(u.ID, u.TokenVersion); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}

func proofNeeded(c echo.Context, email string) error {
	return c.JSON(http.StatusConflict, proofNeededJSON{
		Code: "password_needed", Email: email,
		Message: "This account had a password before its email was proven: enter it, or choose a new one if you did not create the account",
	})
}

// checkLinkPassword checks the password a link's prover gave, counted
// against the same throttle keys as a log-in to that account from that
// address, so a link read by a mail scanner is no way round them.
func (s *Server) checkLinkPassword(c echo.Context, link store.EmailLink, password string) error {
	ctx := c.Request().Context()
	email, ip := store.NormalizeEmail(link.Email), c.RealIP()
	attempt, retryAt, err := s.store.ReserveAttempt(ctx,
		store.Throttle{Key: "pair:" + email + " " + ip, Free: store.LoginLockThreshold},
		store.Throttle{Key: "account:" + email, Free: accountFreeFailures},
		store.Throttle{Key: "address:" + ip, Free: addressFreeFailures})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many wrong passwords.")
	}
	ok, _, err := s.hasher.Verify(ctx, password, link.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		s.log.Info("a verification link's password was wrong", "ip", ip, "user_id", link.UserID)
		return invalidFields(map[string]string{"password": "is wrong"}, "password")
	}
	return s.store.AttemptSucceeded(ctx, attempt)
}

// resendVerification serves POST /api/auth/resend-verification: a new
// verification link for the caller's email.
func (s *Server) resendVerification(c echo.Context) error {
	me, _ := currentUser(c)
	if me.EmailVerified {
		return &Error{Status: http.StatusConflict, Code: "already_verified", Message: "Your email is already verified"}
	}
	ctx := c.Request().Context()
	_, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: fmt.Sprintf("verify-resend:%d", me.ID), Free: resendsPerAccount})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many verification emails asked for.")
	}
	if err := s.sendVerification(c, me.ID); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, messageJSON{Message: "A new link is on its way to " + me.Email + "."})
}

// sendVerification writes a verification token and queues its email.
func (s *Server) sendVerification(c echo.Context, userID int64) error {
	salt, hash := s.accountTokens.New()
	_, err := s.store.CreateAccountToken(c.Request().Context(), store.NewAccountToken{UserID: userID, Purpose: store.PurposeVerifyEmail, Salt: salt, Hash: hash})
	return err
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

type accessTokenJSON struct {
	AccessToken string `json:"accessToken"`
}

// changePassword serves PUT /api/me/password: with the current password,
// a new one; every session ends and the caller gets a new token. An
// account without a password (Google only, or taken over from an
// impostor) sets one with an empty current password.
func (s *Server) changePassword(c echo.Context) error {
	var req changePasswordRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	me, _ := currentUser(c)
	var f fieldErrors
	switch {
	case me.PasswordHash != "" && req.CurrentPassword == "":
		f.add("currentPassword", "is required")
	case me.PasswordHash == "" && req.CurrentPassword != "":
		f.add("currentPassword", "must be empty: this account has no password yet")
	case utf8.RuneCountInString(req.CurrentPassword) > auth.MaxPasswordLen:
		f.add("currentPassword", "is wrong")
	}
	f.password("newPassword", req.NewPassword, s.passwordContext(me.Email, me.Name))
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if me.PasswordHash != "" {
		attempt, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: fmt.Sprintf("password-change:%d", me.ID), Free: passwordChangeFailures})
		if err != nil {
			return err
		}
		if !retryAt.IsZero() {
			return throttled(c, retryAt, "Too many wrong passwords.")
		}
		ok, _, err := s.hasher.Verify(ctx, req.CurrentPassword, me.PasswordHash)
		if err != nil {
			return err
		}
		if !ok {
			return invalidFields(map[string]string{"currentPassword": "is wrong"}, "currentPassword")
		}
		if err := s.store.AttemptSucceeded(ctx, attempt); err != nil {
			return err
		}
	}
	hash, err := s.hasher.Hash(ctx, req.NewPassword)
	if err != nil {
		return err
	}
	u, err := s.store.ChangePassword(ctx, me.ID, hash)
	if err != nil {
		return err
	}
	token, err := s.tokens.Issue(u.ID, u.TokenVersion)
	if err != nil {
		return err
	}
	s.log.Info("password changed", "user_id", u.ID)
	return c.JSON(http.StatusOK, accessTokenJSON{AccessToken: token})
}

type profileRequest struct {
	UserName *string `json:"userName"`
	Language *string `json:"language"`
	Phone    *string `json:"phone"`
}

// updateMe serves PATCH /api/me: the caller's name, language or phone,
// any of them.
func (s *Server) updateMe(c echo.Context) error {
	var req profileRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	var change store.ProfileChange
	if req.UserName != nil {
		// the rules of sign-up's name (f.text): joiners between two
		// letters of a script that needs them pass, as in Bangla conjuncts
		name := f.text("userName", *req.UserName, 100)
		change.Name = &name
	}
	if req.Language != nil {
		if *req.Language != "en" && *req.Language != "bn" {
			f.add("language", "must be en or bn")
		}
		change.Language = req.Language
	}
	if req.Phone != nil {
		phone := ""
		if *req.Phone != "" { // empty clears it
			phone = f.phone("phone", *req.Phone)
		}
		change.Phone = &phone
	}
	if req.UserName == nil && req.Language == nil && req.Phone == nil {
		f.add("userName", "or language or phone is required")
	}
	if err := f.err(); err != nil {
		return err
	}
	me, _ := currentUser(c)
	// #35 the proved number written another way is still the proved one;
	// any other number unproves the profile's (store.UpdateProfile)
	if change.Phone != nil && me.PhoneVerified {
		if n, ok := sms.Normalize(*change.Phone); ok && n == me.Phone {
			change.Phone = &me.Phone
		}
	}
	u, err := s.store.UpdateProfile(c.Request().Context(), me.ID, change)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, verifiedJSON{User: toUserJSON(u)}) // {user}, as API.md says
}

var errEmailUnverified = &Error{Status: http.StatusForbidden, Code: "email_unverified",
	Message: "Please verify your email first: open the link we emailed you, or ask for a new one."}

// requireVerifiedEmail refuses, when the shop sends email (SMTP_URL), a
// caller whose email is not proven: listing, booking and messaging need
// a reachable, owned address. Without mail it lets everyone through (a
// development shop could never verify).
func (s *Server) requireVerifiedEmail(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if u, ok := currentUser(c); ok && s.mailConfigured && !u.EmailVerified {
			return errEmailUnverified
		}
		return next(c)
	}
}
