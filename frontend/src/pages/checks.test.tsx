// A laptop's health, checked (#40): the report on a listing's page and its
// card, the seller's panel (code, command, downloads, the report arriving,
// Delete), the Checked only filter, the hand-over check on My Booking, and
// stolen laptops (the lookup, the registration, the admins' list).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { ProductCheck } from "@/api/checks";
import { TOKEN_KEY } from "@/lib/api";
import { admin, booking, buyer, categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";
import report from "../../e2e/fixtures/thinkpad-report.json";

const thinkpad = product({
  _id: "42",
  productName: "ThinkPad X1 Carbon Gen 9",
  category: "LENOVO",
  sellerId: seller._id,
  sellerEmail: seller.email,
  specs: { processor: "Core i5-1135G7", ramGb: 16, storageGb: 512, storageType: "SSD", batteryHealth: 90 },
  checkedAt: "2026-11-28T10:31:00Z",
});

/** The check as GET /api/products/42/check answers it: the serial cut to its last 4. */
const check: ProductCheck = {
  id: "5",
  productId: "42",
  checkedAt: "2026-11-28T10:31:00Z",
  serialLast4: "K9QZ",
  report: { ...(report as unknown as ProductCheck["report"]), serial: null },
  batteryHealth: 81,
  specs: [
    { spec: "processor", listed: "Core i5-1135G7", checked: "11th Gen Intel(R) Core(TM) i5-1135G7 @ 2.40GHz", status: "confirms" },
    { spec: "ramGb", listed: "16", checked: "16", status: "confirms" },
    { spec: "storageGb", listed: "512", checked: "512", status: "confirms" },
    { spec: "batteryHealth", listed: "90", checked: "81", status: "contradicts" },
  ],
  contradicts: ["batteryHealth"],
  signature: { algorithm: "Ed25519", publicKey: "cHVibGlj", value: "c2lnbmF0dXJl", signed: "{}" },
};

function api(extra: ApiTable = {}): ApiTable {
  return { "/api/categorys": categories, "/api/products/42": thinkpad, "/api/products/42/check": check, ...extra };
}

const row = (card: HTMLElement, label: string) => within(card).getByRole("rowheader", { name: label }).closest("tr")!;

describe("a checked listing", () => {
  it("shows Checked with the date, the report card, and check marks on the specs it confirms", async () => {
    stubApi(api());
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "ThinkPad X1 Carbon Gen 9" });
    expect(within(page).getAllByText("Checked Nov 28, 2026").length).toBeGreaterThan(0);
    const card = await within(page).findByTestId("check-report");
    expect(row(card, "Maker and model")).toHaveTextContent("LENOVO ThinkPad X1 Carbon Gen 9 (20XW0055US)");
    expect(row(card, "Processor")).toHaveTextContent("11th Gen Intel(R) Core(TM) i5-1135G7 @ 2.40GHz · 4 cores, 8 threads");
    expect(row(card, "Memory")).toHaveTextContent("16 GBas stated");
    expect(row(card, "Storage")).toHaveTextContent("SAMSUNG MZVLB512HBJQ-000L7 · 512 GB · NVMe: 96% of its life left");
    expect(row(card, "Battery")).toHaveTextContent("81% of its design, 212 cycles");
    expect(row(card, "Screen")).toHaveTextContent("1920 × 1200");
    expect(row(card, "System")).toHaveTextContent("Ubuntu 24.04.1 LTS");
    expect(row(card, "Serial number")).toHaveTextContent("••••K9QZ");
    expect(card).not.toHaveTextContent("PF2X");
    // a buyer is not told the seller's own flags
    expect(within(card).queryByText("Differs from your listing")).not.toBeInTheDocument();
    // the listing's own spec rows: confirmed ones carry the mark, the contradicted battery none
    const specs = within(page).getByRole("region", { name: "Specifications" });
    expect(within(row(specs, "Memory")).getByText("Confirmed by the hardware report")).toBeInTheDocument();
    expect(within(row(specs, "Processor")).getByText("Confirmed by the hardware report")).toBeInTheDocument();
    expect(within(row(specs, "Battery health")).queryByText("Confirmed by the hardware report")).not.toBeInTheDocument();
    // no seller's panel for a visitor
    expect(screen.queryByRole("heading", { name: "Prove this laptop's health" })).not.toBeInTheDocument();
  });

  it("asks for no report when the listing was never checked", async () => {
    const fetchMock = stubApi(api({ "/api/products/42": { ...thinkpad, checkedAt: null } }));
    renderApp("/product/42");
    await screen.findByRole("article", { name: "ThinkPad X1 Carbon Gen 9" });
    expect(screen.queryByTestId("check-report")).not.toBeInTheDocument();
    expect(screen.queryByText(/^Checked/)).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products/42/check")).toHaveLength(0);
  });

  it("reads a disk and a battery that could not be read as not readable, with the program's reason", async () => {
    const unread = { ...check.report, disks: [{ ...check.report.disks![0]!, health: null, healthNote: "needs administrator rights" }], batteries: null, notReadable: { batteries: "no battery information" } };
    stubApi(api({ "/api/products/42/check": { ...check, report: unread } }));
    renderApp("/product/42");
    const card = await screen.findByTestId("check-report");
    expect(row(card, "Storage")).toHaveTextContent("NVMe: health not readable");
    expect(within(row(card, "Storage")).getByText("needs administrator rights")).toBeInTheDocument();
    expect(row(card, "Battery")).toHaveTextContent("not readableno battery information");
  });

  it("puts a Checked badge on the card of a checked laptop in a list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const plain = product({ productName: "HP ProBook 450", category: "HP" });
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/categorys/3": categories[2], "/api/products?category=HP": [{ ...thinkpad, category: "HP" }, plain] });
    renderApp("/categorys/3");
    const checked = await screen.findByRole("article", { name: "ThinkPad X1 Carbon Gen 9" });
    expect(within(checked).getByText("Checked")).toBeInTheDocument();
    expect(within(await screen.findByRole("article", { name: "HP ProBook 450" })).queryByText("Checked")).not.toBeInTheDocument();
  });
});

