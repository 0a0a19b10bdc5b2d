package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// listUsers serves GET /api/users and GET /api/users?role=Buyer|Seller.
func (s *Server) listUsers(c echo.Context) error {
	role, err := singleQuery(c, "role")
	if err != nil {
		return err
	}
	if role != "" && role != store.RoleBuyer && role != store.RoleSeller && role != store.RoleAdmin {
		return invalidFields(map[string]string{"role": "must be Buyer, Seller or Admin"}, "role")
	}
	page, err := listPage(c)
	if err != nil {
		return err
	}
	users, next, err := s.store.ListUsers(c.Request().Context(), role, page)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	out := make([]userJSON, 0, len(users))
	for _, u := range users {
		out = append(out, toUserJSON(u))
	}
	return c.JSON(http.StatusOK, out)
}

// deleteUser serves DELETE /api/users/:id. See store.DeleteUser for what
// deletion does; an admin cannot delete themself or another admin.
func (s *Server) deleteUser(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("User")
	}
	me, _ := currentUser(c)
	if id == me.ID {
		return &Error{Status: http.StatusConflict, Code: "self", Message: "You cannot delete your own account"}
	}
	err = s.store.DeleteUser(c.Request().Context(), id)
	if err != nil {
		return notFoundAs(err, "User")
	}
	s.log.Info("user deleted", "user_id", id, "by", me.ID)
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}

// verifySeller serves PUT /api/users/:email: the seller's products show
// the verified badge from now on.
func (s *Server) verifySeller(c echo.Context) error {
	email, err := emailParam(c)
	if err != nil {
		return err
	}
	changed, err := s.store.VerifySeller(c.Request().Context(), email)
	if err != nil {
		return notFoundAs(err, "User")
	}
	me, _ := currentUser(c)
	if changed {
		s.log.Info("seller verified", "seller_email", email, "by", me.ID)
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(changed)})
}

// paymentJSON is a payment record on the wire, with the spec's names.
type paymentJSON struct {
	ID            string `json:"_id"`
	BookingID     string `json:"bookingId"`
	ProductID     string `json:"ProductId"`
	ProductName   string `json:"productName"`
	Price         int64  `json:"price"`
	BuyerName     string `json:"buyerName"`
	BuyerEmail    string `json:"buyerEmail"`
	TransactionID string `json:"transactionId"`
	Status        string `json:"status"`
	Date          string `json:"date"`
}

// listPayments serves GET /api/payments: every payment, for the admin.
func (s *Server) listPayments(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, next, err := s.store.ListPayments(c.Request().Context(), page)
	if err != nil {
		return err
	}
	setNextLink(c, next)
	out := make([]paymentJSON, 0, len(list))
	for _, p := range list {
		out = append(out, paymentJSON{
			ID: formatID(p.ID), BookingID: formatID(p.BookingID), ProductID: formatID(p.ProductID), ProductName: p.ProductName,
			Price: p.Price, BuyerName: p.BuyerName, BuyerEmail: p.BuyerEmail, TransactionID: p.TransactionID, Status: p.Status,
			Date: p.CreatedAt.In(s.loc).Format("01-02-2006"),
		})
	}
	return c.JSON(http.StatusOK, out)
}
