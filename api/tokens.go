package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"resale/store"
)

// Access tokens are HS256 JWTs naming the user (sub) and the user's token
// version (ver); bumping the version in the database revokes them all.
const (
	tokenIssuer   = "resale"
	tokenAudience = "resale-api"
	tokenTTL      = 8 * time.Hour
)

type accessClaims struct {
	Version int32 `json:"ver"`
	jwt.RegisteredClaims
}

type tokenSigner struct {
	key []byte
	now func() time.Time
}

// issue makes an access token for u.
func (t tokenSigner) issue(u store.User) (string, error) {
	now := t.now()
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	claims := accessClaims{
		Version: u.TokenVersion,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   strconv.FormatInt(u.ID, 10),
			Audience:  jwt.ClaimStrings{tokenAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(tokenTTL)),
			ID:        hex.EncodeToString(jti),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.key)
}

var errBadToken = errors.New("bad token")

// parse checks a token's signature (HS256 only), issuer, audience and
// times, and returns whose it is and its version.
func (t tokenSigner) parse(raw string) (userID int64, version int32, err error) {
	if len(raw) > 4096 {
		return 0, 0, errBadToken
	}
	var claims accessClaims
	_, err = jwt.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil {
		return 0, 0, errBadToken
	}
	id, err := parseID(claims.Subject)
	if err != nil {
		return 0, 0, errBadToken
	}
	return id, claims.Version, nil
}
