package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"resale/push"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaults(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Production || c.Addr != ":8080" || c.PublicURL.String() != "http://localhost:8080" ||
		c.Currency != "bdt" || c.Location.String() != "Asia/Dhaka" || c.LogFormat != "text" ||
		c.UploadDir != filepath.Join(".data", "uploads") || c.JWTSecretFile != filepath.Join(".data", "jwt-secret") {
		t.Errorf("defaults = %+v", c)
	}
	if c.DBConnectWait != 30*time.Second || c.ShutdownWait != 20*time.Second {
		t.Errorf("waits = %v %v", c.DBConnectWait, c.ShutdownWait)
	}
	if c.DatabaseMaxConns != 0 || c.PublicReadTimeout != 2*time.Second || c.UploadTempDir != "" {
		t.Errorf("limits = %d %v %q", c.DatabaseMaxConns, c.PublicReadTimeout, c.UploadTempDir)
	}
}

func TestConfigLimits(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(env(map[string]string{"DATABASE_MAX_CONNS": "24", "PUBLIC_READ_TIMEOUT": "500ms", "UPLOAD_TEMP_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseMaxConns != 24 || c.PublicReadTimeout != 500*time.Millisecond || c.UploadTempDir != dir {
		t.Errorf("limits = %d %v %q", c.DatabaseMaxConns, c.PublicReadTimeout, c.UploadTempDir)
	}
	// #31 I-2: the deep-paging budget, 3600 by default, "off" for benchmarks
	for v, want := range map[string]int{"": 3600, "7200": 7200, "off": -1} {
		c, err := loadConfig(env(map[string]string{"DEEP_PAGES_PER_HOUR": v}))
		if err != nil {
			t.Errorf("DEEP_PAGES_PER_HOUR %q: %v", v, err)
		} else if c.DeepPagesPerHour != want {
			t.Errorf("DEEP_PAGES_PER_HOUR %q = %d, want %d", v, c.DeepPagesPerHour, want)
		}
	}
}

func TestConfigProduction(t *testing.T) {
	good := map[string]string{
		"RESALE_ENV":   "production",
		"DATABASE_URL": "postgres://app@db.internal/resale",
		"PUBLIC_URL":   "https://shop.example.com/",
		"JWT_SECRET":   strings.Repeat("k", 32),
		"ADDR":         "127.0.0.1:9000",
		"CURRENCY":     "USD",
		"TZ":           "UTC",
		"UPLOAD_DIR":   "/var/lib/resale/photos",
	}
	c, err := loadConfig(env(good))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Production || c.PublicURL.String() != "https://shop.example.com" || c.Currency != "usd" ||
		c.LogFormat != "json" || c.UploadDir != "/var/lib/resale/photos" || string(c.JWTSecret) != good["JWT_SECRET"] {
		t.Errorf("config = %+v", c)
	}
	for _, missing := range []string{"DATABASE_URL", "PUBLIC_URL", "JWT_SECRET"} {
		m := map[string]string{}
		for k, v := range good {
			m[k] = v
		}
		delete(m, missing)
		_, err := loadConfig(env(m))
		if err == nil || !strings.HasPrefix(err.Error(), missing+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("without %s: err = %v, want one line naming it", missing, err)
		}
	}
}

func TestConfigRejectsBadValues(t *testing.T) {
	cases := map[string]map[string]string{
		"DATABASE_URL":           {"DATABASE_URL": "postgres://user:secret@[::1"},
		"ADDR":                   {"ADDR": "8080"},
		"PUBLIC_URL":             {"PUBLIC_URL": "shop.example.com"},
		"RESALE_ENV":             {"RESALE_ENV": "staging"},
		"JWT_SECRET":             {"JWT_SECRET": "short"},
		"CURRENCY":               {"CURRENCY": "taka"},
		"TZ":                     {"TZ": "Mars/Olympus"},
		"LOG_FORMAT":             {"LOG_FORMAT": "xml"},
		"LOG_LEVEL":              {"LOG_LEVEL": "loud"},
		"DB_CONNECT_WAIT":        {"DB_CONNECT_WAIT": "forever"},
		"SHUTDOWN_TIMEOUT":       {"SHUTDOWN_TIMEOUT": "-1s"},
		"STRIPE_SECRET_KEY":      {"STRIPE_SECRET_KEY": "sk_test_x"},
		"STRIPE_PUBLISHABLE_KEY": {"STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_PUBLISHABLE_KEY": "sk_test_y"},
		"STRIPE_WEBHOOK_SECRET":  {"STRIPE_WEBHOOK_SECRET": "secret"},
		"STRIPE_API_BASE":        {"STRIPE_API_BASE": "localhost:12111"},
		"GOOGLE_CLIENT_ID":       {"GOOGLE_CLIENT_SECRET": "s"},
		"GOOGLE_ISSUER":          {"GOOGLE_ISSUER": "accounts.google.com"},
		"TRUSTED_PROXIES":        {"TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"},
		"DATABASE_MAX_CONNS":     {"DATABASE_MAX_CONNS": "1"},
		"PUBLIC_READ_TIMEOUT":    {"PUBLIC_READ_TIMEOUT": "0s"},
		"UPLOAD_TEMP_DIR":        {"UPLOAD_TEMP_DIR": "/no/such/folder"},
		"DEEP_PAGES_PER_HOUR":    {"DEEP_PAGES_PER_HOUR": "0"},
		"DATABASE_DIRECT_URL":    {"DATABASE_DIRECT_URL": "postgres://user:secret@[::1"},
		"DATABASE_READ_URL":      {"DATABASE_READ_URL": "postgres://user:secret@[::1"},
		"DATABASE_READ_MAX_LAG":  {"DATABASE_READ_MAX_LAG": "500ms"},
	}
	for name, m := range cases {
		_, err := loadConfig(env(m))
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want one line naming %s", name, err, name)
		}
		if err != nil && strings.Contains(err.Error(), "secret@") {
			t.Errorf("%s: the error repeats the password: %v", name, err)
		}
	}
}

// DATABASE_DIRECT_URL defaults to DATABASE_URL, which is then not taken
// for a pooler; set to another, it is.
func TestConfigDirectAndReadURLs(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"DATABASE_URL": "postgres://db:5432/shop"}))
	if err != nil || c.DirectURL != c.DatabaseURL || c.behindPooler() || c.ReadURL != "" || c.ReadMaxLag != 5*time.Second || readYourWrites(c) != 0 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, err = loadConfig(env(map[string]string{"DATABASE_URL": "postgres://db:6432/shop", "DATABASE_DIRECT_URL": "postgres://db:5432/shop",
		"DATABASE_READ_URL": "postgres://replica:5432/shop", "DATABASE_READ_MAX_LAG": "2s"}))
	if err != nil || !c.behindPooler() || c.ReadURL != "postgres://replica:5432/shop" || readYourWrites(c) != 3*time.Second {
		t.Fatalf("set: %+v %v", c, err)
	}
}

