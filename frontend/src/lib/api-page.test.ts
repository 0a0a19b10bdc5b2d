import { describe, expect, it, vi } from "vitest";
import { ApiError, apiFetchPage, nextLink, TOKEN_KEY } from "@/lib/api";

describe("nextLink", () => {
  it("picks the rel=next address out of a Link header", () => {
    expect(nextLink('</api/products?category=HP&cursor=abc>; rel="next"')).toBe("/api/products?category=HP&cursor=abc");
    expect(nextLink('</api/products?cursor=p>; rel="prev", </api/products?cursor=n>; rel="next"')).toBe("/api/products?cursor=n");
    expect(nextLink("</api/products?cursor=n>;rel=next")).toBe("/api/products?cursor=n");
    expect(nextLink(`<${window.location.origin}/api/products?cursor=n>; rel="next"`)).toBe("/api/products?cursor=n");
  });

  it("answers null without a next link, and for an address on another origin", () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink("")).toBeNull();
    expect(nextLink('</api/products?cursor=p>; rel="prev"')).toBeNull();
    expect(nextLink('<https://evil.example/steal>; rel="next"')).toBeNull();
    expect(nextLink('<//evil.example/steal>; rel="next"')).toBeNull();
  });
});

describe("apiFetchPage", () => {
  it("answers the JSON and the next page's address, sending the bearer token", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify([{ _id: "1" }]), {
          status: 200,
          headers: { "Content-Type": "application/json", Link: '</api/products?limit=1&cursor=c1>; rel="next"' },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const page = await apiFetchPage<{ _id: string }[]>("/api/products?limit=1");
    expect(page).toEqual({ data: [{ _id: "1" }], next: "/api/products?limit=1&cursor=c1", sortedBy: null });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/products?limit=1");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer tok");
  });

  it("answers next: null on the last page", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("[]", { status: 200, headers: { "Content-Type": "application/json" } })));
    expect(await apiFetchPage("/api/products")).toEqual({ data: [], next: null, sortedBy: null });
  });

  it("answers the order a broad search was listed in (X-Sorted-By)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { status: 200, headers: { "Content-Type": "application/json", "X-Sorted-By": "newest" } })),
    );
    expect(await apiFetchPage("/api/products?q=dell")).toEqual({ data: [], next: null, sortedBy: "newest" });
  });

  it("throws ApiError with the server's message and fields on a bad filter", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Invalid query", code: "invalid", fields: { maxPrice: "must not be below minPrice" } }), {
            status: 400,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    const err = await apiFetchPage("/api/products?minPrice=9&maxPrice=1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: "Invalid query", fields: { maxPrice: "must not be below minPrice" } });
  });

  it("throws ApiError status 0 when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(apiFetchPage("/api/products")).rejects.toMatchObject({ status: 0 });
  });
});
