import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { LISTING_VIEW_KEY } from "@/lib/listing-view";
import { buyer, categories, product } from "@/test/fixtures";
import { onPhone } from "@/test/phone";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const laptop = product({ _id: "42", productName: "MacBook Air M1", sellPrice: 65000, orginalPrice: 120000 });

function api(ids: string[], extra: ApiTable = {}): ApiTable {
  let saved = ids;
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/products/42": laptop,
    "/api/advertised": [laptop],
    "/api/favourites/ids": () => reply(200, saved)({}),
    "PUT /api/favourites/42": () => {
      saved = ["42", ...saved.filter((x) => x !== "42")];
      return reply(200, { acknowledged: true, favourite: true })({});
    },
    "DELETE /api/favourites/42": () => {
      saved = saved.filter((x) => x !== "42");
      return reply(200, { acknowledged: true, favourite: false })({});
    },
    ...extra,
  };
}

describe("the favourites' heart", () => {
  it("on the product page, saves and forgets for a signed-in person", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi(api([]));
    renderApp("/product/42");

    const heart = await screen.findByRole("button", { name: "Save MacBook Air M1 to favourites" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(heart);
    const saved = await screen.findByRole("button", { name: "Remove MacBook Air M1 from favourites" });
    expect(saved).toHaveAttribute("aria-pressed", "true");
    expect(requestsTo(mock, "/api/favourites/42", "PUT")).toHaveLength(1);

    await userEvent.click(saved);
    expect(await screen.findByRole("button", { name: "Save MacBook Air M1 to favourites" })).toHaveAttribute("aria-pressed", "false");
    expect(requestsTo(mock, "/api/favourites/42", "DELETE")).toHaveLength(1);
  });

  it("sends a visitor to log in, saying why, and asks nothing of the favourites", async () => {
    const mock = stubApi(api([], { "/api/me": reply(401, { message: "Unauthorized" }) }));
    const router = renderApp("/product/42");

    await userEvent.click(await screen.findByRole("button", { name: "Save MacBook Air M1 to favourites" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Log in to save this laptop to your favourites.")).toBeInTheDocument();
    expect(mock.mock.calls.some(([input]) => String(input).startsWith("/api/favourites"))).toBe(false);
  });

  it("on a card, shows the saved state from the ids and toggles it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi(api(["42"]));
    renderApp("/");

    const cards = await screen.findAllByRole("article", { name: "MacBook Air M1" });
    const card = cards[0]!;
    const heart = await within(card).findByRole("button", { name: "Remove MacBook Air M1 from favourites" });
    expect(heart).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(heart);
    expect(await within(card).findByRole("button", { name: "Save MacBook Air M1 to favourites" })).toHaveAttribute("aria-pressed", "false");
    expect(requestsTo(mock, "/api/favourites/42", "DELETE")).toHaveLength(1);
  });
});

describe("favourites page", () => {
  const sold = product({ _id: "43", productName: "ThinkPad T480", available: "soled" });
  const expired = product({ _id: "44", productName: "Dell XPS 13", expired: true });
  const dropped = product({ _id: "42", productName: "MacBook Air M1", sellPrice: 60000, priceDroppedFrom: 65000 });

  /** The API with the three saved laptops; DELETE of the sold one takes it off the list. */
  function saved(): ApiTable {
    let list = [dropped, sold, expired];
    return api(["42", "43", "44"], {
      "/api/favourites": () => reply(200, list)({}),
      "DELETE /api/favourites/43": () => {
        list = list.filter((p) => p._id !== "43");
        return reply(200, { acknowledged: true, favourite: false })({});
      },
    });
  }
  const item = (name: string) => screen.getByRole("article", { name });

  /** Each laptop shows where it stands and its heart takes it off; a sold or expired one has no link to its page. */
  function expectMarked() {
    // (a full card's photo is the same link, out of the tab order)
    for (const link of within(item("MacBook Air M1")).getAllByRole("link", { name: "MacBook Air M1" })) expect(link).toHaveAttribute("href", "/product/42");
    expect(within(item("MacBook Air M1")).getByText("Available")).toBeInTheDocument();
    expect(within(item("ThinkPad T480")).getByText("Sold")).toBeInTheDocument();
    expect(within(item("ThinkPad T480")).queryAllByRole("link", { name: "ThinkPad T480" })).toEqual([]);
    expect(within(item("Dell XPS 13")).getByText("Expired")).toBeInTheDocument();
    expect(within(item("Dell XPS 13")).queryAllByRole("link", { name: "Dell XPS 13" })).toEqual([]);
    for (const name of ["MacBook Air M1", "ThinkPad T480", "Dell XPS 13"]) {
      expect(within(item(name)).getByRole("button", { name: `Remove ${name} from favourites` })).toHaveAttribute("aria-pressed", "true");
    }
  }

  it("lists the saved laptops as full cards from md up, sold and expired ones marked, and removes one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LISTING_VIEW_KEY, "grid"); // a phone's choice: not for a wide screen
    onPhone(1024);
    const mock = stubApi(saved());
    renderApp("/dashboard/favourites");

    expect(await screen.findByRole("heading", { name: "Favourites" })).toBeInTheDocument();
    await screen.findByRole("article", { name: "MacBook Air M1" });
    expectMarked();
    expect(item("MacBook Air M1")).not.toHaveAttribute("data-tile");
    expect(item("MacBook Air M1")).toHaveTextContent("60,000 Tk");
    expect(item("MacBook Air M1")).toHaveTextContent("was 65,000 Tk");
    // a laptop for sale can be booked from its card; a sold or expired one cannot
    expect(within(item("MacBook Air M1")).getByRole("button", { name: "Book Now" })).toBeInTheDocument();
    expect(within(item("ThinkPad T480")).queryByRole("button", { name: "Book Now" })).toBeNull();
    expect(within(item("Dell XPS 13")).queryByRole("button", { name: "Book Now" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Show laptops as" })).toBeNull();
    // the menu has it
    expect(screen.getByRole("link", { name: "Favourites" })).toHaveAttribute("href", "/dashboard/favourites");

    await userEvent.click(within(item("ThinkPad T480")).getByRole("button", { name: "Remove ThinkPad T480 from favourites" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "ThinkPad T480" })).toBeNull());
    expect(requestsTo(mock, "/api/favourites/43", "DELETE")).toHaveLength(1);
  });

  it("on a phone, lists them as rows, a grid or full cards, as chosen and remembered, marked and removable in each", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    onPhone(360);
    const mock = stubApi(saved());
    renderApp("/dashboard/favourites");

    const group = await screen.findByRole("group", { name: "Show laptops as" });
    await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(item("MacBook Air M1")).toHaveAttribute("data-tile", "list");
    expect(item("MacBook Air M1")).toHaveTextContent("60,000 Tk");
    expectMarked();

    await userEvent.click(within(group).getByRole("button", { name: "Grid" }));
    expect(item("MacBook Air M1")).toHaveAttribute("data-tile", "grid");
    expect(localStorage.getItem(LISTING_VIEW_KEY)).toBe("grid");
    expectMarked();

    await userEvent.click(within(group).getByRole("button", { name: "Full cards" }));
    expect(item("MacBook Air M1")).not.toHaveAttribute("data-tile");
    expect(localStorage.getItem(LISTING_VIEW_KEY)).toBe("card");
    expectMarked();

    await userEvent.click(within(group).getByRole("button", { name: "Grid" }));
    await userEvent.click(within(item("ThinkPad T480")).getByRole("button", { name: "Remove ThinkPad T480 from favourites" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "ThinkPad T480" })).toBeNull());
    expect(requestsTo(mock, "/api/favourites/43", "DELETE")).toHaveLength(1);
    expect(item("MacBook Air M1")).toHaveAttribute("data-tile", "grid");
  });

  it("on a phone, opens in the view chosen before, on this page or another list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LISTING_VIEW_KEY, "grid");
    onPhone(360);
    stubApi(saved());
    renderApp("/dashboard/favourites");

    await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(item("MacBook Air M1")).toHaveAttribute("data-tile", "grid");
    expect(within(screen.getByRole("group", { name: "Show laptops as" })).getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    expectMarked();
  });

  it("says what to do when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([], { "/api/favourites": [] }));
    renderApp("/dashboard/favourites");
    expect(await screen.findByText("No favourites yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse laptops" })).toHaveAttribute("href", "/");
  });
});
