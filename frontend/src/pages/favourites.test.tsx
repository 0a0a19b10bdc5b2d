import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories, product } from "@/test/fixtures";
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

  it("lists the saved laptops, sold and expired ones marked, and removes one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [dropped, sold, expired];
    const mock = stubApi(
      api(["42", "43", "44"], {
        "/api/favourites": () => reply(200, list)({}),
        "DELETE /api/favourites/43": () => {
          list = list.filter((p) => p._id !== "43");
          return reply(200, { acknowledged: true, favourite: false })({});
        },
      }),
    );
    renderApp("/dashboard/favourites");

    expect(await screen.findByRole("heading", { name: "Favourites" })).toBeInTheDocument();
    const row = (name: string) => screen.getByRole("listitem", { name });
    await screen.findByRole("listitem", { name: "MacBook Air M1" });
    expect(within(row("MacBook Air M1")).getByRole("link", { name: "MacBook Air M1" })).toHaveAttribute("href", "/product/42");
    expect(within(row("MacBook Air M1")).getByText("Available")).toBeInTheDocument();
    expect(row("MacBook Air M1")).toHaveTextContent("60,000 Tk");
    expect(row("MacBook Air M1")).toHaveTextContent("was 65,000 Tk");
    expect(within(row("ThinkPad T480")).getByText("Sold")).toBeInTheDocument();
    expect(within(row("ThinkPad T480")).queryByRole("link")).toBeNull();
    expect(within(row("Dell XPS 13")).getByText("Expired")).toBeInTheDocument();
    // the menu has it
    expect(screen.getByRole("link", { name: "Favourites" })).toHaveAttribute("href", "/dashboard/favourites");

    await userEvent.click(within(row("ThinkPad T480")).getByRole("button", { name: "Remove ThinkPad T480 from favourites" }));
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "ThinkPad T480" })).toBeNull());
    expect(requestsTo(mock, "/api/favourites/43", "DELETE")).toHaveLength(1);
  });

  it("says what to do when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([], { "/api/favourites": [] }));
    renderApp("/dashboard/favourites");
    expect(await screen.findByText("No favourites yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse laptops" })).toHaveAttribute("href", "/");
  });
});