describe("Checked only", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "tok"));

  it("puts checked=true in the URL and the request, and takes it off with its chip", async () => {
    const fetchMock = stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      "/api/categorys/3": categories[2],
      "/api/products?category=HP": [product({ productName: "HP ProBook 450", category: "HP" })],
      "/api/products?category=HP&checked=true": [{ ...thinkpad, category: "HP" }],
    });
    const router = renderApp("/categorys/3");
    await screen.findByRole("article", { name: "HP ProBook 450" });
    await userEvent.click(screen.getAllByRole("checkbox", { name: "Checked only" })[0]!);
    expect(await screen.findByRole("article", { name: "ThinkPad X1 Carbon Gen 9" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?checked=true");
    expect(requestsTo(fetchMock, "/api/products?category=HP&checked=true").length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: /Checked only/ }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("starts from checked=true in a shared search URL", async () => {
    const fetchMock = stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/products?q=thinkpad&checked=true": [thinkpad] });
    renderApp("/search?q=thinkpad&checked=true");
    expect(await screen.findByRole("article", { name: "ThinkPad X1 Carbon Gen 9" })).toBeInTheDocument();
    expect(screen.getAllByRole("checkbox", { name: "Checked only" })[0]).toBeChecked();
    expect(requestsTo(fetchMock, "/api/products?q=thinkpad&checked=true").length).toBeGreaterThan(0);
  });
});

describe("the seller's panel", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "tok"));

  it("gets a one-time code, shows the command and downloads, and shows the report once it arrives", async () => {
    let sent: ProductCheck | null = null;
    const fetchMock = stubApi(
      api({
        "/api/me": seller,
        "/api/products/42": { ...thinkpad, checkedAt: null },
        "/api/products/42/check": () => (sent ? jsonResponse(200, sent) : jsonResponse(404, { message: "Not found", code: "not_found" })),
        "POST /api/products/42/check-code": { code: "7KQ4-9MXP", expiresAt: "2026-11-29T10:30:00Z", command: "resale-check --shop https://shop.example 7KQ4-9MXP" },
      }),
    );
    renderApp("/product/42");
    const panel = (await screen.findByRole("heading", { name: "Prove this laptop's health" })).closest("section")!;
    await userEvent.click(within(panel).getByRole("button", { name: "Check this laptop" }));
    await userEvent.click(within(panel).getByRole("button", { name: "Get a one-time code" }));
    expect(await within(panel).findByTestId("check-code")).toHaveTextContent("7KQ4-9MXP");
    expect(requestsTo(fetchMock, "/api/products/42/check-code", "POST")).toHaveLength(1);
    // the shop's own command: jsdom names no system, so as it comes
    expect(within(panel).getByTestId("check-command")).toHaveTextContent("resale-check --shop https://shop.example 7KQ4-9MXP");
    expect(within(panel).getByText(/Works once, until/)).toBeInTheDocument();
    // jsdom names no system: every download offered
    const links = within(panel).getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(links).toEqual(expect.arrayContaining(["/download/resale-check/windows-amd64", "/download/resale-check/darwin-arm64", "/download/resale-check/linux-amd64", "/download/resale-check/linux-arm64"]));
    expect(within(panel).getByText("Waiting for the report")).toBeInTheDocument();

    sent = check; // the program sends it: the next poll finds it
    const card = await within(panel).findByTestId("check-report", {}, { timeout: 6000 });
    expect(within(row(card, "Battery")).getByText("Differs from your listing")).toBeInTheDocument();
    expect(within(panel).getByRole("alert")).toHaveTextContent("The report does not match what your listing says: Battery health: the listing says 90, the laptop 81.");
    expect(within(within(panel).getByRole("alert")).getByRole("link", { name: "Edit the listing" })).toHaveAttribute("href", "/dashboard/products/42/edit");
    // the code's steps are over: a new code may be asked for again
    expect(within(panel).queryByTestId("check-code")).not.toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Get a one-time code" })).toBeInTheDocument();
  }, 10000);

  it("deletes the report after asking", async () => {
    let deleted = false;
    const fetchMock = stubApi(
      api({
        "/api/me": seller,
        "/api/products/42/check": () => (deleted ? jsonResponse(404, { message: "Not found" }) : jsonResponse(200, check)),
        "DELETE /api/products/42/check": () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderApp("/product/42");
    const panel = (await screen.findByRole("heading", { name: "Prove this laptop's health" })).closest("section")!;
    await userEvent.click(await within(panel).findByRole("button", { name: "See the report" }));
    await userEvent.click(await within(panel).findByRole("button", { name: "Delete report" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Delete the hardware report?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete report" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products/42/check", "DELETE")).toHaveLength(1));
    await waitFor(() => expect(within(panel).queryByTestId("check-report")).not.toBeInTheDocument());
  });
});

describe("the hand-over check on My Booking", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "tok"));
  const accepted = booking({
    _id: "9",
    ProductId: "42",
    productName: "ThinkPad X1 Carbon Gen 9",
    status: "accepted",
    handoverCode: "482913",
    product: { _id: "42", productName: "ThinkPad X1 Carbon Gen 9", picture: "/uploads/a.jpg", available: "available", reserved: true, deleted: false },
  });
  const listKey = `/api/bookings?email=${encodeURIComponent(buyer.email)}`;
  const handover = { id: "3", checkedAt: "2026-12-01T09:00:00Z", serialLast4: "K9QZ", compared: true };

  it("explains how to run resale-check --handover with the buyer's code, then shows the match", async () => {
    let result: unknown = null;
    stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      [listKey]: [accepted],
      "/api/bookings/9": () => jsonResponse(200, { ...accepted, handoverCheck: result }),
    });
    renderApp("/dashboard/mybooking");
    const section = await screen.findByRole("region", { name: "Hand-over check for ThinkPad X1 Carbon Gen 9" }, { timeout: 3000 }).catch(async () => (await screen.findAllByLabelText("Hand-over check for ThinkPad X1 Carbon Gen 9"))[0]!);
    await userEvent.click(within(section).getByRole("button", { name: "Check it at the hand-over" }));
    expect(within(section).getByTestId("handover-command")).toHaveTextContent(`--handover 482913`);
    result = { ...handover, match: true, serialMatches: true, hardwareMatches: true, differences: [], batteryBefore: 81, batteryNow: 79 };
    const found = await within(section).findByTestId("handover-result", {}, { timeout: 6000 });
    expect(found).toHaveTextContent("Same laptop as checked");
    expect(found).toHaveTextContent("Battery now 79% of its design (was 81% at the check): 2% lost since");
  }, 10000);

  it("warns clearly of what differs when it is not the same laptop", async () => {
    const differs = {
      ...accepted,
      handoverCheck: { ...handover, serialLast4: "ZZ01", match: false, serialMatches: false, hardwareMatches: false, differences: ["memory: 16 GB then, 8 GB now"], batteryBefore: 81, batteryNow: 81 },
    };
    stubApi({ "/api/me": buyer, "/api/categorys": categories, [listKey]: [differs] });
    renderApp("/dashboard/mybooking");
    const found = (await screen.findAllByTestId("handover-result"))[0]!;
    expect(found).toHaveTextContent("Not the laptop that was checked");
    expect(found).toHaveTextContent("Do not hand over the code or pay until the seller explains.");
    expect(within(found).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["The serial number is not the one checked.", "memory: 16 GB then, 8 GB now"]);
    expect(found).toHaveTextContent("no wear since");
  });

  it("says so when the listing had no report to compare with", async () => {
    const unchecked = { ...accepted, handoverCheck: { ...handover, compared: false, match: null, serialMatches: null, hardwareMatches: null, differences: [], batteryBefore: null, batteryNow: 77 } };
    stubApi({ "/api/me": buyer, "/api/categorys": categories, [listKey]: [unchecked] });
    renderApp("/dashboard/mybooking");
    const found = (await screen.findAllByTestId("handover-result"))[0]!;
    expect(found).toHaveTextContent("Checked at the hand-over");
    expect(found).toHaveTextContent("The listing had no report to compare with. Its serial number ends in K9QZ.");
    expect(found).not.toHaveTextContent("Battery now");
  });
});

