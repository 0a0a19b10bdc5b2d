package payments

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"resale/payments/sslcommerz"
	"resale/store"
)

// SSLCommerzConfig is an SSLCommerz store account (sandbox unless Live)
// and where the gateway sends the buyer and its notices back.
type SSLCommerzConfig struct {
	StoreID, StorePassword string
	Live                   bool
	// APIBase overrides the gateway's host (a stand-in in tests).
	APIBase    string
	HTTPClient *http.Client
	// Timeout bounds each call to the gateway; 0 is the client's own.
	Timeout time.Duration
	// PublicURL is the shop's own address: the gateway posts the buyer
	// back to PublicURL/payments/sslcommerz/{success,fail,cancel} and its
	// notice (IPN) to PublicURL/api/payments/sslcommerz/ipn.
	PublicURL string
}

// sslcSessionLife is how long after the shop gave up an SSLCommerz
// attempt that shows no payment it is taken to be over: far beyond the
// gateway's session, so an open tab cannot pay it any more.
const sslcSessionLife = 24 * time.Hour

// sslcPrefix starts every tran_id the shop makes for a booking:
// sslc_<booking>_<random>; sslpPrefix one for a promotion (a seller
// paying to advertise): sslp_<promotion>_<random>.
const (
	sslcPrefix = "sslc_"
	sslpPrefix = "sslp_"
)

// sslcProvider is SSLCommerz's hosted checkout: bKash, Nagad, Rocket,
// Upay, cards and internet banking. The shop starts a session per
// attempt (a tran_id of its own, kept as the booking's current attempt),
// the buyer pays on the gateway's page, and the gateway posts a notice
// (IPN) and sends the buyer's browser back; neither is believed until
// the Validation API confirms the payment.
type sslcProvider struct {
	client *sslcommerz.Client
	s      *Service
	public string
}

func newSSLCommerzProvider(cfg SSLCommerzConfig, s *Service) *sslcProvider {
	return &sslcProvider{
		client: sslcommerz.New(sslcommerz.Config{StoreID: cfg.StoreID, StorePassword: cfg.StorePassword, Live: cfg.Live,
			APIBase: cfg.APIBase, HTTPClient: cfg.HTTPClient, Timeout: cfg.Timeout}),
		s: s, public: strings.TrimRight(cfg.PublicURL, "/"),
	}
}

func (p *sslcProvider) method() string { return string(store.PaySSLCommerz) }

func (p *sslcProvider) owns(id string) bool {
	return strings.HasPrefix(id, sslcPrefix) || strings.HasPrefix(id, sslpPrefix)
}

// newTranID is a fresh attempt for booking id: at most 30 characters, as
// the gateway allows.
func newTranID(id int64) string { return newTranIDWith(sslcPrefix, id) }

func newTranIDWith(prefix string, id int64) string {
	return prefix + strconv.FormatInt(id, 36) + "_" + strings.ToLower(rand.Text()[:10])
}

// bookingOfTran is the booking a tran_id of ours was made for.
func bookingOfTran(tranID string) (int64, bool) { return idOfTran(sslcPrefix, tranID) }

// promotionOfTran is the promotion a tran_id of ours was made for.
func promotionOfTran(tranID string) (int64, bool) { return idOfTran(sslpPrefix, tranID) }

// IsPromotionTran says whether an SSLCommerz tran_id is a promotion's
// (a seller paying to advertise) rather than a booking's.
func IsPromotionTran(tranID string) bool { return strings.HasPrefix(tranID, sslpPrefix) }

func idOfTran(prefix, tranID string) (int64, bool) {
	rest, ok := strings.CutPrefix(tranID, prefix)
	if !ok {
		return 0, false
	}
	id, _, ok := strings.Cut(rest, "_")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(id, 36, 64)
	return n, err == nil && n > 0
}

// paidFrom is a validated payment as one to record: its amount as the
// gateway took it, in paisa, whatever the booking costs now (the store
// keeps one that does not pay the booking for refund). The client's
// Confirm checks the rest: VALID or VALIDATED, for this tran_id, in BDT,
// the amount and the converted amount alike.
func (p *sslcProvider) paidFrom(v sslcommerz.Validation, tranID string) (*Paid, error) {
	booking, ok := bookingOfTran(tranID)
	promotion, isPromotion := promotionOfTran(tranID)
	if !ok && !isPromotion {
		return nil, ErrWrongBooking
	}
	tk, err := sslcommerz.ParseAmount(v.Amount)
	if err != nil || p.s.currency != "bdt" {
		return nil, ErrWrongAmount
	}
	if err := sslcommerz.Confirm(v, sslcommerz.Expected{TranID: tranID, Amount: tk, Currency: "BDT"}); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWrongBooking, err)
	}
	return &Paid{BookingID: booking, PromotionID: promotion, TransactionID: tranID, Amount: p.s.minorUnits(tk), Currency: p.s.currency,
		Method: string(store.PaySSLCommerz)}, nil
}

