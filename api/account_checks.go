package api

import "errors"

// maxUserName is the longest name an account may have (users.user_name,
// as sign-up and PATCH /api/me check it).
const maxUserName = 100

// CheckEmail checks an email address as sign-up does and returns the form
// it is stored in, for accounts made outside HTTP (resale admin create,
// ADMIN_EMAIL): such an account can sign in with what it was made with.
// The error says what is wrong, after "email ".
func CheckEmail(v string) (string, error) {
	var f fieldErrors
	email := f.email("email", v)
	return email, f.problem("email")
}

// CheckUserName checks an account's name as sign-up does (userName) and
// returns it trimmed. The error says what is wrong, after "name ".
func CheckUserName(v string) (string, error) {
	var f fieldErrors
	name := f.text("userName", v, maxUserName)
	return name, f.problem("userName")
}

// problem is the field's problem as an error, nil when it has none.
func (f *fieldErrors) problem(field string) error {
	if p, ok := f.fields[field]; ok {
		return errors.New(p)
	}
	return nil
}