describe("stolen laptops", () => {
  it("looks a serial up for anyone and says yes or no", async () => {
    const fetchMock = stubApi({ "/api/categorys": categories, "/api/stolen/PF2XK9QZ": { stolen: true }, "/api/stolen/ABC123": { stolen: false } });
    renderApp("/stolen");
    const form = await screen.findByRole("form", { name: "Is this laptop stolen?" });
    await userEvent.type(within(form).getByLabelText("Serial number"), " pf2x k9qz ");
    await userEvent.click(within(form).getByRole("button", { name: "Look it up" }));
    expect(await screen.findByTestId("stolen-answer")).toHaveTextContent("Yes: registered as stolen");
    expect(requestsTo(fetchMock, "/api/stolen/PF2XK9QZ")).toHaveLength(1);
    await userEvent.clear(within(form).getByLabelText("Serial number"));
    await userEvent.type(within(form).getByLabelText("Serial number"), "abc123");
    await userEvent.click(within(form).getByRole("button", { name: "Look it up" }));
    await waitFor(() => expect(screen.getByTestId("stolen-answer")).toHaveTextContent("No: not registered as stolen"));
    // registering needs an account
    expect(screen.getByRole("link", { name: "Log in to register a stolen laptop" })).toHaveAttribute("href", "/login");
  });

  it("registers a serial with its General Diary number, and shows the field messages of a refusal", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let tries = 0;
    const fetchMock = stubApi({
      "/api/me": buyer,
      "/api/categorys": categories,
      "POST /api/stolen": () => (++tries === 1 ? jsonResponse(400, { message: "Invalid", fields: { policeReport: "must name the police station" } }) : jsonResponse(201, { id: "3", serialLast4: "K9QZ", status: "pending" })),
    });
    renderApp("/stolen");
    const form = await screen.findByRole("form", { name: "Register a stolen laptop" });
    await userEvent.type(within(form).getByLabelText("Serial number"), "pf2xk9qz");
    await userEvent.type(within(form).getByLabelText("General Diary (GD) number"), "1234");
    await userEvent.click(within(form).getByRole("button", { name: "Register as stolen" }));
    expect(await within(form).findByText("must name the police station")).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText("General Diary (GD) number"), " Gulshan PS");
    await userEvent.click(within(form).getByRole("button", { name: "Register as stolen" }));
    expect(await screen.findByText("Serial PF2XK9QZ is registered. An admin checks the General Diary number and confirms it.")).toBeInTheDocument();
    const bodies = requestsTo(fetchMock, "/api/stolen", "POST").map((i) => JSON.parse(String(i.body)));
    expect(bodies).toEqual([
      { serial: "PF2XK9QZ", policeReport: "1234" },
      { serial: "PF2XK9QZ", policeReport: "1234 Gulshan PS" },
    ]);
  });

  it("lets an admin confirm a pending registration", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const pending = { id: "3", serialLast4: "K9QZ", policeReport: "Gulshan PS GD 1234", status: "pending", reporter: "Rahim", reporterId: "42", createdAt: "2026-11-28T10:00:00Z", listings: 1 };
    let confirmed = false;
    const fetchMock = stubApi({
      "/api/me": admin,
      "/api/categorys": categories,
      // pending ones only: a confirmed one leaves the list
      "/api/admin/stolen": () => jsonResponse(200, { registrations: confirmed ? [] : [pending] }),
      "POST /api/admin/stolen/3/confirm": () => {
        confirmed = true;
        return jsonResponse(200, { id: "3", serialLast4: "K9QZ", status: "confirmed", hidden: 1 });
      },
    });
    renderApp("/dashboard/stolen");
    expect(await screen.findByRole("heading", { name: "Stolen laptops" })).toBeInTheDocument();
    expect(await screen.findByText("Gulshan PS GD 1234")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Confirm stolen: ••••K9QZ" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm stolen" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/admin/stolen/3/confirm", "POST")).toHaveLength(1));
    expect(await screen.findByText("Registered as stolen. Listings hidden: 1.")).toBeInTheDocument();
    expect(await screen.findByText("No stolen laptops registered")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/admin/stolen/3/reject", "POST")).toHaveLength(0);
  });
});

