package api

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// FuzzDecodeJSON: no body makes the request decoders panic or answer
// anything but a clear 4xx.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"productName":"HP","sellPrice":100,"orginalPrice":200}`,
		`{"ProductId":"1","number":"017","meetLocation":"x"}`,
		`{"email":"a@b.c","password":"x"}`, `{}`, `[]`, `null`, `{"a":1}{"b":2}`, "{\"productName\":\"\x00\"}",
		`{"sellPrice":1e309}`, `{"sellPrice":-1}`, `{"sellPrice":"1"}`, `{"price":true}`,
	} {
		f.Add([]byte(seed))
	}
	e := echo.New()
	targets := []func() any{
		func() any { return &newProductRequest{} },
		func() any { return &newBookingRequest{} },
		func() any { return &loginRequest{} },
		func() any { return &paymentRequest{} },
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, target := range targets {
			req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			c := e.NewContext(req, httptest.NewRecorder())
			err := decodeJSON(c, target())
			if err == nil {
				continue
			}
			var ae *Error
			if !errors.As(err, &ae) || ae.Status < 400 || ae.Status >= 500 || ae.Message == "" {
				t.Fatalf("body %q: error %v is not a clear 4xx", body, err)
			}
		}
	})
}
