package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// #35 the log says at start whether the shop sends SMS, naming the
// gateway's host only (its URL may hold a key).
func TestStartLogSaysWhetherSMSIsOn(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "sms: off (SMS_URL not set)"},
		{map[string]string{"SMS_URL": "https://bulksmsbd.net/api/smsapi?api_key=sms-key-not-shown&number={msisdn}&message={text}"}, `msg="sms: on" gateway=bulksmsbd.net daily_limit=500`},
	} {
		cfg, err := loadConfig(env(c.env))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		logOptionalParts(slog.New(slog.NewTextHandler(&out, nil)), cfg)
		if !strings.Contains(out.String(), c.want) || strings.Contains(out.String(), "sms-key-not-shown") {
			t.Errorf("the start log:\n%s\nwant %q, and no key", out.String(), c.want)
		}
	}
}