func TestGeneratedJWTSecretIsKept(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(env(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	first, err := c.jwtSecret()
	if err != nil || len(first) < 32 {
		t.Fatalf("secret %q, %v", first, err)
	}
	second, err := c.jwtSecret()
	if err != nil || string(second) != string(first) {
		t.Fatalf("second read = %q, %v; want the same secret", second, err)
	}
	info, err := os.Stat(filepath.Join(dir, "jwt-secret"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", info, err)
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7 ,::1"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range c.TrustedProxies {
		got = append(got, n.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 192.0.2.7/32 ::1/128" {
		t.Errorf("proxies = %v", got)
	}
}

func TestConfigObjectStorage(t *testing.T) {
	good := map[string]string{
		"S3_ENDPOINT":          "https://s3.eu-central-1.amazonaws.com/",
		"S3_BUCKET":            "shop-photos",
		"S3_ACCESS_KEY_ID":     "AKIAEXAMPLE",
		"S3_SECRET_ACCESS_KEY": "very-secret-key",
		"S3_REGION":            "eu-central-1",
	}
	c, err := loadConfig(env(good))
	if err != nil {
		t.Fatal(err)
	}
	if c.S3.Endpoint != "https://s3.eu-central-1.amazonaws.com" || c.S3.Bucket != "shop-photos" || c.S3.AccessKeyID != "AKIAEXAMPLE" ||
		c.S3.SecretAccessKey != "very-secret-key" || c.S3.Region != "eu-central-1" || c.UploadDir != "" {
		t.Errorf("config = %+v, upload dir %q", c.S3, c.UploadDir)
	}
	if c, _ := loadConfig(env(nil)); c.S3.Endpoint != "" {
		t.Errorf("object storage on by default: %+v", c.S3)
	}

	with := func(changes map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range good {
			m[k] = v
		}
		for k, v := range changes {
			if v == "" {
				delete(m, k)
			} else {
				m[k] = v
			}
		}
		return m
	}
	cases := []struct {
		name string
		env  map[string]string
	}{
		{"S3_ENDPOINT", with(map[string]string{"S3_ENDPOINT": "s3.example.com"})},
		{"S3_ENDPOINT", with(map[string]string{"S3_ENDPOINT": "https://s3.example.com/bucket"})},
		{"S3_ENDPOINT", with(map[string]string{"S3_ENDPOINT": "https://key:very-secret-key@s3.example.com"})},
		{"S3_ENDPOINT", with(map[string]string{"S3_ENDPOINT": "https://key:very-secret-key@[::1"})},
		{"S3_BUCKET", with(map[string]string{"S3_BUCKET": ""})},
		{"S3_BUCKET", with(map[string]string{"S3_BUCKET": "Shop_Photos"})},
		{"S3_BUCKET", with(map[string]string{"S3_BUCKET": "ab"})},
		{"S3_ACCESS_KEY_ID", with(map[string]string{"S3_ACCESS_KEY_ID": ""})},
		{"S3_SECRET_ACCESS_KEY", with(map[string]string{"S3_SECRET_ACCESS_KEY": ""})},
		{"S3_REGION", with(map[string]string{"S3_REGION": "EU Central"})},
		{"UPLOAD_DIR", with(map[string]string{"UPLOAD_DIR": "/var/lib/resale/photos"})},
		{"S3_BUCKET", map[string]string{"S3_BUCKET": "shop-photos"}},
		{"S3_SECRET_ACCESS_KEY", map[string]string{"S3_SECRET_ACCESS_KEY": "very-secret-key"}},
		{"RECONCILE_INTERVAL", map[string]string{"RECONCILE_INTERVAL": "often"}},
	}
	for _, tc := range cases {
		_, err := loadConfig(env(tc.env))
		if err == nil || !strings.HasPrefix(err.Error(), tc.name+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: err = %v, want one line naming %s", tc.env, err, tc.name)
		}
		if err != nil && strings.Contains(err.Error(), "very-secret-key") {
			t.Errorf("%s: the error repeats the secret key: %v", tc.name, err)
		}
	}
}

func TestConfigMail(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.SMTP != nil || c.MailFrom.Name != "Resale" {
		t.Fatalf("default: %+v %+v, %v; want no SMTP (mail to the log)", c.SMTP, c.MailFrom, err)
	}
	c, err = loadConfig(env(map[string]string{"SMTP_URL": "smtps://shop:very-secret-key@smtp.example.com", "MAIL_FROM": "Laptop Haat <shop@example.com>"}))
	if err != nil || c.SMTP.Host != "smtp.example.com" || c.SMTP.Port != 465 || c.SMTP.Password != "very-secret-key" ||
		c.MailFrom.Name != "Laptop Haat" || c.MailFrom.Address != "shop@example.com" {
		t.Fatalf("smtps: %+v %+v, %v", c.SMTP, c.MailFrom, err)
	}
	cases := []struct {
		name string
		env  map[string]string
	}{
		{"SMTP_URL", map[string]string{"SMTP_URL": "mail.example.com:587", "MAIL_FROM": "shop@example.com"}},
		{"SMTP_URL", map[string]string{"SMTP_URL": "smtp://shop:very-secret-key@smtp.example.com?tls=none", "MAIL_FROM": "shop@example.com"}},
		{"SMTP_URL", map[string]string{"SMTP_URL": "smtp://shop:very-secret-key@smtp.example.com:x", "MAIL_FROM": "shop@example.com"}},
		{"MAIL_FROM", map[string]string{"SMTP_URL": "smtp://shop:very-secret-key@smtp.example.com"}},
		{"MAIL_FROM", map[string]string{"MAIL_FROM": "Resale"}},
	}
	for _, tc := range cases {
		_, err := loadConfig(env(tc.env))
		if err == nil || !strings.HasPrefix(err.Error(), tc.name+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: err = %v, want one line naming %s", tc.env, err, tc.name)
		}
		if err != nil && strings.Contains(err.Error(), "very-secret-key") {
			t.Errorf("%s: the error repeats the password: %v", tc.name, err)
		}
	}
}

// #32 M2: a placeholder or a value with its comment (an env file keeps the
// comment after a value in it) is refused for every secret or key setting,
// in one line naming the setting and not repeating the value.
func TestConfigRefusesPlaceholderSecrets(t *testing.T) {
	base := map[string]string{
		"RESALE_ENV":   "production",
		"DATABASE_URL": "postgres://app@db.internal/resale",
		"PUBLIC_URL":   "https://shop.example.com",
		"JWT_SECRET":   strings.Repeat("k", 64),
	}
	good := map[string]string{
		"JWT_SECRET":             strings.Repeat("k", 64),
		"STRIPE_SECRET_KEY":      "sk_test_abc",
		"STRIPE_PUBLISHABLE_KEY": "pk_test_abc",
		"STRIPE_WEBHOOK_SECRET":  "whsec_abc",
		"GOOGLE_CLIENT_ID":       "123.apps.googleusercontent.com",
		"GOOGLE_CLIENT_SECRET":   "GOCSPX-abc",
		"S3_ACCESS_KEY_ID":       "AKIAEXAMPLE",
		"S3_SECRET_ACCESS_KEY":   "wJalrXUtnFEMI-K7MDENG",
		"S3_ENDPOINT":            "https://s3.example.com",
		"S3_BUCKET":              "shop-photos",
	}
	bad := []string{
		"...            # openssl rand -hex 32", // README's old sample, as systemd reads it
		strings.Repeat("k", 40) + " # from the vault",
		strings.Repeat("k", 40) + "#comment",
		"...",
		strings.Repeat("k", 20) + "..." + strings.Repeat("k", 20),
		strings.Repeat("k", 20) + "\t" + strings.Repeat("k", 20),
		strings.Repeat("k", 20) + " " + strings.Repeat("k", 20),
	}
	if _, err := loadConfig(env(withAll(base, good))); err != nil {
		t.Fatalf("real-looking secrets refused: %v", err)
	}
	for _, name := range secretSettings {
		for _, v := range bad {
			m := withAll(base, good)
			m[name] = v
			_, err := loadConfig(env(m))
			if err == nil || !strings.HasPrefix(err.Error(), name+": ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s=%q: err = %v, want one line naming %s", name, v, err, name)
				continue
			}
			if strings.Contains(err.Error(), "kkkk") || strings.Contains(err.Error(), "openssl rand") {
				t.Errorf("%s: the error repeats the value: %v", name, err)
			}
		}
	}
}

func withAll(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// #34 SSLCommerz is off without its store account, on with both its id
// and password (sandbox unless SSLCOMMERZ_LIVE), and a half-set or bad
// value stops the start in one line naming the setting.
func TestConfigSSLCommerz(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.SSLCommerz != (sslcommerzConfig{}) {
		t.Fatalf("default: %+v, %v; want off", c.SSLCommerz, err)
	}
	c, err = loadConfig(env(map[string]string{"SSLCOMMERZ_STORE_ID": "testbox", "SSLCOMMERZ_STORE_PASSWORD": "qwerty@ssl"}))
	if err != nil || c.SSLCommerz != (sslcommerzConfig{StoreID: "testbox", StorePassword: "qwerty@ssl"}) {
		t.Fatalf("sandbox: %+v, %v", c.SSLCommerz, err)
	}
	c, err = loadConfig(env(map[string]string{"SSLCOMMERZ_STORE_ID": "shop", "SSLCOMMERZ_STORE_PASSWORD": "pw", "SSLCOMMERZ_LIVE": "true", "SSLCOMMERZ_API_BASE": "http://127.0.0.1:9000"}))
	if err != nil || !c.SSLCommerz.Live || c.SSLCommerz.APIBase != "http://127.0.0.1:9000" {
		t.Fatalf("live through a stand-in: %+v, %v", c.SSLCommerz, err)
	}
	for name, m := range map[string]map[string]string{
		"SSLCOMMERZ_STORE_ID":       {"SSLCOMMERZ_STORE_PASSWORD": "very-secret-key"},
		"SSLCOMMERZ_LIVE":           {"SSLCOMMERZ_LIVE": "sometimes"},
		"SSLCOMMERZ_API_BASE":       {"SSLCOMMERZ_API_BASE": "sandbox.sslcommerz.com"},
		"SSLCOMMERZ_STORE_PASSWORD": {"SSLCOMMERZ_STORE_ID": "shop", "SSLCOMMERZ_STORE_PASSWORD": "very-secret-key # from the panel"},
	} {
		_, err := loadConfig(env(m))
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want one line naming it", name, err)
		}
		if err != nil && strings.Contains(err.Error(), "very-secret-key") {
			t.Errorf("%s: the error repeats the password: %v", name, err)
		}
	}
}

// #35: SMS_URL and its companions; without it SMS is off. A bad one is
// one line naming the setting, never repeating a key it holds.
func TestConfigSMS(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.SMS != nil || c.SMSDailyLimit != 500 {
		t.Fatalf("default: %+v %d, %v; want off, 500 a day", c.SMS, c.SMSDailyLimit, err)
	}
	twilio := map[string]string{"SMS_URL": "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json", "SMS_METHOD": "post",
		"SMS_BODY": "To={to}&From=%2B15005550006&Body={text}", "SMS_AUTH": "Authorization: Basic QUMxOnRva2Vu", "SMS_DAILY_LIMIT": "50"}
	c, err = loadConfig(env(twilio))
	if err != nil || c.SMS == nil || c.SMS.Method != "POST" || c.SMSDailyLimit != 50 {
		t.Fatalf("Twilio: %+v, %v", c.SMS, err)
	}
	for name, m := range map[string]map[string]string{
		"SMS_URL":         {"SMS_URL": "bulksmsbd.net/api/smsapi?api_key=very-secret-key&number={msisdn}&message={text}"},
		"SMS_METHOD":      {"SMS_URL": "https://x/?to={to}&text={text}", "SMS_METHOD": "PUT"},
		"SMS_BODY":        {"SMS_URL": "https://x/?to={to}&text={text}", "SMS_BODY": "a={text}"},
		"SMS_AUTH":        {"SMS_URL": "https://x/?to={to}&text={text}", "SMS_AUTH": "very-secret-key"},
		"SMS_DAILY_LIMIT": {"SMS_DAILY_LIMIT": "0"},
	} {
		_, err := loadConfig(env(m))
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want one line naming it", name, err)
		}
		if err != nil && strings.Contains(err.Error(), "very-secret-key") {
			t.Errorf("%s: the error repeats the key: %v", name, err)
		}
	}
	if _, err := loadConfig(env(map[string]string{"SMS_AUTH": "Authorization: Basic x"})); err == nil || !strings.HasPrefix(err.Error(), "SMS_AUTH: ") {
		t.Errorf("SMS_AUTH without SMS_URL: %v", err)
	}
}

// the test deployment's VAPID pair (#37)
var testVAPIDPublic, testVAPIDPrivate = func() (string, string) {
	pub, priv, err := push.GenerateKeys()
	if err != nil {
		panic(err)
	}
	return pub, priv
}()

// #37: the three VAPID settings, all or none; keys that are no pair, or a
// subject that is no address, are one line naming the setting, never
// repeating the private key; PUSH_ALLOW_LOCAL is refused in production.
func TestConfigPush(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.Push != nil {
		t.Fatalf("default: %+v, %v; want off", c.Push, err)
	}
	good := map[string]string{"VAPID_PUBLIC_KEY": testVAPIDPublic, "VAPID_PRIVATE_KEY": testVAPIDPrivate, "VAPID_SUBJECT": "mailto:ops@example.com"}
	c, err = loadConfig(env(good))
	if err != nil || c.Push == nil || c.Push.PublicKey != testVAPIDPublic || c.Push.AllowLocal {
		t.Fatalf("good: %+v, %v", c.Push, err)
	}
	other, _, _ := push.GenerateKeys()
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range good {
			m[a] = b
		}
		m[k] = v
		return m
	}
	for name, m := range map[string]map[string]string{
		"VAPID_PUBLIC_KEY":  with("VAPID_PUBLIC_KEY", ""),
		"VAPID_PRIVATE_KEY": with("VAPID_PUBLIC_KEY", other),
		"VAPID_SUBJECT":     with("VAPID_SUBJECT", "ops@example.com"),
		"PUSH_ALLOW_LOCAL":  with("PUSH_ALLOW_LOCAL", "maybe"),
	} {
		_, err := loadConfig(env(m))
		if err == nil || !strings.HasPrefix(err.Error(), name+": ") || strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), testVAPIDPrivate) {
			t.Errorf("%s: err = %v, want one line naming it", name, err)
		}
	}
	prod := with("PUSH_ALLOW_LOCAL", "true")
	prod["RESALE_ENV"], prod["JWT_SECRET"], prod["PUBLIC_URL"], prod["DATABASE_URL"] = "production", strings.Repeat("k", 40), "https://shop.example.com", "postgres://db.example.com/resale"
	if _, err := loadConfig(env(prod)); err == nil || !strings.HasPrefix(err.Error(), "PUSH_ALLOW_LOCAL: ") {
		t.Errorf("PUSH_ALLOW_LOCAL in production: %v", err)
	}
}

