package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/internal/testio"
	"resale/store"
	"resale/store/storetest"
)

// linkPattern finds the one-time link admin create prints and serve logs.
var linkPattern = regexp.MustCompile(`(https?://[^\s/"]+)/reset-password\?token=([A-Za-z0-9_-]{43})\b`)

func openPool(t *testing.T, dbURL string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// resetTokens counts the account's reset tokens, used or not.
func resetTokens(t *testing.T, pool *pgxpool.Pool, userID int64) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM account_tokens WHERE user_id = $1 AND purpose = 'reset_password'", userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// admin create makes an admin with no photo and no password, its email
// proven, and prints one link; it refuses a bad command line with the
// usage and an email that has an account with what to run instead.
func TestAdminCreate(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.URL(t)
	vars := env(map[string]string{"DATABASE_URL": dbURL, "DATA_DIR": t.TempDir(), "PUBLIC_URL": "https://shop.example.com"})
	pool := openPool(t, dbURL)
	st := store.New(pool)

	for _, args := range [][]string{
		{"admin", "create"},
		{"admin", "create", "not-an-email"},
		{"admin", "create", "owner@localhost"},
		{"admin", "create", "Owner <owner@example.com>"},
		{"admin", "create", "a@example.com", "b@example.com"},
		{"admin", "create", "owner@example.com", "--name"},
		{"admin", "create", "owner@example.com", "--name", " "},
		{"admin", "create", "owner@example.com", "--name", strings.Repeat("x", 101)},
		{"admin", "create", "owner@example.com", "--photo", "x"},
		{"admin", "make", "owner@example.com"},
	} {
		var out, errOut bytes.Buffer
		if code := run(ctx, args, vars, &out, &errOut); code != 2 || out.Len() != 0 ||
			!strings.HasPrefix(errOut.String(), "resale: usage: admin") || !strings.Contains(errOut.String(), "usage: resale admin create EMAIL") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
	if _, err := st.GetUserByEmail(ctx, "owner@example.com"); err != store.ErrNotFound {
		t.Fatalf("a refused command line made an account: %v", err)
	}

	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"admin", "create", " Owner@Example.com "}, vars, &out, &errOut); code != 0 {
		t.Fatalf("create: exit %d, %s", code, errOut.String())
	}
	m := linkPattern.FindStringSubmatch(out.String())
	if m == nil || m[1] != "https://shop.example.com" || strings.Count(out.String(), "reset-password") != 1 ||
		!strings.Contains(out.String(), "within 24 hours") {
		t.Fatalf("create printed %q", out.String())
	}
	u, err := st.GetUserByEmail(ctx, "owner@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if u.Role != store.RoleAdmin || u.Name != "owner" || u.Email != "owner@example.com" || u.PhotoURL != "" ||
		u.PasswordHash != "" || !u.EmailVerified {
		t.Errorf("the new admin is %+v", u)
	}
	if n := resetTokens(t, pool, u.ID); n != 1 {
		t.Errorf("%d reset tokens, want 1", n)
	}

	// the name given, before or after the email
	out.Reset()
	if code := run(ctx, []string{"admin", "create", "--name", "Shop Owner", "second@example.com"}, vars, &out, &errOut); code != 0 {
		t.Fatalf("create --name: exit %d, %s", code, errOut.String())
	}
	if u, err := st.GetUserByEmail(ctx, "second@example.com"); err != nil || u.Name != "Shop Owner" || u.Role != store.RoleAdmin {
		t.Errorf("create --name made %+v, %v", u, err)
	}

	// an email with an account: no second account, no link, what to run
	if _, err := st.CreateUser(ctx, store.NewUser{Name: "Rahim", Email: "rahim@example.com", PasswordHash: "x", Role: store.RoleSeller}); err != nil {
		t.Fatal(err)
	}
	for email, want := range map[string]string{
		"RAHIM@example.com": "resale admin grant rahim@example.com",
		"owner@example.com": "is an admin already",
	} {
		var out, errOut bytes.Buffer
		if code := run(ctx, []string{"admin", "create", email}, vars, &out, &errOut); code != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), want) {
			t.Errorf("create %s again: exit %d, stdout %q, stderr %q", email, code, out.String(), errOut.String())
		}
	}
	if u, err := st.GetUserByEmail(ctx, "rahim@example.com"); err != nil || u.Role != store.RoleSeller || resetTokens(t, pool, u.ID) != 0 {
		t.Errorf("the seller became %+v, %v", u, err)
	}
	if n := resetTokens(t, pool, u.ID); n != 1 {
		t.Errorf("the admin has %d reset tokens after a second create, want 1", n)
	}
}

