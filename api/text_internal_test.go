package api

import "testing"

func TestLookalikeFree(t *testing.T) {
	for _, c := range []struct {
		text            string
		joiners, wantOK bool
	}{
		{"Rafi Ahmed", true, true},
		{"রাজ্\u200cজাক", true, true},   // a non-joiner after the hasanta
		{"র\u200d্যাব", true, true},     // ya-phala after ra
		{"رحیم\u200cخان", true, true},   // Persian non-joiner
		{"👩\u200d💻", true, true},        // an emoji sequence
		{"👍🏽\u200d👍", true, true},       // after a skin tone
		{"রাজ্\u200cজাক", false, false}, // emails take no joiner
		{"a\u200cb", true, false},
		{"ক\u200cb", true, false},
		{"\u200cক", true, false},
		{"ক\u200c", true, false},
		{"admin\u200b", true, false},
		{"\u202eevil", true, false},
		{"x\u202ay", true, false},
		{"x\u2066y\u2069", true, false},
		{"\ufeffx", true, false},
		{"x\u2060y", true, false},
		{"x\u00ady", true, false}, // soft hyphen
		{"x\u061cy", true, false}, // Arabic letter mark
		{"x\u200ey", true, false}, // left-to-right mark
		{"x\u2028y", true, false},
		{"\u3164", true, false},       // Hangul filler
		{"x\U000E0041y", true, false}, // a tag character
	} {
		if got := lookalikeFree(c.text, c.joiners); got != c.wantOK {
			t.Errorf("lookalikeFree(%q, %v) = %v, want %v", c.text, c.joiners, got, c.wantOK)
		}
	}
}
