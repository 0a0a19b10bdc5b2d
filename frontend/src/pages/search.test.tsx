import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { categories, product } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const air = product({ productName: "MacBook Air M1", category: "APPLE", sellPrice: 85000 });
const pro = product({ productName: "MacBook Pro 2019", category: "APPLE", sellPrice: 120000 });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/products?q=mac": [air, pro],
    ...extra,
  };
}

describe("search page", () => {
  it("reads the words from the URL, shows them in the heading and the header box, and lists the matches", async () => {
    const fetchMock = stubApi(api());
    renderApp("/search?q=mac");
    expect(await screen.findByRole("heading", { level: 1, name: "Results for “mac”" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "MacBook Air M1" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "MacBook Pro 2019" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Search laptops" })).toHaveValue("mac");
    // best match is the default order with words: no sort is sent
    expect(screen.getByLabelText("Sort by")).toHaveValue("");
    expect(screen.getByLabelText("Sort by")).toHaveDisplayValue("Best match");
    expect(requestsTo(fetchMock, "/api/products?q=mac")).toHaveLength(1);
  });

  it("says the list is newest first when the server lists a broad search so (X-Sorted-By), not Best match", async () => {
    stubApi(
      api({
        "/api/products?q=laptop": reply(200, [pro, air], { "X-Sorted-By": "newest" }),
        "/api/products?q=laptop&sort=price_asc": [air, pro],
      }),
    );
    renderApp("/search?q=laptop");
    await screen.findByRole("article", { name: "MacBook Air M1" });
    const sort = screen.getByLabelText("Sort by");
    await waitFor(() => expect(sort).toHaveDisplayValue("Newest first (many matches)"));
    expect(within(sort).queryByRole("option", { name: "Best match" })).not.toBeInTheDocument();
    // an order the shopper picks is the order shown
    await userEvent.selectOptions(sort, "Price: low to high");
    await waitFor(() => expect(sort).toHaveDisplayValue("Price: low to high"));
    expect(within(sort).getByRole("option", { name: "Best match" })).toBeInTheDocument();
  });

  it("searches from the header and lands on /search?q=", async () => {
    const fetchMock = stubApi(api({ "/api/advertised": [], "/api/products?q=mac+book": [air] }));
    const router = renderApp("/");
    await userEvent.type(screen.getByRole("combobox", { name: "Search laptops" }), "  mac book {Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.location.search).toBe("?q=mac+book");
    expect(await screen.findByRole("heading", { level: 1, name: "Results for “mac book”" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "MacBook Air M1" })).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products?q=mac+book")).toHaveLength(1);
  });

  it("narrows by brand and order through the URL, and Back brings the last list again", async () => {
    const fetchMock = stubApi(
      api({
        "/api/products?category=APPLE&q=mac": [air, pro],
        "/api/products?category=APPLE&q=mac&sort=price_desc": [pro, air],
      }),
    );
    const router = renderApp("/search?q=mac");
    await screen.findByRole("article", { name: "MacBook Air M1" });
    const brand = await screen.findByLabelText("Brand");
    await waitFor(() => expect(within(brand).getAllByRole("option").map((o) => o.textContent)).toEqual(["All brands", "WALTON", "APPLE", "HP", "ASUS"]));

    await userEvent.selectOptions(brand, "APPLE");
    await waitFor(() => expect(router.state.location.search).toBe("?q=mac&category=APPLE"));
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Price: high to low");
    await waitFor(() => expect(router.state.location.search).toBe("?q=mac&category=APPLE&sort=price_desc"));
    await waitFor(() => expect(screen.getAllByRole("article").map((a) => a.querySelector("h3")?.textContent)).toEqual(["MacBook Pro 2019", "MacBook Air M1"]));
    expect(requestsTo(fetchMock, "/api/products?category=APPLE&q=mac&sort=price_desc")).toHaveLength(1);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText("Sort by")).toHaveValue(""));
    expect(screen.getByLabelText("Brand")).toHaveValue("APPLE");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Results for “mac”");
  });

  it("says how many laptops match, from the facets' total", async () => {
    stubApi(api({ "/api/products/facets?q=mac": { category: { APPLE: 2 }, condition: {}, ramGb: {}, storageType: {}, total: { count: 2, exact: true } } }));
    renderApp("/search?q=mac");
    expect(await screen.findByText("2 laptops")).toBeInTheDocument();
    const brand = await screen.findByLabelText("Brand");
    await waitFor(() => expect(within(brand).getByRole("option", { name: /APPLE/ }).textContent).toMatch(/2/));
  });

  it("says at least how many for a broad search, and shows no counts beside the choices then", async () => {
    stubApi(
      api({
        "/api/products?q=laptop": [air, pro],
        "/api/products/facets?q=laptop": { category: { APPLE: 200 }, condition: {}, ramGb: {}, storageType: {}, total: { count: 200, exact: false } },
      }),
    );
    renderApp("/search?q=laptop");
    expect(await screen.findByText("200+ laptops")).toBeInTheDocument();
    const brand = screen.getByLabelText("Brand");
    expect(within(brand).getAllByRole("option").map((o) => o.textContent)).toEqual(["All brands", "WALTON", "APPLE", "HP", "ASUS"]);
  });

  it("says which words it searched for when a misspelt one matched nothing", async () => {
    stubApi(
      api({
        "/api/products?q=macbok": [air],
        "/api/products/facets?q=macbok": { category: { APPLE: 1 }, condition: {}, ramGb: {}, storageType: {}, total: { count: 1, exact: true }, corrected: "macbook" },
      }),
    );
    renderApp("/search?q=macbok");
    expect(await screen.findByText("Nothing matches “macbok”. Showing results for “macbook”.")).toBeInTheDocument();
    expect(screen.getByText("1 laptop")).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "MacBook Air M1" })).toBeInTheDocument();
  });

  it("says No Available Product when nothing matches", async () => {
    stubApi(api({ "/api/products?q=zzz": [] }));
    renderApp("/search?q=zzz");
    expect(await screen.findByText("No Available Product")).toBeInTheDocument();
    expect(screen.getByText(/Try fewer or shorter words/)).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("lists every laptop without words, newest first", async () => {
    const fetchMock = stubApi(api({ "/api/products": [pro] }));
    renderApp("/search");
    expect(await screen.findByRole("heading", { level: 1, name: "All laptops" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "MacBook Pro 2019" })).toBeInTheDocument();
    expect(screen.getByLabelText("Sort by")).toHaveDisplayValue("Newest");
    expect(requestsTo(fetchMock, "/api/products")).toHaveLength(1);
  });
});
