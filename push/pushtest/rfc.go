package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// claims are the VAPID JWT's claims (RFC 8292 section 2).
type claims struct {
	Aud string `json:"aud"`
	Exp int64  `json:"exp"`
	Sub string `json:"sub"`
}

// checkVAPID checks an Authorization header "vapid t=<JWT>, k=<key>"
// (RFC 8292 section 3): the JWT is ES256 and verifies with k, k is the
// key the subscription was made for (when one was given), aud is this
// service's origin, exp is ahead and within 24 hours, sub is a contact.
func (s *Server) checkVAPID(header, appKey string) (claims, error) {
	var c claims
	scheme, params, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "vapid") {
		return c, errors.New(`the Authorization header must be "vapid t=..., k=..."`)
	}
	var t, k string
	for _, p := range strings.Split(params, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(p), "=")
		switch name {
		case "t":
			t = value
		case "k":
			k = value
		}
	}
	if t == "" || k == "" {
		return c, errors.New("t and k are both required")
	}
	if appKey != "" && strings.TrimRight(k, "=") != appKey {
		return c, errors.New("k is not the applicationServerKey the subscription was made with")
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(k, "="))
	if err != nil {
		return c, errors.New("k is not base64url")
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return c, errors.New("k is not an uncompressed P-256 point")
	}
	parts := strings.Split(t, ".")
	if len(parts) != 3 {
		return c, errors.New("t is not a JWT")
	}
	var head struct {
		Alg string `json:"alg"`
	}
	if err := decodeJSONPart(parts[0], &head); err != nil || head.Alg != "ES256" {
		return c, errors.New("the JWT's alg must be ES256")
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return c, errors.New("the JWT's signature must be 64 bytes (r and s)")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return c, errors.New("the JWT's signature does not verify with k")
	}
	if err := decodeJSONPart(parts[1], &c); err != nil {
		return c, errors.New("the JWT's claims are not JSON")
	}
	return c, s.checkClaims(c)
}

func (s *Server) checkClaims(c claims) error {
	now := s.now()
	switch {
	case c.Aud != s.base:
		return fmt.Errorf("aud must be the push service's origin %q, not %q", s.base, c.Aud)
	case c.Exp <= now.Unix():
		return errors.New("exp has passed")
	case c.Exp > now.Add(24*time.Hour).Unix():
		return errors.New("exp is more than 24 hours ahead")
	case !strings.HasPrefix(c.Sub, "mailto:") && !strings.HasPrefix(c.Sub, "https:") || strings.HasPrefix(c.Sub, "mailto:mailto:"):
		return fmt.Errorf("sub must be a mailto: or https: contact, not %q", c.Sub)
	}
	return nil
}

func decodeJSONPart(part string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// decrypt opens an aes128gcm body (RFC 8188) encrypted for the
// subscription (RFC 8291 section 3): the header's key id is the sender's
// one-time public key; the input keying material comes from ECDH with it
// and the auth secret; the content key and nonce from it and the salt.
// One record, the last, so its padding ends in 0x02.
func decrypt(body []byte, key *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("the body is shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, errors.New("the header's key id must be the sender's 65-byte public key")
	}
	if rs < 18 {
		return nil, errors.New("the record size is under 18")
	}
	senderRaw, ciphertext := body[21:21+idlen], body[21+idlen:]
	if uint32(len(ciphertext)) > rs {
		return nil, errors.New("the message must be one record")
	}
	sender, err := ecdh.P256().NewPublicKey(senderRaw)
	if err != nil {
		return nil, errors.New("the key id is not a P-256 point")
	}
	secret, err := key.ECDH(sender)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), key.PublicKey().Bytes()...), senderRaw...)
	ikm, err := hkdf.Key(sha256.New, secret, auth, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, errors.New("the body does not decrypt with the subscription's keys")
	}
	end := len(plain) - 1
	for end >= 0 && plain[end] == 0 {
		end--
	}
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("the padding must end in the last record's delimiter 0x02")
	}
	return plain[:end], nil
}