// resale vapid-keys prints a new pair that the settings take, without
// reading a setting.
func TestVapidKeysCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"vapid-keys"}, env(map[string]string{"RESALE_ENV": "nonsense"}), &out, &errOut); code != 0 || errOut.Len() != 0 {
		t.Fatalf("exit %d, %q", code, errOut.String())
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		k, v, _ := strings.Cut(line, "=")
		m[k] = v
	}
	m["VAPID_SUBJECT"] = "mailto:ops@example.com"
	if c, err := loadConfig(env(m)); err != nil || c.Push == nil || len(m) != 3 {
		t.Fatalf("%q: %v", out.String(), err)
	}
}

// #34: COMMISSION_PERCENT is a percentage with at most two decimals, kept
// in hundredths of a percent; anything else stops the program.
func TestConfigCommission(t *testing.T) {
	for v, want := range map[string]int64{"": 0, "0": 0, "5": 500, "2.5": 250, "12.75": 1275, "100": 10000, "0.01": 1} {
		c, err := loadConfig(env(map[string]string{"COMMISSION_PERCENT": v}))
		if err != nil {
			t.Errorf("COMMISSION_PERCENT %q: %v", v, err)
		} else if c.CommissionBP != want {
			t.Errorf("COMMISSION_PERCENT %q = %d, want %d", v, c.CommissionBP, want)
		}
	}
	for _, v := range []string{"-1", "100.01", "101", "2.555", "5%", ".5", "1e2", "2,5", "five", "+5"} {
		_, err := loadConfig(env(map[string]string{"COMMISSION_PERCENT": v}))
		if err == nil || !strings.HasPrefix(err.Error(), "COMMISSION_PERCENT: ") {
			t.Errorf("COMMISSION_PERCENT %q: err = %v", v, err)
		}
	}
}

// #34: ADVERTISE_PRICE is whole Tk, 0 (free) by default, never negative.
func TestAdvertisePriceSetting(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.AdvertisePrice != 0 {
		t.Fatalf("default: %v, %d", err, c.AdvertisePrice)
	}
	for v, want := range map[string]int{"0": 0, "500": 500, "500000": 500000} {
		c, err := loadConfig(env(map[string]string{"ADVERTISE_PRICE": v}))
		if err != nil || c.AdvertisePrice != want {
			t.Errorf("ADVERTISE_PRICE %q: %v, %d", v, err, c.AdvertisePrice)
		}
	}
	for _, v := range []string{"-1", "12.5", "abc", "500001"} {
		_, err := loadConfig(env(map[string]string{"ADVERTISE_PRICE": v}))
		if err == nil || !strings.HasPrefix(err.Error(), "ADVERTISE_PRICE: ") {
			t.Errorf("ADVERTISE_PRICE %q: err = %v", v, err)
		}
	}
}
