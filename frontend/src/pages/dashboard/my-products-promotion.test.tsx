// #34 paid promotion on My Products: with ADVERTISE_PRICE set, Advertise
// opens a dialog naming the price and the ways to pay, and pays through
// the gateway; the outcome the gateway sends the seller back with is said.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "@/api/products";
import { setGoTo } from "@/components/online-payment";
import { TOKEN_KEY } from "@/lib/api";
import { categories, product, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

// Stripe.js is an outside service: its entry point is replaced by a stand-in whose card field is a plain input.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

function fakeStripe() {
  const card = {
    mount: vi.fn((el: HTMLElement) => {
      const input = document.createElement("input");
      input.setAttribute("aria-label", "Card number");
      el.appendChild(input);
    }),
    on: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card) };
  return { elements: vi.fn(() => elements), confirmCardPayment: vi.fn(() => Promise.resolve({ paymentIntent: { id: "pi_promo", status: "succeeded" } })) };
}

const LIST = "/api/userProducts?email=karim%40example.com";
const laptop = product({ productName: "Lenovo ThinkPad X1 Carbon", seller: seller.userName, sellerEmail: seller.email });
const GATEWAY = "https://sandbox.sslcommerz.com/EasyCheckOut/testpromo1";
const config = (methods: string[]) => ({ stripePublishableKey: methods.includes("card") ? "pk_test_123" : null, currency: "bdt", googleEnabled: false, mailEnabled: true, paymentMethods: methods, advertisePrice: 500 });

function api(methods: string[], list: Product[] = [laptop], extra: ApiTable = {}): ApiTable {
  return { "/api/me": seller, "/api/categorys": categories, "/api/config": config(methods), [LIST]: list, ...extra };
}

const goTo = vi.fn();
beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, "tok");
  goTo.mockReset();
  setGoTo(goTo);
});
afterEach(() => setGoTo((url) => window.location.assign(url)));

const row = (name: RegExp) => screen.getByRole("row", { name });

describe("paid promotion", () => {
  it("names the price, pays through SSLCommerz and sends the seller to the gateway", async () => {
    const fetchMock = stubApi(
      api(["cash", "sslcommerz"], [laptop], { [`POST /api/products/${laptop._id}/promotion`]: reply(200, { _id: "9", amount: 500, gatewayUrl: GATEWAY }) }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ }));
    const dialog = await screen.findByRole("dialog", { name: `Advertise ${laptop.productName}` });
    expect(dialog).toHaveTextContent("Advertising costs 500 Tk.");
    expect(requestsTo(fetchMock, `/api/products/${laptop._id}`, "PUT")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay 500 Tk online" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(GATEWAY));
    const sent = requestsTo(fetchMock, `/api/products/${laptop._id}/promotion`, "POST");
    expect(sent).toHaveLength(1);
  });

  it("says advertising is not available when the shop takes no online payment", async () => {
    stubApi(api(["cash"]));
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await waitFor(() => expect(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ })).toBeDisabled());
    expect(within(row(/Lenovo/)).getByText("Advertising is not available: this shop takes no online payments")).toBeInTheDocument();
  });

  it("says what became of the payment the gateway sent the seller back from", async () => {
    stubApi(api(["cash", "sslcommerz"], [{ ...laptop, advertise: true }]));
    renderApp("/dashboard/myproducts?promotion=paid");
    expect(await screen.findByTestId("promotion-outcome")).toHaveTextContent("Payment received: your laptop is advertised under Urgent Sell.");
    await userEvent.click(within(screen.getByTestId("promotion-outcome")).getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("promotion-outcome")).not.toBeInTheDocument();
  });

  it("pays by card in the dialog, then asks the server and says the laptop is advertised", async () => {
    const stripe = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(stripe);
    const fetchMock = stubApi(
      api(["cash", "card"], [laptop], {
        [`POST /api/products/${laptop._id}/promotion`]: reply(200, { _id: "9", amount: 500, clientSecret: "pi_promo_secret_x" }),
        [`/api/products/${laptop._id}/promotion`]: { _id: "9", productId: laptop._id, amount: 500, days: 7, method: "card", status: "paid", createdAt: "2026-11-28T10:00:00Z", paidAt: "2026-11-28T10:01:00Z" },
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await userEvent.click(within(row(/Lenovo/)).getByRole("button", { name: /Advertise/ }));
    const dialog = await screen.findByRole("dialog", { name: `Advertise ${laptop.productName}` });
    const pay = within(dialog).getByRole("button", { name: "Pay 500 Tk" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    expect(await screen.findByTestId("promotion-outcome")).toHaveTextContent("Payment received: your laptop is advertised under Urgent Sell.");
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_promo_secret_x", expect.anything());
    expect(requestsTo(fetchMock, `/api/products/${laptop._id}/promotion`, "POST")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
