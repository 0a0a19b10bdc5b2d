import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Product } from "@/api/products";
import { TOKEN_KEY } from "@/lib/api";
import { categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/userProducts?email=karim%40example.com";
const mine = (o: Partial<Product>) => product({ seller: seller.userName, sellerEmail: seller.email, ...o });

const long = mine({ productName: "Lenovo ThinkPad X1 Carbon Gen 9 i7", sellPrice: 125000 }); // 34 characters
const exact = mine({ productName: "Asus VivoBook 15 X515EA i3" }); // 26 characters
const short = mine({ productName: "MacBook Air M1 2020", advertise: true }); // 19 characters
const sold = mine({ productName: "HP 250 G8", available: "soled" });

function api(list: Product[] | (() => Product[]), extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    [LIST]: typeof list === "function" ? () => reply(200, list())({}) : list,
    ...extra,
  };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });

describe("my products", () => {
  it("lists the seller's products with the count, cut names, prices and states", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([long, exact, short, sold]));
    renderApp("/dashboard/myproducts");

    expect(await screen.findByRole("heading", { name: "My Products: 4" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["ProductName", "Price", "Available", "Advertise", "Delete"]);
    // 25 characters plus an ellipsis for names of 25 or more
    expect(screen.getByText("Lenovo ThinkPad X1 Carbon...")).toBeInTheDocument();
    expect(screen.getByText("Asus VivoBook 15 X515EA i...")).toBeInTheDocument();
    expect(screen.getByText("MacBook Air M1 2020")).toBeInTheDocument();
    expect(within(row(/Lenovo/)).getByText("125,000 Tk")).toBeInTheDocument();

    expect(within(row(/Lenovo/)).getByText("available")).toHaveClass("badge");
    expect(within(row(/HP 250 G8/)).getByText("soled")).toHaveClass("badge");
    // sold: Advertise is disabled; advertised: it says so instead
    expect(within(row(/HP 250 G8/)).getByRole("button", { name: /Advertise/ })).toBeDisabled();
    expect(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ })).toBeEnabled();
    expect(within(row(/MacBook/)).queryByRole("button", { name: /Advertise/ })).not.toBeInTheDocument();
    expect(within(row(/MacBook/)).getByText("Advertised")).toBeInTheDocument();
  });

  it("offers Edit for each listing on sale, taking the seller to its edit page; none for a sold one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([long, sold]));
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 2" });
    // the table's columns stay the spec's
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["ProductName", "Price", "Available", "Advertise", "Delete"]);
    expect(within(row(/Lenovo/)).getByRole("link", { name: `Edit ${long.productName}` })).toHaveAttribute("href", `/dashboard/products/${long._id}/edit`);
    expect(within(row(/HP 250 G8/)).queryByRole("link", { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it("shows No Product when the seller has none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([]));
    renderApp("/dashboard/myproducts");
    expect(await screen.findByRole("heading", { name: "My Products: 0" })).toBeInTheDocument();
    expect(screen.getByText("No Product")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("advertises after the confirmation, toasts and shows Advertised", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [long];
    const fetchMock = stubApi(
      api(() => list, {
        [`PUT /api/products/${long._id}`]: () => {
          list = [{ ...long, advertise: true }];
          return reply(200, { acknowledged: true, modifiedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });

    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure Advertise this Product" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `/api/products/${long._id}`, "PUT")).toHaveLength(0);

    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Advertise" }));
    expect(await screen.findByText("Product Advertise Success")).toBeInTheDocument();
    expect(await within(row(/Lenovo/)).findByText("Advertised")).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/products/${long._id}`, "PUT")).toHaveLength(1);
  });

  it("says until when an advertisement runs, and stops it after the confirmation", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list: Product[] = [{ ...long, advertise: true, advertisedUntil: "2026-11-29T10:00:00Z" }];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/products/${long._id}/advertise`]: () => {
          list = [{ ...long, advertise: false, advertisedUntil: null }];
          return reply(200, { acknowledged: true, modifiedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    expect(within(row(/Lenovo/)).getByText(/^until Nov 29, 2026/)).toBeInTheDocument();

    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: `Stop advertising ${long.productName}` }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Stop advertising this product?" })).getByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Advertising stopped")).toBeInTheDocument();
    expect(await within(row(/Lenovo/)).findByRole("button", { name: /^Advertise/ })).toBeEnabled();
    expect(requestsTo(fetchMock, `/api/products/${long._id}/advertise`, "DELETE")).toHaveLength(1);
  });

  it("marks an expired listing, keeps it from Urgent Sell and renews it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const inMonths = new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString();
    const soon = { ...exact, expiresAt: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString(), expired: false };
    let list: Product[] = [{ ...long, expiresAt: new Date(Date.now() - 3600 * 1000).toISOString(), expired: true }, soon, { ...short, expiresAt: inMonths }];
    const fetchMock = stubApi(
      api(() => list, {
        [`POST /api/products/${long._id}/renew`]: () => {
          list = [{ ...long, expiresAt: inMonths, expired: false }, soon, { ...short, expiresAt: inMonths }];
          return reply(200, { acknowledged: true, modifiedCount: 1, expiresAt: inMonths })({});
        },
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 3" });
    const lenovo = row(/Lenovo/);
    expect(within(lenovo).getByText("Expired")).toBeInTheDocument();
    expect(within(lenovo).getByRole("button", { name: /^Advertise/ })).toBeDisabled();
    // ending within three days: Renew is offered; with months left, not
    expect(within(row(/Asus/)).getByRole("button", { name: `Renew ${exact.productName}` })).toBeEnabled();
    expect(within(row(/Asus/)).getByText(/^Listed until/)).toBeInTheDocument();
    expect(within(row(/MacBook/)).queryByRole("button", { name: /^Renew/ })).toBeNull();

    await userEvent.click(within(lenovo).getByRole("button", { name: `Renew ${long.productName}` }));
    expect(await screen.findByText(/^Renewed: listed until/)).toBeInTheDocument();
    await waitFor(() => expect(within(row(/Lenovo/)).queryByText("Expired")).toBeNull());
    expect(within(row(/Lenovo/)).getByRole("button", { name: /^Advertise/ })).toBeEnabled();
    expect(requestsTo(fetchMock, `/api/products/${long._id}/renew`, "POST")).toHaveLength(1);
  });

  it("toasts the server's message when advertising is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([long], { [`PUT /api/products/${long._id}`]: reply(409, { message: "This product is already sold", code: "sold" }) }));
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Advertise" }));
    expect(await screen.findByText("This product is already sold")).toBeInTheDocument();
    expect(screen.queryByText("Product Advertise Success")).not.toBeInTheDocument();
  });

  it("deletes after the confirmation, toasts Delete Success and reloads the list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [long, short];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/products/${short._id}`]: () => {
          list = [long];
          return reply(200, { deletedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 2" });

    await userEvent.click(within(row(/MacBook/)).getByRole("button", { name: /Delete/ }));
    expect(screen.getByRole("alertdialog", { name: "Are you sure Delete this Product" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(requestsTo(fetchMock, `/api/products/${short._id}`, "DELETE")).toHaveLength(0);

    await userEvent.click(within(row(/MacBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "My Products: 1" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("MacBook Air M1 2020")).not.toBeInTheDocument());
  });

  it("Load more fetches the Link header's next page and adds its rows; a delete refetches every loaded page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LIST}&cursor=c2`;
    let second = [short, sold];
    const fetchMock = stubApi(
      api([], {
        [LIST]: () => jsonResponse(200, [long, exact], { Link: `<${PAGE2}>; rel="next"` }),
        [PAGE2]: () => jsonResponse(200, second),
        [`DELETE /api/products/${short._id}`]: () => {
          second = [sold];
          return jsonResponse(200, { deletedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/myproducts");
    expect(await screen.findByRole("heading", { name: "My Products: 2" })).toBeInTheDocument();
    // nothing beyond the first page until asked
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("heading", { name: "My Products: 4" })).toBeInTheDocument();
    expect(screen.getAllByRole("row").slice(1).map((r) => r.querySelector("span")?.textContent)).toEqual([
      "Lenovo ThinkPad X1 Carbon...",
      "Asus VivoBook 15 X515EA i...",
      "MacBook Air M1 2020",
      "HP 250 G8",
    ]);
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);
    // the second page had no Link: the list is complete
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await userEvent.click(within(row(/MacBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "My Products: 3" })).toBeInTheDocument();
    expect(screen.queryByText("MacBook Air M1 2020")).not.toBeInTheDocument();
    expect(screen.getByText("HP 250 G8")).toBeInTheDocument();
    // both loaded pages were asked again, in order
    expect(requestsTo(fetchMock, LIST)).toHaveLength(2);
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(2);
  });

  it("keeps the rows and offers Try again when the next page fails", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LIST}&cursor=c2`;
    let fail = true;
    stubApi(
      api([], {
        [LIST]: () => jsonResponse(200, [long], { Link: `<${PAGE2}>; rel="next"` }),
        [PAGE2]: () => (fail ? jsonResponse(503, { message: "Service unavailable" }) : jsonResponse(200, [short])),
      }),
    );
    renderApp("/dashboard/myproducts");
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("We couldn't load more. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Lenovo ThinkPad X1 Carbon...")).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("MacBook Air M1 2020")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My Products: 2" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  describe("sold outside the shop and relisting (issue #17)", () => {
    it("shows Booked next to available for a reserved product, and Mark sold or Relist by state", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const reserved = mine({ productName: "Dell Latitude 5490", reserved: true });
      stubApi(api([long, reserved, sold]));
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 3" });

      expect(within(row(/Dell/)).getByText("available")).toHaveClass("badge");
      expect(within(row(/Dell/)).getByText("Booked")).toHaveClass("badge");
      expect(within(row(/Lenovo/)).queryByText("Booked")).not.toBeInTheDocument();
      expect(within(row(/HP 250 G8/)).queryByText("Booked")).not.toBeInTheDocument();

      expect(within(row(/Lenovo/)).getByRole("button", { name: `Mark sold: ${long.productName}` })).toBeEnabled();
      expect(within(row(/Dell/)).getByRole("button", { name: /^Mark sold: / })).toBeEnabled();
      expect(within(row(/Lenovo/)).queryByRole("button", { name: /^Relist/ })).not.toBeInTheDocument();
      expect(within(row(/HP 250 G8/)).getByRole("button", { name: "Relist HP 250 G8" })).toBeEnabled();
      expect(within(row(/HP 250 G8/)).queryByRole("button", { name: /^Mark/ })).not.toBeInTheDocument();
      // the actions there were stay
      expect(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ })).toBeEnabled();
      expect(within(row(/HP 250 G8/)).getByRole("button", { name: /Delete/ })).toBeEnabled();
    });

    it("offers no Relist for a laptop sold through the shop, and says why (#32)", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const handed = mine({ _id: "71", productName: "Asus VivoBook 15", available: "soled", soldInShop: true });
      stubApi(api([handed, sold]));
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 2" });
      expect(within(row(/Asus/)).queryByRole("button", { name: /^Relist/ })).not.toBeInTheDocument();
      expect(within(row(/Asus/)).getByText("Sold through the shop (paid or handed over), so it cannot be relisted.")).toBeVisible();
      // one sold outside the shop can still be relisted
      expect(within(row(/HP 250 G8/)).getByRole("button", { name: "Relist HP 250 G8" })).toBeEnabled();
    });

    it("marks sold only after the confirmation, toasts and reloads the list", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      let list = [long];
      const SOLD = `/api/products/${long._id}/sold`;
      const fetchMock = stubApi(
        api(() => list, {
          [`PUT ${SOLD}`]: () => {
            list = [{ ...long, available: "soled" }];
            return reply(200, { acknowledged: true, modifiedCount: 1 })({});
          },
        }),
      );
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 1" });

      await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /^Mark sold: / }));
      const dialog = screen.getByRole("alertdialog", { name: "Sold outside the shop?" });
      expect(dialog).toHaveTextContent("Open bookings will be declined and their buyers told.");
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(requestsTo(fetchMock, SOLD, "PUT")).toHaveLength(0);

      await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /^Mark sold: / }));
      await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Mark sold" }));
      expect(await screen.findByText("Marked as sold")).toBeInTheDocument();
      expect(await within(row(/Lenovo/)).findByText("soled")).toBeInTheDocument();
      expect(within(row(/Lenovo/)).getByRole("button", { name: /^Relist/ })).toBeInTheDocument();
      expect(requestsTo(fetchMock, SOLD, "PUT")).toHaveLength(1);
      // nothing else was asked to change
      expect(requestsTo(fetchMock, `/api/products/${long._id}`, "PUT")).toHaveLength(0);
      expect(requestsTo(fetchMock, LIST)).toHaveLength(2);
    });

    it("relists a sold product after the confirmation", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      let list = [sold];
      const RELIST = `/api/products/${sold._id}/relist`;
      const fetchMock = stubApi(
        api(() => list, {
          [`PUT ${RELIST}`]: () => {
            list = [{ ...sold, available: "available" }];
            return reply(200, { acknowledged: true, modifiedCount: 1 })({});
          },
        }),
      );
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 1" });
      await userEvent.click(within(row(/HP 250 G8/)).getByRole("button", { name: "Relist HP 250 G8" }));
      const dialog = screen.getByRole("alertdialog", { name: "Put HP 250 G8 on sale again?" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Relist" }));
      expect(await screen.findByText("Listed again")).toBeInTheDocument();
      expect(await within(row(/HP 250 G8/)).findByText("available")).toBeInTheDocument();
      expect(requestsTo(fetchMock, RELIST, "PUT")).toHaveLength(1);
    });

    it("toasts the server's 409 message when the laptop was sold through the shop", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const message = "This laptop was paid for or handed over through the shop; it stays sold";
      stubApi(api([sold], { [`PUT /api/products/${sold._id}/relist`]: reply(409, { message, code: "conflict" }) }));
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 1" });
      await userEvent.click(within(row(/HP 250 G8/)).getByRole("button", { name: /^Relist/ }));
      await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Relist" }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText("Listed again")).not.toBeInTheDocument();
      expect(within(row(/HP 250 G8/)).getByText("soled")).toBeInTheDocument();
    });

    it("toasts the server's 409 message when marking an already sold laptop", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api([long], { [`PUT /api/products/${long._id}/sold`]: reply(409, { message: "This product is already sold", code: "sold" }) }));
      renderApp("/dashboard/myproducts");
      await screen.findByRole("heading", { name: "My Products: 1" });
      await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /^Mark sold: / }));
      await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Mark sold" }));
      expect(await screen.findByText("This product is already sold")).toBeInTheDocument();
      expect(screen.queryByText("Marked as sold")).not.toBeInTheDocument();
    });
  });
});
