package auth

import (
	"strings"
	"testing"
)

func TestIsCommonPassword(t *testing.T) {
	for _, pw := range []string{"password", "12345678", "PassWord", "  qwertyuiop ", "iloveyou", "mamasboy"} {
		if !IsCommonPassword(pw) {
			t.Errorf("%q is not refused", pw)
		}
	}
	for _, pw := range []string{"correct horse battery", "long enough pass", "", "ব্যাঙের ছাতা ২০২৪"} {
		if IsCommonPassword(pw) {
			t.Errorf("%q is refused", pw)
		}
	}
	if n := len(commonPasswordSet()); n != 10000 {
		t.Errorf("the list has %d passwords, want 10000", n)
	}
	for p := range commonPasswordSet() {
		if len(p) < 8 || p != strings.ToLower(strings.TrimSpace(p)) {
			t.Errorf("list entry %q is short or not normalised", p)
		}
	}
}
