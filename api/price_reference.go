package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"resale/priceguide"
	"resale/store"
)

// The price guide's reference catalogue (#39): the binary ships one
// (priceguide/reference.csv); an admin may upload a CSV of the same shape
// that replaces it or extends it (migration 00051). Each instance keeps
// the guide built from the catalogue in use and builds it again when the
// database announces an upload or its removal (WatchCatalogue): the
// uploading instance at once, before it answers. A refused upload changes
// nothing, and a guide is only ever replaced by one that was built.

// maxReferenceUpload caps an uploaded catalogue: 20,000 laptops in the
// shipped one's shape are about 7 MB.
const maxReferenceUpload = 8 << 20

// minReplacePriced is how many priced laptops a catalogue that replaces
// the shipped one must have: the guide compares a title with its eight
// nearest, and learns what each spec is worth from them all.
const minReplacePriced = 20

// referenceGuide is a guide and the upload it was built from (0: the
// shipped catalogue alone).
type referenceGuide struct {
	upload int64
	guide  *priceguide.Guide
}

// priceReference is this instance's guide in use. mu is held while a
// guide is built and put in use, so uploads and reloads take turns.
type priceReference struct {
	mu       sync.Mutex
	cur      atomic.Pointer[referenceGuide]
	kickOnce sync.Once
	kickC    chan struct{}
}

// guide is the price guide in use: the shipped catalogue's until another
// was built.
func (p *priceReference) guide() *priceguide.Guide {
	if g := p.cur.Load(); g != nil {
		return g.guide
	}
	return priceguide.Default()
}

// upload is the upload the guide in use was built from (0: none).
func (p *priceReference) upload() int64 {
	if g := p.cur.Load(); g != nil {
		return g.upload
	}
	return 0
}

// kicks asks for the catalogue in use to be checked: at most one ask waits.
func (p *priceReference) kicks() chan struct{} {
	p.kickOnce.Do(func() { p.kickC = make(chan struct{}, 1) })
	return p.kickC
}

func (p *priceReference) kick() {
	select {
	case p.kicks() <- struct{}{}:
	default:
	}
}

// catalogueInUse is the reference catalogue of upload ref in mode, or the
// shipped one when ref is nil.
func catalogueInUse(ref *store.PriceReference, uploaded []priceguide.Row) []priceguide.Row {
	switch {
	case ref == nil:
		return priceguide.ShippedRows()
	case ref.Mode == store.PriceReferenceExtend:
		return priceguide.Extend(priceguide.ShippedRows(), uploaded)
	}
	return uploaded
}

// currentReference is the upload in use and its laptops; nil and none
// when the shipped catalogue is.
func (s *Server) currentReference(ctx context.Context) (*store.PriceReference, []priceguide.Row, error) {
	ref, err := s.store.CurrentPriceReference(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.store.PriceReferenceRows(ctx, ref.ID)
	return &ref, rows, err
}

// LoadPriceReference builds the price guide from the reference catalogue
// now in use, unless the guide in use was built from it already: at
// start, and whenever the database says it changed. On an error the
// guide in use stays.
func (s *Server) LoadPriceReference(ctx context.Context) error {
	s.reference.mu.Lock()
	defer s.reference.mu.Unlock()
	ref, err := s.store.CurrentPriceReference(ctx)
	var id int64
	switch {
	case err == nil:
		id = ref.ID
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	if s.reference.cur.Load() != nil && id == s.reference.upload() {
		return nil
	}
	if id == 0 {
		s.useReference(0, priceguide.Default())
		return nil
	}
	rows, err := s.store.PriceReferenceRows(ctx, id)
	if err != nil {
		return err
	}
	g := priceguide.FromRows(catalogueInUse(&ref, rows))
	if g.Len() == 0 {
		return fmt.Errorf("price reference %d has no priced laptop: the guide in use stays", id)
	}
	s.useReference(id, g)
	return nil
}

// useReference puts guide g of upload id in use, here and for the
// store's price verdicts, and forgets the kept
// catalogue answers, the price guide's among them, made with the last.
// s.reference.mu is held.
func (s *Server) useReference(id int64, g *priceguide.Guide) {
	s.reference.cur.Store(&referenceGuide{upload: id, guide: g})
	s.store.SetPriceGuide(g)
	s.catalogue.changed(dropNotice, "")
	s.log.Info("price guide built", "upload", id, "priced", g.Len())
}

// watchPriceReference loads the reference catalogue in use each time it
// is asked to (kick), until ctx ends.
func (s *Server) watchPriceReference(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.reference.kicks():
			if err := s.LoadPriceReference(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("price guide not rebuilt: the catalogue in use could not be read", "err", err)
			}
		}
	}
}

