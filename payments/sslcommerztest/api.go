package sslcommerztest

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// requiredFields are the session fields SSLCommerz marks mandatory (the
// shipping address only with shipping_method YES).
var requiredFields = []string{"total_amount", "currency", "tran_id", "success_url", "fail_url", "cancel_url",
	"cus_name", "cus_email", "cus_add1", "cus_city", "cus_country", "cus_phone",
	"shipping_method", "product_name", "product_category", "product_profile"}

// sessionProblem says what is wrong with a session call, as the gateway's
// failedreason would.
func sessionProblem(f url.Values) string {
	for _, k := range requiredFields {
		if strings.TrimSpace(f.Get(k)) == "" {
			return "Invalid Information: " + k + " is missing"
		}
	}
	if f.Get("shipping_method") == "YES" && (f.Get("ship_name") == "" || f.Get("ship_add1") == "") {
		return "Invalid Information: ship_name is missing"
	}
	paisa, err := parsePaisa(f.Get("total_amount"))
	if err != nil || paisa < 1000 || paisa > 50000000 {
		return "Invalid Information: total_amount must be from 10.00 to 500000.00"
	}
	if len(f.Get("currency")) != 3 {
		return "Invalid Information: currency"
	}
	if len(f.Get("tran_id")) > 30 {
		return "Invalid Information: tran_id is longer than 30 characters"
	}
	for _, k := range []string{"success_url", "fail_url", "cancel_url", "ipn_url"} {
		if v := f.Get(k); v != "" {
			if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return "Invalid Information: " + k
			}
		}
	}
	return ""
}

