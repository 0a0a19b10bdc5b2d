import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Lead } from "@/api/leads";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { formatDateTime } from "@/lib/format";
import { admin, buyer, categories, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

// A stand-in for qr-scanner (the camera is not there in jsdom): it keeps
// the page's decode callback so a test can "show" the camera a QR.
const camera = vi.hoisted(() => ({
  hasCamera: true,
  startFails: false,
  decode: null as ((r: { data: string }) => void) | null,
  started: 0,
  destroyed: 0,
}));
vi.mock("qr-scanner", () => ({
  default: class {
    static hasCamera() {
      return Promise.resolve(camera.hasCamera);
    }
    constructor(_video: HTMLVideoElement, onDecode: (r: { data: string }) => void) {
      camera.decode = onDecode;
    }
    start() {
      camera.started += 1;
      return camera.startFails ? Promise.reject("Camera not found.") : Promise.resolve();
    }
    pause() {
      return Promise.resolve(true);
    }
    destroy() {
      camera.destroyed += 1;
      camera.decode = null;
    }
  },
}));

beforeEach(() => {
  Object.assign(camera, { hasCamera: true, startFails: false, decode: null, started: 0, destroyed: 0 });
});

const LEADS = "/api/leads";
const NEW = "/api/leads/new";
const PHOTO = "/uploads/0123456789abcdef0123456789abcdef.jpg";

function lead(o: Partial<Lead> & { productName?: string }): Lead {
  const { productName = "HP EliteBook 840 G5", ...rest } = o;
  return {
    _id: "21",
    status: "pending",
    buyerName: buyer.userName,
    buyerEmail: buyer.email,
    number: "01712345678",
    meetLocation: "Farmgate, Dhaka",
    price: 45000,
    paid: false,
    createdAt: "2026-11-22T10:00:00Z",
    handoverLocked: false,
    product: { _id: "101", productName, picture: PHOTO },
    ...rest,
  };
}

const pending = lead({ _id: "21" });
const accepted = lead({
  _id: "22",
  status: "accepted",
  productName: "MacBook Air M1 2020",
  buyerName: "Nadia Islam",
  buyerEmail: "nadia@example.com",
  number: "01812345678",
  meetLocation: "Dhanmondi 27",
  price: 125000,
  reservedUntil: "2026-11-25T10:00:00Z",
  product: { _id: "102", productName: "MacBook Air M1 2020", picture: PHOTO },
});
const paid = lead({ _id: "23", status: "paid", paid: true, product: { _id: "103", productName: "Asus VivoBook 15", picture: PHOTO } });
const declined = lead({
  _id: "24",
  status: "declined",
  declineCode: "seller",
  declineReason: "Sold to my cousin",
  product: { _id: "104", productName: "Dell Latitude 7490", picture: PHOTO },
});
const expired = lead({ _id: "25", status: "declined", declineCode: "expired", product: { _id: "105", productName: "Lenovo ThinkPad T480", picture: PHOTO } });
const cancelled = lead({ _id: "26", status: "cancelled", product: { _id: "106", productName: "Acer Aspire 5", picture: PHOTO } });
const completed = lead({ _id: "27", status: "completed", paid: true, product: { _id: "107", productName: "Walton Tamarind", picture: PHOTO } });

function api(list: Lead[] | (() => Lead[]), extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    [NEW]: { count: 1 },
    [LEADS]: typeof list === "function" ? () => reply(200, list())({}) : list,
    ...extra,
  };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

/** openHandover opens the hand-over dialog of the row named `name`. */
async function openHandover(name: RegExp) {
  await userEvent.click(within(await screen.findByRole("row", { name })).getByRole("button", { name: /Confirm the hand-over/ }));
  return screen.getByRole("dialog", { name: "Confirm hand-over" });
}

describe("leads", () => {
  it("lists each lead: photo, product link, buyer, call and WhatsApp links, place, date, price and status", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([pending, accepted]));
    renderApp("/dashboard/leads");

    expect(await screen.findByRole("heading", { name: "Leads", level: 1 })).toBeInTheDocument();
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["Product", "Buyer", "Meeting place", "Status", "Actions"]);

    const r = within(row(/EliteBook/));
    expect(r.getByRole("link", { name: "HP EliteBook 840 G5" })).toHaveAttribute("href", "/product/101");
    const img = row(/EliteBook/).querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`${PHOTO}?w=640`);
    expect(r.getByText("Rahim Uddin")).toBeInTheDocument();
    expect(r.getByRole("link", { name: "rahim@example.com" })).toHaveAttribute("href", "mailto:rahim@example.com");
    const call = r.getByRole("link", { name: "Call 01712345678" });
    expect(call).toHaveAttribute("href", "tel:01712345678");
    expect(call).toHaveTextContent("01712345678");
    const wa = r.getByRole("link", { name: /WhatsApp 01712345678/ });
    expect(wa).toHaveAttribute("href", "https://wa.me/8801712345678");
    expect(wa).toHaveAttribute("target", "_blank");
    expect(r.getByText("Farmgate, Dhaka")).toBeInTheDocument();
    // when it was booked, in the page's language, named for screen readers
    expect(row(/EliteBook/)).toHaveTextContent(`When: ${formatDateTime("2026-11-22T10:00:00Z")}`);
    expect(r.getByText("45,000 Tk")).toBeInTheDocument();
    expect(r.getByText("New")).toHaveClass("badge");

    const m = within(row(/MacBook/));
    expect(m.getByRole("link", { name: "Call 01812345678" })).toHaveAttribute("href", "tel:01812345678");
    expect(m.getByRole("link", { name: /WhatsApp 01812345678/ })).toHaveAttribute("href", "https://wa.me/8801812345678");
    expect(m.getByText("125,000 Tk")).toBeInTheDocument();
    expect(m.getByText(`Accepted — reserved until ${formatDateTime("2026-11-25T10:00:00Z")}`)).toHaveClass("badge");
  });

  it("in Bangla: the texts, the date, the price and the status in Bangla", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(api([pending]));
    renderApp("/dashboard/leads");
    // the Bangla texts arrive in their own chunk, slow to load on a busy machine
    expect(await screen.findByRole("heading", { name: "আগ্রহী ক্রেতা", level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const r = within(await screen.findByRole("row", { name: /EliteBook/ }));
    expect(r.getByText("নতুন")).toHaveClass("badge");
    expect(r.getByText("৳৪৫,০০০")).toBeInTheDocument();
    expect(row(/EliteBook/)).toHaveTextContent(formatDateTime("2026-11-22T10:00:00Z", "bn-BD"));
    expect(r.getByRole("button", { name: /গ্রহণ করুন/ })).toBeInTheDocument();
  });

  it("words every status for people, with why a booking was declined", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([paid, declined, expired, cancelled, completed]));
    renderApp("/dashboard/leads");
    await screen.findByRole("table");
    expect(within(row(/VivoBook/)).getByText("Paid by card")).toHaveClass("badge");
    expect(within(row(/Dell/)).getByText("Declined")).toHaveClass("badge");
    expect(within(row(/Dell/)).getByText("“Sold to my cousin”")).toBeInTheDocument();
    expect(within(row(/ThinkPad/)).getByText("The 72-hour reservation ran out")).toBeInTheDocument();
    expect(within(row(/Acer/)).getByText("Cancelled by buyer")).toHaveClass("badge");
    expect(within(row(/Walton/)).getByText("Completed")).toHaveClass("badge");
  });

  it("offers the actions each status allows", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([pending, accepted, paid, declined, cancelled, completed]));
    renderApp("/dashboard/leads");
    await screen.findByRole("table");
    const buttons = (name: RegExp) => within(row(name)).queryAllByRole("button").map((b) => b.textContent);
    expect(buttons(/EliteBook/)).toEqual(["Accept", "Decline"]);
    expect(buttons(/MacBook/)).toEqual(["Confirm hand-over", "Decline"]);
    expect(buttons(/VivoBook/)).toEqual(["Confirm hand-over"]);
    expect(buttons(/Dell/)).toEqual([]);
    expect(buttons(/Acer/)).toEqual([]);
    expect(buttons(/Walton/)).toEqual([]);
  });

  it("accepts only after a confirmation that warns the other bookings go, then reloads the leads and the count", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [pending];
    const fetchMock = stubApi(
      api(() => list, {
        "PUT /api/bookings/21/accept": () => {
          list = [{ ...pending, status: "accepted", reservedUntil: "2026-11-25T10:00:00Z" }];
          return jsonResponse(200, list[0]);
        },
      }),
    );
    renderApp("/dashboard/leads");
    await screen.findByRole("row", { name: /EliteBook/ });

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Accept/ }));
    let dialog = screen.getByRole("alertdialog", { name: "Accept this booking?" });
    expect(dialog).toHaveTextContent("Other buyers' bookings of this laptop will be declined.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, "/api/bookings/21/accept", "PUT")).toHaveLength(0);

    await waitFor(() => expect(requestsTo(fetchMock, NEW).length).toBeGreaterThan(0));
    const countsBefore = requestsTo(fetchMock, NEW).length;
    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Accept/ }));
    dialog = screen.getByRole("alertdialog", { name: "Accept this booking?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Booking accepted: HP EliteBook 840 G5 is reserved for Rahim Uddin.")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/bookings/21/accept", "PUT")).toHaveLength(1);
    expect(await within(row(/EliteBook/)).findByText(/Accepted — reserved until/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, LEADS)).toHaveLength(2);
    expect(requestsTo(fetchMock, NEW).length).toBeGreaterThan(countsBefore);
  });

  it("toasts the API's message when an accept is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([pending], { "PUT /api/bookings/21/accept": reply(409, { message: "Another booking of this laptop is already accepted", code: "conflict" }) }));
    renderApp("/dashboard/leads");
    await userEvent.click(within(await screen.findByRole("row", { name: /EliteBook/ })).getByRole("button", { name: /Accept/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Another booking of this laptop is already accepted")).toBeInTheDocument();
  });

  it("declines with the reason typed, or with none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api([pending, accepted], {
        "PUT /api/bookings/21/decline": () => jsonResponse(200, { ...pending, status: "declined", declineCode: "seller" }),
        "PUT /api/bookings/22/decline": () => jsonResponse(200, { ...accepted, status: "declined", declineCode: "seller" }),
      }),
    );
    renderApp("/dashboard/leads");
    await screen.findByRole("row", { name: /EliteBook/ });

    await userEvent.click(within(row(/EliteBook/)).getByRole("button", { name: /Decline/ }));
    let dialog = screen.getByRole("dialog", { name: "Decline this booking?" });
    expect(dialog).toHaveTextContent("Rahim Uddin will be told that you declined their booking of HP EliteBook 840 G5.");
    const reason = within(dialog).getByRole("textbox", { name: "Reason (optional)" });
    expect(reason).toHaveAttribute("maxLength", "200");
    await userEvent.type(reason, "Sold to a friend");
    expect(within(dialog).getByText("16 of 200 characters")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Booking declined")).toBeInTheDocument();
    const [first] = requestsTo(fetchMock, "/api/bookings/21/decline", "PUT");
    expect(bodyOf(first!)).toEqual({ reason: "Sold to a friend" });
    expect(screen.queryByRole("dialog", { name: "Decline this booking?" })).not.toBeInTheDocument();

    await userEvent.click(within(row(/MacBook/)).getByRole("button", { name: /Decline/ }));
    dialog = screen.getByRole("dialog", { name: "Decline this booking?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings/22/decline", "PUT")).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, "/api/bookings/22/decline", "PUT")[0]!)).toEqual({});
  });

  it("confirms a hand-over with the typed code: the list refreshes and the lead shows Completed", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [accepted];
    const fetchMock = stubApi(
      api(() => list, {
        "POST /api/bookings/22/handover": () => {
          list = [{ ...accepted, status: "completed", reservedUntil: undefined }];
          return jsonResponse(200, list[0]);
        },
      }),
    );
    renderApp("/dashboard/leads");
    const dialog = await openHandover(/MacBook/);
    const input = within(dialog).getByRole("textbox", { name: "Hand-over code" });
    expect(input).toHaveAttribute("inputMode", "numeric");
    expect(input).toHaveAttribute("autoComplete", "one-time-code");
    expect(input).toHaveAttribute("pattern", "[0-9]{6}");

    // too short: said at once, nothing sent
    await userEvent.type(input, "12345");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(within(dialog).getByText("Enter the 6-digit code from the buyer's booking.")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")).toHaveLength(0);

    await userEvent.type(input, "6");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Hand-over confirmed: MacBook Air M1 2020 is sold.")).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")[0]!)).toEqual({ code: "123456" });
    expect(screen.queryByRole("dialog", { name: "Confirm hand-over" })).not.toBeInTheDocument();
    expect(await within(row(/MacBook/)).findByText("Completed")).toBeInTheDocument();
    expect(within(row(/MacBook/)).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so on a wrong code and keeps the dialog open", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([accepted], { "POST /api/bookings/22/handover": reply(400, { message: "Wrong code: 4 tries left", code: "invalid" }) }));
    renderApp("/dashboard/leads");
    const dialog = await openHandover(/MacBook/);
    const input = within(dialog).getByRole("textbox", { name: "Hand-over code" });
    await userEvent.type(input, "000000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("That code is not right. Check it with the buyer and try again.")).toBeInTheDocument();
    // one message, in the page's language: not the server's English beside it
    expect(within(dialog).queryByText("Wrong code: 4 tries left")).not.toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeEnabled();
  });

  it("after too many wrong codes (429) says how many minutes to wait and takes no more", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api([accepted], { "POST /api/bookings/22/handover": reply(429, { message: "Too many tries. Try again in an hour.", code: "too_many" }, { "Retry-After": "3600" }) }),
    );
    renderApp("/dashboard/leads");
    const dialog = await openHandover(/MacBook/);
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Hand-over code" }), "000000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    // Retry-After: 3600 is an hour
    expect(await within(dialog).findByText("Too many wrong codes for this booking. Try again in 60 minutes.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeDisabled();
    expect(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")).toHaveLength(1);
  });

  for (const [retryAfter, says] of [
    [undefined, "Too many wrong codes for this booking. Try again later."],
    ["90", "Too many wrong codes for this booking. Try again in 2 minutes."],
    ["30", "Too many wrong codes for this booking. Try again in 1 minute."],
  ] as const) {
    it(`a 429 with Retry-After ${retryAfter ?? "absent"} says: ${says}`, async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const headers = retryAfter ? { "Retry-After": retryAfter } : undefined;
      stubApi(api([accepted], { "POST /api/bookings/22/handover": reply(429, { message: "Too many tries.", code: "too_many" }, headers) }));
      renderApp("/dashboard/leads");
      const dialog = await openHandover(/MacBook/);
      await userEvent.type(within(dialog).getByRole("textbox", { name: "Hand-over code" }), "000000");
      await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
      expect(await within(dialog).findByText(says)).toBeInTheDocument();
    });
  }

  it("disables Confirm hand-over for a lead locked after wrong codes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([{ ...accepted, handoverLocked: true }]));
    renderApp("/dashboard/leads");
    const button = within(await screen.findByRole("row", { name: /MacBook/ })).getByRole("button", { name: /Confirm the hand-over/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("title", "Too many wrong codes for this booking. Try again later.");
  });

  it("opened from the QR's address (?handover=&code=), shows that booking's dialog with the code filled in and waits for Confirm", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api([pending, accepted], { "POST /api/bookings/22/handover": () => jsonResponse(200, { ...accepted, status: "completed" }) }));
    const router = renderApp("/dashboard/leads?handover=22&code=654321");
    const dialog = await screen.findByRole("dialog", { name: "Confirm hand-over" });
    expect(dialog).toHaveTextContent("Ask Nadia Islam for the 6-digit code");
    expect(within(dialog).getByRole("textbox", { name: "Hand-over code" })).toHaveValue("654321");
    // nothing sent until the seller presses Confirm
    await new Promise((r) => setTimeout(r, 50));
    expect(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")[0]!)).toEqual({ code: "654321" });
    // the code leaves the address with the dialog
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("closing the dialog opened from the QR's address takes the code out of the address", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api([accepted]));
    const router = renderApp("/dashboard/leads?handover=22&code=654321");
    const dialog = await screen.findByRole("dialog", { name: "Confirm hand-over" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Confirm hand-over" })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(requestsTo(fetchMock, "/api/bookings/22/handover", "POST")).toHaveLength(0);
  });

  it("scans the buyer's QR with the camera: another booking's QR is refused, this one's fills the code; closing stops the camera", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([accepted]));
    renderApp("/dashboard/leads");
    const dialog = await openHandover(/MacBook/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Scan QR" }));
    expect(within(dialog).getByLabelText("Camera: point it at the buyer's QR code")).toBeInTheDocument();
    await waitFor(() => expect(camera.started).toBe(1));

    camera.decode!({ data: "https://shop.example/dashboard/leads?handover=99&code=111111" });
    expect(await within(dialog).findByText("This QR code belongs to another booking.")).toBeInTheDocument();
    camera.decode!({ data: "hello" });
    expect(await within(dialog).findByText("This QR code is not a hand-over code.")).toBeInTheDocument();
    camera.decode!({ data: "https://shop.example/dashboard/leads?handover=22&code=123456" });
    expect(await within(dialog).findByText("Code read from the QR. Press Confirm to finish.")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Hand-over code" })).toHaveValue("123456");
    // the camera is off once the code is read (the scanner's unmount
    // cleanup is a passive effect: it may run after the text is drawn)
    await waitFor(() => expect(camera.destroyed).toBe(1));

    // the 6 digits alone are a code too
    await userEvent.click(within(dialog).getByRole("button", { name: "Scan QR" }));
    await waitFor(() => expect(camera.started).toBe(2));
    camera.decode!({ data: "777777" });
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Hand-over code" })).toHaveValue("777777"));

    await userEvent.click(within(dialog).getByRole("button", { name: "Scan QR" }));
    await waitFor(() => expect(camera.started).toBe(3));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(camera.destroyed).toBe(3));
  });

  it("without a camera, or with it refused, says so and keeps the typed code", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([accepted]));
    renderApp("/dashboard/leads");
    const dialog = await openHandover(/MacBook/);
    const input = within(dialog).getByRole("textbox", { name: "Hand-over code" });
    await userEvent.type(input, "123");

    camera.hasCamera = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Scan QR" }));
    expect(await within(dialog).findByText("This device has no camera to scan with. Type the code instead.")).toBeInTheDocument();
    expect(input).toHaveValue("123");
    expect(input).toBeEnabled();

    camera.hasCamera = true;
    camera.startFails = true;
    await userEvent.click(within(dialog).getByRole("button", { name: "Scan QR" }));
    expect(await within(dialog).findByText(/The camera could not be opened/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Camera: point it at the buyer's QR code")).not.toBeInTheDocument();
    expect(input).toHaveValue("123");
  });

  it("shows No leads yet, with a way to post an ad, when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([]));
    renderApp("/dashboard/leads");
    expect(await screen.findByText("No leads yet")).toBeInTheDocument();
    expect(screen.getByText(/Post an ad to get your first buyers/)).toBeInTheDocument();
    const page = screen.getByRole("region", { name: "Leads" });
    expect(within(page).getByRole("link", { name: "Post your ad" })).toHaveAttribute("href", "/dashboard/addproduct");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("for an admin with no leads, says so without asking them to post an ad", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([], { "/api/me": admin }));
    renderApp("/dashboard/leads");
    expect(await screen.findByText("No leads yet")).toBeInTheDocument();
    expect(screen.getByText("When a buyer books a laptop in the shop, the booking shows up here.")).toBeInTheDocument();
    expect(screen.queryByText(/Post an ad to get your first buyers/)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Post your ad" })).not.toBeInTheDocument();
  });

  it("Load more adds the Link header's next page under the first", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LEADS}?cursor=c2`;
    const fetchMock = stubApi(api([], { [LEADS]: () => jsonResponse(200, [pending], { Link: `<${PAGE2}>; rel="next"` }), [PAGE2]: [accepted] }));
    renderApp("/dashboard/leads");
    await screen.findByRole("row", { name: /EliteBook/ });
    expect(screen.queryByRole("row", { name: /MacBook/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("row", { name: /MacBook/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(1);
  });

  it("is an admin's page too, and not a buyer's", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api([pending], { "/api/me": admin }));
    renderApp("/dashboard/leads");
    expect(await screen.findByRole("heading", { name: "Leads", level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /EliteBook/ })).toBeInTheDocument();
  });

  it("sends a buyer to the login page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api([pending], { "/api/me": buyer, ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [] }));
    const router = renderApp("/dashboard/leads");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(requestsTo(fetchMock, LEADS)).toHaveLength(0);
  });
});
