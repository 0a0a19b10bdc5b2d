package api

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"
	"unicode"

	"resale/auth"
	"resale/checkreport"
	"resale/store"
)

// checkKeys are the keys of #40, derived from the server's secret so every
// instance holds the same ones and nothing new is stored: the shop's
// Ed25519 key that signs each stored report (its public half published),
// and the HMAC key that hashes serials so they match without being
// listable.
type checkKeys struct {
	sign   ed25519.PrivateKey
	serial []byte
}

func newCheckKeys(secret []byte) checkKeys {
	seed := auth.DeriveKey(secret, "resale check report signing v1") // 32 bytes: an Ed25519 seed
	return checkKeys{sign: ed25519.NewKeyFromSeed(seed), serial: auth.DeriveKey(secret, "resale serial hash v1")}
}

// publicKey is the signing key's public half, base64.
func (k checkKeys) publicKey() string {
	return base64.StdEncoding.EncodeToString(k.sign.Public().(ed25519.PublicKey))
}

// normalSerial is a serial as compared: upper case, without spaces or
// hyphens ("pf2x-k9qz" is "PF2XK9QZ").
func normalSerial(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// serialHash is the keyed hash of a normalised serial.
func (k checkKeys) serialHash(normal string) []byte {
	mac := hmac.New(sha256.New, k.serial)
	mac.Write([]byte(normal))
	return mac.Sum(nil)
}

// last4 is what people see of a normalised serial.
func last4(normal string) string {
	r := []rune(normal)
	return string(r[max(0, len(r)-4):])
}

// checkStatement is what the shop signs: the report (its serial left out,
// shown as serialLast4) with where and when it was received.
type checkStatement struct {
	Shop        string             `json:"shop"`
	ProductID   string             `json:"productId,omitempty"`
	BookingID   string             `json:"bookingId,omitempty"`
	ReceivedAt  time.Time          `json:"receivedAt"`
	SerialLast4 string             `json:"serialLast4"`
	Report      checkreport.Report `json:"report"`
}

// signCheck makes the statement of a report received at, for a listing or
// a booking (by id, formatted), signs it and hashes its serial.
func (s *Server) signCheck(r checkreport.Report, at time.Time, productID, bookingID string) (store.SignedCheck, error) {
	var hash []byte
	var four string
	if r.Serial != nil {
		n := normalSerial(*r.Serial)
		hash, four = s.checkKeys.serialHash(n), last4(n)
	}
	r.Serial = nil
	st := checkStatement{Shop: s.publicURL.String(), ProductID: productID, BookingID: bookingID,
		ReceivedAt: at.UTC().Truncate(time.Second), SerialLast4: four, Report: r}
	text, err := json.Marshal(st)
	if err != nil {
		return store.SignedCheck{}, err
	}
	return store.SignedCheck{Report: string(text), Signature: ed25519.Sign(s.checkKeys.sign, text),
		SerialHash: hash, SerialLast4: four, At: st.ReceivedAt}, nil
}

// codeAlphabet makes check codes: no 0, O, 1 or I to misread.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// newCheckCode is 8 random characters of codeAlphabet (40 bits), shown as
// two groups of 4.
func newCheckCode() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)] // 256 is 8 x 32: no bias
	}
	return string(b[:4]) + "-" + string(b[4:]), nil
}

// checkCodeHash is what is kept of a code: the SHA-256 of its letters and
// digits in upper case, so "7kq4 9mxp" is "7KQ4-9MXP".
func checkCodeHash(code string) []byte {
	sum := sha256.Sum256([]byte(normalSerial(code)))
	return sum[:]
}