// parsePaisa reads a decimal (10,2) amount as paisa.
func parsePaisa(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 || whole == "" || strings.ContainsAny(s, "+- eE") {
		return 0, fmt.Errorf("not an amount: %q", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	f := int64(0)
	if frac != "" {
		if f, err = strconv.ParseInt((frac + "0")[:2], 10, 64); err != nil {
			return 0, err
		}
	}
	return w*100 + f, nil
}

func formatPaisa(p int64) string { return fmt.Sprintf("%d.%02d", p/100, p%100) }

func (s *Server) initSession(f url.Values) any {
	if problem := sessionProblem(f); problem != "" {
		return map[string]string{"status": "FAILED", "failedreason": problem, "sessionkey": "", "GatewayPageURL": ""}
	}
	paisa, _ := parsePaisa(f.Get("total_amount"))
	form := url.Values{}
	for k, v := range f {
		if k != "store_passwd" {
			form[k] = v
		}
	}
	form.Set("total_amount", formatPaisa(paisa))
	sess := &session{key: newID(16), form: form, status: "PENDING"}
	s.mu.Lock()
	s.seq++
	sess.seq = s.seq
	s.sessions[sess.key] = sess
	s.mu.Unlock()
	return map[string]any{"status": "SUCCESS", "failedreason": "", "sessionkey": sess.key,
		"GatewayPageURL": s.URL + "/EasyCheckOut/" + sess.key, "redirectGatewayURL": "",
		"storeBanner": "", "storeLogo": "", "store_name": s.opts.StoreName, "is_direct_pay_enable": "0"}
}

// cardTypes are what the gateway says paid, per method of the page.
var cardTypes = map[string]string{
	"bkash":  "BKASH-BKash",
	"nagad":  "NAGAD-Nagad",
	"rocket": "DBBLMOBILEB-Dbbl Mobile Banking",
	"card":   "VISA-Dutch Bangla",
}

// fields are what the gateway says of a session, in the IPN, the
// browser's post and (with more) the APIs, tampered as the test asked.
// Called with s.mu held.
func (s *Server) fields(sess *session) url.Values {
	f := sess.form
	amount := f.Get("total_amount")
	paisa, _ := parsePaisa(amount)
	out := url.Values{
		"tran_id": {f.Get("tran_id")}, "val_id": {sess.valID}, "amount": {amount},
		"card_type": {cardTypes[sess.method]}, "store_amount": {formatPaisa(paisa * 975 / 1000)},
		"card_no": {""}, "bank_tran_id": {sess.bankTranID}, "status": {sess.status},
		"tran_date": {sess.tranDate}, "error": {""}, "currency": {f.Get("currency")},
		"card_issuer": {""}, "card_brand": {""}, "card_issuer_country": {"Bangladesh"},
		"card_issuer_country_code": {"BD"}, "store_id": {s.opts.StoreID},
		"currency_type": {f.Get("currency")}, "currency_amount": {amount}, "currency_rate": {"1.0000"},
		"base_fair": {"0.00"}, "value_a": {f.Get("value_a")}, "value_b": {f.Get("value_b")},
		"value_c": {f.Get("value_c")}, "value_d": {f.Get("value_d")},
		"risk_level": {"0"}, "risk_title": {"Safe"},
	}
	if sess.method == "card" {
		out.Set("card_no", "432149XXXXXX0667")
		out.Set("card_brand", "VISA")
		out.Set("card_issuer", "Dutch Bangla Bank")
	}
	switch sess.status {
	case "FAILED":
		out.Set("error", "Declined by the test page")
	case "CANCELLED":
		out.Set("error", "Cancelled by User")
	}
	for k, v := range s.tamper[f.Get("tran_id")] {
		out.Set(k, v)
	}
	return out
}

// apiJSON is fields as the APIs answer them.
func (s *Server) apiJSON(sess *session, status string) map[string]string {
	out := map[string]string{}
	for k, v := range s.fields(sess) {
		out[k] = v[0]
	}
	out["status"] = status
	out["validated_on"] = sess.validatedOn
	out["APIConnect"] = "DONE"
	out["gw_version"] = ""
	if t, ok := s.tamper[sess.form.Get("tran_id")]["status"]; ok {
		out["status"] = t
	}
	return out
}

// validate is the Validation API: VALID the first time a paid val_id is
// asked about, VALIDATED after; INVALID_TRANSACTION for a val_id never
// issued.
func (s *Server) validate(q url.Values) any {
	valID := q.Get("val_id")
	if valID == "" {
		return map[string]string{"APIConnect": "INVALID_REQUEST"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.byVal[valID]
	if !ok {
		return map[string]string{"status": "INVALID_TRANSACTION", "APIConnect": "DONE", "val_id": valID}
	}
	status := sess.status
	if sess.status == "VALID" {
		sess.status = "VALIDATED"
		sess.validatedOn = stamp(time.Now())
	}
	return s.apiJSON(sess, status)
}

// queryTran lists the attempts at a tran_id that reached the gateway's
// payment (paid, failed or cancelled), oldest first.
func (s *Server) queryTran(q url.Values) any {
	tranID := q.Get("tran_id")
	if tranID == "" {
		return map[string]string{"APIConnect": "INVALID_REQUEST"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	elements := []map[string]string{}
	for _, sess := range s.sessionsOf(tranID) {
		if sess.status != "PENDING" {
			elements = append(elements, s.apiJSON(sess, sess.status))
		}
	}
	return map[string]any{"APIConnect": "DONE", "no_of_trans_found": len(elements), "element": elements}
}

func (s *Server) querySession(q url.Values) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[q.Get("sessionkey")]
	if !ok {
		return map[string]string{"APIConnect": "INVALID_REQUEST"}
	}
	out := s.apiJSON(sess, sess.status)
	out["sessionkey"] = sess.key
	return out
}

// refund sends back at most what is left of a paid transaction.
func (s *Server) refund(q url.Values) any {
	paisa, err := parsePaisa(q.Get("refund_amount"))
	if q.Get("bank_tran_id") == "" || err != nil || paisa <= 0 || q.Get("refund_remarks") == "" {
		return map[string]string{"APIConnect": "INVALID_REQUEST", "errorReason": "bank_tran_id, refund_amount and refund_remarks are required"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	answer := map[string]string{"APIConnect": "DONE", "bank_tran_id": q.Get("bank_tran_id"), "trans_id": "",
		"refund_ref_id": "", "status": "failed", "errorReason": ""}
	sess, ok := s.byBank[q.Get("bank_tran_id")]
	switch {
	case !ok:
		answer["errorReason"] = "Invalid bank_tran_id"
		return answer
	case sess.status != "VALID" && sess.status != "VALIDATED":
		answer["errorReason"] = "The transaction is not paid"
		return answer
	}
	answer["trans_id"] = sess.form.Get("tran_id")
	total, _ := parsePaisa(sess.form.Get("total_amount"))
	if sess.refunded+paisa > total {
		answer["errorReason"] = "Refund amount exceeds the transaction's remaining amount"
		return answer
	}
	sess.refunded += paisa
	r := &refund{ref: newID(10), bankTranID: sess.bankTranID, tranID: sess.form.Get("tran_id"),
		refeID: q.Get("refe_id"), amount: paisa, initiated: time.Now()}
	s.refunds[r.ref] = r
	answer["refund_ref_id"] = r.ref
	answer["status"] = "success"
	return answer
}

func (s *Server) refundQuery(q url.Values) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.refunds[q.Get("refund_ref_id")]
	if !ok {
		return map[string]string{"APIConnect": "DONE", "status": "failed", "errorReason": "Invalid refund_ref_id",
			"refund_ref_id": q.Get("refund_ref_id")}
	}
	answer := map[string]string{"APIConnect": "DONE", "bank_tran_id": r.bankTranID, "tran_id": r.tranID,
		"refund_ref_id": r.ref, "initiated_on": stamp(r.initiated), "refunded_on": "", "status": "processing", "errorReason": ""}
	if !s.pending {
		answer["status"] = "refunded"
		answer["refunded_on"] = stamp(r.initiated.Add(time.Second))
	}
	return answer
}

// sessionsOf lists the sessions of a tran_id, oldest first. Called with
// s.mu held.
func (s *Server) sessionsOf(tranID string) []*session {
	var out []*session
	for _, sess := range s.sessions {
		if sess.form.Get("tran_id") == tranID {
			out = append(out, sess)
		}
	}
	sortSessions(out)
	return out
}