// A newcomer's way in: admin create's link sets the password once on the
// real reset endpoint, the password signs in on the real log-in, and the
// token opens the admin's routes; the account, photo-less, lists as an
// admin. The link does not work twice.
func TestAdminCreateLinkSignsInAsAdmin(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.URL(t)
	settings := map[string]string{"DATABASE_URL": dbURL, "DATA_DIR": t.TempDir(), "PUBLIC_URL": "https://shop.example.com"}
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"admin", "create", "founder@example.com", "--name", "Founder"}, env(settings), &out, &errOut); code != 0 {
		t.Fatalf("create: exit %d, %s", code, errOut.String())
	}
	m := linkPattern.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no link in %q", out.String())
	}
	token := m[2]

	srv := httptest.NewServer(testHandler(t, settings))
	defer srv.Close()
	request := jsonRequester(t, srv.URL)
	const password = "a long walk by the river"
	login := map[string]string{"email": "founder@example.com", "password": password}

	if code, _ := request("POST", "/api/auth/login", "", login); code != http.StatusUnauthorized {
		t.Fatalf("log-in before the link: %d, want 401", code)
	}
	if code, body := request("POST", "/api/auth/reset/check", "", map[string]string{"token": token}); code != 200 || body["state"] != "valid" {
		t.Fatalf("link check: %d %v", code, body)
	}
	code, body := request("POST", "/api/auth/reset", "", map[string]string{"token": token, "password": password})
	if code != 200 || body["accessToken"] == "" {
		t.Fatalf("reset: %d %v", code, body)
	}
	code, body = request("POST", "/api/auth/login", "", login)
	bearer, _ := body["accessToken"].(string)
	if code != 200 || bearer == "" {
		t.Fatalf("log-in: %d %v", code, body)
	}
	me := body["user"].(map[string]any)
	if me["role"] != store.RoleAdmin || me["userName"] != "Founder" || me["userPhoto"] != "" || me["emailVerified"] != true {
		t.Errorf("signed in as %v", me)
	}
	if code, body := request("GET", "/api/users/admin/founder@example.com", bearer, nil); code != 200 || body["Admin"] != true {
		t.Errorf("the app's admin check: %d %v", code, body)
	}
	code, body = request("GET", "/api/users?role=Admin", bearer, nil)
	if code != 200 {
		t.Fatalf("admin users list: %d %v", code, body)
	}
	listed := false
	for _, row := range body["list"].([]any) {
		r := row.(map[string]any)
		listed = listed || (r["email"] == "founder@example.com" && r["role"] == store.RoleAdmin)
	}
	if !listed {
		t.Errorf("the admin users list lacks the new admin: %v", body["list"])
	}

	checkResetLinkOnceOnly(t, request, token, login)
}

// jsonRequester makes one JSON request (call) to the server at base; a
// list answers as {"list": [...]}.
func jsonRequester(t *testing.T, base string) func(method, path, bearer string, body any) (int, map[string]any) {
	return func(method, path, bearer string, body any) (int, map[string]any) {
		t.Helper()
		var in io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			in = bytes.NewReader(b)
		}
		code, _, b := call(t, method, base+path, bearer, in, http.Header{"Content-Type": {"application/json"}})
		var got any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s %s: %d %q: %v", method, path, code, b, err)
		}
		if list, ok := got.([]any); ok {
			return code, map[string]any{"list": list}
		}
		return code, got.(map[string]any)
	}
}

// checkResetLinkOnceOnly: a used set-password link is refused and said
// used, and its second use leaves the first password working.
func checkResetLinkOnceOnly(t *testing.T, request func(method, path, bearer string, body any) (int, map[string]any), token string, login map[string]string) {
	t.Helper()
	if code, body := request("POST", "/api/auth/reset", "", map[string]string{"token": token, "password": "another long walk home"}); code != 400 || body["code"] != "token_unusable" {
		t.Errorf("the link's second use: %d %v", code, body)
	}
	if code, body := request("POST", "/api/auth/reset/check", "", map[string]string{"token": token}); code != 200 || body["state"] != "used" {
		t.Errorf("link check after use: %d %v", code, body)
	}
	if code, _ := request("POST", "/api/auth/login", "", login); code != 200 {
		t.Errorf("the first password stopped working after the link's second use: %d", code)
	}
}

