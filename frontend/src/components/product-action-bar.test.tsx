import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bookState, showsActionBar } from "@/components/product-action-bar";
import { TOKEN_KEY } from "@/lib/api";
import { booking, buyer, categories, product, seller } from "@/test/fixtures";
import { onPhone } from "@/test/phone";
import { renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const laptop = product({ _id: "42", productName: "MacBook Air M1", category: "APPLE", number: "01712345678", sellerEmail: "tanvir@example.com" });

function api(extra: ApiTable = {}): ApiTable {
  return { "/api/categorys": categories, "/api/products/42": laptop, ...extra };
}

const bar = () => screen.findByRole("region", { name: "Call, chat or book" });

describe("the product page's action bar on a phone (#37)", () => {
  it("follows the page's rules for Book: own, booked, expired, reserved, else Book Now", () => {
    const none = { own: false, booked: false, expired: false, reserved: false };
    expect(bookState(none)).toBe("book");
    expect(bookState({ ...none, reserved: true })).toBe("reserved");
    expect(bookState({ ...none, expired: true, reserved: true })).toBe("expired");
    expect(bookState({ ...none, booked: true, reserved: true })).toBe("booked");
    expect(bookState({ own: true, booked: true, expired: true, reserved: true })).toBe("own");
    expect(showsActionBar({ own: false, sold: false })).toBe(true);
    expect(showsActionBar({ own: true, sold: false })).toBe(false);
    expect(showsActionBar({ own: false, sold: true })).toBe(false);
  });

  it("gives a visitor Call (the seller's tel: link), Chat and Book Now, which asks them to log in", async () => {
    onPhone(360);
    stubApi(api());
    renderApp("/product/42");
    const region = await bar();
    expect(within(region).getByRole("link", { name: "Call 01712345678" })).toHaveAttribute("href", "tel:01712345678");
    expect(within(region).getByRole("button", { name: "Chat with seller" })).toBeInTheDocument();
    await userEvent.click(within(region).getByRole("button", { name: "Book Now" }));
    expect(await screen.findByRole("heading", { name: /log in/i })).toBeInTheDocument();
  });

  it("counts a tap on the bar's Call as the page's Call is counted (#37 numbers)", async () => {
    onPhone(360);
    const mock = stubApi(api({ "POST /api/products/42/view": () => new Response(null, { status: 204 }), "POST /api/products/42/reveal": () => new Response(null, { status: 204 }) }));
    renderApp("/product/42");
    const call = within(await bar()).getByRole("link", { name: "Call 01712345678" });
    expect(requestsTo(mock, "/api/products/42/reveal", "POST")).toHaveLength(0);
    await userEvent.click(call);
    await waitFor(() => expect(requestsTo(mock, "/api/products/42/reveal", "POST")).toHaveLength(1));
  });

  it("calls the seller's verified phone when there is one, as the page does", async () => {
    onPhone(390);
    stubApi(api({ "/api/products/42": { ...laptop, sellerPhoneVerified: true, sellerPhone: "+8801811111111" } }));
    renderApp("/product/42");
    expect(within(await bar()).getByRole("link", { name: "Call +8801811111111" })).toHaveAttribute("href", "tel:+8801811111111");
  });

  it("opens the booking form for a signed-in buyer", async () => {
    onPhone(360);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me": buyer }));
    renderApp("/product/42");
    await userEvent.click(within(await bar()).getByRole("button", { name: "Book Now" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });

  it("says Booked to the buyer who booked it, and is off when another buyer holds it", async () => {
    onPhone(360);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me": buyer, "/api/bookings/booked": { productIds: ["42"] }, [`/api/bookings?email=${encodeURIComponent(buyer.email)}`]: [booking({ ProductId: "42" })] }));
    const first = renderApp("/product/42");
    expect(await within(await bar()).findByRole("link", { name: "Booked: see My Booking" })).toHaveAttribute("href", "/dashboard/mybooking");
    first.dispose();
  });

  it("is off for a laptop reserved for another buyer", async () => {
    onPhone(360);
    stubApi(api({ "/api/products/42": { ...laptop, reserved: true } }));
    renderApp("/product/42");
    const region = await bar();
    expect(within(region).getByRole("button", { name: "Booked: reserved for another buyer" })).toBeDisabled();
    expect(within(region).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
  });

  it("is not there on one's own laptop, nor on a sold one", async () => {
    onPhone(360);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me": seller, "/api/products/42": { ...laptop, sellerEmail: seller.email, sellerId: seller._id } }));
    const own = renderApp("/product/42");
    expect(await screen.findByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Call, chat or book" })).not.toBeInTheDocument();
    own.dispose();
  });

  it("is not there on a wide screen: the page's own buttons are", async () => {
    onPhone(1024);
    stubApi(api());
    renderApp("/product/42");
    expect(await screen.findByRole("button", { name: "Book Now" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Call, chat or book" })).not.toBeInTheDocument();
  });
});
