import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { booking, buyer, categories, product, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const laptop = product({
  _id: "42",
  productName: "MacBook Air M1",
  category: "APPLE",
  sellPrice: 65000,
  orginalPrice: 120000,
  condition: "excellent",
  location: "Dhanmondi, Dhaka",
  used: "2",
  seller: "Rahim Computers",
  sellerVerify: true,
  time: "3:07 PM",
  date: "11-21-2026",
  description: "8 GB RAM, 256 GB SSD.\nCharger included.",
});

function api(extra: ApiTable = {}): ApiTable {
  return { "/api/categorys": categories, "/api/products/42": laptop, ...extra };
}

describe("product page", () => {
  it("shows the product to a visitor who is not signed in", async () => {
    stubApi(api());
    renderApp("/product/42");

    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(within(page).getByRole("heading", { level: 1 })).toHaveTextContent("MacBook Air M1");
    expect(within(page).getByRole("img", { name: "MacBook Air M1" })).toHaveAttribute("src", laptop.picture);
    expect(within(page).getByText("65,000 Tk")).toBeInTheDocument();
    expect(within(page).getByText("120,000 Tk")).toBeInTheDocument();
    const facts = Object.fromEntries(
      within(page)
        .getAllByRole("term")
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Brand: "APPLE",
      Condition: "excellent",
      Used: "2 year",
      Location: "Dhanmondi, Dhaka",
      Posted: "3:07 PM, 11-21-2026",
    });
    expect(within(page).getByText("Rahim Computers")).toBeInTheDocument();
    expect(within(page).getByTitle("Verified seller")).toBeInTheDocument();
    expect(within(page).getByText(/Charger included/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("MacBook Air M1 – 65,000 Tk | Resale"));
  });

  it("shows everything the card shows and more: breadcrumb, phone with call and WhatsApp, Report and Share", async () => {
    stubApi(api());
    renderApp("/product/42");

    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    const crumbs = within(page).getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    const apple = categories.find((c) => c.name === "APPLE")!;
    expect(await within(crumbs).findByRole("link", { name: "APPLE" })).toHaveAttribute("href", `/categorys/${apple._id}`);
    expect(within(crumbs).getByText("MacBook Air M1")).toHaveAttribute("aria-current", "page");

    expect(within(page).getByText(laptop.number)).toBeInTheDocument();
    expect(within(page).getByRole("link", { name: `Call ${laptop.number}` })).toHaveAttribute("href", `tel:${laptop.number.replace(/\D/g, "")}`);
    expect(within(page).getByRole("link", { name: /^WhatsApp/ }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+$/);
    expect(within(page).getByRole("button", { name: "Report" })).toBeInTheDocument();
    expect(within(page).getByRole("button", { name: "Share" })).toBeInTheDocument();
  });

  it("copies the link where the browser cannot share", async () => {
    stubApi(api());
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderApp("/product/42");
    await userEvent.click(await screen.findByRole("button", { name: "Share" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining("/product/42")));
    expect(await screen.findByRole("button", { name: "Link copied" })).toBeInTheDocument();
  });

  it("says Booked from the list of every booked product, a booking past the first page of bookings too", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api({
        "/api/me": buyer,
        "/api/bookings/booked": { productIds: ["7", "42"] },
        // the first page of bookings does not hold it
        [`/api/bookings?email=${encodeURIComponent(buyer.email)}`]: [booking({ _id: "9", ProductId: "7" })],
      }),
    );
    renderApp("/product/42");
    expect(await screen.findByRole("link", { name: /^Booked/ })).toHaveAttribute("href", "/dashboard/mybooking");
    expect(screen.queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/bookings?email=${encodeURIComponent(buyer.email)}`)).toHaveLength(0);
  });

  it("says Booked, with a link to My Booking, to the buyer who booked it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      api({
        "/api/me": buyer,
        [`/api/bookings?email=${encodeURIComponent(buyer.email)}`]: [booking({ _id: "9", productName: laptop.productName, price: 65000, meetLocation: "Dhanmondi 27", ProductId: "42" })],
      }),
    );
    renderApp("/product/42");
    expect(await screen.findByRole("link", { name: /^Booked/ })).toHaveAttribute("href", "/dashboard/mybooking");
    expect(screen.queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
  });

  it("sends a visitor who wants to book it to log in first", async () => {
    stubApi(api());
    renderApp("/product/42");
    await userEvent.click(await screen.findByRole("button", { name: "Book Now" }));
    expect(await screen.findByRole("heading", { name: /log in/i })).toBeInTheDocument();
  });

  it("books it for a signed-in buyer in the booking dialog", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "/api/me": buyer, "POST /api/bookings": { acknowledged: true, insertedId: "9" } }));
    renderApp("/product/42");

    await userEvent.click(await screen.findByRole("button", { name: "Book Now" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/number/i), "01712345678");
    await userEvent.type(within(dialog).getByLabelText(/meet/i), "Dhanmondi 27");
    await userEvent.click(within(dialog).getByRole("button", { name: /book|submit/i }));

    await waitFor(() => expect(requestsTo(fetchMock, "/api/bookings", "POST")).toHaveLength(1));
    const sent = JSON.parse(String(requestsTo(fetchMock, "/api/bookings", "POST")[0]!.body));
    expect(sent).toMatchObject({ ProductId: "42", number: "01712345678", meetLocation: "Dhanmondi 27", price: 65000 });
    expect(await screen.findByText("Book Success")).toBeInTheDocument();
  });

  it("says why a booking was refused by a block or the hourly budget (issue #31)", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const answers = [
      reply(403, { message: "This seller does not accept bookings from you", code: "blocked" }),
      reply(429, { message: "You can book at most 10 laptops an hour. Try again in 12 minutes.", code: "throttled" }, { "Retry-After": "700" }),
    ];
    let n = 0;
    stubApi(api({ "/api/me": buyer, "POST /api/bookings": () => answers[n++]!({}) }));
    renderApp("/product/42");
    await userEvent.click(await screen.findByRole("button", { name: "Book Now" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/number/i), "01712345678");
    await userEvent.type(within(dialog).getByLabelText(/meet/i), "Dhanmondi 27");
    await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You can't book this seller's laptops: one of you has blocked the other.");
    await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("You have booked as many laptops as you may in an hour. Try again later."),
    );
    expect(screen.queryByText("Book Success")).not.toBeInTheDocument();
  });

  it("does not offer booking to the product's own seller", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me": seller, "/api/products/42": { ...laptop, sellerEmail: seller.email } }));
    renderApp("/product/42");
    expect(await screen.findByRole("button", { name: "Your product" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
  });

  it("tells the seller of a listing an admin hid why it is out of the shop and how it comes back", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me": seller, "/api/products/42": { ...laptop, sellerEmail: seller.email, hiddenReason: "The photos show another laptop" } }));
    renderApp("/product/42");
    const note = await screen.findByText("Hidden by an admin");
    const box = note.closest("[data-hidden-listing]") as HTMLElement;
    expect(within(box).getByText("Reason: The photos show another laptop")).toBeInTheDocument();
    expect(within(box).getByText("Edit the listing and it is back in the shop at once.")).toBeInTheDocument();
  });

  it("shows no hidden note on a listing in the shop", async () => {
    stubApi(api());
    renderApp("/product/42");
    await screen.findByRole("heading", { name: "MacBook Air M1", level: 1 });
    expect(document.querySelector("[data-hidden-listing]")).toBeNull();
  });

  it("says not found for a sold, deleted or unknown product", async () => {
    stubApi(api({ "/api/products/42": reply(404, { message: "Product not found", code: "not_found" }) }));
    renderApp("/product/42");
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse laptops" })).toHaveAttribute("href", "/");
  });

  describe("a sold laptop (#32)", () => {
    const soldAnswer = reply(404, { message: "This laptop has been sold", code: "sold" });
    const similar = product({ _id: "43", productName: "MacBook Air M2", category: "APPLE", sellPrice: 70000 });

    it("tells anyone else it was sold and shows similar laptops, not 'Product not found'", async () => {
      stubApi(api({ "/api/products/42": soldAnswer, "/api/products/42/similar": [similar] }));
      renderApp("/product/42");
      expect(await screen.findByRole("heading", { name: "This laptop has been sold" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Product not found" })).not.toBeInTheDocument();
      expect(await screen.findByRole("article", { name: "MacBook Air M2" })).toBeInTheDocument();
    });

    it("keeps the page for its buyer, marked Sold to you, with nothing left to book, offer or chat", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const fetchMock = stubApi(
        api({
          "/api/me": buyer,
          "/api/products/42": soldAnswer,
          "/api/products/42/sale": { role: "buyer", product: { ...laptop, available: "soled" }, booking: { _id: "9", status: "completed" } },
        }),
      );
      renderApp("/product/42");
      const page = await screen.findByRole("article", { name: "MacBook Air M1" });
      expect(within(page).getByText("Sold", { selector: ".badge" })).toBeInTheDocument();
      expect(within(page).getByRole("status")).toHaveTextContent("Sold to you.");
      expect(within(page).getByRole("link", { name: "See your booking" })).toHaveAttribute("href", "/dashboard/mybooking");
      for (const name of ["Book Now", "Make an offer", "Chat with seller"]) {
        expect(within(page).queryByRole("button", { name })).not.toBeInTheDocument();
      }
      expect(requestsTo(fetchMock, "/api/products/42/sale")).toHaveLength(1);
    });

    it("tells its seller to whom it was sold", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(
        api({
          "/api/me": seller,
          "/api/products/42": soldAnswer,
          "/api/products/42/sale": { role: "seller", product: { ...laptop, available: "soled" }, booking: { _id: "9", status: "completed", buyerName: "Bea Buyer" } },
        }),
      );
      renderApp("/product/42");
      const page = await screen.findByRole("article", { name: "MacBook Air M1" });
      expect(within(page).getByRole("status")).toHaveTextContent("Sold to Bea Buyer.");
    });
  });

  describe("Make an offer on the page (#32)", () => {
    it("sends an offer from the product page and opens the thread", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const fetchMock = stubApi(
        api({
          "/api/me": buyer,
          [`/api/bookings?email=${encodeURIComponent(buyer.email)}`]: [],
          "POST /api/conversations": reply(201, { _id: "5" }),
          "POST /api/conversations/5/messages": reply(201, { _id: "8", from: buyer._id, text: "", offer: { _id: "3", amount: 60000, status: "pending", validUntil: null }, createdAt: "2026-11-22T10:00:00Z" }),
          "/api/conversations": [],
          "/api/conversations/5": { _id: "5", role: "buyer", product: { _id: "42", productName: "MacBook Air M1", picture: "", sellPrice: 65000 }, other: { _id: "7", userName: "Rahim", userPhoto: "" }, lastMessage: null, unread: 0, blocked: false, offer: null },
          "/api/conversations/5/messages": [],
          "PUT /api/conversations/5/read": {},
        }),
      );
      const router = renderApp("/product/42");
      await userEvent.click(await screen.findByRole("button", { name: "Make an offer" }));
      // its own chunk: the first click loads it
      const dialog = await screen.findByRole("dialog", { name: "Make an offer" }, { timeout: 10_000 });
      await userEvent.type(within(dialog).getByRole("textbox", { name: "Your offer (Tk)" }), "60000");
      await userEvent.click(within(dialog).getByRole("button", { name: "Send offer" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/messages/5"));
      expect(JSON.parse(String(requestsTo(fetchMock, "/api/conversations", "POST")[0]!.body))).toEqual({ productId: "42", text: "I'd like to offer 60,000 Tk." });
      expect(JSON.parse(String(requestsTo(fetchMock, "/api/conversations/5/messages", "POST")[0]!.body))).toEqual({ offer: 60000 });
    });

    it("is not offered on one's own, a reserved or an expired laptop, and asks a visitor to log in", async () => {
      stubApi(api());
      const router = renderApp("/product/42");
      await userEvent.click(await screen.findByRole("button", { name: "Make an offer" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
      cleanup();
      stubApi(api({ "/api/products/42": { ...laptop, reserved: true } }));
      renderApp("/product/42");
      await screen.findByRole("article", { name: "MacBook Air M1" });
      expect(screen.queryByRole("button", { name: "Make an offer" })).not.toBeInTheDocument();
      cleanup();
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api({ "/api/me": seller, "/api/products/42": { ...laptop, sellerEmail: seller.email, sellerId: seller._id } }));
      renderApp("/product/42");
      await screen.findByRole("article", { name: "MacBook Air M1" });
      expect(screen.queryByRole("button", { name: "Make an offer" })).not.toBeInTheDocument();
    });
  });

  it("is reached from a product card's name", async () => {
    stubApi(api({ "/api/advertised": [laptop] }));
    renderApp("/");
    const card = await screen.findByRole("article", { name: "MacBook Air M1" });
    // the name, and the photo for the eye
    const links = within(card).getAllByRole("link", { name: "MacBook Air M1" });
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/product/42", "/product/42"]);
    await userEvent.click(within(card).getByRole("heading", { name: "MacBook Air M1" }).querySelector("a")!);
    expect(await screen.findByRole("heading", { level: 1, name: "MacBook Air M1" })).toBeInTheDocument();
    expect(screen.getByText("Dhanmondi, Dhaka")).toBeInTheDocument();
  });

  describe("similar laptops (issue #20)", () => {
    const air = product({ _id: "43", productName: "MacBook Air M2", category: "APPLE", sellPrice: 70000 });
    const pro = product({ _id: "44", productName: "MacBook Pro 2019", category: "APPLE", sellPrice: 60000 });

    it("shows the same brand's laptops at a similar price as cards, in a row that scrolls sideways on a phone", async () => {
      const mock = stubApi(api({ "/api/products/42/similar": [air, pro] }));
      renderApp("/product/42");
      const section = await screen.findByRole("region", { name: "Similar laptops" });
      expect(within(section).getByText("The same brand at a similar price")).toBeInTheDocument();
      const cards = within(section).getAllByRole("article");
      expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["MacBook Air M2", "MacBook Pro 2019"]);
      expect(within(cards[0]).getAllByRole("link", { name: "MacBook Air M2" })[0]).toHaveAttribute("href", "/product/43");
      expect(within(section).getByText("70,000 Tk")).toBeInTheDocument();
      // one row of cards scrolling sideways below sm, a grid from sm up
      const row = within(section).getByRole("list");
      expect(row).toHaveClass("grid-flow-col", "overflow-x-auto", "sm:grid-flow-row");
      // the list is the product's own, asked for once
      expect(requestsTo(mock, "/api/products/42/similar")).toHaveLength(1);
    });

    it("shows nothing when there are none, or they could not be loaded", async () => {
      for (const similar of [[], reply(500, { message: "Internal server error" })]) {
        stubApi(api({ "/api/products/42/similar": similar }));
        renderApp("/product/42");
        await screen.findByRole("article", { name: "MacBook Air M1" });
        await waitFor(() => expect(screen.queryByRole("heading", { name: "Similar laptops" })).not.toBeInTheDocument());
        expect(screen.queryByRole("region", { name: "Similar laptops" })).not.toBeInTheDocument();
        cleanup();
      }
    });
  });

  describe("booked by another buyer (issue #17)", () => {
    const reserved = { ...laptop, reserved: true };
    const MINE = `/api/bookings?email=${encodeURIComponent(buyer.email)}`;

    it("says Booked and offers no booking while another buyer holds it", async () => {
      stubApi(api({ "/api/products/42": reserved }));
      renderApp("/product/42");
      const page = await screen.findByRole("article", { name: "MacBook Air M1" });
      expect(within(page).getByRole("button", { name: "Booked: reserved for another buyer" })).toBeDisabled();
      expect(within(page).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
      expect(within(page).queryByRole("link", { name: /^Booked/ })).not.toBeInTheDocument();
      expect(within(page).getByText(/^Reserved for another buyer/)).toBeInTheDocument();
      expect(within(page).getByText("Booked", { selector: ".badge" })).toBeInTheDocument();
      expect(within(page).queryByText("You'll be asked to log in to book it.")).not.toBeInTheDocument();
      expect(within(page).getByRole("button", { name: "Report" })).toBeEnabled();
    });

    it("keeps the buyer's own Booked link when the reservation is theirs", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api({ "/api/me": buyer, "/api/products/42": reserved, [MINE]: [booking({ ProductId: "42", status: "accepted" })] }));
      renderApp("/product/42");
      expect(await screen.findByRole("link", { name: /^Booked/ })).toHaveAttribute("href", "/dashboard/mybooking");
      expect(screen.queryByRole("button", { name: /reserved for another buyer/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/^Reserved for another buyer/)).not.toBeInTheDocument();
    });

    it("does not count the buyer's declined booking as theirs", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api({ "/api/me": buyer, "/api/products/42": reserved, [MINE]: [booking({ ProductId: "42", status: "declined", declineCode: "reserved" })] }));
      renderApp("/product/42");
      expect(await screen.findByRole("button", { name: "Booked: reserved for another buyer" })).toBeDisabled();
      await waitFor(() => expect(screen.queryByRole("link", { name: /^Booked/ })).not.toBeInTheDocument());
    });

    it("offers Book Now again after the seller declined the buyer's booking of a free laptop", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const fetchMock = stubApi(api({ "/api/me": buyer, [MINE]: [booking({ ProductId: "42", status: "declined", declineCode: "seller" })] }));
      renderApp("/product/42");
      await waitFor(() => expect(requestsTo(fetchMock, MINE)).toHaveLength(1));
      expect(await screen.findByRole("button", { name: "Book Now" })).toBeEnabled();
      expect(screen.queryByRole("link", { name: /^Booked/ })).not.toBeInTheDocument();
    });

    it("shows the server's 409 in the booking dialog and then says Booked on the page", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      let product = laptop;
      stubApi(
        api({
          "/api/me": buyer,
          "/api/products/42": () => reply(200, product)({}),
          "POST /api/bookings": () => {
            product = reserved;
            return reply(409, { message: "This laptop is booked by another buyer", code: "conflict" })({});
          },
        }),
      );
      renderApp("/product/42");
      await userEvent.click(await screen.findByRole("button", { name: "Book Now" }));
      const dialog = await screen.findByRole("dialog");
      await userEvent.type(within(dialog).getByLabelText(/number/i), "01712345678");
      await userEvent.type(within(dialog).getByLabelText(/meet/i), "Dhanmondi 27");
      await userEvent.click(within(dialog).getByRole("button", { name: /submit/i }));
      expect(await within(dialog).findByRole("alert")).toHaveTextContent("This laptop is booked by another buyer");
      expect(screen.queryByText("Book Success")).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(await screen.findByRole("button", { name: "Booked: reserved for another buyer" })).toBeDisabled();
    });
  });
  describe("photos, specs, price drop and editing (issue #18)", () => {
    const photos = ["1", "2", "3"].map((c) => `/uploads/${c.repeat(32)}.jpg`);
    const listed = {
      ...laptop,
      picture: photos[0]!,
      photos,
      specs: { processor: "Apple M1", ramGb: 8, storageGb: 256, storageType: "SSD" as const, batteryHealth: 91, charger: true },
      priceDroppedFrom: 70000,
      sellerId: seller._id,
    };

    it("shows every photo in the gallery, the cover first", async () => {
      stubApi(api({ "/api/products/42": listed }));
      renderApp("/product/42");
      const gallery = await screen.findByRole("region", { name: "Photos of MacBook Air M1" });
      expect(within(gallery).getByRole("button", { name: "View photo 1 of 3 full size" })).toBeInTheDocument();
      const thumbs = within(within(gallery).getByRole("group", { name: "Choose a photo" })).getAllByRole("button");
      expect(thumbs.map((b) => b.querySelector("img")!.getAttribute("src"))).toEqual(photos.map((p) => `${p}?w=640`));
      await userEvent.click(within(gallery).getByRole("button", { name: "Next photo" }));
      expect(within(gallery).getByRole("button", { name: "Photo 2 of 3" })).toHaveAttribute("aria-current", "true");
    });

    it("shows the one picture of a listing from an older server, with no arrows", async () => {
      const { photos: _p, specs: _s, priceDroppedFrom: _d, sellerId: _i, ...old } = laptop;
      stubApi(api({ "/api/products/42": old }));
      renderApp("/product/42");
      const gallery = await screen.findByRole("region", { name: "Photos of MacBook Air M1" });
      expect(within(gallery).getByRole("img", { name: "MacBook Air M1" })).toHaveAttribute("src", laptop.picture);
      expect(within(gallery).queryByRole("button", { name: "Next photo" })).not.toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Specifications" })).not.toBeInTheDocument();
      expect(screen.queryByText(/^was/)).not.toBeInTheDocument();
    });

    it("shows the specs as a table", async () => {
      stubApi(api({ "/api/products/42": listed }));
      renderApp("/product/42");
      const specs = await screen.findByRole("region", { name: "Specifications" });
      const rows = within(specs)
        .getAllByRole("row")
        .map((tr) => tr.textContent);
      expect(rows).toEqual(["ProcessorApple M1", "Memory8 GB", "Storage256 GB SSD", "Battery health91%", "Charger includedYes"]);
    });

    it("says what a lowered price was, struck through beside the price", async () => {
      stubApi(api({ "/api/products/42": listed }));
      renderApp("/product/42");
      const page = await screen.findByRole("article", { name: "MacBook Air M1" });
      const was = within(page).getByText("70,000 Tk");
      expect(was.tagName).toBe("DEL");
      expect(was.parentElement).toHaveTextContent(/^was 70,000 Tk$/);
    });

    it("says an expired listing cannot be booked, and sends its seller to renew it", async () => {
      const expired = { ...listed, expired: true, expiresAt: "2026-11-01T10:00:00Z" };
      stubApi(api({ "/api/products/42": expired }));
      const first = renderApp("/product/42");
      const page = await screen.findByRole("article");
      expect(within(page).getByRole("button", { name: "Expired" })).toBeDisabled();
      expect(within(page).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
      expect(within(page).getByRole("status")).toHaveTextContent(/^This listing has expiredIts seller can renew it; until then nobody can book it\.$/);
      first.dispose();
      cleanup();

      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api({ "/api/me": seller, "/api/products/42": expired }));
      renderApp("/product/42");
      expect(await screen.findByRole("link", { name: "My Products" })).toHaveAttribute("href", "/dashboard/myproducts");
    });

    it("offers Edit to the product's seller only", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      stubApi(api({ "/api/me": seller, "/api/products/42": listed }));
      renderApp("/product/42");
      expect(await screen.findByRole("link", { name: "Edit" })).toHaveAttribute("href", "/dashboard/products/42/edit");
    });

    it("offers no Edit to another signed-in user, nor to a visitor", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      // another user, even one sharing the seller's email (the id decides)
      stubApi(api({ "/api/me": buyer, "/api/products/42": { ...listed, sellerEmail: buyer.email } }));
      const first = renderApp("/product/42");
      expect(await screen.findByRole("button", { name: "Your product" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
      first.dispose();
      cleanup();

      localStorage.clear();
      stubApi(api({ "/api/products/42": listed }));
      renderApp("/product/42");
      expect(await screen.findByRole("button", { name: "Book Now" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    });

    it("offers no Edit on a listing from an older server (no sellerId)", async () => {
      localStorage.setItem(TOKEN_KEY, "tok");
      const { sellerId: _, ...old } = listed;
      stubApi(api({ "/api/me": seller, "/api/products/42": { ...old, sellerEmail: seller.email } }));
      renderApp("/product/42");
      expect(await screen.findByRole("button", { name: "Your product" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    });
  });
});
