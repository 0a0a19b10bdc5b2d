package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"resale/api"
	"resale/auth"
	"resale/checkreport"
	"resale/checkreport/hwread"
	"resale/notify"
	"resale/payments/sslcommerztest"
	"resale/store"
)

// The authorization matrix: who may call what, as data. Every route the
// server registers must be here (TestMatrixCoversEveryRoute), and every
// cell is checked against a fresh set of objects (TestAuthorizationMatrix).
// Columns: anonymous, buyer (owns the booking), other buyer, owner seller
// (owns the product), other seller, admin. Someone else's object is 404;
// a role that may not call a route at all is 403.
var roles = []string{"anonymous", "buyer", "other buyer", "owner seller", "other seller", "admin"}

type cell struct {
	method, path string
	body         any
}

// matrixFixture is what one cell acts on, made fresh for each cell.
type matrixFixture struct {
	users                  map[string]store.User
	product, reported      string
	booking, deletableUser string
	// an empty category, for the admin to delete
	category string
	// a reported thread of the buyer and the owner seller about product,
	// and a pending offer in it
	conversation, offer string
	// #20 sellers and reviews: a completed booking of the buyer's not yet
	// reviewed, and a review of the owner seller on another one
	completedBooking, review string
	// #20 saved searches: one of the buyer's saved searches
	savedSearch string
	// #31 a verification link of the buyer, whose password was chosen
	// before the address was proven
	verifyLink string
	// #32 a laptop of the owner seller's handed over to the buyer
	soldProduct string
	// #40 a live check code of product (which is checked), and a pending
	// stolen registration
	checkCode, stolen string
}

