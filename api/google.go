package api

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/labstack/echo/v4"
	"golang.org/x/oauth2"

	"resale/media"
	"resale/store"
)

// GoogleOptions turns on sign-in with Google (or any OpenID Connect
// provider at Issuer, which is how the tests run it).
type GoogleOptions struct {
	ClientID     string
	ClientSecret string
	Issuer       string
	// HTTPClient talks to the provider; nil uses http.DefaultClient.
	HTTPClient *http.Client
}

const (
	oidcCookie    = "resale_oidc"
	oidcCookieTTL = 10 * time.Minute
	loginCodeTTL  = time.Minute
)

// google is the server side of the authorization-code flow with state,
// nonce and PKCE. The token never travels in a URL: the callback hands the
// app a one-time code that the app exchanges by POST.
type google struct {
	opts        GoogleOptions
	redirectURL string
	cookieKey   []byte
	secure      bool

	mu       sync.Mutex
	provider *oidc.Provider
}

// oidcFlow is what the browser carries between login and callback, in a
// signed, HttpOnly cookie.
type oidcFlow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	From     string `json:"f"`
	Expires  int64  `json:"e"`
}

func (g *google) client(ctx context.Context) context.Context {
	if g.opts.HTTPClient != nil {
		return oidc.ClientContext(ctx, g.opts.HTTPClient)
	}
	return ctx
}

// discover fetches the provider's configuration once it is reachable.
func (g *google) discover(ctx context.Context) (*oidc.Provider, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.provider != nil {
		return g.provider, nil
	}
	p, err := oidc.NewProvider(g.client(ctx), g.opts.Issuer)
	if err != nil {
		return nil, err
	}
	g.provider = p
	return p, nil
}

func (g *google) oauth(p *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{
		ClientID:     g.opts.ClientID,
		ClientSecret: g.opts.ClientSecret,
		Endpoint:     p.Endpoint(),
		RedirectURL:  g.redirectURL,
		Scopes:       []string{oidc.ScopeOpenID, "email", "profile"},
	}
}

func (g *google) sign(payload []byte) string {
	mac := hmac.New(sha256.New, g.cookieKey)
	mac.Write(payload)
	return base64.RawURLEncoding.EncodeToString(payload) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (g *google) readFlow(c echo.Context) (oidcFlow, bool) {
	var f oidcFlow
	ck, err := c.Cookie(oidcCookie)
	if err != nil {
		return f, false
	}
	body, sig, ok := strings.Cut(ck.Value, ".")
	if !ok {
		return f, false
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(body)
	got, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil {
		return f, false
	}
	mac := hmac.New(sha256.New, g.cookieKey)
	mac.Write(payload)
	if !hmac.Equal(got, mac.Sum(nil)) || json.Unmarshal(payload, &f) != nil || time.Now().Unix() > f.Expires {
		return f, false
	}
	return f, true
}

func (g *google) setCookie(c echo.Context, value string, maxAge int) {
	c.SetCookie(&http.Cookie{
		Name: oidcCookie, Value: value, Path: "/api/auth/google", MaxAge: maxAge,
		HttpOnly: true, Secure: g.secure, SameSite: http.SameSiteLaxMode,
	})
}

func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// safeReturnPath keeps a "from" path inside this site.
func safeReturnPath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") || strings.ContainsAny(p, "\r\n\x00") || len(p) > 512 {
		return "/home"
	}
	return p
}

var errGoogleOff = &Error{Status: http.StatusNotFound, Code: "not_found", Message: "Google sign-in is not set up on this shop"}

// googleLogin serves GET /api/auth/google/login: off to the provider.
func (s *Server) googleLogin(c echo.Context) error {
	g := s.google
	if g == nil {
		return errGoogleOff
	}
	p, err := g.discover(c.Request().Context())
	if err != nil {
		s.log.Warn("google sign-in: provider unreachable", "err", err)
		return c.Redirect(http.StatusFound, "/login?error="+url.QueryEscape("Google sign-in is not reachable right now, please try again later"))
	}
	flow := oidcFlow{State: randomToken(), Nonce: randomToken(), Verifier: oauth2.GenerateVerifier(),
		From: safeReturnPath(c.QueryParam("from")), Expires: time.Now().Add(oidcCookieTTL).Unix()}
	payload, _ := json.Marshal(flow)
	g.setCookie(c, g.sign(payload), int(oidcCookieTTL.Seconds()))
	dest := g.oauth(p).AuthCodeURL(flow.State, oidc.Nonce(flow.Nonce), oauth2.S256ChallengeOption(flow.Verifier))
	return c.Redirect(http.StatusFound, dest)
}

