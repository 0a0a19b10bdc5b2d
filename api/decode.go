package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// maxJSONBody caps JSON request bodies; no form of ours comes near it.
const maxJSONBody = 64 << 10

var errUnsupportedType = &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: "Send the request as application/json"}

// decodeJSON reads exactly one JSON object into v, refusing unknown
// fields, trailing data, wrong types and oversized bodies with a 4xx that
// says what was wrong.
func decodeJSON(c echo.Context, v any) error {
	mt, _, err := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if err != nil || mt != echo.MIMEApplicationJSON {
		return errUnsupportedType
	}
	body := http.MaxBytesReader(c.Response(), c.Request().Body, maxJSONBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return jsonError(err)
		}
		return badRequest("The request body must hold a single JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var tooBig *http.MaxBytesError
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large", Message: "The request body is too large"}
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("The request body is not valid JSON")
	case errors.Is(err, io.EOF):
		return badRequest("The request body is empty")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return badRequest("The request body must be a JSON object")
		}
		return invalidFields(map[string]string{field: "has the wrong type"}, field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return invalidFields(map[string]string{name: "is not a field of this request"}, name)
	}
	return badRequest("The request body could not be read")
}

// fieldErrors collects per-field problems in the order they were found.
type fieldErrors struct {
	order  []string
	fields map[string]string
}

func (f *fieldErrors) add(field, problem string) {
	if f.fields == nil {
		f.fields = map[string]string{}
	}
	if _, seen := f.fields[field]; !seen {
		f.order = append(f.order, field)
		f.fields[field] = problem
	}
}

// err is nil when no field was wrong.
func (f *fieldErrors) err() error {
	if len(f.fields) == 0 {
		return nil
	}
	return invalidFields(f.fields, f.order...)
}

// text checks a required free-text field: trimmed, 1 to max characters,
// valid UTF-8 without control characters (NUL included).
func (f *fieldErrors) text(field, value string, maxLen int) string {
	v := strings.TrimSpace(value)
	switch {
	case v == "":
		f.add(field, "is required")
	case !cleanText(v, false):
		f.add(field, "contains characters that are not allowed")
	case utf8.RuneCountInString(v) > maxLen:
		f.add(field, fmt.Sprintf("must be at most %d characters", maxLen))
	}
	return v
}

// multilineText checks a free-text field where line breaks are allowed (a
// message, a review, a description, a report's note): trimmed, at most
// maxLen characters, valid UTF-8 without other control or invisible
// characters; required refuses it empty.
func (f *fieldErrors) multilineText(field, value string, maxLen int, required bool) string {
	v := strings.TrimSpace(value)
	switch {
	case required && v == "":
		f.add(field, "is required")
	case !cleanText(v, true):
		f.add(field, "contains characters that are not allowed")
	case utf8.RuneCountInString(v) > maxLen:
		f.add(field, fmt.Sprintf("must be at most %d characters", maxLen))
	}
	return v
}

// cleanText refuses invalid UTF-8, control characters (newlines only
// where multiline text is expected) and invisible or direction-changing
// characters (lookalikeFree).
func cleanText(s string, multiline bool) bool {
	if !utf8.ValidString(s) || !lookalikeFree(s, true) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t')) {
			return false
		}
	}
	return true
}
