import { describe, expect, it } from "vitest";
import { activeFilterCount, activeFilters, filtersFromSearch, NO_FILTERS, queryFromFilters, searchFromFilters, withoutFilter } from "@/api/product-filters";
import { facetsKey, productsKey } from "@/api/products";

const read = (qs: string) => filtersFromSearch(new URLSearchParams(qs));

describe("the spec filters in the URL", () => {
  it("reads every new filter back from a query string and writes it out again in a fixed order", () => {
    const f = read("processor=ryzen%207&screenMax=15.6&ramMin=8&storageType=SSD&storageMin=512&batteryMin=80&screenMin=14&seller=42&sort=price_asc");
    expect(f).toEqual({
      ...NO_FILTERS,
      sort: "price_asc",
      ramMin: "8",
      storageMin: "512",
      storageType: "SSD",
      batteryMin: "80",
      screenMin: "14",
      screenMax: "15.6",
      processor: "ryzen 7",
      seller: "42",
    });
    expect(searchFromFilters(f).toString()).toBe(
      "sort=price_asc&ramMin=8&storageMin=512&storageType=SSD&batteryMin=80&screenMin=14&screenMax=15.6&processor=ryzen+7&seller=42",
    );
    // and back: writing then reading changes nothing
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });

  it("drops values the API would refuse and puts a reversed screen range right", () => {
    expect(read("ramMin=0&storageMin=lots&storageType=ssd&batteryMin=101&screenMin=9&screenMax=20&seller=a%20b")).toEqual(NO_FILTERS);
    expect(read("ramMin=4.5")).toEqual(NO_FILTERS);
    expect(read("screenMin=15.6&screenMax=14")).toMatchObject({ screenMin: "14", screenMax: "15.6" });
    expect(read("ramMin=016")).toMatchObject({ ramMin: "16" });
  });

  it("leaves empty filters out of the URL", () => {
    expect(searchFromFilters({ ...NO_FILTERS, ramMin: "", processor: "" }).toString()).toBe("");
  });

  it("sends the filters to the list and, without order or paging, to its facets", () => {
    const query = { ...queryFromFilters(read("ramMin=8&storageType=SSD&screenMax=13.3&processor=i5&batteryMin=90&sort=price_desc")), category: "HP", limit: 24 };
    expect(productsKey(query)).toBe("/api/products?category=HP&ramMin=8&storageType=SSD&batteryMin=90&screenMax=13.3&processor=i5&sort=price_desc&limit=24");
    expect(facetsKey(query)).toBe("/api/products/facets?category=HP&ramMin=8&storageType=SSD&batteryMin=90&screenMax=13.3&processor=i5");
    expect(facetsKey({})).toBe("/api/products/facets");
  });

  it("counts the screen range as one filter and takes it off whole", () => {
    const f = read("screenMin=14&screenMax=15.6&ramMin=8&q=hp&sort=newest");
    expect(activeFilters(f)).toEqual(["ramMin", "screen"]);
    expect(activeFilterCount(f)).toBe(2);
    expect(withoutFilter("screen")).toEqual({ screenMin: "", screenMax: "" });
    expect(withoutFilter("ramMin")).toEqual({ ramMin: "" });
    expect(withoutFilter("verified")).toEqual({ verified: false });
  });
});
