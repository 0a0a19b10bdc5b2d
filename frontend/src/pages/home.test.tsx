import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const walton = product({ productName: "Walton Passion BX", category: "WALTON" });
const mac = product({ productName: "MacBook Air M1", category: "APPLE", sellerVerify: true });
const soldMac = product({ productName: "MacBook Pro 2015", category: "APPLE", available: "soled" });
const urgentHp = product({ productName: "HP Pavilion 15 urgent", category: "HP", advertise: true });

function homeApi(extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/advertised": [urgentHp],
    "/api/products?category=WALTON&limit=8": [walton],
    "/api/products?category=APPLE&limit=8": [mac, soldMac],
    "/api/products?category=HP&limit=8": [urgentHp],
    "/api/products?category=ASUS&limit=8": [],
    ...extra,
  };
}

const section = (name: string) => screen.getByRole("region", { name });

describe("home", () => {
  it("shows the banner, Urgent Sell and the four brand sections", async () => {
    stubApi(homeApi());
    renderApp("/");

    expect(screen.getByRole("region", { name: "Highlights" })).toBeInTheDocument();
    const slides = screen.getByRole("region", { name: "Highlights" }).querySelectorAll('[aria-roledescription="slide"]');
    expect(Array.from(slides, (s) => s.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(await within(section("Urgent Sell")).findByRole("article", { name: "HP Pavilion 15 urgent" })).toBeInTheDocument();

    expect(await within(section("Walton Laptop")).findByRole("article", { name: "Walton Passion BX" })).toBeInTheDocument();
    const apple = section("Apple Laptop");
    expect(await within(apple).findByRole("article", { name: "MacBook Air M1" })).toBeInTheDocument();
    // a sold product is dropped even if the server sent it
    expect(within(apple).queryByRole("article", { name: "MacBook Pro 2015" })).not.toBeInTheDocument();
    expect(await within(section("HP Laptop")).findByRole("article", { name: "HP Pavilion 15 urgent" })).toBeInTheDocument();
    expect(await within(section("Asus Laptop")).findByText("No Available Product")).toBeInTheDocument();
    expect(within(section("Walton Laptop")).queryByText("No Available Product")).not.toBeInTheDocument();

    // the sections come in the spec's order, ending with the promo
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    const order = ["Shop by brand", "Urgent Sell", "Walton Laptop", "Apple Laptop", "HP Laptop", "Asus Laptop", "Post your ad for free and easily"];
    expect(headings.filter((h) => order.includes(h ?? ""))).toEqual(order);
    const promo = section("Post your ad for free and easily");
    for (const step of ["Register", "Go to Dashboard", "Post ads with pictures of your products"]) {
      expect(within(promo).getByRole("heading", { name: step })).toBeInTheDocument();
    }
  });

  it("shows each brand's first 8 products and a See all link to its page", async () => {
    const fetchMock = stubApi(
      homeApi({
        // a brand with more than a section holds: the server says there is a next page
        "/api/products?category=WALTON&limit=8": () =>
          jsonResponse(200, [walton], { Link: '</api/products?category=WALTON&cursor=x&limit=8>; rel="next"' }),
      }),
    );
    renderApp("/");
    // the brands come once Urgent Sell has its laptops (#37)
    await screen.findByRole("region", { name: "Asus Laptop" });
    const waltonSection = section("Walton Laptop");
    await within(waltonSection).findByRole("article", { name: "Walton Passion BX" });
    const seeAll = await within(waltonSection).findByRole("link", { name: "See all" });
    expect(seeAll).toHaveAttribute("href", "/categorys/1");
    expect(seeAll).toHaveAccessibleDescription("Walton Laptop");
    expect(await within(section("Apple Laptop")).findByRole("link", { name: "See all" })).toHaveAttribute("href", "/categorys/2");
    // an empty brand has nothing more to see
    await within(section("Asus Laptop")).findByText("No Available Product");
    expect(within(section("Asus Laptop")).queryByRole("link", { name: "See all" })).not.toBeInTheDocument();

    for (const brand of ["WALTON", "APPLE", "HP", "ASUS"]) {
      expect(requestsTo(fetchMock, `/api/products?category=${brand}&limit=8`)).toHaveLength(1);
      expect(requestsTo(fetchMock, `/api/products?category=${brand}`)).toHaveLength(0);
    }
    // only the first page: the rest is on the brand's page
    expect(fetchMock.mock.calls.some(([p]) => String(p).includes("cursor="))).toBe(false);
    expect(within(waltonSection).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows grey cards while a brand loads", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(
      homeApi({
        "/api/products?category=ASUS&limit=8": async () => {
          await gate;
          return jsonResponse(200, []);
        },
      }),
    );
    renderApp("/");
    // the brands come once Urgent Sell has its laptops (#37)
    await screen.findByRole("region", { name: "Asus Laptop" });
    const asus = section("Asus Laptop");
    expect(await within(asus).findByRole("status", { name: "Loading products" })).toBeInTheDocument();
    release();
    expect(await within(asus).findByText("No Available Product")).toBeInTheDocument();
    expect(within(asus).queryByRole("status")).not.toBeInTheDocument();
  });

  it("moves the banner with the arrows and the dots", async () => {
    stubApi(homeApi());
    renderApp("/");
    const dots = screen.getByRole("group", { name: "Choose a slide" });
    const current = () => within(dots).getAllByRole("button").findIndex((b) => b.getAttribute("aria-current") === "true");
    expect(current()).toBe(0);
    await userEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe(1);
    await userEvent.click(within(dots).getAllByRole("button")[2]!);
    expect(current()).toBe(2);
    await userEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe(0);
    await userEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe(2);
  });

  it("reports a product from its card with a reason and a note, only after the dialog, then toasts Report Success", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(homeApi({ "/api/me": buyer, [`PUT /api/products/report/${walton._id}`]: reply(200, { acknowledged: true, modifiedCount: 1 }) }));
    renderApp("/");
    // the brands come once Urgent Sell has its laptops (#37)
    await screen.findByRole("region", { name: "Asus Laptop" });
    const card = await within(section("Walton Laptop")).findByRole("article", { name: "Walton Passion BX" });

    // Cancel: nothing is sent
    await userEvent.click(within(card).getByRole("button", { name: "Report" }));
    // the dialog's chunk loads on the first click
    const dialog = await screen.findByRole("alertdialog", { name: "Are You sure Report this Product" }, { timeout: 15000 });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `/api/products/report/${walton._id}`, "PUT")).toHaveLength(0);
    expect(screen.queryByText("Report Success")).not.toBeInTheDocument();

    // the reason and the note, as on the product page: sent once, then the toast
    await userEvent.click(within(card).getByRole("button", { name: "Report" }));
    const again = await screen.findByRole("alertdialog", { name: "Are You sure Report this Product" });
    await userEvent.selectOptions(within(again).getByLabelText("Reason"), "wrong_price");
    await userEvent.type(within(again).getByLabelText("A note for the admins (optional)"), "Listed at a tenth of its price");
    await userEvent.click(within(again).getByRole("button", { name: "Report" }));
    expect(await screen.findByText("Report Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const sent = requestsTo(fetchMock, `/api/products/report/${walton._id}`, "PUT");
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]!.headers).get("Authorization")).toBe("Bearer tok");
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ reason: "wrong_price", note: "Listed at a tenth of its price" });
  });

  it("toasts the server's message when a report is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      homeApi({
        "/api/me": buyer,
        [`PUT /api/products/report/${mac._id}`]: reply(409, { message: "You cannot report your own product", code: "own_product" }),
      }),
    );
    renderApp("/");
    // the brands come once Urgent Sell has its laptops (#37)
    await screen.findByRole("region", { name: "Asus Laptop" });
    const card = await within(section("Apple Laptop")).findByRole("article", { name: "MacBook Air M1" });
    await userEvent.click(within(card).getByRole("button", { name: "Report" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", {}, { timeout: 15000 })).getByRole("button", { name: "Report" }));
    expect(await screen.findByText("You cannot report your own product")).toBeInTheDocument();
    expect(screen.queryByText("Report Success")).not.toBeInTheDocument();
    // refused: the dialog stays for another try
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("sends a signed-out visitor to log in from Book Now and Report, keeping the page", async () => {
    const fetchMock = stubApi(homeApi({ "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false } }));
    const router = renderApp("/home");
    // the brands come once Urgent Sell has its laptops (#37)
    await screen.findByRole("region", { name: "Asus Laptop" });
    const card = await within(section("Walton Laptop")).findByRole("article", { name: "Walton Passion BX" });
    await userEvent.click(within(card).getByRole("button", { name: "Book Now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe("/home");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await act(() => router.navigate("/home"));
    const again = await within(await screen.findByRole("region", { name: "Walton Laptop" })).findByRole("article", { name: "Walton Passion BX" });
    await userEvent.click(within(again).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });
});
