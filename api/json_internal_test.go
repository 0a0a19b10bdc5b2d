package api

import (
	"bytes"
	stdjson "encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/segmentio/encoding/json"
)

// The answers' JSON is encoding/json's byte for byte: every answer type
// below, its fields filled at random (strings with HTML, Bangla, quotes,
// control characters and invalid UTF-8; floats small and huge; times in
// two zones; nil and empty pointers, slices and maps), encoded by
// segmentio/encoding as jsonSerializer does and by encoding/json, flat
// and indented (?pretty).
func TestJSONAsTheStandardLibrary(t *testing.T) {
	types := []any{
		productJSON{}, []productJSON{}, facetsJSON{}, conversationJSON{}, chatMessageJSON{},
		bookingJSON{}, userJSON{}, adminStatsJSON{}, priceGuideJSON{}, locationsJSON{},
		leadJSON{}, notificationJSON{}, sellerStatsJSON{}, shopJSON{},
		configJSON{}, reviewJSON{}, listingStatsJSON{}, savedSearchJSON{}, categoryDetailJSON{},
		reportedProductJSON{}, auditJSON{}, ledgerJSON{}, promotionJSON{}, parsedSpecsJSON{},
	}
	r := rand.New(rand.NewPCG(38, 2026))
	for _, zero := range types {
		typ := reflect.TypeOf(zero)
		for range 200 {
			v := reflect.New(typ).Elem()
			fillRandom(r, v, 0)
			for _, indent := range []string{"", "  "} {
				var want, got bytes.Buffer
				std := stdjson.NewEncoder(&want)
				std.SetIndent("", indent)
				ours := json.NewEncoder(&got)
				ours.SetIndent("", indent)
				stdErr, ourErr := std.Encode(v.Interface()), ours.Encode(v.Interface())
				if (stdErr == nil) != (ourErr == nil) {
					t.Fatalf("%s: encoding/json says %v, ours %v", typ, stdErr, ourErr)
				}
				if stdErr == nil && !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("%s (indent %q):\nencoding/json %s\nours          %s", typ, indent, want.Bytes(), got.Bytes())
				}
			}
		}
	}
}

var randomStrings = []string{
	"", "HP EliteBook 840 G5", "Bang & Olufsen <script>alert(1)</script>", "ল্যাপটপ ১৫ ইঞ্চি, ঢাকা",
	"quote \" backslash \\ tab\t newline\n", "line\u2028para\u2029", "invalid \xff\xfe utf-8", "💻 i5 8gb",
	"\x00\x01\x1f\x7f", "https://example.com/?a=1&b=<2>",
}

var randomFloats = []float64{0, 15.6, 0.1, 1e-7, 1e21, 123456.789, -2.5, 1e20, 23.8, math.SmallestNonzeroFloat64}

var timeType = reflect.TypeFor[time.Time]()

// fillRandom fills v's settable parts at random, depth deep at most.
func fillRandom(r *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(randomStrings[r.IntN(len(randomStrings))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := []int64{0, 1, -1, 38500, math.MaxInt64, r.Int64()}[r.IntN(6)]
		for v.OverflowInt(n) {
			n >>= 8
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := r.Uint64()
		for v.OverflowUint(n) {
			n >>= 8
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		f := randomFloats[r.IntN(len(randomFloats))]
		if v.Kind() == reflect.Float32 {
			f = float64(float32(f))
		}
		v.SetFloat(f)
	case reflect.Pointer:
		if depth < 4 && r.IntN(3) != 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fillRandom(r, v.Elem(), depth+1)
		}
	case reflect.Slice:
		switch n := r.IntN(4); {
		case n == 0 && r.IntN(2) == 0: // nil
		case depth < 4:
			v.Set(reflect.MakeSlice(v.Type(), n, n))
			for i := range n {
				fillRandom(r, v.Index(i), depth+1)
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			fillRandom(r, v.Index(i), depth+1)
		}
	case reflect.Map:
		if depth < 4 && v.Type().Key().Kind() == reflect.String && r.IntN(3) != 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for range r.IntN(4) {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fillRandom(r, k, depth+1)
				fillRandom(r, e, depth+1)
				v.SetMapIndex(k, e)
			}
		}
	case reflect.Struct:
		if v.Type() == timeType {
			zone := []*time.Location{time.UTC, time.FixedZone("", 6*60*60)}[r.IntN(2)]
			v.Set(reflect.ValueOf(time.Unix(r.Int64N(4e9), r.Int64N(1e9)).In(zone)))
			return
		}
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				fillRandom(r, f, depth+1)
			}
		}
	}
}
