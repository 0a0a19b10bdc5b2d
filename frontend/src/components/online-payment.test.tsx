import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setGoTo } from "@/components/online-payment";
import { TOKEN_KEY } from "@/lib/api";
import { booking, buyer, categories } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/bookings?email=rahim%40example.com";
const CONFIG = { stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: true, paymentMethods: ["cash", "sslcommerz"] };
const GATEWAY = "https://sandbox.sslcommerz.com/EasyCheckOut/testcde1234";

function api(extra: ApiTable = {}): ApiTable {
  const b = booking({ paymentMethod: "sslcommerz" });
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/config": CONFIG,
    [LIST]: [b],
    "POST /api/payments/sslcommerz/session": { gatewayUrl: GATEWAY },
    ...extra,
  };
}

const goTo = vi.fn();
beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, "tok");
  goTo.mockReset();
  setGoTo(goTo);
});
afterEach(() => setGoTo((url) => window.location.assign(url)));

describe("paying online through SSLCommerz", () => {
  it("starts a checkout of the booking and sends the browser to the gateway's page", async () => {
    const fetchMock = stubApi(api());
    renderApp("/dashboard/mybooking");
    const pay = await screen.findAllByRole("button", { name: "Pay online for HP EliteBook 840 G5" });
    await userEvent.click(pay[0]!);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(GATEWAY));
    const sent = requestsTo(fetchMock, "/api/payments/sslcommerz/session", "POST");
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ bookingId: "11" });
    expect(screen.getAllByText("Pay online: bKash, Nagad or card").length).toBeGreaterThan(0);
  });

  it("says so when the gateway does not answer, and stays on the page", async () => {
    stubApi(api({ "POST /api/payments/sslcommerz/session": reply(502, { message: "The payment service did not answer, please try again", code: "payment_service" }) }));
    renderApp("/dashboard/mybooking");
    const pay = await screen.findAllByRole("button", { name: "Pay online for HP EliteBook 840 G5" });
    await userEvent.click(pay[0]!);
    expect(await screen.findByText("The payment service did not answer, please try again")).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(pay[0]).toBeEnabled());
  });

  it("offers no online payment for a cash booking, a paid one, or where the shop does not offer it", async () => {
    stubApi(api({ [LIST]: [booking({ paymentMethod: "cash" }), booking({ _id: "12", paymentMethod: "sslcommerz", paid: true })] }));
    renderApp("/dashboard/mybooking");
    await screen.findAllByText("HP EliteBook 840 G5");
    expect(screen.queryByRole("button", { name: /Pay online/ })).not.toBeInTheDocument();
  });

  it("says what became of a payment the gateway sent the buyer back from, naming the laptop", async () => {
    for (const [outcome, words] of [
      ["paid", "Payment received for HP EliteBook 840 G5."],
      ["cancelled", "You cancelled the payment for HP EliteBook 840 G5."],
      ["failed", "The payment for HP EliteBook 840 G5 did not go through."],
      ["refunded", "so it is refunded to the account you paid from"],
      ["pending", "We are still confirming your payment for HP EliteBook 840 G5"],
    ] as const) {
      stubApi(api());
      renderApp(`/dashboard/mybooking?payment=${outcome}&booking=11`);
      const alert = await screen.findByTestId("payment-outcome");
      await waitFor(() => expect(alert).toHaveTextContent(words));
      await userEvent.click(within(alert).getByRole("button", { name: "Close" }));
      expect(screen.queryByTestId("payment-outcome")).not.toBeInTheDocument();
      cleanup();
    }
  });

  it("shows nothing for an address that is no outcome", async () => {
    stubApi(api());
    renderApp("/dashboard/mybooking?payment=<script>&booking=11");
    await screen.findAllByText("HP EliteBook 840 G5");
    expect(screen.queryByTestId("payment-outcome")).not.toBeInTheDocument();
  });
});
