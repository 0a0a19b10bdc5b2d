import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PriceReference } from "@/api/price-reference";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const KEY = "/api/admin/price-reference";
const shipped: PriceReference = { source: "shipped", mode: null, rows: 657, priced: 415, uploadedRows: null, uploadedAt: null, uploadedBy: null };
const replaced: PriceReference = {
  source: "uploaded",
  mode: "replace",
  rows: 25,
  priced: 25,
  uploadedRows: 25,
  uploadedAt: "2026-11-28T09:30:00Z",
  uploadedBy: { _id: "1", name: "Ayesha Admin", email: "admin@example.com" },
};

function api(extra: ApiTable = {}): ApiTable {
  return { "/api/me": admin, "/api/categorys": categories, "/api/products/report?report=reported": [], ...extra };
}

const csv = (text: string) => new File([text], "catalogue.csv", { type: "text/csv" });

afterEach(() => vi.unstubAllGlobals());

describe("the price reference page", () => {
  it("shows the shipped catalogue from the admin's menu, and uploads a file to replace it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let now = shipped;
    const fetchMock = stubApi(
      api({
        [KEY]: () => jsonResponse(200, now),
        [`POST ${KEY}?mode=replace`]: () => {
          now = replaced;
          return jsonResponse(200, { rows: 25, priced: 25, mode: "replace", uploadedAt: replaced.uploadedAt });
        },
      }),
    );
    renderApp("/dashboard/price-reference");
    expect(await screen.findByRole("heading", { name: "Price reference" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Price reference" })).toHaveAttribute(
      "href",
      "/dashboard/price-reference",
    );
    const now1 = await screen.findByRole("region", { name: "In use now" });
    expect(now1).toHaveTextContent("The catalogue shipped with the shop");
    expect(now1).toHaveTextContent("657");
    expect(now1).toHaveTextContent("415");
    expect(within(now1).queryByRole("button", { name: "Use the shipped catalogue" })).not.toBeInTheDocument();

    // no file: said under the input, nothing sent
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByText("Choose a CSV file")).toBeInTheDocument();
    expect(requestsTo(fetchMock, `${KEY}?mode=replace`, "POST")).toHaveLength(0);

    await userEvent.upload(screen.getByLabelText("CSV file"), csv("title,price_tk\nZorvex Aero 14,300000\n"));
    await userEvent.click(screen.getByRole("radio", { name: /Replace the shipped catalogue/ }));
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Uploaded 25 laptops, 25 with a price: the price guide uses them now.")).toBeInTheDocument();
    const [init] = requestsTo(fetchMock, `${KEY}?mode=replace`, "POST");
    const sent = (init!.body as FormData).get("file") as File;
    expect(sent.name).toBe("catalogue.csv");
    expect(await sent.text()).toBe("title,price_tk\nZorvex Aero 14,300000\n");
    // the state is asked again and shows the upload
    await waitFor(() => expect(screen.getByRole("region", { name: "In use now" })).toHaveTextContent("Your upload, in place of the shipped catalogue"));
    expect(screen.getByRole("region", { name: "In use now" })).toHaveTextContent("by Ayesha Admin");
  });

  it("lists each bad line the server names, in file order, and changes nothing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      api({
        [KEY]: shipped,
        [`POST ${KEY}?mode=extend`]: () =>
          jsonResponse(400, {
            message: "Nothing was changed: 3 lines are not valid. Line 3: price_tk: must be whole Tk from 1000 to 10000000, or empty for a laptop without a price",
            code: "invalid",
            fields: {
              "line 12": "has 3 fields where the header has 4",
              "line 3": "price_tk: must be whole Tk from 1000 to 10000000, or empty for a laptop without a price",
              "line 21": "title: is required",
            },
          }),
      }),
    );
    renderApp("/dashboard/price-reference");
    await screen.findByRole("region", { name: "In use now" });
    await userEvent.upload(screen.getByLabelText("CSV file"), csv("title,price_tk\nHP,45000\n"));
    // extend is the choice at first
    expect(screen.getByRole("radio", { name: /Extend the shipped catalogue/ })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getAllByText(/Nothing was changed/)).toHaveLength(1);
    expect(alert).toHaveTextContent("Nothing was changed. Fix these lines and upload the file again.");
    const items = within(within(alert).getByRole("list", { name: "Lines to fix" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Line 3: price_tk: must be whole Tk from 1000 to 10000000, or empty for a laptop without a price",
      "Line 12: has 3 fields where the header has 4",
      "Line 21: title: is required",
    ]);
    expect(screen.getByRole("region", { name: "In use now" })).toHaveTextContent("The catalogue shipped with the shop");
  });

  it("goes back to the shipped catalogue once confirmed, and downloads the one in use", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api({
        [KEY]: replaced,
        [`DELETE ${KEY}`]: () => jsonResponse(200, shipped),
        [`${KEY}.csv`]: () => new Response("\uFEFFtitle,price_tk\nZorvex Aero 14,300000\n", { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8" } }),
      }),
    );
    const made: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (b: Blob) => (made.push(b), "blob:x"), revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderApp("/dashboard/price-reference");
    const region = await screen.findByRole("region", { name: "In use now" });
    expect(region).toHaveTextContent("Your upload, in place of the shipped catalogue");

    await userEvent.click(within(region).getByRole("button", { name: "Download the catalogue in use (CSV)" }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [init] = requestsTo(fetchMock, `${KEY}.csv`, "GET");
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer tok");
    // one byte order mark (a spreadsheet reads UTF-8 by it), then the file
    const bytes = new Uint8Array(await made[0]!.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, "t".charCodeAt(0)]);
    expect(new TextDecoder().decode(bytes)).toBe("title,price_tk\nZorvex Aero 14,300000\n");
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe("price-reference-2026-11-28.csv");

    await userEvent.click(within(region).getByRole("button", { name: "Use the shipped catalogue" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Use the shipped catalogue?" });
    expect(requestsTo(fetchMock, KEY, "DELETE")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Use the shipped catalogue" }));
    await waitFor(() => expect(screen.getByRole("region", { name: "In use now" })).toHaveTextContent("The catalogue shipped with the shop"));
    expect(requestsTo(fetchMock, KEY, "DELETE")).toHaveLength(1);
    clicked.mockRestore();
  });

  it("is not a buyer's page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/bookings": [] });
    renderApp("/dashboard/price-reference");
    expect(await screen.findByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Price reference" })).not.toBeInTheDocument();
  });
});
