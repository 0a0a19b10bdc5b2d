package sslcommerz

import (
	"fmt"
	"strconv"
	"strings"
)

// maxAmount is the most the gateway takes in one transaction (500000.00
// BDT); anything beyond it in an answer is not a price of ours.
const maxAmount = 500000

// FormatAmount writes whole Taka as the gateway does: 1234 -> "1234.00".
func FormatAmount(tk int64) string { return strconv.FormatInt(tk, 10) + ".00" }

// ParseAmount reads an amount of the gateway as whole Taka: "1234.00",
// "1234.0" and "1234" are 1234. A fraction of a Taka ("1234.50"), a sign,
// an exponent, separators, spaces, or more than maxAmount are refused:
// the shop never asks for such an amount, so it is never the one paid.
func ParseAmount(s string) (int64, error) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || len(whole) > 7 || !digits(whole) || (hasFrac && (frac == "" || !digits(frac))) {
		return 0, fmt.Errorf("sslcommerz: %q is not an amount", s)
	}
	if strings.Trim(frac, "0") != "" {
		return 0, fmt.Errorf("sslcommerz: %q is not a whole number of Taka", s)
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || n > maxAmount {
		return 0, fmt.Errorf("sslcommerz: %q is out of range", s)
	}
	return n, nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
