package api

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/store"
)

// Throttling (store.ReserveAttempt): a wrong password counts against the
// account and client address pair, the account and the address. The pair
// takes store.LoginLockThreshold failures before delays begin; the account
// more, since its owner may try from several places; the address more
// still (a shared office or phone network). The account and address keys
// do not apply to an address the account signed in from lately, so that
// strangers filling them never lock the owner out. Sign-ups count per
// address.
const (
	accountFreeFailures = 10
	addressFreeFailures = 20
	signupsPerAddress   = 20
)

type sessionJSON struct {
	AccessToken string   `json:"accessToken"`
	User        userJSON `json:"user"`
}

func (s *Server) session(c echo.Context, status int, u store.User) error {
	if u.Suspended(s.now()) { // no way in while suspended: password, Google, reset
		return s.errSuspended(u)
	}
	token, err := s.tokens.Issue(u.ID, u.TokenVersion)
	if err != nil {
		return err
	}
	return c.JSON(status, sessionJSON{AccessToken: token, User: toUserJSON(u)})
}

// email validates an email address and returns its stored form.
func (f *fieldErrors) email(field, value string) string {
	v := strings.TrimSpace(value)
	if v == "" {
		f.add(field, "is required")
		return v
	}
	addr, err := mail.ParseAddress(v)
	if err != nil || addr.Address != v || addr.Name != "" || len(v) > 254 || !cleanText(v, false) || !lookalikeFree(v, false) || !strings.Contains(v[strings.LastIndex(v, "@"):], ".") {
		f.add(field, "is not a valid email address")
		return v
	}
	return store.NormalizeEmail(v)
}

// password checks a new password against the policy: pc names the
// account's words it must not be made from.
func (f *fieldErrors) password(field, value string, pc auth.PasswordContext) {
	if problem := auth.PasswordProblemFor(value, pc); problem != "" {
		f.add(field, problem)
	}
}

// passwordContext is what a password of the account with this email and
// name must not be made from: those, and the shop's names.
func (s *Server) passwordContext(email, name string) auth.PasswordContext {
	return auth.PasswordContext{Email: email, Name: name, Shop: s.shopNames}
}

// signup serves POST /api/auth/signup: a new Buyer or Seller account with
// its photo, signed in at once.
func (s *Server) signup(c echo.Context) error {
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	form, raw, err := readMultipart(c, "image", "userName", "email", "password", "role")
	if err != nil {
		return err
	}
	var f fieldErrors
	name := f.text("userName", form["userName"], 100)
	email := f.email("email", form["email"])
	f.password("password", form["password"], s.passwordContext(email, name))
	role := form["role"]
	if role != store.RoleBuyer && role != store.RoleSeller {
		f.add("role", "must be Buyer or Seller")
	}
	if len(raw) == 0 {
		f.add("image", "is required")
	}
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	// counted once the form is right and before anything is looked up, a
	// taken address included: one address learns of few accounts, and a
	// throttled one of none
	_, retryAt, err := s.store.ReserveAttempt(ctx, store.Throttle{Key: "signup:" + c.RealIP(), Free: signupsPerAddress})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many sign-ups from your address.")
	}
	if _, err := s.store.GetUserByEmail(ctx, email); err == nil {
		return s.emailTaken(ctx, email)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	photo, err := s.storePhoto(ctx, raw, "image")
	if err != nil {
		return err
	}
	hash, err := s.hasher.Hash(ctx, form["password"])
	if err != nil {
		return err
	}
	u, err := s.store.CreateUser(ctx, store.NewUser{Name: name, Email: email, PhotoURL: photoURL(photo), PasswordHash: hash, Role: role})
	if errors.Is(err, store.ErrConflict) {
		return s.emailTaken(ctx, email)
	}
	if err != nil {
		return err
	}
	if err := s.recordPhoto(ctx, photo, u.ID); err != nil {
		return err
	}
	s.log.Info("account created", "user_id", u.ID, "role", u.Role)
	// the welcome email, with the link that proves the address; if it
	// cannot be queued now, the account asks again from its banner
	if err := s.sendVerification(c, u.ID); err != nil {
		s.log.Error("queueing the verification email", "user_id", u.ID, "err", err)
	}
	return s.session(c, http.StatusCreated, u)
}

// emailTaken answers a sign-up with a registered address (409, as API.md
// says, behind the per-address throttle) and tells the address's owner
// someone tried, at most once in store.SignupAttemptMailEvery.
func (s *Server) emailTaken(ctx context.Context, email string) error {
	u, err := s.store.GetUserByEmail(ctx, email)
	if err == nil {
		_, err = s.store.NoteSignupAttempt(ctx, u.ID, u.Email)
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log.Error("queueing the email about a sign-up tried with a taken address", "err", err)
	}
	return errEmailTaken
}