// lookup asks the transaction query API about a tran_id: paid when one of
// its attempts was validated; settled when every attempt that reached the
// gateway failed or was cancelled and none is pending.
func (p *sslcProvider) lookup(ctx context.Context, id string) (*Paid, bool, error) {
	list, err := p.client.QueryByTranID(ctx, id)
	if err != nil {
		return nil, false, err
	}
	settled := len(list) > 0
	for _, v := range list {
		switch strings.ToUpper(v.Status) {
		case "VALID", "VALIDATED":
			paid, err := p.paidFrom(v, id)
			return paid, false, err
		case "FAILED", "CANCELLED", "EXPIRED", "UNATTEMPTED":
		default:
			settled = false
		}
	}
	return nil, settled, nil
}

// retire: a session cannot be cancelled at the gateway; it runs out. One
// given up more than sslcSessionLife ago that shows no payment is over.
func (p *sslcProvider) retire(ctx context.Context, id string, retiredFor time.Duration) (*Paid, bool, error) {
	paid, settled, err := p.lookup(ctx, id)
	if err == nil && paid == nil && retiredFor > sslcSessionLife {
		settled = true
	}
	return paid, settled, err
}

// refund sends a payment back through the refund API: the gateway's
// bank_tran_id of its validated attempt, the amount in whole Taka.
func (p *sslcProvider) refund(ctx context.Context, pay store.Payment) error {
	list, err := p.client.QueryByTranID(ctx, pay.TransactionID)
	if err != nil {
		return err
	}
	for _, v := range list {
		if s := strings.ToUpper(v.Status); (s == "VALID" || s == "VALIDATED") && v.BankTranID != "" {
			req := sslcommerz.RefundRequest{
				BankTranID: v.BankTranID, Amount: pay.Amount / p.s.minorUnits(1),
				Remarks: "Resale: the laptop could not be sold to this buyer", RefID: "refund-" + formatID(pay.ID),
			}
			if IsPromotionTran(pay.TransactionID) {
				req.Remarks, req.RefID = "Resale: the laptop could not be advertised", "refund-promotion-"+formatID(pay.ID)
			}
			_, err := p.client.Refund(ctx, req)
			return err
		}
	}
	return fmt.Errorf("sslcommerz: no paid attempt of %s to refund", pay.TransactionID)
}

// Buyer is who pays, as the gateway's page and receipt show them.
type Buyer struct {
	Name, Email, Phone string
}

// StartSSLCommerz starts an SSLCommerz checkout for booking b at its price
// from the database and answers the gateway's page for the buyer's
// browser. Each call is a new attempt, which replaces (and retires) the
// booking's current one. The caller has checked the booking is the
// buyer's.
func (s *Service) StartSSLCommerz(ctx context.Context, b store.Booking, buyer Buyer) (string, error) {
	if !s.SSLCommerzEnabled() {
		return "", ErrMethodOff
	}
	if err := s.payable(ctx, b); err != nil {
		return "", err
	}
	tranID := newTranID(b.ID)
	if err := s.attach(ctx, b, tranID, store.PaySSLCommerz); err != nil {
		return "", err
	}
	back := s.sslc.public + "/payments/sslcommerz/"
	sess, err := s.sslc.client.InitSession(ctx, sslcommerz.SessionRequest{
		TranID: tranID, Amount: b.Price, Currency: "BDT",
		SuccessURL: back + "success", FailURL: back + "fail", CancelURL: back + "cancel",
		IPNURL:       s.sslc.public + "/api/payments/sslcommerz/ipn",
		CustomerName: buyer.Name, CustomerEmail: buyer.Email, CustomerPhone: buyer.Phone,
		ProductName: b.ProductName, ValueA: formatID(b.ID),
	})
	if err != nil {
		s.log.Warn("sslcommerz: starting a session", "booking_id", b.ID, "tran_id", tranID, "err", err)
		return "", ErrProvider
	}
	return sess.GatewayPageURL, nil
}

// SSLCommerzOutcome is what became of a payment the gateway reported.
type SSLCommerzOutcome string