describe("My Products", () => {
  it("marks a checked listing and leads an unchecked one to its page's panel, opened", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const unchecked = product({ _id: "43", productName: "HP ProBook 450", sellerId: seller._id, sellerEmail: seller.email, seller: seller.userName, checkedAt: null });
    stubApi(
      api({
        "/api/me": seller,
        "/api/userProducts?email=karim%40example.com": [{ ...thinkpad, seller: seller.userName }, unchecked],
        "/api/products/43": unchecked,
      }),
    );
    const router = renderApp("/dashboard/myproducts");
    const checkedRow = await screen.findByRole("row", { name: /ThinkPad/ });
    expect(within(checkedRow).getByText("Checked")).toBeInTheDocument();
    expect(within(checkedRow).queryByRole("link", { name: "Prove its health" })).not.toBeInTheDocument();
    const link = within(screen.getByRole("row", { name: /ProBook/ })).getByRole("link", { name: "Prove its health" });
    expect(link).toHaveAttribute("href", "/product/43#check");
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/43"));
    expect(await screen.findByRole("button", { name: "Get a one-time code" })).toBeInTheDocument();
  });
});

describe("a listing hidden as stolen", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "tok"));

  it("tells its seller on its page why it is out of the shop", async () => {
    stubApi(api({ "/api/me": seller, "/api/products/42": { ...thinkpad, stolen: true } }));
    renderApp("/product/42");
    expect(await screen.findByText("The serial number this laptop was checked with is registered as stolen, so the listing is hidden from the shop.")).toBeInTheDocument();
  });

  it("is marked in the admins' reported list", async () => {
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/products/report?report=reported": [{ ...thinkpad, report: "reported", stolen: true }, product({ productName: "HP ProBook 450", report: "reported" })] });
    renderApp("/dashboard/repotedproducts");
    const stolen = await screen.findByRole("row", { name: /ThinkPad/ });
    expect(within(stolen).getByText("Registered as stolen")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /ProBook/ })).queryByText("Registered as stolen")).not.toBeInTheDocument();
  });
});

