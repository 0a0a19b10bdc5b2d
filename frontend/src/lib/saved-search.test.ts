import { describe, expect, it } from "vitest";
import { searchKey } from "@/lib/saved-search";

describe("searchKey", () => {
  it("is the same for the filters the server keeps as one saved search", () => {
    const kept = "category=HP&maxPrice=40000&q=elite+book&sort=price_asc"; // as GET /api/saved-searches answers
    for (const shown of [
      "q=elite%20book&category=HP&maxPrice=40000",
      "?maxPrice=040000&q=%20elite%20%20book%20&category=HP&sort=newest",
      "q=elite+book&category=HP&maxPrice=40000&verified=false&minPrice=0",
    ]) {
      expect(searchKey(shown)).toBe(searchKey(kept));
    }
  });

  it("tells different filters apart", () => {
    const base = searchKey("q=elitebook&maxPrice=40000");
    expect(searchKey("q=elitebook&maxPrice=45000")).not.toBe(base);
    expect(searchKey("q=elitebook&maxPrice=40000&verified=true")).not.toBe(base);
    expect(searchKey("q=elitebook&maxPrice=40000&negotiable=true")).not.toBe(base);
    expect(searchKey("q=elitebook&maxPrice=40000&screenMin=13.3")).not.toBe(base);
    expect(searchKey("q=elitebook&maxPrice=40000&category=HP")).not.toBe(base);
  });

  it("writes screens and verified as the server does, and leaves out what is no filter", () => {
    expect(searchKey("screenMin=13.0&verified=1")).toBe("screenMin=13&verified=true");
    expect(searchKey("negotiable=1&verified=false")).toBe("negotiable=true");
    expect(searchKey("negotiable=false")).toBe("");
    expect(searchKey("sort=price_asc&cursor=abc&limit=24")).toBe("");
    expect(searchKey("q=%20!!%20")).toBe(""); // punctuation searches for nothing
  });
});
