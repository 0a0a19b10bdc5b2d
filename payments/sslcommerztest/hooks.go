package sslcommerztest

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"time"
)

// SetIPNMode says when the IPNs of payments finished from now on reach
// the shop.
func (s *Server) SetIPNMode(m IPNMode) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ipnMode = m
}

// DeliverHeldIPNs posts the IPNs held by IPNHeld, oldest first, and
// returns how the shop answered them.
func (s *Server) DeliverHeldIPNs(ctx context.Context) []IPNDelivery {
	s.mu.Lock()
	held := s.held
	s.held = nil
	s.mu.Unlock()
	out := make([]IPNDelivery, 0, len(held))
	for _, d := range held {
		out = append(out, s.PostIPN(ctx, d.URL, d.Form))
	}
	return out
}

// ReplayIPN posts the last IPN delivered for tranID again, word for word
// (signature included), as an attacker who saw it, or a gateway
// retrying, would.
func (s *Server) ReplayIPN(ctx context.Context, tranID string) (IPNDelivery, error) {
	s.mu.Lock()
	var last *IPNDelivery
	for _, sess := range s.sessionsOf(tranID) {
		if sess.lastIPN != nil {
			last = sess.lastIPN
		}
	}
	s.mu.Unlock()
	if last == nil {
		return IPNDelivery{}, fmt.Errorf("sslcommerztest: no IPN of %q was delivered", tranID)
	}
	return s.PostIPN(ctx, last.URL, last.Form), nil
}

// ForgeIPN is an IPN claiming tranID was paid, with a val_id the gateway
// never issued, the session's amount (or amount when there is no such
// session) and a correct signature: the strongest forgery, as by someone
// who knows the store password. Only the Validation API (which answers
// INVALID_TRANSACTION) tells it apart.
func (s *Server) ForgeIPN(tranID, amount string) url.Values {
	s.mu.Lock()
	currency := "BDT"
	var values [4]string
	for _, sess := range s.sessionsOf(tranID) {
		amount, currency = sess.form.Get("total_amount"), sess.form.Get("currency")
		values = [4]string{sess.form.Get("value_a"), sess.form.Get("value_b"), sess.form.Get("value_c"), sess.form.Get("value_d")}
	}
	s.mu.Unlock()
	now := time.Now()
	f := url.Values{"tran_id": {tranID}, "val_id": {now.Format("060102150405") + "FORGED" + newID(4)},
		"amount": {amount}, "store_amount": {amount}, "currency": {currency}, "currency_type": {currency},
		"currency_amount": {amount}, "bank_tran_id": {now.Format("060102150405") + newID(6)},
		"card_type": {cardTypes["bkash"]}, "status": {"VALID"}, "tran_date": {stamp(now)},
		"value_a": {values[0]}, "value_b": {values[1]}, "value_c": {values[2]}, "value_d": {values[3]},
		"risk_level": {"0"}, "risk_title": {"Safe"}, "store_id": {s.opts.StoreID}}
	return s.signed(f)
}

// Tamper makes the gateway report fields of tranID's payments (the IPN,
// the browser's post, the Validation API, the queries) with other
// values, as {"amount": "1.00"}: a gateway, or a man in the middle,
// saying another amount, currency or status.
func (s *Server) Tamper(tranID string, fields map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := map[string]string{}
	for k, v := range fields {
		m[k] = v
	}
	s.tamper[tranID] = m
}

// SetHang makes every API call (not the pages) hang until its caller
// gives up: a gateway that times out.
func (s *Server) SetHang(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hang = on
}

// SetGarbage makes every API call answer 200 with an HTML page instead
// of JSON.
func (s *Server) SetGarbage(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.garbage = on
}

// FailNext makes the next n API calls answer 502.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = n
}

// SetRefundsPending keeps refunds "processing" in the refund query
// instead of "refunded".
func (s *Server) SetRefundsPending(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = on
}

// Calls lists the requests received, oldest first.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Count is how many calls of an API (as Call.API names it) were received.
func (s *Server) Count(api string) int {
	n := 0
	for _, c := range s.Calls() {
		if c.API == api {
			n++
		}
	}
	return n
}

// IPNs lists the IPNs posted to shops, oldest first.
func (s *Server) IPNs() []IPNDelivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]IPNDelivery(nil), s.ipns...)
}

// SessionKey is the newest session of tranID ("" when there is none).
func (s *Server) SessionKey(tranID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := s.sessionsOf(tranID)
	if len(all) == 0 {
		return ""
	}
	return all[len(all)-1].key
}

// Status is the gateway's status of a session (PENDING, VALID,
// VALIDATED, FAILED, CANCELLED; "" when unknown).
func (s *Server) Status(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sess, ok := s.sessions[key]; ok {
		return sess.status
	}
	return ""
}

// Refunded is how much of tranID's payments was refunded, in paisa.
func (s *Server) Refunded(tranID string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, sess := range s.sessionsOf(tranID) {
		n += sess.refunded
	}
	return n
}

func sortSessions(all []*session) {
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
}

func sortStrings(s []string) { sort.Strings(s) }
