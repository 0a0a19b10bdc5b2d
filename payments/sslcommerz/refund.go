package sslcommerz

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// RefundRequest is money to send back for a paid transaction.
type RefundRequest struct {
	BankTranID string // from the payment's Validation
	Amount     int64  // whole Taka
	Remarks    string
	// RefID is ours (refe_id, also sent as refund_trans_id), to find the
	// refund in the merchant panel.
	RefID string
}

// Refund is the gateway's word on a refund.
type Refund struct {
	// Status: success or processing (accepted), failed; a refund query
	// says refunded, processing or cancelled.
	Status      string
	RefundRefID string // the gateway's, for RefundStatus
	BankTranID  string
	TranID      string
	InitiatedOn string
	RefundedOn  string
	ErrorReason string
}

type refundJSON struct {
	APIConnect  flex `json:"APIConnect"`
	BankTranID  flex `json:"bank_tran_id"`
	TransID     flex `json:"trans_id"`
	TranID      flex `json:"tran_id"`
	RefundRefID flex `json:"refund_ref_id"`
	Status      flex `json:"status"`
	ErrorReason flex `json:"errorReason"`
	InitiatedOn flex `json:"initiated_on"`
	RefundedOn  flex `json:"refunded_on"`
}

func (j refundJSON) refund() (Refund, error) {
	if j.APIConnect != "DONE" {
		if j.APIConnect == "" {
			return Refund{}, fmt.Errorf("%w: the refund answer has no APIConnect", ErrGateway)
		}
		return Refund{}, fmt.Errorf("%w: APIConnect %s %s", ErrRefused, j.APIConnect, j.ErrorReason)
	}
	r := Refund{Status: string(j.Status), RefundRefID: string(j.RefundRefID), BankTranID: string(j.BankTranID),
		TranID: or(string(j.TranID), string(j.TransID)), InitiatedOn: string(j.InitiatedOn),
		RefundedOn: string(j.RefundedOn), ErrorReason: string(j.ErrorReason)}
	if r.Status == "" {
		return Refund{}, fmt.Errorf("%w: the refund answer has no status", ErrGateway)
	}
	return r, nil
}

// Refund asks the gateway to send money back. A refund it will not make
// (status failed) is ErrRefused with its reason; success and processing
// are accepted refunds, whose outcome RefundStatus tells.
func (c *Client) Refund(ctx context.Context, r RefundRequest) (Refund, error) {
	if r.Amount <= 0 || r.BankTranID == "" {
		return Refund{}, fmt.Errorf("sslcommerz: a refund needs a bank_tran_id and a positive amount")
	}
	q := url.Values{"bank_tran_id": {r.BankTranID}, "refund_amount": {FormatAmount(r.Amount)},
		"refund_remarks": {or(r.Remarks, "refund")}}
	if r.RefID != "" {
		q.Set("refe_id", r.RefID)
		q.Set("refund_trans_id", r.RefID)
	}
	var j refundJSON
	if err := c.call(ctx, http.MethodGet, QueryPath, q, &j); err != nil {
		return Refund{}, err
	}
	out, err := j.refund()
	if err != nil {
		return Refund{}, err
	}
	if out.Status != "success" && out.Status != "processing" {
		return out, fmt.Errorf("%w: refund %s: %s", ErrRefused, out.Status, out.ErrorReason)
	}
	return out, nil
}

// RefundStatus asks what became of a refund.
func (c *Client) RefundStatus(ctx context.Context, refundRefID string) (Refund, error) {
	var j refundJSON
	if err := c.call(ctx, http.MethodGet, QueryPath, url.Values{"refund_ref_id": {refundRefID}}, &j); err != nil {
		return Refund{}, err
	}
	return j.refund()
}