// The outcomes, as the booking's page shows them.
const (
	// OutcomePaid: validated and recorded as the booking's payment.
	OutcomePaid SSLCommerzOutcome = "paid"
	// OutcomeRefunded: validated, but it can no longer pay the booking;
	// recorded and refunded.
	OutcomeRefunded SSLCommerzOutcome = "refunded"
	// OutcomeFailed: the payment did not go through.
	OutcomeFailed SSLCommerzOutcome = "failed"
	// OutcomeCancelled: the buyer cancelled on the gateway's page.
	OutcomeCancelled SSLCommerzOutcome = "cancelled"
	// OutcomePending: not confirmed yet (the gateway did not answer); the
	// reconciliation will find it.
	OutcomePending SSLCommerzOutcome = "pending"
)

// HandleSSLCommerz takes what the gateway posted, as its notice (IPN) or
// as the buyer's browser coming back: a post about a payment must carry
// the gateway's signature (verify_sign over verify_key's fields, with the
// store password), and a payment is recorded only once the Validation API
// confirms its val_id as VALID or VALIDATED for the same
// tran_id, with its amount and currency, exactly once however often and
// from however many paths it arrives. A post without a val_id (failed,
// cancelled) changes nothing. It answers the booking the tran_id names
// (0 when it names none of ours) and the outcome; an error only when the
// gateway could not be asked (ErrProvider) or the post is not about a
// payment of ours (ErrWrongBooking).
func (s *Service) HandleSSLCommerz(ctx context.Context, form url.Values) (int64, SSLCommerzOutcome, error) {
	if !s.SSLCommerzEnabled() {
		return 0, "", ErrMethodOff
	}
	tranID := form.Get("tran_id")
	booking, ok := bookingOfTran(tranID)
	if _, promotion := promotionOfTran(tranID); !ok && !promotion {
		return 0, "", ErrWrongBooking
	}
	valID := form.Get("val_id")
	if valID == "" {
		if strings.EqualFold(form.Get("status"), "CANCELLED") {
			return booking, OutcomeCancelled, nil
		}
		return booking, OutcomeFailed, nil
	}
	if !sslcommerz.VerifyIPN(form, s.sslc.client.StorePassword()) {
		// not signed with this store's password: not the gateway's, and not
		// worth asking it about
		s.log.Warn("sslcommerz: a post about a payment without the gateway's signature", "tran_id", tranID, "val_id", valID)
		return booking, OutcomeFailed, ErrWrongBooking
	}
	v, err := s.sslc.client.Validate(ctx, valID)
	switch {
	case errors.Is(err, sslcommerz.ErrGateway), errors.Is(err, sslcommerz.ErrRefused):
		s.log.Warn("sslcommerz: validating a payment", "tran_id", tranID, "err", err)
		return booking, OutcomePending, ErrProvider
	case err != nil:
		return booking, "", err
	}
	if st := strings.ToUpper(v.Status); st != "VALID" && st != "VALIDATED" {
		s.log.Warn("sslcommerz: a payment the gateway does not confirm", "tran_id", tranID, "val_id", valID, "status", v.Status)
		return booking, OutcomeFailed, nil
	}
	paid, err := s.sslc.paidFrom(v, tranID)
	if err != nil {
		s.log.Error("sslcommerz: a validated payment that is not this attempt's", "tran_id", tranID, "validated", v.TranID,
			"amount", v.Amount, "currency", v.Currency, "err", err)
		return booking, OutcomeFailed, err
	}
	if v.Risky() {
		s.log.Warn("sslcommerz: the gateway marks this payment risky; check the buyer before the hand-over", "tran_id", tranID, "risk", v.RiskTitle)
	}
	if paid.PromotionID != 0 {
		outcome, err := s.recordPromotion(ctx, *paid)
		return 0, outcome, err
	}
	outcome, err := s.recordSSLCommerz(ctx, *paid)
	return booking, outcome, err
}

// recordSSLCommerz records a validated payment for its booking; an error
// (the database) leaves it pending, for the gateway's next notice or the
// reconciliation.
func (s *Service) recordSSLCommerz(ctx context.Context, paid Paid) (SSLCommerzOutcome, error) {
	b, err := s.store.GetBookingAnyState(ctx, paid.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.Error("sslcommerz: a validated payment for a booking that is gone", "tran_id", paid.TransactionID, "booking_id", paid.BookingID)
		return OutcomeFailed, ErrWrongBooking
	}
	if err == nil {
		_, err = s.recordAndRefund(ctx, paid, b)
	}
	switch {
	case err == nil:
		return OutcomePaid, nil
	case errors.Is(err, ErrRefundRequired), errors.Is(err, ErrStalePayment):
		return OutcomeRefunded, nil
	}
	s.log.Warn("sslcommerz: a validated payment not recorded yet", "tran_id", paid.TransactionID, "err", err)
	return OutcomePending, err
}
