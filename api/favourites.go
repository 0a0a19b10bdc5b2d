package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"resale/store"
)

// favouriteJSON answers a change to a favourite: what it is now.
type favouriteJSON struct {
	Acknowledged bool `json:"acknowledged"`
	Favourite    bool `json:"favourite"`
}

// addFavourite serves PUT /api/favourites/:id: the caller saves
// the product; saving it again is no change.
func (s *Server) addFavourite(c echo.Context) error { return s.setFavourite(c, true) }

// deleteFavourite serves DELETE /api/favourites/:id: the caller
// forgets the product; forgetting one that is not saved is no change.
func (s *Server) deleteFavourite(c echo.Context) error { return s.setFavourite(c, false) }

// setFavourite saves or forgets the product in the path for the caller.
func (s *Server) setFavourite(c echo.Context, save bool) error {
	id, err := pathID(c, "id")
	if err != nil {
		return notFound("Product")
	}
	u, _ := currentUser(c)
	added := false
	if save {
		added, err = s.store.AddFavourite(c.Request().Context(), u.ID, id)
	} else {
		err = s.store.DeleteFavourite(c.Request().Context(), u.ID, id)
	}
	if err != nil {
		return notFoundAs(err, "Product")
	}
	if added {
		s.countListing(c, id, store.CountFavourites, u) // #37
	}
	return c.JSON(http.StatusOK, favouriteJSON{Acknowledged: true, Favourite: save})
}

// listFavourites serves GET /api/favourites: the caller's favourites as
// products, newest listing first, a page at a time (Link rel="next").
// Sold ones say available "soled" and expired ones expired, as in a
// seller's own list; deleted ones are gone.
func (s *Server) listFavourites(c echo.Context) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	u, _ := currentUser(c)
	products, next, err := s.store.ListFavourites(c.Request().Context(), u.ID, page)
	setNextLink(c, next)
	return s.productList(c, products, err)
}

// listFavouriteIDs serves GET /api/favourites/ids: the ids of every
// product the caller saved, for the hearts on cards. The catalogue's
// answers are the same for everyone (and kept); the hearts come from here.
func (s *Server) listFavouriteIDs(c echo.Context) error {
	u, _ := currentUser(c)
	ids, err := s.store.ListFavouriteIDs(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, formatID(id))
	}
	return c.JSON(http.StatusOK, out)
}
