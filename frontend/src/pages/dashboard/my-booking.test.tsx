import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Booking } from "@/api/bookings";
import { TOKEN_KEY } from "@/lib/api";
import { buyer, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/bookings?email=rahim%40example.com";

function booking(o: Partial<Booking>): Booking {
  return {
    _id: "11",
    productName: "HP EliteBook 840 G5",
    price: 45000,
    meetLocation: "Farmgate, Dhaka",
    paid: false,
    buyerEmail: buyer.email,
    buyerName: buyer.userName,
    ProductId: "101",
    number: "01812345678",
    ...o,
  };
}

const open = booking({ _id: "11" });
const paid = booking({ _id: "12", productName: "MacBook Air M1 2020", price: 125000, meetLocation: "Dhanmondi 27", paid: true, ProductId: "102" });

function api(list: Booking[] | (() => Booking[]), extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    [LIST]: typeof list === "function" ? () => reply(200, list())({}) : list,
    ...extra,
  };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });

describe("my booking", () => {
  it("lists the bookings with number, product, price in Tk, place, and Paid or a Pay link", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open, paid]));
    renderApp("/dashboard/mybooking");

    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "Product", "Price", "MeetLocation", "Delete", "Payment"]);
    expect(within(row(/EliteBook/)).getByRole("rowheader")).toHaveTextContent("1");
    expect(within(row(/MacBook/)).getByRole("rowheader")).toHaveTextContent("2");
    expect(within(row(/EliteBook/)).getByText("45,000 Tk")).toBeInTheDocument();
    expect(within(row(/MacBook/)).getByText("125,000 Tk")).toBeInTheDocument();
    expect(within(row(/EliteBook/)).getByText("Farmgate, Dhaka")).toBeInTheDocument();

    // unpaid: a Pay link to its payment page, no Paid badge
    const pay = within(row(/EliteBook/)).getByRole("link", { name: /Pay/ });
    expect(pay).toHaveAttribute("href", "/dashboard/payment/11");
    expect(within(row(/EliteBook/)).queryByText("Paid")).not.toBeInTheDocument();
    expect(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ })).toBeEnabled();

    // paid: the Paid badge, no Pay link, and Delete is disabled with a reason
    expect(within(row(/MacBook/)).getByText("Paid")).toHaveClass("badge");
    expect(within(row(/MacBook/)).queryByRole("link", { name: /Pay/ })).not.toBeInTheDocument();
    const del = within(row(/MacBook/)).getByRole("button", { name: /Delete/ });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute("title", expect.stringMatching(/paid bookings stay on record/i));
  });

  it("is also the dashboard's home page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open]));
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /EliteBook/ })).toBeInTheDocument();
  });

  it("opens the payment page from Pay", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open], { "/api/bookings/11": open, "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false } }));
    const router = renderApp("/dashboard/mybooking");
    await userEvent.click(await screen.findByRole("link", { name: /Pay/ }));
    expect(await screen.findByRole("heading", { name: "Payment for HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/payment/11");
  });

  it("shows No Booking when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([]));
    renderApp("/dashboard/mybooking");
    expect(await screen.findByText("No Booking")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows a spinner while the list loads", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([], { [LIST]: () => new Promise<Response>(() => {}) }));
    renderApp("/dashboard/mybooking");
    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByText("No Booking")).not.toBeInTheDocument();
  });

  it("deletes only after the confirmation, toasts Delete Success and reloads the list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [open, paid];
    const fetchMock = stubApi(
      api(() => list, {
        "DELETE /api/bookings/11": () => {
          list = [paid];
          return reply(200, { deletedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/mybooking");
    await screen.findByRole("row", { name: /EliteBook/ });

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure delete this user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, "/api/bookings/11", "DELETE")).toHaveLength(0);
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Are you sure delete this user" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /EliteBook/ })).not.toBeInTheDocument());
    expect(row(/MacBook/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/bookings/11", "DELETE")).toHaveLength(1);
  });

  it("toasts the server's message when a delete is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([open], { "DELETE /api/bookings/11": reply(409, { message: "A paid booking stays on record", code: "paid" }) }));
    renderApp("/dashboard/mybooking");
    await screen.findByRole("row", { name: /EliteBook/ });
    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("A paid booking stays on record")).toBeInTheDocument();
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();
  });

  it("Load more adds the Link header's next page under the first, numbering on", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LIST}&cursor=c2`;
    const fetchMock = stubApi(
      api([], {
        [LIST]: () => jsonResponse(200, [open], { Link: `<${PAGE2}>; rel="next"` }),
        [PAGE2]: [paid],
      }),
    );
    renderApp("/dashboard/mybooking");
    await screen.findByRole("table");
    expect(screen.queryByRole("row", { name: /MacBook/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("row", { name: /MacBook/ })).toBeInTheDocument();
    expect(within(row(/MacBook/)).getByRole("rowheader")).toHaveTextContent("2");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);
  });
});
