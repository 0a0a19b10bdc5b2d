package priceguide

// The verdicts of an asking price against the used range (#39).
const (
	VerdictGood = "good"
	VerdictFair = "fair"
	VerdictHigh = "high"
)

// Verdict judges an asking price (whole Tk) against the used range r of
// comparable laptops: "good" at or below r.Low (the lower quartile of the
// comparables' voices: cheaper than three in four), "fair" above it up to
// and including r.High (the upper quartile), "high" above r.High; "" (no
// verdict) when the range does not rest on comparables, that is fewer than
// three sellers stand behind it: a range drawn from the new price and the
// depreciation curve alone is a guess, too little to call a seller's
// price high.
func Verdict(price int, r Range) string {
	switch {
	case r.From != "comparables" || price <= 0:
		return ""
	case price <= r.Low:
		return VerdictGood
	case price <= r.High:
		return VerdictFair
	default:
		return VerdictHigh
	}
}