describe("the seller's Leads", () => {
  it("shows what the buyer's hand-over check found beside the lead's status", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const base = { status: "accepted", buyerName: "Nusrat", buyerEmail: "nusrat@example.com", number: "01812345678", meetLocation: "Banani", price: 68000, paid: false, createdAt: "2026-11-28T10:00:00Z", handoverLocked: false };
    const check = { id: "3", checkedAt: "2026-12-01T09:00:00Z", serialLast4: "K9QZ", compared: true, serialMatches: true, hardwareMatches: true, differences: [], batteryBefore: 81, batteryNow: 79 };
    stubApi({
      "/api/me": seller,
      "/api/categorys": categories,
      "/api/leads/new": { count: 0 },
      "/api/leads": [
        { ...base, _id: "1", product: { _id: "42", productName: "ThinkPad X1 Carbon", picture: "/uploads/a.jpg" }, handoverCheck: { ...check, match: true } },
        { ...base, _id: "2", product: { _id: "43", productName: "HP ProBook 450", picture: "/uploads/b.jpg" }, handoverCheck: { ...check, match: false, serialMatches: false, differences: ["memory: 16 GB then, 8 GB now"] } },
        { ...base, _id: "3", product: { _id: "44", productName: "Asus VivoBook", picture: "/uploads/c.jpg" }, handoverCheck: null },
      ],
    });
    renderApp("/dashboard/leads");
    expect(within(await screen.findByRole("row", { name: /ThinkPad/ })).getByText("Same laptop as checked")).toBeInTheDocument();
    const other = within(screen.getByRole("row", { name: /ProBook/ })).getByText(/Not the laptop that was checked/);
    expect(other).toHaveTextContent("Not the laptop that was checked: memory: 16 GB then, 8 GB now");
    expect(within(screen.getByRole("row", { name: /VivoBook/ })).queryByText(/laptop .*checked/)).not.toBeInTheDocument();
  });
});
