package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"crypto/tls"

	"github.com/jackc/pgx/v5"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"resale/mail/mailtest"
	"resale/media"
	"resale/media/s3test"
	"resale/payments/sslcommerztest"
	"resale/store/storetest"
)

// doctorLine is one line of the report.
type doctorLine struct{ level, check, text string }

type doctorReport struct {
	code  int
	lines []doctorLine
	raw   string
}

// of answers the lines of one check.
func (r doctorReport) of(check string) []doctorLine {
	var out []doctorLine
	for _, l := range r.lines {
		if l.check == check {
			out = append(out, l)
		}
	}
	return out
}

// want fails the test unless check has exactly one line, at level, that
// contains every part.
func (r doctorReport) want(t *testing.T, check, level string, parts ...string) {
	t.Helper()
	ls := r.of(check)
	if len(ls) != 1 || ls[0].level != level {
		t.Errorf("%s: want one %s line, got:\n%s", check, level, r.raw)
		return
	}
	for _, p := range parts {
		if !strings.Contains(ls[0].text, p) {
			t.Errorf("%s: %q does not say %q", check, ls[0].text, p)
		}
	}
}

func runDoctor(t *testing.T, vars map[string]string, smtpTLS *tls.Config) doctorReport {
	t.Helper()
	var out bytes.Buffer
	d := &doctor{out: &out, smtpTLS: smtpTLS}
	code := d.run(context.Background(), env(vars))
	r := doctorReport{code: code, raw: out.String()}
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 {
			t.Fatalf("a report line without level, check and text: %q", l)
		}
		switch f[0] {
		case checkOK, checkWarn, checkFail, checkSkip:
		default:
			t.Fatalf("unknown level in %q", l)
		}
		r.lines = append(r.lines, doctorLine{f[0], f[1], strings.Join(f[2:], " ")})
	}
	return r
}

