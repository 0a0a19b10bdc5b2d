package auth

import (
	_ "embed"
	"strings"
	"sync"
)

// commonPasswords is the 10,000 most used passwords of at least eight
// characters, most used first, lower case, one a line. They are the head of
// the "passwords" frequency list that the zxcvbn npm package 4.4.2 ships
// (MIT, see common-passwords.LICENSE), with the shorter ones left out since
// sign-up refuses those anyway.
//
//go:embed common-passwords.txt
var commonPasswords string

var commonPasswordSet = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(commonPasswords, "\n") {
		if p != "" {
			set[p] = struct{}{}
		}
	}
	return set
})

// IsCommonPassword tells whether pw is one of the passwords attackers try
// first (NIST SP 800-63B, 5.1.1.2), ignoring case and the spaces around it.
func IsCommonPassword(pw string) bool {
	_, found := commonPasswordSet()[strings.ToLower(strings.TrimSpace(pw))]
	return found
}
