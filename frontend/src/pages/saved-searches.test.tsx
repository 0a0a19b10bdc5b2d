import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories, product } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const air = product({ productName: "MacBook Air M1", category: "APPLE", sellPrice: 65000 });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/products?q=macbook+air&maxPrice=80000": [air],
    "/api/products/facets?q=macbook+air&maxPrice=80000": { category: {}, condition: {}, ramGb: {}, storageType: {} },
    "/api/saved-searches": [],
    ...extra,
  };
}

describe("Save this search", () => {
  it("keeps the search page's filters with the frequency chosen", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let body: unknown;
    const mock = stubApi(
      api({
        "POST /api/saved-searches": (init?: RequestInit) => {
          body = JSON.parse(String(init?.body));
          return reply(201, { _id: "7", query: "maxPrice=80000&q=macbook+air", frequency: "daily", createdAt: "2026-11-23T06:00:00Z" })({});
        },
      }),
    );
    renderApp("/search?q=macbook+air&maxPrice=80000");
    await userEvent.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(within(dialog).getByText("“macbook air”")).toBeInTheDocument();
    expect(within(dialog).getByText("up to 80,000 Tk")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /At once/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("radio", { name: /Daily digest/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save search" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(body).toEqual({ query: "q=macbook+air&maxPrice=80000", frequency: "daily" });
    expect(requestsTo(mock, "/api/saved-searches", "POST")).toHaveLength(1);
  });

  it("shows the server's refusal (the limit) in the dialog", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      api({
        "POST /api/saved-searches": reply(409, { message: "You keep as many saved searches as you may (50): delete one first", code: "saved_search_limit" }),
      }),
    );
    renderApp("/search?q=macbook+air&maxPrice=80000");
    await userEvent.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save search" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("delete one first");
  });

  it("reads Saved · Manage when the same filters are kept already, as the server compares them", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/saved-searches": [{ _id: "7", query: "maxPrice=80000&q=macbook+air&sort=relevance", frequency: "daily", createdAt: "2026-11-23T06:00:00Z" }] }));
    renderApp("/search?q=macbook+air&maxPrice=80000");
    const manage = await screen.findByRole("link", { name: "This search is saved: manage your saved searches" });
    expect(manage).toHaveAttribute("href", "/dashboard/saved-searches");
    expect(manage).toHaveTextContent("Saved · Manage");
    expect(screen.queryByRole("button", { name: "Save this search" })).not.toBeInTheDocument();
  });

  it("sends a visitor to log in, to come back to the same search", async () => {
    const mock = stubApi(api({ "/api/me": reply(401, { message: "Unauthorized" }) }));
    const router = renderApp("/search?q=macbook+air&maxPrice=80000");
    await userEvent.click(await screen.findByRole("button", { name: "Save this search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Log in to save this search.")).toBeInTheDocument();
    expect((router.state.location.state as { from: { search: string } }).from.search).toBe("?q=macbook+air&maxPrice=80000");
    expect(requestsTo(mock, "/api/saved-searches", "POST")).toHaveLength(0);
  });

  it("on a brand's page, keeps the brand with the filters", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let body: unknown;
    stubApi(
      api({
        "/api/categorys/3": { ...categories[2]!, productCount: 1 },
        "/api/products?category=HP&condition=good": [air],
        "POST /api/saved-searches": (init?: RequestInit) => {
          body = JSON.parse(String(init?.body));
          return reply(201, { _id: "8", query: "category=HP&condition=good", frequency: "instant", createdAt: "2026-11-23T06:00:00Z" })({});
        },
      }),
    );
    renderApp("/categorys/3?condition=good");
    await userEvent.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(within(dialog).getByText("HP")).toBeInTheDocument();
    expect(within(dialog).getByText("Good")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save search" }));
    await waitFor(() => expect(body).toEqual({ query: "category=HP&condition=good", frequency: "instant" }));
  });

  it("is not offered without any filter", async () => {
    stubApi(api({ "/api/products": [air], "/api/products/facets": { category: {}, condition: {}, ramGb: {}, storageType: {} } }));
    renderApp("/search");
    expect(await screen.findByRole("heading", { level: 1, name: "All laptops" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save this search" })).not.toBeInTheDocument();
  });
});

describe("Saved searches page", () => {
  it("lists the searches in words, runs one and deletes one after asking", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [
      { _id: "7", query: "category=APPLE&maxPrice=80000&q=macbook+air", frequency: "instant", createdAt: "2026-11-23T06:00:00Z" },
      { _id: "6", query: "condition=good&ramMin=16", frequency: "daily", createdAt: "2026-11-22T06:00:00Z" },
    ];
    const mock = stubApi(
      api({
        "/api/saved-searches": () => reply(200, list)({}),
        "DELETE /api/saved-searches/6": () => {
          list = list.filter((s) => s._id !== "6");
          return reply(200, { deletedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/saved-searches");
    expect(await screen.findByRole("heading", { level: 1, name: "Saved searches" })).toBeInTheDocument();
    const first = await screen.findByRole("listitem", { name: "“macbook air” · APPLE · up to 80,000 Tk" });
    expect(within(first).getByText("At once")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: /Run search/ })).toHaveAttribute("href", "/search?category=APPLE&maxPrice=80000&q=macbook+air");
    const second = screen.getByRole("listitem", { name: "Good · 16 GB+ RAM" });
    expect(within(second).getByText("Daily digest")).toBeInTheDocument();
    // the menu has it after Favourites
    const menu = screen.getAllByRole("link", { name: "Favourites" })[0]!.closest("ul")!;
    const labels = within(menu)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(labels.indexOf("Saved searches")).toBe(labels.indexOf("Favourites") + 1);

    await userEvent.click(within(second).getByRole("button", { name: /Delete saved search/ }));
    const ask = await screen.findByRole("alertdialog", { name: "Delete this saved search?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Good · 16 GB+ RAM" })).not.toBeInTheDocument());
    expect(requestsTo(mock, "/api/saved-searches/6", "DELETE")).toHaveLength(1);
    expect(screen.getByRole("listitem", { name: "“macbook air” · APPLE · up to 80,000 Tk" })).toBeInTheDocument();
  });

  it("says when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api());
    renderApp("/dashboard/saved-searches");
    expect(await screen.findByText("No saved searches yet")).toBeInTheDocument();
  });
});
