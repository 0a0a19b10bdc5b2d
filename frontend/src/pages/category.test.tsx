import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable, type Responder } from "@/test/render-app";

const hp = { ...categories[2]!, productCount: 2 };
const elitebook = product({ productName: "HP EliteBook 840 G5", category: "HP", sellPrice: 45000 });
const probook = product({ productName: "HP ProBook 450", category: "HP", sellerEmail: seller.email });
const sold = product({ productName: "HP Envy sold", category: "HP", available: "soled" });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/categorys/3": hp,
    "/api/products?category=HP": [elitebook, probook, sold],
    ...extra,
  };
}

function signIn() {
  localStorage.setItem(TOKEN_KEY, "tok");
}

describe("category page", () => {
  it("shows the breadcrumb with the count, the sidebar with the current brand, and the cards", async () => {
    signIn();
    const fetchMock = stubApi(api());
    renderApp("/categorys/3");

    const crumbs = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(within(crumbs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Home", "HP", "2 products"]));

    const sidebar = screen.getByRole("navigation", { name: "All categories" });
    expect(within(sidebar).getAllByRole("link").map((a) => a.textContent)).toEqual(["WALTON", "APPLE", "HP", "ASUS"]);
    expect(within(sidebar).getByRole("link", { name: "HP" })).toHaveAttribute("aria-current", "page");
    expect(within(sidebar).getByRole("link", { name: "APPLE" })).not.toHaveAttribute("aria-current");
    expect(within(sidebar).getByRole("link", { name: "APPLE" })).toHaveAttribute("href", "/categorys/2");

    expect(screen.getByRole("article", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "HP ProBook 450" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "HP Envy sold" })).not.toBeInTheDocument();
    // the products are asked for by the category's name, once it is known
    expect(requestsTo(fetchMock, "/api/products?category=HP")).toHaveLength(1);
  });

  it("shows No Available Product and a zero count for an empty brand", async () => {
    signIn();
    stubApi(api({ "/api/categorys/3": { ...hp, productCount: 0 }, "/api/products?category=HP": [] }));
    renderApp("/categorys/3");
    expect(await screen.findByText("No Available Product")).toBeInTheDocument();
    expect(screen.queryByText("Try clearing the filters.")).not.toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Breadcrumb" })).toHaveTextContent("0 products");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("shows the error page for an unknown category, without asking for products", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    signIn();
    const fetchMock = stubApi(api({ "/api/categorys/99": reply(404, { message: "Category not found", code: "not_found" }) }));
    renderApp("/categorys/99");
    expect(await screen.findByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Category not found");
    expect(fetchMock.mock.calls.some(([path]) => String(path).startsWith("/api/products"))).toBe(false);
  });

  it("shows no Book Now on the signed-in seller's own product", async () => {
    signIn();
    stubApi(api({ "/api/me": seller }));
    renderApp("/categorys/3");
    const own = await screen.findByRole("article", { name: "HP ProBook 450" });
    expect(within(own).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    expect(within(own).getByRole("button", { name: "Your product" })).toBeDisabled();
    const other = screen.getByRole("article", { name: "HP EliteBook 840 G5" });
    expect(within(other).getByRole("button", { name: "Book Now" })).toBeEnabled();
  });
});

describe("booking dialog", () => {
  async function openBooking() {
    const card = await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    await userEvent.click(within(card).getByRole("button", { name: "Book Now" }));
    return screen.getByRole("dialog", { name: "Book HP EliteBook 840 G5" });
  }

  it("prefills the buyer and product read-only and focuses the contact number", async () => {
    signIn();
    stubApi(api());
    renderApp("/categorys/3");
    const dialog = await openBooking();

    for (const [label, value] of [
      ["Your Name", "Rahim Uddin"],
      ["Your Email", "rahim@example.com"],
      ["Product", "HP EliteBook 840 G5"],
      ["Price", "45,000 Tk"],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute("readonly");
    }
    const number = within(dialog).getByLabelText("Contact Number");
    expect(number).toHaveFocus();
    expect(number).toHaveAttribute("inputmode", "numeric");
    expect(number).not.toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Meeting Location")).not.toHaveAttribute("readonly");
  });

  it("requires a contact number and a meeting location before sending", async () => {
    signIn();
    const fetchMock = stubApi(api());
    renderApp("/categorys/3");
    const dialog = await openBooking();

    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByLabelText("Contact Number")).toHaveAccessibleDescription("Enter a contact number");
    expect(within(dialog).getByLabelText("Meeting Location")).toHaveAccessibleDescription("Enter where you would like to meet");
    await userEvent.type(within(dialog).getByLabelText("Contact Number"), "call me");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByLabelText("Contact Number")).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fetchMock, "/api/bookings", "POST")).toHaveLength(0);
  });

  it("books, toasts Book Success, closes and comes back empty", async () => {
    signIn();
    const fetchMock = stubApi(api({ "POST /api/bookings": reply(201, { acknowledged: true, insertedId: "9" }) }));
    renderApp("/categorys/3");
    let dialog = await openBooking();

    await userEvent.type(within(dialog).getByLabelText("Contact Number"), "01812345678");
    await userEvent.type(within(dialog).getByLabelText("Meeting Location"), "Farmgate, Dhaka");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await screen.findByText("Book Success")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const [init] = requestsTo(fetchMock, "/api/bookings", "POST");
    expect(JSON.parse(init!.body as string)).toEqual({
      ProductId: elitebook._id,
      number: "01812345678",
      meetLocation: "Farmgate, Dhaka",
      buyerName: "Rahim Uddin",
      buyerEmail: "rahim@example.com",
      productName: "HP EliteBook 840 G5",
      price: 45000,
      paymentMethod: "cash", // #34: the spec's seven fields, and how the buyer pays (cash unless chosen)
    });

    dialog = await openBooking();
    expect(within(dialog).getByLabelText("Contact Number")).toHaveValue("");
    expect(within(dialog).getByLabelText("Meeting Location")).toHaveValue("");
  });

  it("shows a refusal in red and field errors under their inputs, and stays open", async () => {
    signIn();
    let answer: Responder = reply(409, { message: "You already booked this product", code: "conflict" });
    stubApi(api({ "POST /api/bookings": ((init) => answer(init)) satisfies Responder }));
    renderApp("/categorys/3");
    const dialog = await openBooking();
    await userEvent.type(within(dialog).getByLabelText("Contact Number"), "01812345678");
    await userEvent.type(within(dialog).getByLabelText("Meeting Location"), "Farmgate");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await within(dialog).findByText("You already booked this product")).toHaveClass("text-error");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByText("Book Success")).not.toBeInTheDocument();

    answer = reply(400, { message: "meetLocation must be at most 200 characters", code: "invalid", fields: { meetLocation: "must be at most 200 characters" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Meeting Location")).toHaveAccessibleDescription("Meeting location must be at most 200 characters"),
    );
    expect(within(dialog).getByLabelText("Contact Number")).toHaveValue("01812345678");
  });

  it("closes on Escape and on Cancel without sending", async () => {
    signIn();
    const fetchMock = stubApi(api());
    renderApp("/categorys/3");
    await openBooking();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const dialog = await openBooking();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/bookings", "POST")).toHaveLength(0);
  });
});