var matrix = map[string]struct {
	req  func(f matrixFixture) cell
	want [6]int
}{
	"GET /api/health":               {func(matrixFixture) cell { return cell{"GET", "/api/health", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/config":               {func(matrixFixture) cell { return cell{"GET", "/api/config", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/openapi.json":         {func(matrixFixture) cell { return cell{"GET", "/api/openapi.json", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"POST /api/auth/signup":         {func(matrixFixture) cell { return cell{"POST", "/api/auth/signup", map[string]any{}} }, [6]int{415, 415, 415, 415, 415, 415}},
	"POST /api/auth/login":          {func(matrixFixture) cell { return cell{"POST", "/api/auth/login", map[string]any{}} }, [6]int{400, 400, 400, 400, 400, 400}},
	"POST /api/auth/logout":         {func(matrixFixture) cell { return cell{"POST", "/api/auth/logout", nil} }, [6]int{401, 204, 204, 204, 204, 204}},
	"GET /api/auth/google/login":    {func(matrixFixture) cell { return cell{"GET", "/api/auth/google/login", nil} }, [6]int{404, 404, 404, 404, 404, 404}},
	"GET /api/auth/google/callback": {func(matrixFixture) cell { return cell{"GET", "/api/auth/google/callback", nil} }, [6]int{404, 404, 404, 404, 404, 404}},
	"POST /api/auth/google/exchange": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/google/exchange", map[string]any{"code": "x"}}
	}, [6]int{401, 401, 401, 401, 401, 401}},
	"GET /api/me": {func(matrixFixture) cell { return cell{"GET", "/api/me", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	// a buyer becomes a seller: the roles are put back after each cell
	"PUT /api/me/role": {func(matrixFixture) cell { return cell{"PUT", "/api/me/role", map[string]any{"role": "Seller"}} }, [6]int{401, 200, 200, 403, 403, 403}},
	"PATCH /api/me":    {func(matrixFixture) cell { return cell{"PATCH", "/api/me", map[string]any{"language": "bn"}} }, [6]int{401, 200, 200, 200, 200, 200}},
	// the wrong current password: who may try is what counts here
	"PUT /api/me/password": {func(matrixFixture) cell {
		return cell{"PUT", "/api/me/password", map[string]any{"currentPassword": "not the password", "newPassword": "a new long passphrase"}}
	}, [6]int{401, 400, 400, 400, 400, 400}},
	// a new address each time, or the throttle per email would answer
	"POST /api/auth/forgot": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/forgot", map[string]any{"email": fmt.Sprintf("nobody-%d@example.com", forgotCalls.Add(1))}}
	}, [6]int{202, 202, 202, 202, 202, 202}},
	// #35 phones: the matrix's shop sends SMS; a new number each time, or
	// the cap per number would answer; an anonymous caller is told to
	// sign in first, a signed-in one who never asked has no live code
	"POST /api/me/phone": {func(matrixFixture) cell {
		return cell{"POST", "/api/me/phone", map[string]any{"phone": fmt.Sprintf("0171%07d", phoneCalls.Add(1))}}
	}, [6]int{401, 202, 202, 202, 202, 202}},
	"POST /api/me/phone/verify": {func(matrixFixture) cell {
		return cell{"POST", "/api/me/phone/verify", map[string]any{"code": "123456"}}
	}, [6]int{401, 400, 400, 400, 400, 400}},
	// sign-in codes: anyone may ask (not a mobile number here: the cap
	// per address is the matrix's to spend elsewhere) and try one
	"POST /api/auth/phone": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/phone", map[string]any{"phone": "029876543"}}
	}, [6]int{400, 400, 400, 400, 400, 400}},
	"POST /api/auth/phone/verify": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/phone/verify", map[string]any{"phone": fmt.Sprintf("0181%07d", phoneCalls.Add(1)), "code": "123456"}}
	}, [6]int{401, 401, 401, 401, 401, 401}},
	"POST /api/auth/reset": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/reset", map[string]any{"token": strings.Repeat("A", 43), "password": "a new long passphrase"}}
	}, [6]int{400, 400, 400, 400, 400, 400}},
	// #32 what became of a link, spending nothing: anyone holding one may ask
	"POST /api/auth/reset/check": {func(matrixFixture) cell {
		return cell{"POST", "/api/auth/reset/check", map[string]any{"token": strings.Repeat("A", 43)}}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	"POST /api/auth/verify-email/check": {func(f matrixFixture) cell {
		return cell{"POST", "/api/auth/verify-email/check", map[string]any{"token": f.verifyLink}}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	// #31 the link alone proves the buyer's address only from the buyer's
	// own session; anyone else is asked for the password (409)
	"POST /api/auth/verify-email": {func(f matrixFixture) cell {
		return cell{"POST", "/api/auth/verify-email", map[string]any{"token": f.verifyLink}}
	}, [6]int{409, 200, 409, 409, 409, 409}},
	"POST /api/auth/resend-verification": {func(matrixFixture) cell { return cell{"POST", "/api/auth/resend-verification", nil} }, [6]int{401, 202, 202, 202, 202, 202}},
	"GET /api/user": {func(f matrixFixture) cell {
		return cell{"GET", "/api/user?email=" + f.users["owner seller"].Email, nil}
	}, [6]int{401, 403, 403, 200, 403, 200}},
	"GET /api/users/seller/:email": {func(f matrixFixture) cell {
		return cell{"GET", "/api/users/seller/" + f.users["owner seller"].Email, nil}
	}, [6]int{401, 403, 403, 200, 403, 200}},
	"GET /api/users/admin/:email": {func(f matrixFixture) cell {
		return cell{"GET", "/api/users/admin/" + f.users["owner seller"].Email, nil}
	}, [6]int{401, 403, 403, 200, 403, 200}},
	"GET /api/users":        {func(matrixFixture) cell { return cell{"GET", "/api/users?role=Seller", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"DELETE /api/users/:id": {func(f matrixFixture) cell { return cell{"DELETE", "/api/users/" + f.deletableUser, nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	// #32 moderation: a reason is required; admins only
	"POST /api/users/:id/warn": {func(f matrixFixture) cell {
		return cell{"POST", "/api/users/" + f.deletableUser + "/warn", map[string]any{"reason": "Misleading prices"}}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/users/:id/suspend": {func(f matrixFixture) cell {
		return cell{"POST", "/api/users/" + f.deletableUser + "/suspend", map[string]any{"days": 7, "reason": "Fake listings"}}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/products/:id/hide": {func(f matrixFixture) cell {
		return cell{"POST", "/api/products/" + f.product + "/hide", map[string]any{"reason": "Photos of another laptop"}}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	"GET /api/admin/categorys": {func(matrixFixture) cell { return cell{"GET", "/api/admin/categorys", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"PUT /api/users/:email":    {func(f matrixFixture) cell { return cell{"PUT", "/api/users/" + f.users["other seller"].Email, nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"DELETE /api/users/:email/verify": {func(f matrixFixture) cell {
		return cell{"DELETE", "/api/users/" + f.users["other seller"].Email + "/verify", nil}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	"GET /api/admin/audit":   {func(matrixFixture) cell { return cell{"GET", "/api/admin/audit", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/images":       {func(matrixFixture) cell { return cell{"POST", "/api/images", map[string]any{}} }, [6]int{401, 415, 415, 415, 415, 415}},
	"GET /api/categorys":     {func(matrixFixture) cell { return cell{"GET", "/api/categorys", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/categorys/:id": {func(matrixFixture) cell { return cell{"GET", "/api/categorys/1", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"POST /api/categorys": {func(matrixFixture) cell {
		return cell{"POST", "/api/categorys", map[string]any{"name": fmt.Sprintf("Matrix %d", categoryCalls.Add(1))}}
	}, [6]int{401, 403, 403, 403, 403, 201}},
	"DELETE /api/categorys/:id": {func(f matrixFixture) cell { return cell{"DELETE", "/api/categorys/" + f.category, nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"GET /api/products":         {func(matrixFixture) cell { return cell{"GET", "/api/products?category=HP", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/products/facets": {func(matrixFixture) cell {
		return cell{"GET", "/api/products/facets?category=HP&ramMin=8", nil}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/products/:id":         {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.product, nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/products/:id/similar": {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.product + "/similar", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	// #32 a sold laptop's page: its seller, its buyer and admins only
	"GET /api/products/:id/sale": {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.soldProduct + "/sale", nil} }, [6]int{401, 200, 404, 200, 404, 200}},
	"GET /api/advertised":        {func(matrixFixture) cell { return cell{"GET", "/api/advertised", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"POST /api/products":         {func(matrixFixture) cell { return cell{"POST", "/api/products", map[string]any{}} }, [6]int{401, 403, 403, 400, 400, 403}},
	"GET /api/userProducts": {func(f matrixFixture) cell {
		return cell{"GET", "/api/userProducts?email=" + f.users["owner seller"].Email, nil}
	}, [6]int{401, 403, 403, 200, 403, 200}},
	"PUT /api/products/:id": {func(f matrixFixture) cell { return cell{"PUT", "/api/products/" + f.product, nil} }, [6]int{401, 403, 403, 200, 404, 403}},
	"PATCH /api/products/:id": {func(f matrixFixture) cell {
		return cell{"PATCH", "/api/products/" + f.product, map[string]any{"productName": "Renamed laptop"}}
	}, [6]int{401, 403, 403, 200, 404, 403}},
	// #34 paid promotion, on a shop where advertising is free (409 for
	// the owner; TestPromotionRefusals has a price): the seller's own only
	"POST /api/products/:id/promotion": {func(f matrixFixture) cell {
		return cell{"POST", "/api/products/" + f.product + "/promotion", map[string]any{"method": "sslcommerz"}}
	}, [6]int{401, 403, 403, 409, 404, 403}},
	"GET /api/products/:id/promotion":    {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.product + "/promotion", nil} }, [6]int{401, 403, 403, 404, 404, 403}},
	"DELETE /api/products/:id/advertise": {func(f matrixFixture) cell { return cell{"DELETE", "/api/products/" + f.product + "/advertise", nil} }, [6]int{401, 403, 403, 200, 404, 200}},
	"DELETE /api/products/:id":           {func(f matrixFixture) cell { return cell{"DELETE", "/api/products/" + f.product, nil} }, [6]int{401, 403, 403, 200, 404, 200}},
	"PUT /api/products/report/:id":       {func(f matrixFixture) cell { return cell{"PUT", "/api/products/report/" + f.product, nil} }, [6]int{401, 200, 200, 409, 200, 200}},
	"GET /api/products/report":           {func(matrixFixture) cell { return cell{"GET", "/api/products/report?report=reported", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/products/report/:id/dismiss": {func(f matrixFixture) cell {
		return cell{"POST", "/api/products/report/" + f.reported + "/dismiss", nil}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	"DELETE /api/products/report/:id": {func(f matrixFixture) cell { return cell{"DELETE", "/api/products/report/" + f.reported, nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/bookings":              {func(f matrixFixture) cell { return cell{"POST", "/api/bookings", bookingBody(f.product)} }, [6]int{401, 409, 201, 409, 201, 201}},
	"GET /api/bookings/booked":        {func(matrixFixture) cell { return cell{"GET", "/api/bookings/booked", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/bookings":               {func(f matrixFixture) cell { return cell{"GET", "/api/bookings?email=" + f.users["buyer"].Email, nil} }, [6]int{401, 200, 403, 403, 403, 200}},
	"GET /api/bookings/:id":           {func(f matrixFixture) cell { return cell{"GET", "/api/bookings/" + f.booking, nil} }, [6]int{401, 200, 404, 404, 404, 200}},
	"DELETE /api/bookings/:id":        {func(f matrixFixture) cell { return cell{"DELETE", "/api/bookings/" + f.booking, nil} }, [6]int{401, 200, 404, 404, 404, 404}},
	// #34 how a booking is paid: its buyer's only, while nothing is paid
	"PUT /api/bookings/:id/payment-method": {func(f matrixFixture) cell {
		return cell{"PUT", "/api/bookings/" + f.booking + "/payment-method", map[string]any{"paymentMethod": "card"}}
	}, [6]int{401, 200, 404, 404, 404, 404}},
	"GET /api/leads":               {func(matrixFixture) cell { return cell{"GET", "/api/leads", nil} }, [6]int{401, 403, 403, 200, 200, 200}},
	"GET /api/leads/new":           {func(matrixFixture) cell { return cell{"GET", "/api/leads/new", nil} }, [6]int{401, 403, 403, 200, 200, 200}},
	"PUT /api/bookings/:id/accept": {func(f matrixFixture) cell { return cell{"PUT", "/api/bookings/" + f.booking + "/accept", nil} }, [6]int{401, 403, 403, 200, 404, 403}},
	"PUT /api/bookings/:id/decline": {func(f matrixFixture) cell {
		return cell{"PUT", "/api/bookings/" + f.booking + "/decline", map[string]any{"reason": "Sold to a friend"}}
	}, [6]int{401, 403, 403, 200, 404, 403}},
	// the fixture's booking is pending: its seller passes the door and
	// meets the state table (no hand-over before an accept)
	"POST /api/bookings/:id/handover": {func(f matrixFixture) cell {
		return cell{"POST", "/api/bookings/" + f.booking + "/handover", map[string]any{"code": "123456"}}
	}, [6]int{401, 403, 403, 409, 404, 403}},
	"PUT /api/products/:id/sold":   {func(f matrixFixture) cell { return cell{"PUT", "/api/products/" + f.product + "/sold", nil} }, [6]int{401, 403, 403, 200, 404, 403}},
	"PUT /api/products/:id/relist": {func(f matrixFixture) cell { return cell{"PUT", "/api/products/" + f.product + "/relist", nil} }, [6]int{401, 403, 403, 409, 404, 403}},
	"POST /api/products/:id/renew": {func(f matrixFixture) cell { return cell{"POST", "/api/products/" + f.product + "/renew", nil} }, [6]int{401, 403, 403, 200, 404, 403}},
	// #37 per-listing numbers: the page's beacons take anyone (what counts
	// is the counting tests'), the numbers are the seller's and an admin's
	"POST /api/products/:id/view":   {func(f matrixFixture) cell { return cell{"POST", "/api/products/" + f.product + "/view", nil} }, [6]int{204, 204, 204, 204, 204, 204}},
	"POST /api/products/:id/reveal": {func(f matrixFixture) cell { return cell{"POST", "/api/products/" + f.product + "/reveal", nil} }, [6]int{204, 204, 204, 204, 204, 204}},
	"GET /api/products/:id/stats":   {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.product + "/stats", nil} }, [6]int{401, 403, 403, 200, 404, 200}},
	"GET /api/me/stats":             {func(matrixFixture) cell { return cell{"GET", "/api/me/stats", nil} }, [6]int{401, 403, 403, 200, 200, 403}},
	// #40 resale-check: the code is the credential of POST /api/checks
	"POST /api/products/:id/check-code": {func(f matrixFixture) cell { return cell{"POST", "/api/products/" + f.product + "/check-code", nil} }, [6]int{401, 403, 403, 201, 404, 403}},
	"POST /api/checks": {func(f matrixFixture) cell {
		return cell{"POST", "/api/checks", checkreport.Submission{Code: f.checkCode, Report: matrixReport()}}
	}, [6]int{201, 201, 201, 201, 201, 201}},
	"GET /api/checks/key":            {func(matrixFixture) cell { return cell{"GET", "/api/checks/key", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/products/:id/check":    {func(f matrixFixture) cell { return cell{"GET", "/api/products/" + f.product + "/check", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"DELETE /api/products/:id/check": {func(f matrixFixture) cell { return cell{"DELETE", "/api/products/" + f.product + "/check", nil} }, [6]int{401, 403, 403, 204, 404, 403}},
	"POST /api/stolen": {func(f matrixFixture) cell {
		return cell{"POST", "/api/stolen", map[string]any{"serial": "SN" + f.product, "policeReport": "GD 12/2026"}}
	}, [6]int{401, 201, 201, 201, 201, 201}},
	"GET /api/stolen/:serial":            {func(matrixFixture) cell { return cell{"GET", "/api/stolen/PF2XK9QZ", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/admin/stolen":              {func(matrixFixture) cell { return cell{"GET", "/api/admin/stolen", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/admin/stolen/:id/confirm": {func(f matrixFixture) cell { return cell{"POST", "/api/admin/stolen/" + f.stolen + "/confirm", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/admin/stolen/:id/reject":  {func(f matrixFixture) cell { return cell{"POST", "/api/admin/stolen/" + f.stolen + "/reject", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/create-payment-intent": {func(f matrixFixture) cell {
		return cell{"POST", "/api/create-payment-intent", map[string]any{"bookingId": f.booking}}
	}, [6]int{401, 200, 404, 404, 404, 404}},
	"POST /api/payments": {func(f matrixFixture) cell {
		return cell{"POST", "/api/payments", map[string]any{"bookingId": f.booking, "transactionId": "pi_none"}}
	}, [6]int{401, 409, 404, 404, 404, 404}},
	"GET /api/payments":        {func(matrixFixture) cell { return cell{"GET", "/api/payments", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/stripe/webhook": {func(matrixFixture) cell { return cell{"POST", "/api/stripe/webhook", map[string]any{}} }, [6]int{400, 400, 400, 400, 400, 400}},
	// #34 SSLCommerz: a checkout of the buyer's own booking; the gateway's
	// notice names no payment of ours here (400 for everyone)
	"POST /api/payments/sslcommerz/session": {func(f matrixFixture) cell {
		return cell{"POST", "/api/payments/sslcommerz/session", map[string]any{"bookingId": f.booking}}
	}, [6]int{401, 200, 404, 404, 404, 404}},
	"POST /api/payments/sslcommerz/ipn": {func(matrixFixture) cell { return cell{"POST", "/api/payments/sslcommerz/ipn", map[string]any{}} }, [6]int{400, 400, 400, 400, 400, 400}},
	"GET /api/notifications":            {func(matrixFixture) cell { return cell{"GET", "/api/notifications", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/notifications/unread":     {func(matrixFixture) cell { return cell{"GET", "/api/notifications/unread", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"PUT /api/notifications/read": {func(matrixFixture) cell {
		return cell{"PUT", "/api/notifications/read", map[string]any{"all": true}}
	}, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/me/notification-settings": {func(matrixFixture) cell { return cell{"GET", "/api/me/notification-settings", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"PUT /api/me/notification-settings": {func(matrixFixture) cell {
		return cell{"PUT", "/api/me/notification-settings", map[string]any{"email": map[string]bool{"price_drop": false}}}
	}, [6]int{401, 200, 200, 200, 200, 200}},
	// #37 a browser pushed to: anyone signed in, for themselves
	"POST /api/me/push-subscriptions": {func(matrixFixture) cell {
		return cell{"POST", "/api/me/push-subscriptions", testPushSubscription(fmt.Sprintf("https://push.example.net/m%d", phoneCalls.Add(1)))}
	}, [6]int{401, 201, 201, 201, 201, 201}},
	// nobody's endpoint: the caller has no such browser
	"DELETE /api/me/push-subscriptions": {func(matrixFixture) cell {
		return cell{"DELETE", "/api/me/push-subscriptions?endpoint=https%3A%2F%2Fpush.example.net%2Fnone", nil}
	}, [6]int{401, 404, 404, 404, 404, 404}},
	// the token is the credential: whoever holds it, signed in or not
	"POST /api/unsubscribe": {func(f matrixFixture) cell {
		return cell{"POST", "/api/unsubscribe?token=" + notify.NewUnsubscriber(testKey).Token(f.users["buyer"].ID, "price_drop"), nil}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/admin/mail-failures": {func(matrixFixture) cell { return cell{"GET", "/api/admin/mail-failures", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/events/ticket":      {func(matrixFixture) cell { return cell{"POST", "/api/events/ticket", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	// the ticket is the credential, whoever sends it; a session's bearer
	// token opens no stream (events_test.go streams with real tickets)
	"GET /api/events": {func(matrixFixture) cell { return cell{"GET", "/api/events?ticket=" + strings.Repeat("A", 43), nil} }, [6]int{401, 401, 401, 401, 401, 401}},

	// #34 the ledger: the admin's; a payout beyond what is owed (nothing
	// is, the fixture's sale was cash) is refused only once the admin is
	// let in; a seller reads their own balance
	"GET /api/admin/ledger": {func(matrixFixture) cell { return cell{"GET", "/api/admin/ledger", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/admin/payouts": {func(f matrixFixture) cell {
		return cell{"POST", "/api/admin/payouts", map[string]any{"sellerId": formatTestID(f.users["owner seller"].ID), "amount": 1, "method": "bkash", "reference": "01711000000"}}
	}, [6]int{401, 403, 403, 403, 403, 409}},
	"GET /api/me/balance": {func(matrixFixture) cell { return cell{"GET", "/api/me/balance", nil} }, [6]int{401, 403, 403, 200, 200, 403}},
	// #39 the price guide's reference catalogue: the admin's; the
	// matrix's JSON body is no CSV, refused (415) once the admin is let in
	"GET /api/admin/price-reference":     {func(matrixFixture) cell { return cell{"GET", "/api/admin/price-reference", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"GET /api/admin/price-reference.csv": {func(matrixFixture) cell { return cell{"GET", "/api/admin/price-reference.csv", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"POST /api/admin/price-reference": {func(matrixFixture) cell {
		return cell{"POST", "/api/admin/price-reference?mode=extend", map[string]any{"title": "HP 250 G8", "price_tk": 45000}}
	}, [6]int{401, 403, 403, 403, 403, 415}},
	"DELETE /api/admin/price-reference": {func(matrixFixture) cell { return cell{"DELETE", "/api/admin/price-reference", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	"GET /api/admin/sellers/:id/balance": {func(f matrixFixture) cell {
		return cell{"GET", "/api/admin/sellers/" + formatTestID(f.users["owner seller"].ID) + "/balance", nil}
	}, [6]int{401, 403, 403, 403, 403, 200}},

	// conversations and offers: a thread is its two people's; an admin
	// reads a reported one (the fixture's is) and writes to none
	"POST /api/conversations": {func(f matrixFixture) cell {
		return cell{"POST", "/api/conversations", map[string]any{"productId": f.product, "text": "Is it still available?"}}
	}, [6]int{401, 201, 201, 409, 201, 201}},
	"GET /api/conversations":        {func(matrixFixture) cell { return cell{"GET", "/api/conversations", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/conversations/unread": {func(matrixFixture) cell { return cell{"GET", "/api/conversations/unread", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/conversations/:id": {func(f matrixFixture) cell {
		return cell{"GET", "/api/conversations/" + f.conversation, nil}
	}, [6]int{401, 200, 404, 200, 404, 200}},
	"GET /api/conversations/:id/messages": {func(f matrixFixture) cell {
		return cell{"GET", "/api/conversations/" + f.conversation + "/messages", nil}
	}, [6]int{401, 200, 404, 200, 404, 200}},
	"POST /api/conversations/:id/messages": {func(f matrixFixture) cell {
		return cell{"POST", "/api/conversations/" + f.conversation + "/messages", map[string]any{"text": "Does the battery hold?"}}
	}, [6]int{401, 201, 404, 201, 404, 404}},
	"PUT /api/conversations/:id/read": {func(f matrixFixture) cell {
		return cell{"PUT", "/api/conversations/" + f.conversation + "/read", nil}
	}, [6]int{401, 200, 404, 200, 404, 404}},
	"POST /api/conversations/:id/report": {func(f matrixFixture) cell {
		return cell{"POST", "/api/conversations/" + f.conversation + "/report", map[string]any{"reason": "spam"}}
	}, [6]int{401, 200, 404, 200, 404, 404}},
	"GET /api/admin/conversations": {func(matrixFixture) cell { return cell{"GET", "/api/admin/conversations", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	// #37 an offer is answered by the side that did not make it: the
	// buyer made this one (403 for them), the seller may also counter it
	"PUT /api/offers/:id/accept":  {func(f matrixFixture) cell { return cell{"PUT", "/api/offers/" + f.offer + "/accept", nil} }, [6]int{401, 403, 404, 200, 404, 404}},
	"PUT /api/offers/:id/decline": {func(f matrixFixture) cell { return cell{"PUT", "/api/offers/" + f.offer + "/decline", nil} }, [6]int{401, 403, 404, 200, 404, 404}},
	"PUT /api/offers/:id/counter": {func(f matrixFixture) cell {
		return cell{"PUT", "/api/offers/" + f.offer + "/counter", map[string]any{"amount": 950}}
	}, [6]int{401, 403, 404, 201, 404, 404}},
	// favourites: anyone signed in keeps their own; the product is anyone's
	"GET /api/favourites":         {func(matrixFixture) cell { return cell{"GET", "/api/favourites", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"GET /api/favourites/ids":     {func(matrixFixture) cell { return cell{"GET", "/api/favourites/ids", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"PUT /api/favourites/:id":     {func(f matrixFixture) cell { return cell{"PUT", "/api/favourites/" + f.product, nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"DELETE /api/favourites/:id":  {func(f matrixFixture) cell { return cell{"DELETE", "/api/favourites/" + f.product, nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"PUT /api/users/:id/block":    {func(f matrixFixture) cell { return cell{"PUT", "/api/users/" + f.deletableUser + "/block", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"DELETE /api/users/:id/block": {func(f matrixFixture) cell { return cell{"DELETE", "/api/users/" + f.deletableUser + "/block", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	// #20 sellers and reviews: the pages are public; only the booking's
	// buyer reviews (others 403), only the reviewed seller replies
	// (another seller's review is not found), only an admin removes
	"GET /api/sellers/:id": {func(f matrixFixture) cell {
		return cell{"GET", "/api/sellers/" + formatTestID(f.users["owner seller"].ID), nil}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	// #37 tools for a shop: a seller's own shop page and listing defaults;
	// a bulk action on another seller's listing answers 200 with that
	// listing refused as not found (TestBulkActions)
	"GET /api/me/shop": {func(matrixFixture) cell { return cell{"GET", "/api/me/shop", nil} }, [6]int{401, 403, 403, 200, 200, 403}},
	"PUT /api/me/shop": {func(matrixFixture) cell {
		return cell{"PUT", "/api/me/shop", map[string]any{"address": "House 12, Road 5, Mirpur 10, Dhaka", "hours": []any{map[string]any{"day": "sat", "open": "10:00", "close": "20:00"}}}}
	}, [6]int{401, 403, 403, 200, 200, 403}},
	"GET /api/me/listing-defaults": {func(matrixFixture) cell { return cell{"GET", "/api/me/listing-defaults", nil} }, [6]int{401, 403, 403, 200, 200, 403}},
	"POST /api/products/bulk": {func(f matrixFixture) cell {
		return cell{"POST", "/api/products/bulk", map[string]any{"action": "renew", "ids": []string{f.product}}}
	}, [6]int{401, 403, 403, 200, 200, 403}},
	"GET /api/sellers/:id/reviews": {func(f matrixFixture) cell {
		return cell{"GET", "/api/sellers/" + formatTestID(f.users["owner seller"].ID) + "/reviews", nil}
	}, [6]int{200, 200, 200, 200, 200, 200}},
	"POST /api/bookings/:id/review": {func(f matrixFixture) cell {
		return cell{"POST", "/api/bookings/" + f.completedBooking + "/review", map[string]any{"rating": 5, "text": "Great laptop"}}
	}, [6]int{401, 201, 403, 403, 403, 403}},
	"PUT /api/reviews/:id/reply": {func(f matrixFixture) cell {
		return cell{"PUT", "/api/reviews/" + f.review + "/reply", map[string]any{"text": "Thank you"}}
	}, [6]int{401, 403, 403, 200, 404, 403}},
	"DELETE /api/reviews/:id": {func(f matrixFixture) cell {
		return cell{"DELETE", "/api/reviews/" + f.review, map[string]any{"reason": "abusive"}}
	}, [6]int{401, 403, 403, 403, 403, 200}},
	// #20 admin overview (helper admin)
	"GET /api/admin/stats": {func(matrixFixture) cell { return cell{"GET", "/api/admin/stats", nil} }, [6]int{401, 403, 403, 403, 403, 200}},
	// #20 saved searches (helper "saved"): anyone signed in keeps their own;
	// another's is not found
	"POST /api/saved-searches": {func(matrixFixture) cell {
		return cell{"POST", "/api/saved-searches", map[string]any{"query": "q=matrix&maxPrice=50000", "frequency": "instant"}}
	}, [6]int{401, 201, 201, 201, 201, 201}},
	"GET /api/saved-searches":        {func(matrixFixture) cell { return cell{"GET", "/api/saved-searches", nil} }, [6]int{401, 200, 200, 200, 200, 200}},
	"DELETE /api/saved-searches/:id": {func(f matrixFixture) cell { return cell{"DELETE", "/api/saved-searches/" + f.savedSearch, nil} }, [6]int{401, 200, 404, 404, 404, 404}},
	// end #20 saved searches
	"GET /api/locations":   {func(matrixFixture) cell { return cell{"GET", "/api/locations", nil} }, [6]int{200, 200, 200, 200, 200, 200}},
	"GET /api/specs/parse": {func(matrixFixture) cell { return cell{"GET", "/api/specs/parse?title=corei5+8gb", nil} }, [6]int{200, 200, 200, 200, 200, 200}},

	// #36 suggestions while typing
	"GET /api/search/suggest": {func(matrixFixture) cell { return cell{"GET", "/api/search/suggest?q=i5", nil} }, [6]int{200, 200, 200, 200, 200, 200}},

	// #39 the price guide: anyone
	"GET /api/price-guide": {func(matrixFixture) cell {
		return cell{"GET", "/api/price-guide?title=HP+ProBook+Core+i5+12th+Gen+8GB&condition=good&used=1", nil}
	}, [6]int{200, 200, 200, 200, 200, 200}},
}

var forgotCalls, categoryCalls, phoneCalls atomic.Int64

func bookingBody(product string) map[string]any {
	return map[string]any{"ProductId": product, "number": "01811223344", "meetLocation": "Mirpur 10"}
}

// tokenFor makes a valid access token for u as the server would.
func tokenFor(t *testing.T, u store.User) string {
	now := time.Now()
	return forge(t, jwt.SigningMethodHS256, accessKey(), jwt.MapClaims{"iss": "resale", "aud": []string{"resale-api"},
		"sub": formatTestID(u.ID), "ver": u.TokenVersion, "iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(time.Hour).Unix()})
}

func formatTestID(id int64) string { b, _ := json.Marshal(id); return string(b) }

func TestMatrixCoversEveryRoute(t *testing.T) {
	t.Parallel()
	s := newTestServerWith(t, nil, nil)
	var registered []string
	for _, r := range s.handler.(interface{ Routes() []string }).Routes() {
		registered = append(registered, r)
		if _, ok := matrix[r]; !ok {
			t.Errorf("route %s is not in the authorization matrix", r)
		}
	}
	for r := range matrix {
		if !slices.Contains(registered, r) {
			t.Errorf("the matrix names %s, which is not registered", r)
		}
	}
}

func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	keys := make([]string, 0, len(matrix))
	for k := range matrix {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	f := newFakeStripe(t)
	base := newTestServer(t)
	pay := withPayments(f, sslcommerztest.New(t, sslcommerztest.Options{}), "http://shop.test")
	s := newTestServerWith(t, base.store, func(o *api.Options) { pay(o); o.SMS = true; o.PushPublicKey = testVAPIDPublic })
	ctx := context.Background()
	users := map[string]store.User{}
	roleOf := map[string]string{"buyer": store.RoleBuyer, "other buyer": store.RoleBuyer, "owner seller": store.RoleSeller, "other seller": store.RoleSeller, "admin": store.RoleAdmin}
	for who, role := range roleOf {
		u, err := s.store.CreateUser(ctx, store.NewUser{Name: who, Email: "m-" + who[:3] + formatTestID(int64(len(users))) + "@example.com", Role: role})
		if err != nil {
			t.Fatal(err)
		}
		users[who] = u
	}
	buyerPassword, err := auth.HashPassword(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	fixture := func() matrixFixture {
		n++
		mk := func(name string) int64 {
			p, err := s.store.CreateProduct(ctx, store.NewProduct{SellerID: users["owner seller"].ID, CategoryID: 3, Name: name, Picture: "/uploads/x.jpg",
				SellPrice: 1000, OriginalPrice: 2000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
			if err != nil {
				t.Fatal(err)
			}
			return p.ID
		}
		product, reported := mk("p"), mk("r")
		if _, err := s.store.ReportProduct(ctx, reported, users["buyer"].ID, "spam", ""); err != nil {
			t.Fatal(err)
		}
		// the fixtures' bookings are dated an hour back, so that they do
		// not count against the buyer's hourly budget (store.BookingsPerWindow)
		pastBookings := func() {
			base.exec(`UPDATE bookings SET created_at = now() - interval '2 hours' WHERE created_at > now() - interval '1 hour'`)
		}
		pastBookings()
		b, err := s.store.CreateBooking(ctx, store.NewBooking{ProductID: product, Buyer: users["buyer"], Phone: "01811223344", MeetLocation: "Mirpur"})
		if err != nil {
			t.Fatal(err)
		}
		victim, err := s.store.CreateUser(ctx, store.NewUser{Name: "victim", Email: "victim" + formatTestID(int64(n)) + "@example.com", Role: store.RoleBuyer})
		if err != nil {
			t.Fatal(err)
		}
		cat, err := s.store.CreateCategory(ctx, "Empty "+formatTestID(int64(n)), "/categories/laptop.svg", store.NoAdmin)
		if err != nil {
			t.Fatal(err)
		}
		// written in the past, so the fixtures' messages and threads
		// count against neither the throttle nor a new account's cap
		var conv, offer int64
		if err := base.pool.QueryRow(ctx, `INSERT INTO conversations (product_id, buyer_id, seller_id, created_at, last_message_at, buyer_read_at, seller_read_at, reported_at, reported_by, report_reason)
			VALUES ($1, $2, $3, now() - interval '2 days', now() - interval '1 hour', now() - interval '1 hour', now() - interval '2 days', now() - interval '1 hour', $2, 'spam') RETURNING id`,
			product, users["buyer"].ID, users["owner seller"].ID).Scan(&conv); err != nil {
			t.Fatal(err)
		}
		if err := base.pool.QueryRow(ctx, `INSERT INTO offers (conversation_id, product_id, buyer_id, amount, created_at) VALUES ($1, $2, $3, 900, now() - interval '1 hour') RETURNING id`,
			conv, product, users["buyer"].ID).Scan(&offer); err != nil {
			t.Fatal(err)
		}
		base.exec(`INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, 'Hello', now() - interval '2 hours')`, conv, users["buyer"].ID)
		base.exec(`INSERT INTO messages (conversation_id, sender_id, offer_id, created_at) VALUES ($1, $2, $3, now() - interval '1 hour')`, conv, users["buyer"].ID, offer)
		// #20: two completed sales to the buyer, the second reviewed
		completed := func() int64 {
			pastBookings()
			b, err := s.store.CreateBooking(ctx, store.NewBooking{ProductID: mk("c"), Buyer: users["buyer"], Phone: "01811223344", MeetLocation: "Mirpur"})
			if err != nil {
				t.Fatal(err)
			}
			base.exec(`UPDATE bookings SET status = 'completed', completed_at = now() WHERE id = $1`, b.ID)
			return b.ID
		}
		unreviewed, reviewed := completed(), completed()
		// #32 a third, handed over: the laptop is sold
		var sold int64
		if err := base.pool.QueryRow(ctx, `UPDATE products SET sold_at = now() WHERE id = (SELECT product_id FROM bookings WHERE id = $1) RETURNING id`, completed()).Scan(&sold); err != nil {
			t.Fatal(err)
		}
		var review int64
		if err := base.pool.QueryRow(ctx, `INSERT INTO reviews (booking_id, seller_id, buyer_id, rating, body) VALUES ($1, $2, $3, 4, 'Fine') RETURNING id`,
			reviewed, users["owner seller"].ID, users["buyer"].ID).Scan(&review); err != nil {
			t.Fatal(err)
		}
		// #20 saved searches (the earlier cells' ones go: the buyer keeps at most 50)
		base.exec(`DELETE FROM saved_searches WHERE user_id = $1`, users["buyer"].ID)
		var saved int64
		if err := base.pool.QueryRow(ctx, `INSERT INTO saved_searches (user_id, frequency, max_price, filter_key) VALUES ($1, 'daily', $2::bigint, 'maxPrice=' || $2::bigint) RETURNING id`,
			users["buyer"].ID, n).Scan(&saved); err != nil {
			t.Fatal(err)
		}
		// #31 the buyer's address unproven again, with a password, and a link
		base.exec(`UPDATE users SET email_verified_at = NULL, password_hash = $2 WHERE id = $1`, users["buyer"].ID, buyerPassword)
		link := verifyLink(t, base, formatTestID(users["buyer"].ID))
		checkCode, stolen := checkFixture(t, base, product, n)
		return matrixFixture{completedBooking: formatTestID(unreviewed), review: formatTestID(review), users: users, product: formatTestID(product), reported: formatTestID(reported), booking: formatTestID(b.ID), deletableUser: formatTestID(victim.ID),
			category: formatTestID(cat.ID), conversation: formatTestID(conv), offer: formatTestID(offer), savedSearch: formatTestID(saved), verifyLink: link,
			soldProduct: formatTestID(sold), checkCode: checkCode, stolen: stolen}
	}
	for _, route := range keys {
		row := matrix[route]
		for i, who := range roles {
			c := row.req(fixture())
			var body *bytes.Reader
			if c.body != nil {
				b, _ := json.Marshal(c.body)
				body = bytes.NewReader(b)
			}
			h := http.Header{"Content-Type": {"application/json"}}
			if who != "anonymous" {
				// tokens are re-made each time: logging out revokes them
				u, err := s.store.GetUser(ctx, users[who].ID)
				if err != nil {
					t.Fatal(err)
				}
				h.Set("Authorization", "Bearer "+tokenFor(t, u))
			}
			// once: a second call would meet the first one's change
			var rec *httptest.ResponseRecorder
			if body != nil {
				rec = s.do(c.method, c.path, body, h)
			} else {
				rec = s.do(c.method, c.path, nil, h)
			}
			if rec.Code != row.want[i] {
				t.Errorf("%s as %s: %d, want %d (%s)", route, who, rec.Code, row.want[i], rec.Body.String())
			}
			for who, role := range roleOf {
				base.exec("UPDATE users SET role = $1 WHERE id = $2 AND role <> $1", role, users[who].ID)
			}
		}
	}
}

// checkFixture gives product a check report and a live check code, and
// makes a pending stolen registration (#40); n makes each fixture's own.
func checkFixture(t *testing.T, base *testServer, product int64, n int) (code, stolen string) {
	t.Helper()
	code = fmt.Sprintf("MX%06d", n)
	sum := sha256.Sum256([]byte(code))
	base.exec(`INSERT INTO check_codes (product_id, code_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, product, sum[:])
	base.exec(`INSERT INTO check_reports (product_id, report, signature, serial_last4) VALUES ($1, '{"report":{"schema":1}}', '\x00', 'AB12')`, product)
	base.exec(`UPDATE products SET checked_at = now() WHERE id = $1`, product)
	serial := sha256.Sum256([]byte(code + "stolen"))
	var id int64
	if err := base.pool.QueryRow(context.Background(), `INSERT INTO stolen_serials (serial_hash, serial_last4, police_report) VALUES ($1, 'AB12', 'GD 1/2026') RETURNING id`,
		serial[:]).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return code, formatTestID(id)
}

// matrixReport is the recorded ThinkPad's report, read once.
var matrixReport = sync.OnceValue(func() checkreport.Report {
	return hwread.Read(context.Background(), hwread.Options{Root: "../checkreport/hwread/testdata/laptop", Version: "v1.0.0", Now: time.Now(),
		NVMeHealth: func(string) (*checkreport.DiskHealth, string) { return nil, "needs administrator rights" }})
})
