package smstest

import "net/url"

// urlValues parses a form body into its first values.
func urlValues(body string) (map[string]string, error) {
	v, err := url.ParseQuery(body)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(v))
	for k, vs := range v {
		out[k] = vs[0]
	}
	return out, nil
}
