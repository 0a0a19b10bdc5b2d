// A seller's answer refreshes what it changes, while the component that
// answered knows nothing of them: the leads, the menu's count, the
// seller's products (a laptop becomes reserved or sold) and a product page.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import useSWR, { SWRConfig, type Cache } from "swr";
import { describe, expect, it } from "vitest";
import { isLeadWriteKey, useAcceptBooking, useHandover, useLeads, useNewLeadCount, type Lead } from "@/api/leads";
import { useUserProducts, type Product } from "@/api/products";
import { fetcher } from "@/lib/api";
import { product } from "@/test/fixtures";
import { jsonResponse, requestsTo, stubApi } from "@/test/render-app";

const MINE = "/api/userProducts?email=karim%40example.com";

const lead: Lead = {
  _id: "21",
  status: "pending",
  buyerName: "Rahim Uddin",
  buyerEmail: "rahim@example.com",
  number: "01712345678",
  meetLocation: "Farmgate",
  price: 45000,
  paid: false,
  createdAt: "2026-11-22T10:00:00Z",
  handoverLocked: false,
  product: { _id: "p1", productName: "HP EliteBook", picture: "/x.jpg" },
};

function withCache(children: ReactNode) {
  const cache: Cache = new Map();
  return <SWRConfig value={{ provider: () => cache, fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>;
}

function Screen() {
  const leads = useLeads();
  const count = useNewLeadCount(true);
  const mine = useUserProducts("karim@example.com");
  const page = useSWR<Product>("/api/products/p1");
  return (
    <>
      <ul aria-label="leads">{leads.data?.map((l) => <li key={l._id}>{l.status}</li>)}</ul>
      <p>new: {count.data?.count}</p>
      <ul aria-label="mine">{mine.data?.map((p) => <li key={p._id}>{p.available}</li>)}</ul>
      <p>page: {page.data?.available}</p>
    </>
  );
}

function Answer() {
  const accept = useAcceptBooking();
  const handover = useHandover();
  const [said, setSaid] = useState("");
  return (
    <>
      <button type="button" onClick={() => void accept.trigger("21").then(() => setSaid("accepted"), (e: Error) => setSaid(e.message))}>
        Accept
      </button>
      <button type="button" onClick={() => void handover.trigger({ id: "21", code: "123456" }).then(() => setSaid("handed over"), (e: Error) => setSaid(e.message))}>
        Hand over
      </button>
      <p>{said}</p>
    </>
  );
}

describe("leads hooks", () => {
  it("picks the leads, the count, bookings and products to refresh, and nothing else", () => {
    for (const key of ["/api/leads", "/api/leads?cursor=c2", "/api/leads/new", "/api/bookings?email=a%40b.c", "/api/bookings/21", MINE, "/api/products?category=HP", "/api/products/p1", "/api/advertised", "/api/notifications/unread"]) {
      expect(isLeadWriteKey(key), key).toBe(true);
    }
    for (const key of ["/api/users", "/api/categorys", "/api/me", "/api/leadsx", "/api/notifications"]) {
      expect(isLeadWriteKey(key), key).toBe(false);
    }
  });

  it("after a hand-over refreshes the leads, the count, the seller's products and the product page before its trigger resolves", async () => {
    let state = { lead, count: 1, available: "available" as Product["available"] };
    const fetchMock = stubApi({
      "/api/leads": () => jsonResponse(200, [state.lead]),
      "/api/leads/new": () => jsonResponse(200, { count: state.count }),
      [MINE]: () => jsonResponse(200, [product({ _id: "p1", available: state.available })]),
      "/api/products/p1": () => jsonResponse(200, product({ _id: "p1", available: state.available })),
      "POST /api/bookings/21/handover": () => {
        state = { lead: { ...lead, status: "completed" }, count: 0, available: "soled" };
        return jsonResponse(200, state.lead);
      },
    });
    render(
      withCache(
        <>
          <Screen />
          <Answer />
        </>,
      ),
    );
    expect(await screen.findByText("pending")).toBeInTheDocument();
    expect(await screen.findByText("new: 1")).toBeInTheDocument();
    expect(await screen.findByText("page: available")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Hand over" }));
    expect(await screen.findByText("handed over")).toBeInTheDocument();
    // in by the time the trigger resolved
    expect(screen.getByText("completed")).toBeInTheDocument();
    expect(screen.getByText("new: 0")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "mine" })).toHaveTextContent("soled");
    expect(screen.getByText("page: soled")).toBeInTheDocument();
    expect(JSON.parse(String(requestsTo(fetchMock, "/api/bookings/21/handover", "POST")[0]!.body))).toEqual({ code: "123456" });
  });

  it("refreshes after a refusal too (the list may be out of date), and rejects with the API's message", async () => {
    let status: Lead["status"] = "pending";
    const fetchMock = stubApi({
      "/api/leads": () => jsonResponse(200, [{ ...lead, status }]),
      "/api/leads/new": { count: 1 },
      [MINE]: [],
      "/api/products/p1": product({ _id: "p1" }),
      "PUT /api/bookings/21/accept": () => {
        status = "cancelled";
        return jsonResponse(409, { message: "This booking is no longer pending", code: "conflict" });
      },
    });
    render(
      withCache(
        <>
          <Screen />
          <Answer />
        </>,
      ),
    );
    expect(await screen.findByText("pending")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("This booking is no longer pending")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("list", { name: "leads" })).toHaveTextContent("cancelled"));
    expect(requestsTo(fetchMock, "/api/bookings/21/accept", "PUT")).toHaveLength(1);
  });
});
