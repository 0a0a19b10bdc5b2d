package auth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Access tokens are HS256 JWTs naming the user (sub) and the user's token
// version (ver); bumping the version in the database revokes them all.
const (
	tokenIssuer   = "resale"
	tokenAudience = "resale-api"
	tokenTTL      = 8 * time.Hour
	maxTokenLen   = 4096
)

// The token errors. Any token that fails a check matches ErrInvalidToken;
// one that is genuine but past its expiry also matches ErrExpired.
var (
	ErrInvalidToken = errors.New("auth: invalid token")
	ErrExpired      = expiredError{}
)

type expiredError struct{}

func (expiredError) Error() string { return "auth: token expired" }

// Is makes an expired token an invalid one too.
func (expiredError) Is(target error) bool { return target == ErrInvalidToken }

type accessClaims struct {
	Version int32 `json:"ver"`
	jwt.RegisteredClaims
}

// Signer issues and checks access tokens with one key.
type Signer struct {
	key []byte
	now func() time.Time
}

// NewSigner makes a Signer with key (see DeriveKey) reading the time from
// now (time.Now when nil).
func NewSigner(key []byte, now func() time.Time) Signer {
	if now == nil {
		now = time.Now
	}
	return Signer{key: key, now: now}
}

// Issue makes an access token for the user with id userID, at its token
// version.
func (s Signer) Issue(userID int64, version int32) (string, error) {
	now := s.now()
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	claims := accessClaims{
		Version: version,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   strconv.FormatInt(userID, 10),
			Audience:  jwt.ClaimStrings{tokenAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(tokenTTL)),
			ID:        hex.EncodeToString(jti),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.key)
}

// Parse checks a token's signature (HS256 only), issuer, audience and
// times, and returns whose it is and its version. Every refusal matches
// ErrInvalidToken; the reason is not told.
func (s Signer) Parse(raw string) (userID int64, version int32, err error) {
	if len(raw) > maxTokenLen {
		return 0, 0, ErrInvalidToken
	}
	var claims accessClaims
	_, err = jwt.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return s.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
		jwt.WithTimeFunc(s.now),
	)
	if errors.Is(err, jwt.ErrTokenExpired) {
		return 0, 0, ErrExpired
	}
	if err != nil {
		return 0, 0, ErrInvalidToken
	}
	id, ok := parseUserID(claims.Subject)
	if !ok {
		return 0, 0, ErrInvalidToken
	}
	return id, claims.Version, nil
}

// parseUserID reads a subject as a positive id, digits only.
func parseUserID(raw string) (int64, bool) {
	if raw == "" || len(raw) > 19 {
		return 0, false
	}
	for _, r := range raw {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	return id, err == nil && id > 0
}