// fakeStripeBalance answers GET /v1/balance as Stripe does: the balance
// for the key sk_test_good (or sk_live_good), 401 for any other.
func fakeStripeBalance(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodGet || r.URL.Path != "/v1/balance" {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}`)
			return
		}
		switch r.Header.Get("Authorization") {
		case "Bearer sk_test_good", "Bearer sk_live_good":
			fmt.Fprint(w, `{"object":"balance","available":[{"amount":0,"currency":"bdt"}],"pending":[],"livemode":false}`)
		default:
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Invalid API Key provided: sk_test_****ong"}}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// healthy is a deployment where every check passes: a migrated database,
// an upload folder, a mail server with STARTTLS and a password, Stripe keys.
type healthy struct {
	vars    map[string]string
	smtp    *mailtest.Server
	uploads string
	dataDir string
}

func newHealthy(t *testing.T) *healthy {
	t.Helper()
	smtp := mailtest.Start(t, mailtest.Options{Mode: mailtest.StartTLS, Username: "shop", Password: "mail-pass"})
	h := &healthy{smtp: smtp, uploads: t.TempDir(), dataDir: t.TempDir()}
	h.vars = map[string]string{
		"RESALE_ENV":             "production",
		"PUBLIC_URL":             "https://shop.example.com",
		"JWT_SECRET":             strings.Repeat("k", 40),
		"DATABASE_URL":           storetest.URL(t),
		"DATA_DIR":               h.dataDir,
		"UPLOAD_DIR":             h.uploads,
		"SMTP_URL":               fmt.Sprintf("smtp://shop:mail-pass@127.0.0.1:%d", smtp.Port),
		"MAIL_FROM":              "Laptop Haat <shop@example.com>",
		"STRIPE_SECRET_KEY":      "sk_live_good",
		"STRIPE_PUBLISHABLE_KEY": "pk_live_good",
		"STRIPE_WEBHOOK_SECRET":  "whsec_good",
		"STRIPE_API_BASE":        fakeStripeBalance(t),
		// #34: bKash, Nagad... through the SSLCommerz stand-in
		"SSLCOMMERZ_STORE_ID":       sslcommerztest.DefaultStoreID,
		"SSLCOMMERZ_STORE_PASSWORD": sslcommerztest.DefaultStorePassword,
		"SSLCOMMERZ_LIVE":           "true",
		"SSLCOMMERZ_API_BASE":       sslcommerztest.New(t, sslcommerztest.Options{}).URL,
		"SMS_URL":                   "https://bulksmsbd.net/api/smsapi?api_key=sms-key-not-shown&type=text&number={msisdn}&senderid=8809617&message={text}",
		// #37 Web Push
		"VAPID_PUBLIC_KEY":  testVAPIDPublic,
		"VAPID_PRIVATE_KEY": testVAPIDPrivate,
		"VAPID_SUBJECT":     "mailto:ops@example.com",
	}
	return h
}

func (h *healthy) with(change map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range h.vars {
		out[k] = v
	}
	for k, v := range change {
		out[k] = v
	}
	return out
}

func TestDoctorHealthyDeployment(t *testing.T) {
	h := newHealthy(t)
	r := runDoctor(t, h.vars, h.smtp.ClientTLS)
	if r.code != 0 {
		t.Errorf("exit %d", r.code)
	}
	r.want(t, "settings", checkOK, "production", "https://shop.example.com")
	r.want(t, "secret", checkOK)
	r.want(t, "database", checkOK, "PostgreSQL")
	r.want(t, "migrations", checkOK, "up to date")
	r.want(t, "uploads", checkOK, h.uploads)
	r.want(t, "smtp", checkOK, "signed in as shop", "nothing sent")
	r.want(t, "stripe", checkOK, "live-mode")
	r.want(t, "sslcommerz", checkOK, "knows the store testbox")
	r.want(t, "sms", checkOK, "bulksmsbd.net", "at most 500 a day", "nothing sent")
	if strings.Contains(r.raw, "sms-key-not-shown") {
		t.Errorf("the report shows the SMS gateway's key:\n%s", r.raw)
	}
	r.want(t, "push", checkOK, "mailto:ops@example.com", "nothing sent")
	if strings.Contains(r.raw, testVAPIDPrivate) {
		t.Errorf("the report shows the VAPID private key:\n%s", r.raw)
	}
	if len(r.lines) != 10 {
		t.Errorf("want one line per check, got:\n%s", r.raw)
	}
	// nothing left behind, nothing sent
	if left, _ := os.ReadDir(h.uploads); len(left) != 0 {
		t.Errorf("the upload folder holds %v after the probe", left)
	}
	if n := len(h.smtp.Messages()); n != 0 {
		t.Errorf("%d emails sent", n)
	}
	t.Logf("report:\n%s", r.raw)
}

// DATABASE_DIRECT_URL is checked when it differs from DATABASE_URL, and
// DATABASE_READ_URL that is no replica is a warning: the shop runs
// without it, on the primary.
func TestDoctorOtherDatabases(t *testing.T) {
	h := newHealthy(t)
	db := h.vars["DATABASE_URL"]
	r := runDoctor(t, h.with(map[string]string{"DATABASE_DIRECT_URL": db + "&application_name=direct", "DATABASE_READ_URL": db}), h.smtp.ClientTLS)
	var direct, read bool
	for _, l := range r.of("database") {
		direct = direct || l.level == checkOK && strings.HasPrefix(l.text, "DATABASE_DIRECT_URL connects")
		read = read || l.level == checkWarn && strings.HasPrefix(l.text, "DATABASE_READ_URL connects but is not a replica")
	}
	if !direct || !read {
		t.Errorf("want DATABASE_DIRECT_URL ok and DATABASE_READ_URL warned:\n%s", r.raw)
	}
	if r.code != 0 {
		t.Errorf("exit %d: a replica not used is a warning", r.code)
	}
}

// Each thing a deployment can get wrong is one clear failing line, and the
// doctor changes nothing.
func TestDoctorFailsEachCheck(t *testing.T) {
	h := newHealthy(t)
	closed := freeAddr(t) // nothing listens there

	doctorFailsDatabase(t, h, closed)
	doctorFailsUploads(t, h)
	doctorFailsMail(t, h, closed)
	doctorFailsStripe(t, h, closed)
	t.Run("generated secret not made", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"RESALE_ENV": "development", "JWT_SECRET": ""}), h.smtp.ClientTLS)
		r.want(t, "secret", checkWarn, "generates one")
		if _, err := os.Stat(filepath.Join(h.dataDir, "jwt-secret")); !os.IsNotExist(err) {
			t.Errorf("the doctor made the secret: %v", err)
		}
	})
}

// doctorFailsDatabase: a database the doctor cannot reach fails; one not
// migrated warns and is left so.
func doctorFailsDatabase(t *testing.T, h *healthy, closed string) {
	t.Run("database unreachable", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"DATABASE_URL": "postgres://resale@" + closed + "/resale?sslmode=disable"}), h.smtp.ClientTLS)
		r.want(t, "database", checkFail, closed, "check DATABASE_URL")
		r.want(t, "migrations", checkSkip)
		if r.code != 1 {
			t.Errorf("exit %d", r.code)
		}
	})
	t.Run("database not migrated, and left so", func(t *testing.T) {
		url := storetest.EmptyURL(t)
		r := runDoctor(t, h.with(map[string]string{"DATABASE_URL": url}), h.smtp.ClientTLS)
		r.want(t, "database", checkOK)
		r.want(t, "migrations", checkWarn, "pending", "resale migrate up")
		if r.code != 0 {
			t.Errorf("exit %d: pending migrations are applied by serve, a warning", r.code)
		}
		conn, err := pgx.Connect(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		var tables int
		if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&tables); err != nil || tables != 0 {
			t.Errorf("the doctor made %d tables (%v)", tables, err)
		}
	})
}

// doctorFailsUploads: an upload folder that is a file or under one fails;
// a missing one warns and is left so.
func doctorFailsUploads(t *testing.T, h *healthy) {
	t.Run("upload folder is a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "uploads")
		os.WriteFile(file, []byte("x"), 0o644)
		r := runDoctor(t, h.with(map[string]string{"UPLOAD_DIR": file}), h.smtp.ClientTLS)
		r.want(t, "uploads", checkFail, "is not a folder")
		if r.code != 1 {
			t.Errorf("exit %d", r.code)
		}
	})
	t.Run("upload folder under a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "file")
		os.WriteFile(file, []byte("x"), 0o644)
		r := runDoctor(t, h.with(map[string]string{"UPLOAD_DIR": filepath.Join(file, "uploads")}), h.smtp.ClientTLS)
		r.want(t, "uploads", checkFail, "not a directory", "set UPLOAD_DIR")
	})
	t.Run("upload folder missing, and left so", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "not", "yet")
		r := runDoctor(t, h.with(map[string]string{"UPLOAD_DIR": dir}), h.smtp.ClientTLS)
		r.want(t, "uploads", checkWarn, "does not exist yet")
		if _, err := os.Stat(filepath.Dir(dir)); !os.IsNotExist(err) {
			t.Errorf("the doctor made folders: %v", err)
		}
	})
}

// doctorFailsMail: a mail server down, a wrong password or an untrusted
// certificate fails; no mail set up warns.
func doctorFailsMail(t *testing.T, h *healthy, closed string) {
	t.Run("mail server down", func(t *testing.T) {
		_, port, _ := net.SplitHostPort(closed)
		r := runDoctor(t, h.with(map[string]string{"SMTP_URL": "smtp://shop:mail-pass@127.0.0.1:" + port}), h.smtp.ClientTLS)
		r.want(t, "smtp", checkFail, "127.0.0.1:"+port, "check SMTP_URL")
		if r.code != 1 {
			t.Errorf("exit %d", r.code)
		}
	})
	t.Run("mail password wrong", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"SMTP_URL": fmt.Sprintf("smtp://shop:wrong@127.0.0.1:%d", h.smtp.Port)}), h.smtp.ClientTLS)
		r.want(t, "smtp", checkFail, "check SMTP_URL")
	})
	t.Run("mail server's certificate not trusted", func(t *testing.T) {
		r := runDoctor(t, h.vars, nil)
		r.want(t, "smtp", checkFail, "certificate")
	})
	t.Run("mail not set up", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"SMTP_URL": "", "MAIL_FROM": ""}), nil)
		r.want(t, "smtp", checkWarn, "SMTP_URL is not set")
		if r.code != 0 {
			t.Errorf("exit %d", r.code)
		}
	})
}

// doctorFailsStripe: a refused or unreachable Stripe, or keys of two modes,
// fail; test keys in production and no webhook secret warn.
func doctorFailsStripe(t *testing.T, h *healthy, closed string) {
	t.Run("Stripe refuses the key", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"STRIPE_SECRET_KEY": "sk_live_wrong"}), h.smtp.ClientTLS)
		r.want(t, "stripe", checkFail, "refused STRIPE_SECRET_KEY", "401")
		if r.code != 1 {
			t.Errorf("exit %d", r.code)
		}
	})
	t.Run("Stripe unreachable", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"STRIPE_API_BASE": "http://" + closed}), h.smtp.ClientTLS)
		r.want(t, "stripe", checkFail, "asking http://"+closed)
	})
	t.Run("Stripe keys of two modes", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"STRIPE_PUBLISHABLE_KEY": "pk_test_good"}), h.smtp.ClientTLS)
		r.want(t, "stripe", checkFail, "live-mode", "test-mode")
	})
	t.Run("test keys in production", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"STRIPE_SECRET_KEY": "sk_test_good", "STRIPE_PUBLISHABLE_KEY": "pk_test_good"}), h.smtp.ClientTLS)
		ls := r.of("stripe")
		if len(ls) != 2 || ls[0].level != checkWarn || !strings.Contains(ls[0].text, "test-mode keys in production") || ls[1].level != checkOK {
			t.Errorf("stripe lines:\n%s", r.raw)
		}
	})
	t.Run("no webhook secret", func(t *testing.T) {
		r := runDoctor(t, h.with(map[string]string{"STRIPE_WEBHOOK_SECRET": ""}), h.smtp.ClientTLS)
		ls := r.of("stripe")
		if len(ls) != 2 || ls[1].level != checkWarn || !strings.Contains(ls[1].text, "STRIPE_WEBHOOK_SECRET") {
			t.Errorf("stripe lines:\n%s", r.raw)
		}
	})
}

// Every bad setting is its own failing line naming it, even with others
// wrong beside it, and the checks that need it say they were skipped.
func TestDoctorReportsEveryBadSetting(t *testing.T) {
	bad := badSettings()
	base := map[string]string{
		"DATABASE_URL": "postgres://resale@" + freeAddr(t) + "/resale?sslmode=disable",
		"DATA_DIR":     t.TempDir(),
	}
	for name, value := range bad {
		t.Run(name, func(t *testing.T) {
			vars := map[string]string{name: value}
			if name == "STRIPE_SECRET_KEY" {
				vars["STRIPE_PUBLISHABLE_KEY"] = "pk_test_x"
			}
			for k, v := range base {
				if _, ok := vars[k]; !ok {
					vars[k] = v
				}
			}
			r := runDoctor(t, vars, nil)
			if r.code != 1 {
				t.Errorf("exit %d", r.code)
			}
			fails := 0
			for _, l := range r.of("settings") {
				if l.level == checkFail {
					fails++
					if !strings.HasPrefix(l.text, name+":") && !strings.HasPrefix(l.text, name+" ") {
						t.Errorf("the failing line does not name %s: %q", name, l.text)
					}
				}
			}
			if fails != 1 {
				t.Errorf("want one failing settings line, got:\n%s", r.raw)
			}
		})
	}
	t.Run("all at once", func(t *testing.T) {
		vars := map[string]string{"STRIPE_PUBLISHABLE_KEY": "pk_test_x"}
		for k, v := range bad {
			vars[k] = v
		}
		r := runDoctor(t, vars, nil)
		if r.code != 1 {
			t.Errorf("exit %d", r.code)
		}
		named := map[string]bool{}
		for _, l := range r.of("settings") {
			named[strings.TrimSuffix(strings.Fields(l.text)[0], ":")] = true
		}
		for name := range bad {
			if !named[name] {
				t.Errorf("%s is not reported:\n%s", name, r.raw)
			}
		}
		for _, check := range []string{"secret", "database", "migrations", "smtp", "stripe"} {
			if ls := r.of(check); len(ls) != 1 || ls[0].level != checkSkip {
				t.Errorf("%s: want one skip line:\n%s", check, r.raw)
			}
		}
	})
}

// badSettings are one bad value for each setting the doctor checks.
func badSettings() map[string]string {
	return map[string]string{
		"RESALE_ENV":             "staging",
		"ADDR":                   "eighty",
		"METRICS_ADDR":           "9090",
		"PUBLIC_URL":             "ftp://shop.example.com",
		"LOG_FORMAT":             "xml",
		"DATABASE_URL":           "postgres://u:pw@[::1",
		"MIGRATION_DATABASE_URL": "postgres://u:pw@[::1",
		"DB_CONNECT_WAIT":        "-1s",
		"DATABASE_MAX_CONNS":     "1",
		"PUBLIC_READ_TIMEOUT":    "soon",
		"UPLOAD_TEMP_DIR":        "/nonexistent/resale-tmp",
		"ADVERTISE_DAYS":         "0",
		"ADVERTISE_LIMIT":        "many",
		"LISTING_DAYS":           "1",
		"SHUTDOWN_TIMEOUT":       "later",
		"REQUEST_TIMEOUT":        "0s",
		"JWT_SECRET":             "short",
		"CURRENCY":               "taka",
		"TZ":                     "Mars/Olympus_Mons",
		"STRIPE_SECRET_KEY":      "stripe-key",
		"STRIPE_WEBHOOK_SECRET":  "secret",
		"STRIPE_API_BASE":        "ftp://stripe",
		"TRUSTED_PROXIES":        "caddy",
		"GOOGLE_CLIENT_ID":       "only-the-id",
		"GOOGLE_ISSUER":          "accounts.google.com",
		"S3_BUCKET":              "photos",
		"RECONCILE_INTERVAL":     "often",
		"SMTP_URL":               "http://mail.example.com",
		"MAIL_FROM":              "not an address",
	}
}

// The command itself: its exit codes and usage.
func TestDoctorCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"doctor", "now"}, env(nil), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "doctor takes no arguments") {
		t.Errorf("doctor now: exit %d, %q", code, errOut.String())
	}
	out.Reset()
	code := run(context.Background(), []string{"doctor"}, env(map[string]string{"TZ": "Nowhere/Land", "DATA_DIR": t.TempDir(),
		"DATABASE_URL": "postgres://resale@" + freeAddr(t) + "/resale?sslmode=disable"}), &out, &errOut)
	if code != 1 || !strings.Contains(out.String(), "fail  settings   TZ: is not a known time zone") {
		t.Errorf("exit %d, report:\n%s", code, out.String())
	}
	out.Reset()
	run(context.Background(), []string{"help"}, env(nil), &out, &errOut)
	if !strings.Contains(out.String(), "doctor") {
		t.Errorf("usage does not list doctor: %s", out.String())
	}
}

// Photos in an object store: a missing bucket is a warning and is not
// made; with the bucket, a probe object is written and removed; wrong
// keys fail.
func TestDoctorS3(t *testing.T) {
	s3 := s3test.Start(t) // skips without S3_SERVER_BIN
	h := newHealthy(t)
	vars := h.with(s3.Env())
	delete(vars, "UPLOAD_DIR")
	vars["UPLOAD_DIR"] = ""

	r := runDoctor(t, vars, h.smtp.ClientTLS)
	r.want(t, "uploads", checkWarn, "does not exist", s3.Options.Bucket)
	client, err := minio.New(strings.TrimPrefix(s3.Options.Endpoint, "http://"), &minio.Options{
		Creds: credentials.NewStaticV4(s3.Options.AccessKeyID, s3.Options.SecretAccessKey, ""), Region: "us-east-1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if ok, err := client.BucketExists(ctx, s3.Options.Bucket); err != nil || ok {
		t.Fatalf("the doctor made the bucket (%v)", err)
	}

	if _, err := media.OpenS3(ctx, s3.Options); err != nil { // as serve does: makes the bucket
		t.Fatal(err)
	}
	r = runDoctor(t, vars, h.smtp.ClientTLS)
	r.want(t, "uploads", checkOK, "probe object", s3.Options.Bucket)
	if r.code != 0 {
		t.Errorf("exit %d:\n%s", r.code, r.raw)
	}
	for obj := range client.ListObjects(ctx, s3.Options.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		t.Errorf("left in the bucket: %s %v", obj.Key, obj.Err)
	}

	vars["S3_SECRET_ACCESS_KEY"] = "wrong-secret-0123456789"
	r = runDoctor(t, vars, h.smtp.ClientTLS)
	r.want(t, "uploads", checkFail, "S3_SECRET_ACCESS_KEY")
}

// Stripe's own stand-in (stripe-mock) accepts the balance call as the
// doctor makes it.
func TestDoctorStripeMock(t *testing.T) {
	bin := os.Getenv("STRIPE_MOCK_BIN")
	if bin == "" {
		t.Skip("STRIPE_MOCK_BIN is not set (make test sets it)")
	}
	addr := freeAddr(t)
	cmd := exec.Command(bin, "-http-addr", addr)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(60 * time.Second); ; {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("stripe-mock did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
	h := newHealthy(t)
	r := runDoctor(t, h.with(map[string]string{"STRIPE_API_BASE": "http://" + addr,
		"STRIPE_SECRET_KEY": "sk_test_123", "STRIPE_PUBLISHABLE_KEY": "pk_test_123"}), h.smtp.ClientTLS)
	ls := r.of("stripe")
	if len(ls) == 0 || ls[len(ls)-1].level != checkOK || !strings.Contains(ls[len(ls)-1].text, "test-mode secret key (balance read)") {
		t.Errorf("stripe lines:\n%s", r.raw)
	}
}

// #34 SSLCommerz: a store account the gateway refuses, a gateway out of
// reach, the sandbox in production and no account at all each say so.
func TestDoctorSSLCommerz(t *testing.T) {
	h := newHealthy(t)
	for name, c := range map[string]struct {
		change map[string]string
		level  string
		words  []string
	}{
		"refused":       {map[string]string{"SSLCOMMERZ_STORE_PASSWORD": "wrong"}, checkFail, []string{"refused the store account"}},
		"unreachable":   {map[string]string{"SSLCOMMERZ_API_BASE": "http://" + freeAddr(t)}, checkFail, []string{"asking http://", "SSLCOMMERZ_API_BASE"}},
		"not set up":    {map[string]string{"SSLCOMMERZ_STORE_ID": "", "SSLCOMMERZ_STORE_PASSWORD": ""}, checkWarn, []string{"SSLCOMMERZ_STORE_ID is not set"}},
		"sandbox, live": {map[string]string{"SSLCOMMERZ_LIVE": "false"}, checkWarn, []string{"the sandbox in production"}},
	} {
		t.Run(name, func(t *testing.T) {
			r := runDoctor(t, h.with(c.change), h.smtp.ClientTLS)
			ls := r.of("sslcommerz")
			if len(ls) == 0 || ls[0].level != c.level {
				t.Fatalf("sslcommerz lines:\n%s", r.raw)
			}
			for _, w := range c.words {
				if !strings.Contains(ls[0].text, w) {
					t.Errorf("%q does not say %q", ls[0].text, w)
				}
			}
			if strings.Contains(r.raw, "wrong") || strings.Contains(r.raw, sslcommerztest.DefaultStorePassword) {
				t.Errorf("the report shows the password:\n%s", r.raw)
			}
			if wantCode := map[string]int{checkFail: 1}[c.level]; r.code != wantCode {
				t.Errorf("exit %d, want %d", r.code, wantCode)
			}
		})
	}
}