var errEmailTaken = &Error{Status: http.StatusConflict, Code: "conflict", Message: "An account with this email already exists",
	Fields: map[string]string{"email": "is already registered"}}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

var errBadLogin = &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "Invalid email or password"}

// login serves POST /api/auth/login. Wrong email and wrong password get
// the same answer in the same time; repeated failures are throttled per
// account and per client address.
func (s *Server) login(c echo.Context) error {
	var req loginRequest
	if err := s.refuseCrossSite(c); err != nil {
		return err
	}
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var f fieldErrors
	email := store.NormalizeEmail(req.Email)
	if email == "" {
		f.add("email", "is required")
	}
	if req.Password == "" {
		f.add("password", "is required")
	} else if utf8.RuneCountInString(req.Password) > auth.MaxPasswordLen {
		f.add("password", fmt.Sprintf("must be at most %d characters", auth.MaxPasswordLen))
	}
	if err := f.err(); err != nil {
		return err
	}
	ctx := c.Request().Context()
	// The attempt is counted before the password is checked: concurrent
	// guesses queue on the throttle's rows and only the allowed number of
	// them is ever checked.
	ip := c.RealIP()
	attempt, retryAt, err := s.store.ReserveAttempt(ctx,
		store.Throttle{Key: store.LoginPairKey(email, ip), Free: store.LoginLockThreshold},
		store.Throttle{Key: "account:" + email, Free: accountFreeFailures},
		store.Throttle{Key: "address:" + ip, Free: addressFreeFailures})
	if err != nil {
		return err
	}
	if !retryAt.IsZero() {
		return throttled(c, retryAt, "Too many failed log-ins.")
	}

	u, err := s.store.GetUserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	ok, stale, err := s.hasher.Verify(ctx, req.Password, u.PasswordHash) // zero User: a dummy comparison
	if err != nil {
		return err
	}
	if !ok {
		s.log.Info("log-in failed", "ip", ip, "known_account", u.ID != 0)
		return errBadLogin
	}
	if err := s.store.AttemptSucceeded(ctx, attempt); err != nil {
		return err
	}
	if stale {
		if hash, err := s.hasher.Hash(ctx, req.Password); err == nil {
			_ = s.store.SetPasswordHash(ctx, u.ID, hash)
		}
	}
	s.log.Info("logged in", "user_id", u.ID)
	return s.session(c, http.StatusOK, u)
}

func throttled(c echo.Context, until time.Time, what string) error {
	wait := time.Until(until)
	secs := int(math.Ceil(wait.Seconds()))
	c.Response().Header().Set("Retry-After", strconv.Itoa(max(1, secs)))
	msg := what + " Try again in a minute."
	if mins := int(math.Ceil(wait.Minutes())); mins > 1 {
		msg = fmt.Sprintf("%s Try again in %d minutes.", what, mins)
	}
	return &Error{Status: http.StatusTooManyRequests, Code: "throttled", Message: msg}
}

var errCrossSite = &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "Sign up and log in from this shop's own pages"}

// refuseCrossSite refuses a browser request that another site's page
// sent: its Origin is neither the shop's public address nor the host the
// request came to (the latter is how the Vite dev server forwards). Tools
// such as curl send no Origin and pass.
func (s *Server) refuseCrossSite(c echo.Context) error {
	r := c.Request()
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return errCrossSite
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || u.Path != "" {
		return errCrossSite // "null" from a sandboxed frame or a file
	}
	if strings.EqualFold(u.Scheme, s.publicURL.Scheme) && strings.EqualFold(u.Host, s.publicURL.Host) || strings.EqualFold(u.Host, r.Host) {
		return nil
	}
	return errCrossSite
}

// logout serves POST /api/auth/logout: every token of the caller stops
// working, on every device.
func (s *Server) logout(c echo.Context) error {
	u, _ := currentUser(c)
	if err := s.store.Logout(c.Request().Context(), u.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// me serves GET /api/me.
func (s *Server) me(c echo.Context) error {
	u, _ := currentUser(c)
	return c.JSON(http.StatusOK, toUserJSON(u))
}

type roleRequest struct {
	Role string `json:"role"`
}

// becomeSeller serves PUT /api/me/role: a buyer becomes a seller, with a
// new token. No other change of role is open over HTTP; admins are made
// from the command line.
func (s *Server) becomeSeller(c echo.Context) error {
	var req roleRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Role != store.RoleSeller {
		return invalidFields(map[string]string{"role": "must be Seller"}, "role")
	}
	me, _ := currentUser(c)
	u, err := s.store.BecomeSeller(c.Request().Context(), me.ID)
	if err != nil {
		return err
	}
	s.log.Info("buyer became a seller", "user_id", u.ID)
	return s.session(c, http.StatusOK, u)
}