// googleCallback serves GET /api/auth/google/callback: the provider sends
// the browser back here with a code; a verified identity becomes an
// account (a Buyer on first sign-in) and the app gets a one-time code.
func (s *Server) googleCallback(c echo.Context) error {
	g := s.google
	if g == nil {
		return errGoogleOff
	}
	fail := func(msg string, err error) error {
		if err != nil {
			s.log.Warn("google sign-in failed", "reason", msg, "err", err)
		}
		return c.Redirect(http.StatusFound, "/login?error="+url.QueryEscape(msg))
	}
	flow, ok := g.readFlow(c)
	g.setCookie(c, "", -1) // one attempt per flow
	if !ok {
		return fail("Your Google sign-in took too long or was started elsewhere, please try again", errors.New("missing or bad flow cookie"))
	}
	if subtle.ConstantTimeCompare([]byte(c.QueryParam("state")), []byte(flow.State)) != 1 {
		return fail("Your Google sign-in could not be verified, please try again", errors.New("state mismatch"))
	}
	if e := c.QueryParam("error"); e != "" {
		return fail("Google sign-in was cancelled", nil)
	}
	ctx := g.client(c.Request().Context())
	p, err := g.discover(ctx)
	if err != nil {
		return fail("Google sign-in is not reachable right now, please try again later", err)
	}
	tok, err := g.oauth(p).Exchange(ctx, c.QueryParam("code"), oauth2.VerifierOption(flow.Verifier))
	if err != nil {
		return fail("Your Google sign-in could not be verified, please try again", err)
	}
	rawID, _ := tok.Extra("id_token").(string)
	idToken, err := p.Verifier(&oidc.Config{ClientID: g.opts.ClientID}).Verify(ctx, rawID)
	if err != nil {
		return fail("Your Google sign-in could not be verified, please try again", err)
	}
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(flow.Nonce)) != 1 {
		return fail("Your Google sign-in could not be verified, please try again", errors.New("nonce mismatch"))
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
		Picture       string `json:"picture"`
	}
	if err := idToken.Claims(&claims); err != nil || claims.Email == "" {
		return fail("Google did not share your email address, which Resale needs", err)
	}
	name := strings.TrimSpace(claims.Name)
	if name == "" || !cleanText(name, false) {
		name = strings.Split(claims.Email, "@")[0]
	}
	if len([]rune(name)) > 100 {
		name = string([]rune(name)[:100])
	}

	reqCtx := c.Request().Context()
	u, created, err := s.store.UserForExternalIdentity(reqCtx, store.ExternalIdentity{
		Subject: idToken.Issuer + " " + idToken.Subject, Email: claims.Email, EmailVerified: claims.EmailVerified, Name: name,
	})
	if errors.Is(err, store.ErrConflict) {
		return fail("An account with this email already exists: log in with your password", nil)
	}
	if err != nil {
		return fail("Google sign-in failed, please try again", err)
	}
	if created {
		s.log.Info("account created", "user_id", u.ID, "role", u.Role, "via", "google")
		s.copyGooglePhoto(reqCtx, u, claims.Picture)
	}
	code := randomToken()
	if err := s.store.CreateLoginCode(reqCtx, code, u.ID, time.Now().Add(loginCodeTTL)); err != nil {
		return fail("Google sign-in failed, please try again", err)
	}
	return c.Redirect(http.StatusFound, "/auth/google?code="+url.QueryEscape(code)+"&from="+url.QueryEscape(flow.From))
}

// copyGooglePhoto keeps a copy of the account's Google photo here, through
// the same checks as any upload, so pages load no outside images. Failing
// to get it only leaves the account without a photo.
func (s *Server) copyGooglePhoto(ctx context.Context, u store.User, picture string) {
	if picture == "" {
		return
	}
	ref, err := url.Parse(picture)
	if err != nil || (ref.Scheme != "https" && ref.Scheme != "http") {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, picture, nil)
	if err != nil {
		return
	}
	client := http.DefaultClient
	if s.google.opts.HTTPClient != nil {
		client = s.google.opts.HTTPClient
	}
	res, err := client.Do(req)
	if err != nil {
		s.log.Info("google photo not copied: download failed", "user_id", u.ID, "err", err)
		return
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, media.MaxBytes+1))
	if err != nil || res.StatusCode != http.StatusOK {
		return
	}
	photo, err := s.storePhoto(ctx, raw, "userPhoto")
	if err != nil {
		s.log.Info("google photo not copied: not a usable image", "user_id", u.ID, "err", err)
		return
	}
	if err := s.recordPhoto(ctx, photo, u.ID); err == nil {
		_ = s.store.SetPhotoURL(ctx, u.ID, photoURL(photo))
	}
}

type exchangeRequest struct {
	Code string `json:"code"`
}

// googleExchange serves POST /api/auth/google/exchange: the one-time code
// from the callback, once, for an access token.
func (s *Server) googleExchange(c echo.Context) error {
	var req exchangeRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Code == "" || len(req.Code) > 100 {
		return invalidFields(map[string]string{"code": "is required"}, "code")
	}
	ctx := c.Request().Context()
	id, err := s.store.TakeLoginCode(ctx, req.Code)
	if errors.Is(err, store.ErrNotFound) {
		return &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "This sign-in link has expired, please sign in again"}
	}
	if err != nil {
		return err
	}
	u, err := s.store.GetUser(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return errBadSession
	}
	if err != nil {
		return err
	}
	s.log.Info("logged in", "user_id", u.ID, "via", "google")
	return s.session(c, http.StatusOK, u)
}
