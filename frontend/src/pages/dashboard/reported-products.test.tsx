import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Product } from "@/api/products";
import { TOKEN_KEY } from "@/lib/api";
import { admin, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/products/report?report=reported";
const scam = product({ productName: "Too cheap MacBook Pro M3 Max", seller: "Shady Seller", sellPrice: 9000, report: "reported" });
const fake = product({ productName: "Walton fake", seller: "Fake Seller", report: "reported" });

function api(list: () => Product[], extra: ApiTable = {}): ApiTable {
  return { "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, list()), ...extra };
}

describe("reported products", () => {
  it("shows a spinner with hidden Loading... text, then the count and the rows", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi({
      ...api(() => []),
      [LIST]: async () => {
        await gate;
        return jsonResponse(200, [scam, fake]);
      },
    });
    renderApp("/dashboard/repotedproducts");
    await screen.findByRole("navigation", { name: "Dashboard" });
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Loading...")).toHaveClass("sr-only");
    release();

    expect(await screen.findByRole("heading", { name: "Reported Products: 2" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "ProductName", "Seller", "Price", "Reports", "Delete"]);
    const first = screen.getAllByRole("row")[1]!;
    expect(within(first).getByRole("rowheader")).toHaveTextContent("1");
    // the whole name (up to two lines): the 25-character cut is only My Products' column
    expect(first).toHaveTextContent("Too cheap MacBook Pro M3 Max");
    expect(first).toHaveTextContent("Shady Seller");
    expect(first).toHaveTextContent("9,000 Tk");
  });

  it("stops an advertised one's advertising after the confirmation; others have no such button", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const advertised = { ...scam, advertise: true, advertisedUntil: "2030-01-01T00:00:00Z" };
    let list = [advertised, fake];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/products/${scam._id}/advertise`]: () => {
          list = [{ ...scam, advertise: false, advertisedUntil: null }, fake];
          return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/repotedproducts");
    await screen.findByRole("heading", { name: "Reported Products: 2" });
    const row = () => screen.getAllByRole("row")[1]!;
    expect(within(row()).getByText("Urgent Sell")).toBeInTheDocument();
    expect(within(screen.getAllByRole("row")[2]!).queryByRole("button", { name: /Stop advertising/ })).not.toBeInTheDocument();

    await userEvent.click(within(row()).getByRole("button", { name: `Stop advertising ${scam.productName}` }));
    const dialog = screen.getByRole("alertdialog", { name: "Stop advertising this product?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `/api/products/${scam._id}/advertise`, "DELETE")).toHaveLength(0);

    await userEvent.click(within(row()).getByRole("button", { name: `Stop advertising ${scam.productName}` }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Stop advertising this product?" })).getByRole("button", { name: "Stop advertising" }));
    expect(await screen.findByText("Advertising stopped")).toBeInTheDocument();
    await waitFor(() => expect(within(row()).queryByRole("button", { name: /Stop advertising/ })).not.toBeInTheDocument());
    expect(within(row()).queryByText("Urgent Sell")).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/products/${scam._id}/advertise`, "DELETE")).toHaveLength(1);
  });

  it("shows No Reported Product when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => []));
    renderApp("/dashboard/repotedproducts");
    expect(await screen.findByRole("heading", { name: "Reported Products: 0" })).toBeInTheDocument();
    expect(screen.getByText("No Reported Product")).toBeInTheDocument();
  });

  it("deletes only after the confirmation, toasts Delete Success and reloads", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [scam, fake];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/products/report/${scam._id}`]: () => {
          list = [fake];
          return jsonResponse(200, { deletedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/repotedproducts");
    await screen.findByRole("heading", { name: "Reported Products: 2" });
    const row = screen.getByRole("row", { name: /Shady Seller/ });

    await userEvent.click(within(row).getByRole("button", { name: /Delete/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure Delete this Product" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `/api/products/report/${scam._id}`, "DELETE")).toHaveLength(0);
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole("button", { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Reported Products: 1" })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /Shady Seller/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/products/report/${scam._id}`, "DELETE")).toHaveLength(1);
  });

  it("is for admins only", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi({ ...api(() => [scam]), "/api/me": { ...admin, role: "Seller" }, "/api/config": reply(200, {}) });
    const router = renderApp("/dashboard/repotedproducts");
    // the guard sends a signed-in non-admin away (log in passes them on home)
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(requestsTo(fetchMock, LIST)).toHaveLength(0);
  });
});
