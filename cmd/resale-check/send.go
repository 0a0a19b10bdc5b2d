package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"

	"resale/checkreport"
)

// answer is the shop's reply: a sentence for the person, and on a refusal
// the fields it refused (the API's error body).
type answer struct {
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields"`
}

// send posts the submission to /api/checks and prints the shop's answer.
func send(ctx context.Context, e env, o options, sub checkreport.Submission) int {
	body, err := json.Marshal(sub)
	if err != nil {
		fmt.Fprintln(e.stderr, "resale-check:", err)
		return exitNotSent
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.shop+"/api/checks", bytes.NewReader(body))
	if err != nil {
		fmt.Fprintln(e.stderr, "resale-check:", err)
		return exitNotSent
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "resale-check/"+sub.Tool.Version)
	res, err := e.client.Do(req)
	if err != nil {
		fmt.Fprintf(e.stderr, "resale-check: could not reach the shop: %v\nNothing was stored; try again.\n", err)
		return exitNotSent
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	var a answer
	if json.Unmarshal(raw, &a) != nil || a.Message == "" {
		a.Message = http.StatusText(res.StatusCode)
	}
	if res.StatusCode/100 != 2 {
		fmt.Fprintf(e.stderr, "The shop did not take the report (%d): %s\n", res.StatusCode, a.Message)
		keys := make([]string, 0, len(a.Fields))
		for k := range a.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(e.stderr, "  %s: %s\n", k, a.Fields[k])
		}
		return exitNotSent
	}
	fmt.Fprintf(e.stdout, "Sent. The shop says: %s\n", a.Message)
	return exitOK
}
