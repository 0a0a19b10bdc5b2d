package api

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// userJSON is a user on the wire; it never carries the password hash.
type userJSON struct {
	ID        string `json:"_id"`
	UserName  string `json:"userName"`
	Email     string `json:"email"`
	UserPhoto string `json:"userPhoto"`
	Role      string `json:"role"`
	Verify    string `json:"verify"`
	// EmailVerified: the owner proved the email (a link, or Google).
	EmailVerified bool   `json:"emailVerified"`
	Language      string `json:"language"`
	Phone         string `json:"phone"`
	// PhoneVerified: Phone was proved by an SMS code (#35); it is then in
	// E.164 (+8801XXXXXXXXX).
	PhoneVerified bool `json:"phoneVerified"`
	// SuspendedUntil is when an admin's suspension of the account ends
	// (#32); absent when it was never suspended (it may be past).
	SuspendedUntil *time.Time `json:"suspendedUntil,omitempty"`
}

func toUserJSON(u store.User) userJSON {
	verify := ""
	if u.Verified {
		verify = "verify"
	}
	out := userJSON{ID: formatID(u.ID), UserName: u.Name, Email: u.Email, UserPhoto: u.PhotoURL, Role: u.Role, Verify: verify,
		EmailVerified: u.EmailVerified, Language: u.Language, Phone: u.Phone, PhoneVerified: u.PhoneVerified}
	if !u.SuspendedUntil.IsZero() {
		until := u.SuspendedUntil.UTC()
		out.SuspendedUntil = &until
	}
	return out
}

// userByEmailParam finds the user a lookup names: the caller themself, or
// anyone when the caller is an admin. Asking about someone else is 403.
func (s *Server) userByEmailParam(c echo.Context, email string) (store.User, error) {
	me, _ := currentUser(c)
	if email == "" || store.NormalizeEmail(email) == me.Email {
		return me, nil
	}
	if me.Role != store.RoleAdmin {
		return store.User{}, errForbidden
	}
	u, err := s.store.GetUserByEmail(c.Request().Context(), email)
	return u, notFoundAs(err, "User")
}

// userByEmailQuery is userByEmailParam for the query string's email.
func (s *Server) userByEmailQuery(c echo.Context) (store.User, error) {
	email, err := singleQuery(c, "email")
	if err != nil {
		return store.User{}, err
	}
	return s.userByEmailParam(c, email)
}

// userPageQuery is the user the query string's email names and the page
// of their list it asks for.
func (s *Server) userPageQuery(c echo.Context) (store.User, store.Page, error) {
	u, err := s.userByEmailQuery(c)
	if err != nil {
		return u, store.Page{}, err
	}
	page, err := listPage(c)
	return u, page, err
}

// getUser serves GET /api/user?email=.
func (s *Server) getUser(c echo.Context) error {
	u, err := s.userByEmailQuery(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserJSON(u))
}

// isSeller serves GET /api/users/seller/:email: {"Seller": true|false}.
func (s *Server) isSeller(c echo.Context) error {
	return s.hasRole(c, store.RoleSeller)
}

// isAdmin serves GET /api/users/admin/:email: {"Admin": true|false}.
func (s *Server) isAdmin(c echo.Context) error {
	return s.hasRole(c, store.RoleAdmin)
}

// hasRole answers whether the user the path names has the role, under the
// role's own name.
func (s *Server) hasRole(c echo.Context, role string) error {
	email, err := emailParam(c)
	if err != nil {
		return err
	}
	u, err := s.userByEmailParam(c, email)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{role: u.Role == role})
}

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
	return pageJSON(c, users, next, toUserJSON)
}

// deleteUser serves DELETE /api/users/:id, with an optional JSON {reason}
// that the audit log keeps and the person's email says. See
// store.DeleteUser for what deletion does; an admin cannot delete
// themself or another admin.
func (s *Server) deleteUser(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("User")
	}
	reason, err := removalReason(c) // optional, as the spec's client sends none; the app's dialog asks for one
	if err != nil {
		return err
	}
	me, _ := currentUser(c)
	if id == me.ID {
		return &Error{Status: http.StatusConflict, Code: "self", Message: "You cannot delete your own account"}
	}
	refund, err := s.store.DeleteUser(c.Request().Context(), id, me.ID, reason)
	if err != nil {
		return notFoundAs(err, "User")
	}
	s.log.Info("user deleted", "user_id", id, "by", me.ID, "refunds", len(refund))
	for _, p := range refund { // a deleted seller's paid bookings (#31)
		if s.payments != nil {
			s.payments.Refund(context.WithoutCancel(c.Request().Context()), p)
		}
	}
	return c.JSON(http.StatusOK, deletedJSON{DeletedCount: 1})
}

// verifySeller serves PUT /api/users/:email: the seller's products show
// the verified badge from now on.
func (s *Server) verifySeller(c echo.Context) error {
	email, err := emailParam(c)
	if err != nil {
		return err
	}
	me, _ := currentUser(c)
	changed, err := s.store.VerifySeller(c.Request().Context(), email, me.ID)
	if err != nil {
		return notFoundAs(err, "User")
	}
	if changed {
		s.log.Info("seller verified", "seller_email", email, "by", me.ID)
	}
	return c.JSON(http.StatusOK, modifiedJSON{Acknowledged: true, ModifiedCount: boolCount(changed)})
}