// priceReferenceJSON is the answer of GET /api/admin/price-reference.
type priceReferenceJSON struct {
	Source       string        `json:"source"`       // shipped or uploaded
	Mode         *string       `json:"mode"`         // replace or extend; null when shipped
	Rows         int           `json:"rows"`         // laptops in the catalogue in use
	Priced       int           `json:"priced"`       // of them, with a price
	UploadedRows *int          `json:"uploadedRows"` // laptops uploaded; null when shipped
	UploadedAt   *time.Time    `json:"uploadedAt"`
	UploadedBy   *uploaderJSON `json:"uploadedBy"`
}

// uploaderJSON is the admin who uploaded the catalogue in use.
type uploaderJSON struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// getPriceReference serves GET /api/admin/price-reference.
func (s *Server) getPriceReference(c echo.Context) error {
	ref, rows, err := s.currentReference(c.Request().Context())
	if err != nil {
		return err
	}
	inUse := catalogueInUse(ref, rows)
	out := priceReferenceJSON{Source: "shipped", Rows: len(inUse)}
	for _, r := range inUse {
		if r.Price > 0 {
			out.Priced++
		}
	}
	if ref != nil {
		out.Source, out.Mode, out.UploadedRows, out.UploadedAt = "uploaded", &ref.Mode, &ref.Rows, &ref.UploadedAt
		if ref.UploadedBy != nil {
			out.UploadedBy = &uploaderJSON{ID: strconv.FormatInt(*ref.UploadedBy, 10), Name: ref.UploaderName, Email: ref.UploaderEmail}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// downloadPriceReference serves GET /api/admin/price-reference.csv: the
// catalogue in use, as a CSV an upload takes back (with a byte order mark,
// so a spreadsheet reads its Bangla as UTF-8).
func (s *Server) downloadPriceReference(c echo.Context) error {
	ref, rows, err := s.currentReference(c.Request().Context())
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	if err := priceguide.WriteRows(&buf, catalogueInUse(ref, rows)); err != nil {
		return err
	}
	name := "price-reference-shipped.csv"
	if ref != nil {
		name = "price-reference-" + ref.UploadedAt.In(s.loc).Format("2006-01-02") + ".csv"
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// priceReferenceUploadJSON is the answer of an accepted upload.
type priceReferenceUploadJSON struct {
	Rows       int       `json:"rows"`   // laptops uploaded
	Priced     int       `json:"priced"` // of them, with a price
	Mode       string    `json:"mode"`
	UploadedAt time.Time `json:"uploadedAt"`
}

// uploadPriceReference serves POST /api/admin/price-reference?mode=:
// the body is the CSV (text/csv) or a multipart form's file "file".
func (s *Server) uploadPriceReference(c echo.Context) error {
	mode := c.QueryParam("mode")
	if mode != store.PriceReferenceReplace && mode != store.PriceReferenceExtend || len(c.QueryParams()["mode"]) > 1 {
		return invalidFields(map[string]string{"mode": "must be replace or extend"}, "mode")
	}
	data, err := readReferenceUpload(c)
	if err != nil {
		return err
	}
	rows, err := priceguide.ReadRows(data)
	var bad *priceguide.BadCatalogue
	if errors.As(err, &bad) {
		return badCatalogue(bad)
	} else if err != nil {
		return err
	}
	priced := 0
	for _, r := range rows {
		if r.Price > 0 {
			priced++
		}
	}
	if mode == store.PriceReferenceReplace && priced < minReplacePriced || priced == 0 {
		return badCatalogue(&priceguide.BadCatalogue{Total: 1, Lines: []priceguide.LineError{{Message: fmt.Sprintf(
			"%d laptops have a price: a catalogue that extends the shipped one needs at least 1, one that replaces it at least %d",
			priced, minReplacePriced)}}})
	}
	me, _ := currentUser(c)
	ref, err := s.saveReference(c.Request().Context(), mode, me.ID, rows)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, priceReferenceUploadJSON{Rows: ref.Rows, Priced: priced, Mode: ref.Mode, UploadedAt: ref.UploadedAt})
}

// saveReference builds the guide of an upload's rows, then stores them and
// puts the guide in use: a guide that cannot be built stores nothing.
func (s *Server) saveReference(ctx context.Context, mode string, adminID int64, rows []priceguide.Row) (store.PriceReference, error) {
	s.reference.mu.Lock()
	defer s.reference.mu.Unlock()
	ref := store.PriceReference{Mode: mode}
	g := priceguide.FromRows(catalogueInUse(&ref, rows))
	ref, err := s.store.SavePriceReference(ctx, mode, adminID, rows)
	if err != nil {
		return ref, err
	}
	s.useReference(ref.ID, g)
	return ref, nil
}

// deletePriceReference serves DELETE /api/admin/price-reference: the
// shipped catalogue is used again.
func (s *Server) deletePriceReference(c echo.Context) error {
	s.reference.mu.Lock()
	defer s.reference.mu.Unlock()
	if _, err := s.store.DeletePriceReference(c.Request().Context()); err != nil {
		return err
	}
	if s.reference.upload() != 0 || s.reference.cur.Load() == nil {
		s.useReference(0, priceguide.Default())
	}
	all := priceguide.ShippedRows()
	out := priceReferenceJSON{Source: "shipped", Rows: len(all), Priced: priceguide.Default().Len()}
	return c.JSON(http.StatusOK, out)
}

// badCatalogue is the 400 of a refused upload: each bad line a field
// ("line 7"; "file" for the whole file), the message naming the first.
func badCatalogue(bad *priceguide.BadCatalogue) *Error {
	fields := map[string]string{}
	for _, l := range bad.Lines {
		key := "file"
		if l.Line > 0 {
			key = "line " + strconv.Itoa(l.Line)
		}
		fields[key] = l.Message
	}
	msg := "Nothing was changed: " + bad.Lines[0].Message
	if l := bad.Lines[0]; l.Line > 0 {
		msg = fmt.Sprintf("Nothing was changed: %d lines are not valid. Line %d: %s", bad.Total, l.Line, l.Message)
		if bad.Total == 1 {
			msg = fmt.Sprintf("Nothing was changed: line %d is not valid: %s", l.Line, l.Message)
		}
	}
	return &Error{Status: http.StatusBadRequest, Code: "invalid", Message: msg, Fields: fields}
}

// errReferenceTooLarge refuses a catalogue over maxReferenceUpload.
var errReferenceTooLarge = &Error{Status: http.StatusRequestEntityTooLarge, Code: "too_large",
	Message: "The catalogue must be at most 8 MB", Fields: map[string]string{"file": "must be at most 8 MB"}}

// readReferenceUpload reads an uploaded catalogue: the body itself
// (text/csv and the other types a browser gives a .csv), or the part
// "file" of a multipart form, at most maxReferenceUpload bytes.
func readReferenceUpload(c echo.Context) ([]byte, error) {
	req := c.Request()
	mt, _, err := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType))
	if err != nil {
		mt = ""
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, maxReferenceUpload+64<<10)
	switch mt {
	case "text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "application/octet-stream":
		return readCapped(req.Body)
	case "multipart/form-data":
	default:
		return nil, &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: "Send the catalogue as text/csv, or as the file of a multipart/form-data form"}
	}
	mr, err := req.MultipartReader()
	if err != nil {
		return nil, badRequest("The form could not be read")
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, invalidFields(map[string]string{"file": "is required"}, "file")
		}
		if err != nil {
			return nil, readError(err)
		}
		if part.FormName() == "file" {
			return readCapped(part)
		}
	}
}

// readCapped reads r whole, refusing more than maxReferenceUpload bytes.
func readCapped(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxReferenceUpload+1))
	if err != nil {
		return nil, readError(err)
	}
	if len(data) > maxReferenceUpload {
		return nil, errReferenceTooLarge
	}
	return data, nil
}

// readError is the answer to a body that could not be read.
func readError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errReferenceTooLarge
	}
	return badRequest("The catalogue could not be read")
}