// testHandler is serve's HTTP handler (newHandler) on the settings.
func testHandler(t *testing.T, settings map[string]string) http.Handler {
	t.Helper()
	ctx := context.Background()
	cfg, err := loadConfig(env(settings))
	if err != nil {
		t.Fatal(err)
	}
	secret, err := cfg.jwtSecret()
	if err != nil {
		t.Fatal(err)
	}
	uploads, pool, err := openStores(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pool.Close(); uploads.Close() })
	h, err := newHandler(cfg, slog.New(slog.DiscardHandler), store.New(pool), uploads, secret, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// ADMIN_EMAIL: two instances starting together on one database make one
// admin and log one link; later starts log nothing of it; an account of
// another role with the email is left as it is, with a warning.
func TestAdminEmailAtStart(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.URL(t)
	cfg, err := loadConfig(env(map[string]string{"ADMIN_EMAIL": "Boss@Example.com", "PUBLIC_URL": "https://shop.example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	secret := []byte(strings.Repeat("s", 32))
	var logs testio.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))

	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		st := store.New(openPool(t, dbURL)) // an instance's own pool
		wg.Go(func() { errs[i] = ensureAdminEmail(ctx, cfg, st, secret, logger) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	pool := openPool(t, dbURL)
	var accounts int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM users WHERE lower(email) = 'boss@example.com'").Scan(&accounts); err != nil {
		t.Fatal(err)
	}
	u, err := store.New(pool).GetUserByEmail(ctx, "boss@example.com")
	if err != nil || accounts != 1 || u.Role != store.RoleAdmin || u.Name != "boss" || u.PasswordHash != "" || !u.EmailVerified {
		t.Fatalf("%d accounts; %+v %v", accounts, u, err)
	}
	if n := resetTokens(t, pool, u.ID); n != 1 {
		t.Errorf("%d reset tokens, want 1", n)
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "level=INFO") || !strings.Contains(lines[0], "ADMIN_EMAIL") ||
		len(linkPattern.FindAllString(lines[0], -1)) != 1 || !strings.Contains(lines[0], "https://shop.example.com/reset-password?token=") {
		t.Fatalf("logs of four starts together:\n%s", logs.String())
	}

	// a later start
	before := logs.String()
	if err := ensureAdminEmail(ctx, cfg, store.New(pool), secret, logger); err != nil || logs.String() != before {
		t.Errorf("a later start: %v, logged %q", err, strings.TrimPrefix(logs.String(), before))
	}

	// someone signed up with the email first: no grant, a warning
	if _, err := store.New(pool).CreateUser(ctx, store.NewUser{Name: "Stranger", Email: "taken@example.com", PasswordHash: "x", Role: store.RoleBuyer}); err != nil {
		t.Fatal(err)
	}
	cfg.AdminEmail = "taken@example.com"
	before = logs.String()
	if err := ensureAdminEmail(ctx, cfg, store.New(pool), secret, logger); err != nil {
		t.Fatal(err)
	}
	logged := strings.TrimPrefix(logs.String(), before)
	if !strings.Contains(logged, "level=WARN") || !strings.Contains(logged, "resale admin grant") || strings.Contains(logged, "reset-password") {
		t.Errorf("a taken email logged %q", logged)
	}
	if u, err := store.New(pool).GetUserByEmail(ctx, "taken@example.com"); err != nil || u.Role != store.RoleBuyer || resetTokens(t, pool, u.ID) != 0 {
		t.Errorf("the account that had the email became %+v, %v", u, err)
	}
}

// ADMIN_EMAIL is checked as sign-up checks an email; doctor names a bad
// one and goes on.
func TestAdminEmailSetting(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"ADMIN_EMAIL": " Owner@Example.com "}))
	if err != nil || c.AdminEmail != "owner@example.com" {
		t.Fatalf("ADMIN_EMAIL = %q, %v", c.AdminEmail, err)
	}
	if c, err := loadConfig(env(nil)); err != nil || c.AdminEmail != "" {
		t.Fatalf("no ADMIN_EMAIL = %q, %v", c.AdminEmail, err)
	}
	for _, bad := range []string{"owner", "owner@localhost", "Owner <owner@example.com>", "a@b.com,c@d.com"} {
		_, err := loadConfig(env(map[string]string{"ADMIN_EMAIL": bad}))
		if err == nil || !strings.HasPrefix(err.Error(), "ADMIN_EMAIL: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("ADMIN_EMAIL=%q: %v", bad, err)
		}
	}
	cfg, problems := loadConfigAll(env(map[string]string{"ADMIN_EMAIL": "owner", "CURRENCY": "taka"}))
	if cfg == nil || len(problems) != 2 || (problems[0].name != "ADMIN_EMAIL" && problems[1].name != "ADMIN_EMAIL") {
		t.Errorf("doctor's settings: %v, %v", cfg, problems)
	}
}