const page2a = product({ productName: "HP Spectre x360", category: "HP", sellPrice: 60000 });
const page2b = product({ productName: "HP Omen 15", category: "HP", sellPrice: 90000 });
const nextPage = '</api/products?category=HP&cursor=c2>; rel="next"';

/** The search part of where the app is now, e.g. "?sort=price_asc". */
const searchOf = (router: ReturnType<typeof renderApp>) => router.state.location.search;

describe("category page browsing", () => {
  it("counts the brand's products from the category, not from the page loaded", async () => {
    signIn();
    stubApi(api({ "/api/categorys/3": { ...hp, productCount: 57 } }));
    renderApp("/categorys/3");
    const crumbs = await screen.findByRole("navigation", { name: "Breadcrumb" });
    await waitFor(() => expect(within(crumbs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Home", "HP", "57 products"]));
    expect(await screen.findByRole("article", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(within(crumbs).getByText("57 products")).toBeInTheDocument();
  });

  it("counts what the applied filters let through, not the whole brand", async () => {
    signIn();
    stubApi(
      api({
        "/api/categorys/3": { ...hp, productCount: 57 },
        "/api/products?category=HP&maxPrice=50000&condition=good": [elitebook],
        "/api/products/facets?category=HP&maxPrice=50000&condition=good": {
          category: { HP: 3 },
          condition: { good: 3 },
          ramGb: {},
          storageType: {},
          total: { count: 3, exact: true },
        },
      }),
    );
    const router = renderApp("/categorys/3?maxPrice=50000&condition=good");
    const crumbs = await screen.findByRole("navigation", { name: "Breadcrumb" });
    await waitFor(() => expect(within(crumbs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Home", "HP", "3 products"]));
    // clearing the filters counts the whole brand again
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(within(crumbs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Home", "HP", "57 products"]));
  });

  it("writes each filter to the URL and asks the API for exactly that list", async () => {
    signIn();
    const fetchMock = stubApi(api());
    const router = renderApp("/categorys/3");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });

    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Price: low to high");
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc"));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products?category=HP&sort=price_asc")).toHaveLength(1));

    // typing alone asks for nothing; leaving the input applies it
    const min = screen.getByLabelText("Min price (Tk)");
    await userEvent.type(min, "30000");
    expect(searchOf(router)).toBe("?sort=price_asc");
    expect(fetchMock.mock.calls.some(([p]) => String(p).includes("minPrice=3"))).toBe(false);
    await userEvent.tab();
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc&minPrice=30000"));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products?category=HP&minPrice=30000&sort=price_asc")).toHaveLength(1));

    // Enter in the place applies it too
    await userEvent.type(screen.getByLabelText("Location"), "Mirpur{Enter}");
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc&minPrice=30000&location=Mirpur"));

    await userEvent.selectOptions(screen.getByLabelText("Condition"), "Good");
    await userEvent.click(screen.getByLabelText("Verified sellers only"));
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc&minPrice=30000&condition=good&location=Mirpur&verified=true"));
    await waitFor(() =>
      expect(requestsTo(fetchMock, "/api/products?category=HP&minPrice=30000&condition=good&location=Mirpur&verified=true&sort=price_asc")).toHaveLength(1),
    );

    // Back undoes the last change, and the controls follow
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText("Verified sellers only")).not.toBeChecked());
    expect(screen.getByLabelText("Condition")).toHaveValue("good");
    await act(() => router.navigate(-2));
    await waitFor(() => expect(screen.getByLabelText("Location")).toHaveValue(""));
    expect(screen.getByLabelText("Min price (Tk)")).toHaveValue("30000");

    // Clear filters keeps the order and drops the rest
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc"));
    expect(screen.getByLabelText("Min price (Tk)")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeDisabled();
  });

  it("starts from the filters in a shared URL", async () => {
    signIn();
    const fetchMock = stubApi(api({ "/api/products?category=HP&maxPrice=50000&condition=good&sort=price_desc": [elitebook] }));
    renderApp("/categorys/3?sort=price_desc&maxPrice=50000&condition=good");
    expect(await screen.findByRole("article", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "HP ProBook 450" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Sort by")).toHaveValue("price_desc");
    expect(screen.getByLabelText("Max price (Tk)")).toHaveValue("50000");
    expect(screen.getByLabelText("Condition")).toHaveValue("good");
    // the unfiltered list is never asked for
    expect(requestsTo(fetchMock, "/api/products?category=HP")).toHaveLength(0);
  });

  it("refuses a price that is not a whole number or below the min, without asking", async () => {
    signIn();
    const fetchMock = stubApi(api());
    const router = renderApp("/categorys/3?minPrice=40000");
    await screen.findByLabelText("Max price (Tk)");
    // the list's requests (its facet counts are asked for beside it)
    const calls = () => fetchMock.mock.calls.filter(([p]) => String(p).startsWith("/api/products?")).length;
    await waitFor(() => expect(calls()).toBe(1));

    await userEvent.type(screen.getByLabelText("Max price (Tk)"), "30000{Enter}");
    expect(screen.getByLabelText("Max price (Tk)")).toHaveAccessibleDescription("Must not be below the min price");
    await userEvent.clear(screen.getByLabelText("Max price (Tk)"));
    await userEvent.type(screen.getByLabelText("Max price (Tk)"), "12k{Enter}");
    expect(screen.getByLabelText("Max price (Tk)")).toHaveAccessibleDescription("Enter a whole number of Tk");
    expect(screen.getByLabelText("Max price (Tk)")).toHaveAttribute("aria-invalid", "true");
    expect(searchOf(router)).toBe("?minPrice=40000");
    expect(calls()).toBe(1);
  });

  it("says to clear the filters when a filtered list is empty", async () => {
    signIn();
    stubApi(api({ "/api/products?category=HP&condition=fair": [] }));
    renderApp("/categorys/3?condition=fair");
    expect(await screen.findByText("No Available Product")).toBeInTheDocument();
    expect(screen.getByText("Try clearing the filters.")).toBeInTheDocument();
  });

  it("Load more asks for the Link header's next page and adds it under the first", async () => {
    signIn();
    const fetchMock = stubApi(
      api({
        "/api/products?category=HP": () => jsonResponse(200, [elitebook, probook], { Link: nextPage }),
        "/api/products?category=HP&cursor=c2": [page2a, page2b],
      }),
    );
    renderApp("/categorys/3");
    await screen.findByRole("article", { name: "HP ProBook 450" });
    // nothing beyond the first page until asked
    expect(requestsTo(fetchMock, "/api/products?category=HP&cursor=c2")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "HP Omen 15" })).toBeInTheDocument();
    expect(screen.getAllByRole("article").map((a) => a.querySelector("h3")?.textContent)).toEqual([
      "HP EliteBook 840 G5",
      "HP ProBook 450",
      "HP Spectre x360",
      "HP Omen 15",
    ]);
    expect(requestsTo(fetchMock, "/api/products?category=HP&cursor=c2")).toHaveLength(1);
    // the first page is not fetched again for it
    expect(requestsTo(fetchMock, "/api/products?category=HP")).toHaveLength(1);
    // the last page had no Link: no more button
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("offers to try again when the next page fails, keeping what is shown", async () => {
    signIn();
    let second: Responder = reply(503, { message: "Service unavailable" });
    const fetchMock = stubApi(
      api({
        "/api/products?category=HP": () => jsonResponse(200, [elitebook], { Link: nextPage }),
        "/api/products?category=HP&cursor=c2": ((init) => second(init)) satisfies Responder,
      }),
    );
    renderApp("/categorys/3");
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("We couldn't load more laptops. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();

    second = () => jsonResponse(200, [page2a]);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "HP Spectre x360" })).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products?category=HP&cursor=c2")).toHaveLength(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
