package store

import (
	"context"

	"resale/store/internal/dbsqlc"
)

// A list filtered by RAM or storage type, in price order, may find all
// its products far along the price index: 16 GB laptops cheapest first
// come after 300,000 cheaper ones at a million products, and the walk
// for them, checking each product it passes, took over a second (#38).
// Such a list goes by cells instead: each combination of brand,
// condition, RAM and storage type that the kept counts say holds
// matching products is walked in price order along
// products_cell_price_idx (migration 00057), whose products all meet
// the list's RAM and storage type, and the cells' first products merged
// into the page, in one query.

// byCells tells whether f's page, read by the matches m, goes by cells:
// a list in price order filtered by RAM or storage type, with no search
// and no list of ids to read it by.
func byCells(f BrowseFilter, m matchSet) bool {
	return (m.sort == SortPriceAsc || m.sort == SortPriceDesc) && !f.Searching() && m.ids == nil && !m.words &&
		(f.RAMMin != 0 || f.StorageType != "")
}

// cellsRead names the query a page by cells runs in the order sort.
func cellsRead(sort string) string {
	if sort == SortPriceDesc {
		return "BrowseCellsPriceDesc (products_cell_price_idx)"
	}
	return "BrowseCellsPriceAsc (products_cell_price_idx)"
}

// readCells reads r's page by cells.
func (r *pageRun) readCells(ctx context.Context, q *dbsqlc.Queries) error {
	f, sp := r.f, r.sp
	var afterPrice *int64
	if f.After != nil {
		afterPrice = &f.After.Price
	}
	p := dbsqlc.BrowseCellsPriceAscParams{CategoryID: r.category, Condition: str(f.Condition), RamMin: sp.ramMin, StorageType: sp.storageType,
		StorageMin: sp.storageMin, ScreenMin: sp.screenMin, ScreenMax: sp.screenMax, BatteryMin: sp.batteryMin, MinPrice: num(f.MinPrice),
		MaxPrice: num(f.MaxPrice), Location: str(r.location), AreaIds: f.areaIDs, VerifiedOnly: f.VerifiedOnly, NegotiableOnly: f.NegotiableOnly,
		CheckedOnly: f.CheckedOnly, Processor: sp.processor, SellerID: sp.sellerID, AfterPrice: afterPrice, AfterID: r.afterID(), PageSize: r.size}
	var err error
	if r.sort == SortPriceAsc {
		r.rows, err = q.BrowseCellsPriceAsc(ctx, p)
	} else {
		r.rows, err = q.BrowseCellsPriceDesc(ctx, dbsqlc.BrowseCellsPriceDescParams(p))
	}
	return translate(err)
}
