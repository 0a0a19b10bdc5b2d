import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Conversation, Message, Offer, ReportedConversation } from "@/api/conversations";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

/** A thread about an HP EliteBook between `buyer` (42) and `seller` (7), seen by `role`. */
function thread(role: "buyer" | "seller", overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: "5",
    role,
    product: { _id: "101", productName: "HP EliteBook 840 G5", picture: "/uploads/hp.jpg", sellPrice: 45000 },
    other: role === "buyer" ? { _id: seller._id, userName: seller.userName, userPhoto: "" } : { _id: buyer._id, userName: buyer.userName, userPhoto: "" },
    lastMessage: { text: "Is it still available?", offer: null, createdAt: "2026-11-22T10:00:00Z" },
    unread: 0,
    blocked: false,
    offer: null,
    ...overrides,
  };
}

function msg(id: string, from: string, text: string, offer: Offer | null = null): Message {
  return { _id: id, from, text, offer, createdAt: `2026-11-22T10:0${id.slice(-1)}:00Z` };
}

/** GET /api/products/101: the seller's laptop. */
const productAnswer = product({ _id: "101", productName: "HP EliteBook 840 G5", seller: seller.userName, sellerEmail: seller.email, sellerId: seller._id });

const signedIn = (user: typeof buyer, table: ApiTable) => {
  localStorage.setItem(TOKEN_KEY, "tok");
  return stubApi({ "/api/me": user, "/api/categorys": categories, "/api/notifications/unread": { count: 0 }, ...table });
};

describe("/dashboard/messages", () => {
  it("lists the threads newest first with photo, name, price, the other person, the last words, time and unread; the header and menu count them", async () => {
    signedIn(buyer, {
      "/api/conversations/unread": { count: 1 },
      "/api/conversations": [
        thread("buyer", { _id: "6", unread: 3, lastMessage: { text: "Yes, come on Friday", offer: null, createdAt: "2026-11-23T09:00:00Z" } }),
        thread("buyer", {
          _id: "5",
          product: { _id: "102", productName: "Walton Passion", picture: "/uploads/w.jpg", sellPrice: 30000 },
          other: { _id: "8", userName: "Nadia Seller", userPhoto: "" },
          lastMessage: { text: "", offer: 28000, createdAt: "2026-11-21T09:00:00Z" },
        }),
      ],
    });
    renderApp("/dashboard/messages");
    const list = await screen.findByRole("list", { name: "Conversations" });
    const rows = within(list).getAllByRole("link");
    expect(rows.map((r) => r.getAttribute("href"))).toEqual(["/dashboard/messages/6", "/dashboard/messages/5"]);
    expect(rows[0]).toHaveTextContent("HP EliteBook 840 G5");
    expect(rows[0]).toHaveTextContent("45,000 Tk");
    expect(rows[0]).toHaveTextContent(seller.userName);
    expect(rows[0]).toHaveTextContent("Yes, come on Friday");
    expect(rows[0]).toHaveTextContent("3 unread");
    expect(rows[0]!.querySelector("img")).toHaveAttribute("src", expect.stringContaining("/uploads/hp"));
    expect(rows[1]).toHaveTextContent("Offered 28,000 Tk");
    expect(rows[1]).not.toHaveTextContent("unread");
    expect(await screen.findByRole("link", { name: "Messages, 1 unread" })).toHaveAttribute("href", "/dashboard/messages");
    // no thread open: the right pane says to pick one
    expect(screen.getByText("Pick a conversation to read it.")).toBeInTheDocument();
  });

  it("opens a thread beside the list, oldest message first, marks it read, and sends a message that then shows", async () => {
    const sent: Message[] = [];
    const api = signedIn(buyer, {
      "/api/conversations": [thread("buyer", { unread: 1 })],
      "/api/conversations/5": thread("buyer", { unread: 1 }),
      "/api/conversations/5/messages": () => jsonResponse(200, [...sent, msg("2", seller._id, "Yes, it is."), msg("1", buyer._id, "Is it still available?")]),
      "PUT /api/conversations/5/read": { ok: true },
      "POST /api/conversations/5/messages": (init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { text: string };
        const m = msg("3", buyer._id, body.text);
        sent.unshift(m);
        return jsonResponse(201, m);
      },
    });
    renderApp("/dashboard/messages/5");
    const log = await screen.findByRole("list", { name: "Messages" });
    await within(log).findByText("Yes, it is.");
    const bubbles = within(log).getAllByRole("listitem");
    expect(bubbles[0]).toHaveTextContent("Is it still available?");
    expect(bubbles[0]).toHaveClass("chat-end");
    expect(bubbles[1]).toHaveClass("chat-start");
    const header = screen.getByRole("region", { name: "HP EliteBook 840 G5" });
    expect(within(header).getByRole("link", { name: /HP EliteBook 840 G5/ })).toHaveAttribute("href", "/product/101");
    await waitFor(() => expect(requestsTo(api, "/api/conversations/5/read", "PUT").length).toBeGreaterThan(0));

    const box = screen.getByRole("textbox", { name: `Message to ${seller.userName}` });
    await userEvent.type(box, "Can we meet at 5?{Shift>}{Enter}{/Shift}Near Mirpur 10");
    expect(box).toHaveValue("Can we meet at 5?\nNear Mirpur 10");
    await userEvent.keyboard("{Enter}");
    await within(log).findByText(/Can we meet at 5\?/);
    expect(JSON.parse(requestsTo(api, "/api/conversations/5/messages", "POST")[0]!.body as string)).toEqual({ text: "Can we meet at 5?\nNear Mirpur 10" });
    await waitFor(() => expect(box).toHaveValue(""));
    expect(within(log).getAllByRole("listitem").at(-1)).toHaveTextContent("Can we meet at 5? Near Mirpur 10");
  });

  it("shows a block (403) and throttling (429) clearly, keeping the text to try again", async () => {
    let status = 403;
    signedIn(buyer, {
      "/api/conversations": [thread("buyer")],
      "/api/conversations/5": thread("buyer"),
      "/api/conversations/5/messages": [msg("1", buyer._id, "Hello")],
      "PUT /api/conversations/5/read": {},
      "POST /api/conversations/5/messages": () => jsonResponse(status, { message: "refused" }),
    });
    renderApp("/dashboard/messages/5");
    const box = await screen.findByRole("textbox", { name: `Message to ${seller.userName}` });
    await userEvent.type(box, "Still there?");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can't write to this person: one of you has blocked the other.");
    expect(box).toHaveValue("Still there?");
    status = 429;
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("You're sending messages too fast."));
  });

  it("shows a message's text as plain text: markup and URLs are never links", async () => {
    const evil = '<a href="https://evil.example/x">click</a> see https://example.com/a-very-long-path';
    signedIn(seller, {
      "/api/conversations": [thread("seller")],
      "/api/conversations/5": thread("seller"),
      "/api/conversations/5/messages": [msg("1", buyer._id, evil)],
      "PUT /api/conversations/5/read": {},
    });
    renderApp("/dashboard/messages/5");
    const log = await screen.findByRole("list", { name: "Messages" });
    const text = await within(log).findByText(evil);
    expect(text.tagName).toBe("P");
    expect(text).toHaveClass("whitespace-pre-wrap", "break-words");
    expect(within(log).queryAllByRole("link")).toEqual([]);
    expect(log.querySelector("a")).toBeNull();
  });

  it("lets the buyer offer at most the price, and shows the offer with its status", async () => {
    const offers: Message[] = [];
    const api = signedIn(buyer, {
      "/api/conversations": [thread("buyer")],
      "/api/conversations/5": thread("buyer"),
      "/api/conversations/5/messages": () => jsonResponse(200, [...offers, msg("1", buyer._id, "Hi")]),
      "PUT /api/conversations/5/read": {},
      "POST /api/conversations/5/messages": (init: RequestInit) => {
        const { offer } = JSON.parse(init.body as string) as { offer: number };
        const m = msg("2", buyer._id, "", { _id: "9", amount: offer, status: "pending", validUntil: null });
        offers.unshift(m);
        return jsonResponse(201, m);
      },
    });
    renderApp("/dashboard/messages/5");
    await userEvent.click(await screen.findByRole("button", { name: "Make an offer" }));
    const dialog = await screen.findByRole("dialog", { name: "Make an offer" });
    const amount = within(dialog).getByRole("textbox", { name: "Your offer (Tk)" });
    await userEvent.type(amount, "50000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send offer" }));
    expect(amount).toHaveAccessibleDescription("Enter a whole amount from 1 to 45,000 Tk.");
    expect(requestsTo(api, "/api/conversations/5/messages", "POST")).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, "40000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send offer" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Make an offer" })).not.toBeInTheDocument());
    expect(JSON.parse(requestsTo(api, "/api/conversations/5/messages", "POST")[0]!.body as string)).toEqual({ offer: 40000 });
    const log = screen.getByRole("list", { name: "Messages" });
    const bubble = (await within(log).findByText("40,000 Tk")).closest("li")!;
    expect(bubble).toHaveTextContent("Price offer");
    expect(bubble).toHaveTextContent("Waiting for the seller");
    // the buyer cannot answer their own offer
    expect(within(bubble).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it("lets the seller accept a pending offer (after a confirmation) or decline it", async () => {
    let status: Offer["status"] = "pending";
    const offer = (): Offer => ({ _id: "9", amount: 40000, status, validUntil: status === "accepted" ? "2099-01-01T10:00:00Z" : null });
    const api = signedIn(seller, {
      "/api/conversations": () => jsonResponse(200, [thread("seller", { offer: offer() })]),
      "/api/conversations/5": () => jsonResponse(200, thread("seller", { offer: offer() })),
      "/api/conversations/5/messages": () => jsonResponse(200, [msg("2", buyer._id, "", offer()), msg("1", buyer._id, "Hi")]),
      "PUT /api/conversations/5/read": {},
      "PUT /api/offers/9/accept": () => {
        status = "accepted";
        return jsonResponse(200, {});
      },
      "PUT /api/offers/9/decline": reply(200, {}),
    });
    renderApp("/dashboard/messages/5");
    const log = await screen.findByRole("list", { name: "Messages" });
    const bubble = (await within(log).findByText("40,000 Tk")).closest("li")!;
    expect(within(bubble).getByRole("button", { name: "Decline" })).toBeInTheDocument();
    await userEvent.click(within(bubble).getByRole("button", { name: "Accept" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Accept this offer?" });
    expect(confirm).toHaveTextContent(`${buyer.userName} can book HP EliteBook 840 G5 at 40,000 Tk for the next 48 hours.`);
    await userEvent.click(within(confirm).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(requestsTo(api, "/api/offers/9/accept", "PUT")).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Messages" })).getByText("Accepted")).toBeInTheDocument());
    expect(screen.getByText(/Valid until/, { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("You accepted 40,000 Tk.", { exact: false })).toBeInTheDocument();
    // a seller books nothing
    expect(screen.queryByRole("button", { name: "Book at this price" })).not.toBeInTheDocument();
    expect(requestsTo(api, "/api/offers/9/decline", "PUT")).toHaveLength(0);
  });

  it("sends the seller's decline without asking", async () => {
    const api = signedIn(seller, {
      "/api/conversations": [thread("seller")],
      "/api/conversations/5": thread("seller"),
      "/api/conversations/5/messages": [msg("2", buyer._id, "", { _id: "9", amount: 40000, status: "pending", validUntil: null })],
      "PUT /api/conversations/5/read": {},
      "PUT /api/offers/9/decline": reply(200, {}),
    });
    renderApp("/dashboard/messages/5");
    await userEvent.click(await screen.findByRole("button", { name: "Decline" }));
    await waitFor(() => expect(requestsTo(api, "/api/offers/9/decline", "PUT")).toHaveLength(1));
  });

  it("offers the buyer of an accepted offer to book at that price in the booking dialog", async () => {
    const accepted: Offer = { _id: "9", amount: 40000, status: "accepted", validUntil: "2099-01-01T10:00:00Z" };
    const api = signedIn(buyer, {
      "/api/conversations": [thread("buyer", { offer: accepted })],
      "/api/conversations/5": thread("buyer", { offer: accepted }),
      "/api/conversations/5/messages": [msg("2", buyer._id, "", accepted)],
      "PUT /api/conversations/5/read": {},
      "POST /api/bookings": reply(201, { acknowledged: true, insertedId: "77" }),
      ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [],
    });
    renderApp("/dashboard/messages/5");
    expect(await screen.findByText("The seller accepted your offer of 40,000 Tk.", { exact: false })).toBeInTheDocument();
    const log = screen.getByRole("list", { name: "Messages" });
    const bubble = within(log).getByText("40,000 Tk").closest("li")!;
    expect(bubble).toHaveTextContent("Valid until");
    // one Book at this price (the banner's), not one more in the bubble (#32)
    expect(within(bubble).queryByRole("button", { name: "Book at this price" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Book at this price" })).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Book at this price" }));
    const dialog = await screen.findByRole("dialog", { name: "Book HP EliteBook 840 G5" });
    const price = within(dialog).getByRole("textbox", { name: "Price" });
    expect(price).toHaveValue("40,000 Tk");
    expect(price).toHaveAccessibleDescription("The price of your accepted offer (the asking price is 45,000 Tk).");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Contact Number" }), "01712345678");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Meeting Location" }), "Mirpur 10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(requestsTo(api, "/api/bookings", "POST")).toHaveLength(1));
    expect(JSON.parse(requestsTo(api, "/api/bookings", "POST")[0]!.body as string)).toMatchObject({ ProductId: "101", price: 40000 });
  });

  describe("where the trade stands (#32)", () => {
    const accepted: Offer = { _id: "9", amount: 40000, status: "accepted", validUntil: "2099-01-01T10:00:00Z" };
    const base = { _id: "101", productName: "HP EliteBook 840 G5", picture: "/uploads/hp.jpg", sellPrice: 45000, available: "available", deleted: false, reserved: false, expired: false };
    const header = () => screen.getByRole("region", { name: "HP EliteBook 840 G5" }).querySelector("header")!;

    it("says Booked, then Sold to you, live as the booking moves, with no booking or offer left to press", async () => {
      let state: Partial<Conversation> = { offer: accepted, product: base, booking: { _id: "77", status: "pending" } };
      signedIn(buyer, {
        "/api/conversations": () => jsonResponse(200, [thread("buyer", state)]),
        "/api/conversations/5": () => jsonResponse(200, thread("buyer", state)),
        "/api/conversations/5/messages": [msg("2", buyer._id, "", accepted)],
        "PUT /api/conversations/5/read": {},
        "POST /api/conversations/5/messages": reply(201, msg("3", buyer._id, "See you at six")),
      });
      renderApp("/dashboard/messages/5");
      expect(await screen.findByText("You booked this. Waiting for the seller's answer.")).toBeInTheDocument();
      expect(within(header()).getByText("Booked")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "See your booking" })).toHaveAttribute("href", "/dashboard/mybooking");
      expect(screen.queryByRole("button", { name: "Book at this price" })).not.toBeInTheDocument();
      // an offer still re-prices an open booking, as the server allows
      expect(screen.getByRole("button", { name: "Make an offer" })).toBeInTheDocument();

      // the seller hands it over: the header is fetched again (live, by the
      // booking event, in the browser journey; here by the next message sent)
      state = { offer: accepted, product: { ...base, available: "soled" }, booking: { _id: "77", status: "completed" } };
      await userEvent.type(screen.getByRole("textbox", { name: `Message to ${seller.userName}` }), "See you at six{Enter}");
      expect(await screen.findByText("Sold to you.")).toBeInTheDocument();
      expect(within(header()).getByText("Sold")).toBeInTheDocument();
      expect(within(header()).queryByText("Booked")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Book at this price" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Make an offer" })).not.toBeInTheDocument();
      expect(screen.queryByText(/The seller accepted your offer/)).not.toBeInTheDocument();
    }, 60_000);

    it("tells another buyer it was sold, and the seller to whom", async () => {
      const sold = { ...base, available: "soled", reserved: false };
      signedIn(buyer, {
        "/api/conversations": [thread("buyer", { product: sold, offer: accepted })],
        "/api/conversations/5": thread("buyer", { product: sold, offer: accepted, booking: { _id: "70", status: "declined" } }),
        "/api/conversations/5/messages": [msg("2", buyer._id, "", accepted)],
        "PUT /api/conversations/5/read": {},
      });
      renderApp("/dashboard/messages/5");
      expect(await screen.findByText("This laptop has been sold.")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Book at this price" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Make an offer" })).not.toBeInTheDocument();
    }, 60_000);

    it("shows the seller whom they sold to, and a booked laptop's way to the leads", async () => {
      let state: Partial<Conversation> = { product: base, booking: { _id: "77", status: "accepted" } };
      signedIn(seller, {
        "/api/conversations": () => jsonResponse(200, [thread("seller", state)]),
        "/api/conversations/5": () => jsonResponse(200, thread("seller", state)),
        "/api/conversations/5/messages": [msg("1", buyer._id, "Is it still available?")],
        "PUT /api/conversations/5/read": {},
        "POST /api/conversations/5/messages": reply(201, msg("3", seller._id, "Thanks!")),
        "/api/leads/new": { count: 0 },
      });
      renderApp("/dashboard/messages/5");
      expect(await screen.findByText(`You accepted ${buyer.userName}'s booking. Type their hand-over code in your leads when you meet.`)).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Open leads" })).toHaveAttribute("href", "/dashboard/leads");
      state = { product: { ...base, available: "soled" }, booking: { _id: "77", status: "completed" } };
      await userEvent.type(screen.getByRole("textbox", { name: `Message to ${buyer.userName}` }), "Thanks!{Enter}");
      expect(await screen.findByText(`Sold to ${buyer.userName}.`)).toBeInTheDocument();
    }, 60_000);

    it("says already sold as the booking dialog opens, before any field is filled", async () => {
      signedIn(buyer, {
        "/api/conversations": [thread("buyer", { offer: accepted, product: base })],
        "/api/conversations/5": thread("buyer", { offer: accepted, product: base }),
        "/api/conversations/5/messages": [msg("2", buyer._id, "", accepted)],
        "PUT /api/conversations/5/read": {},
        // sold since the thread was loaded
        "/api/products/101": reply(404, { message: "This laptop has been sold", code: "sold" }),
      });
      renderApp("/dashboard/messages/5");
      await userEvent.click(await screen.findByRole("button", { name: "Book at this price" }));
      const dialog = await screen.findByRole("dialog", { name: "Book HP EliteBook 840 G5" });
      expect(await within(dialog).findByRole("alert")).toHaveTextContent("This product is already sold");
      expect(within(dialog).queryByRole("textbox", { name: "Contact Number" })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    }, 60_000);
  });

  describe("Enter on a phone (#32)", () => {
    function pointer(coarse: boolean) {
      window.matchMedia = ((query: string) => ({
        matches: query === "(pointer: coarse)" ? coarse : query === "(any-pointer: fine)" ? !coarse : false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    }

    it("adds a line with Enter on a touch screen and sends with the Send button or Ctrl+Enter", async () => {
      const before = window.matchMedia;
      pointer(true);
      try {
        const api = signedIn(buyer, {
          "/api/conversations": [thread("buyer")],
          "/api/conversations/5": thread("buyer"),
          "/api/conversations/5/messages": [msg("1", seller._id, "Yes, it is.")],
          "PUT /api/conversations/5/read": {},
          "POST /api/conversations/5/messages": (init: RequestInit) => jsonResponse(201, msg("3", buyer._id, (JSON.parse(init.body as string) as { text: string }).text)),
        });
        renderApp("/dashboard/messages/5");
        const box = await screen.findByRole("textbox", { name: `Message to ${seller.userName}` });
        expect(box).toHaveAttribute("enterkeyhint", "enter");
        await userEvent.type(box, "Line one{Enter}Line two");
        expect(box).toHaveValue("Line one\nLine two");
        expect(requestsTo(api, "/api/conversations/5/messages", "POST")).toHaveLength(0);
        await userEvent.click(screen.getByRole("button", { name: "Send" }));
        await waitFor(() => expect(requestsTo(api, "/api/conversations/5/messages", "POST")).toHaveLength(1));
        expect(JSON.parse(requestsTo(api, "/api/conversations/5/messages", "POST")[0]!.body as string)).toEqual({ text: "Line one\nLine two" });
        await waitFor(() => expect(box).toBeEnabled());
        await userEvent.type(box, "Third{Control>}{Enter}{/Control}");
        await waitFor(() => expect(requestsTo(api, "/api/conversations/5/messages", "POST")).toHaveLength(2));
      } finally {
        window.matchMedia = before;
      }
    }, 60_000);

    it("keeps Enter to send with a mouse and keyboard", async () => {
      const before = window.matchMedia;
      pointer(false);
      try {
        const api = signedIn(buyer, {
          "/api/conversations": [thread("buyer")],
          "/api/conversations/5": thread("buyer"),
          "/api/conversations/5/messages": [msg("1", seller._id, "Yes, it is.")],
          "PUT /api/conversations/5/read": {},
          "POST /api/conversations/5/messages": (init: RequestInit) => jsonResponse(201, msg("3", buyer._id, (JSON.parse(init.body as string) as { text: string }).text)),
        });
        renderApp("/dashboard/messages/5");
        const box = await screen.findByRole("textbox", { name: `Message to ${seller.userName}` });
        expect(box).toHaveAttribute("enterkeyhint", "send");
        await userEvent.type(box, "Hello{Enter}");
        await waitFor(() => expect(requestsTo(api, "/api/conversations/5/messages", "POST")).toHaveLength(1));
      } finally {
        window.matchMedia = before;
      }
    }, 60_000);
  });

  it("blocks and reports from the thread's menu, and says why the box is off while blocked", async () => {
    let blocked = false;
    const api = signedIn(buyer, {
      "/api/conversations": () => jsonResponse(200, [thread("buyer", { blocked })]),
      "/api/conversations/5": () => jsonResponse(200, thread("buyer", { blocked })),
      "/api/conversations/5/messages": [msg("1", seller._id, "Buy now!!!")],
      "PUT /api/conversations/5/read": {},
      "PUT /api/users/7/block": () => {
        blocked = true;
        return jsonResponse(200, {});
      },
      "POST /api/conversations/5/report": reply(200, {}),
    });
    renderApp("/dashboard/messages/5");
    await screen.findByText("Buy now!!!");
    await userEvent.click(screen.getByLabelText("Conversation options"));
    await userEvent.click(screen.getByRole("button", { name: `Block ${seller.userName}` }));
    const confirm = await screen.findByRole("alertdialog", { name: `Block ${seller.userName}?` });
    await userEvent.click(within(confirm).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(requestsTo(api, "/api/users/7/block", "PUT")).toHaveLength(1));
    expect(await screen.findByText(`You blocked ${seller.userName}. Unblock them to write again.`)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: `Message to ${seller.userName}` })).toBeDisabled();
    expect(screen.getByRole("button", { name: `Unblock ${seller.userName}` })).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText("Conversation options"));
    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: `Report the conversation with ${seller.userName}` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(within(dialog).getByRole("combobox", { name: "Reason" })).toHaveAccessibleDescription("Pick a reason");
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Reason" }), "scam");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "A note for the admins (optional)" }), "Asks for bKash first");
    await userEvent.click(within(dialog).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(requestsTo(api, "/api/conversations/5/report", "POST")).toHaveLength(1));
    expect(JSON.parse(requestsTo(api, "/api/conversations/5/report", "POST")[0]!.body as string)).toEqual({ reason: "scam", note: "Asks for bKash first" });
  });

  it("loads older messages above the ones shown (the API's next page), oldest first", async () => {
    signedIn(buyer, {
      "/api/conversations": [thread("buyer")],
      "/api/conversations/5": thread("buyer"),
      "/api/conversations/5/messages": () =>
        jsonResponse(200, [msg("4", seller._id, "Newest"), msg("3", buyer._id, "Third")], { Link: '</api/conversations/5/messages?cursor=3>; rel="next"' }),
      "/api/conversations/5/messages?cursor=3": [msg("2", seller._id, "Second"), msg("1", buyer._id, "First")],
      "PUT /api/conversations/5/read": {},
    });
    renderApp("/dashboard/messages/5");
    const log = await screen.findByRole("list", { name: "Messages" });
    await within(log).findByText("Newest");
    await userEvent.click(screen.getByRole("button", { name: "Load older messages" }));
    await within(log).findByText("First");
    expect(within(log).getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent)).toEqual(["First", "Second", "Third", "Newest"]);
    expect(screen.queryByRole("button", { name: "Load older messages" })).not.toBeInTheDocument();
  });

  it("counts the characters near the 2000 limit", async () => {
    signedIn(buyer, {
      "/api/conversations": [thread("buyer")],
      "/api/conversations/5": thread("buyer"),
      "/api/conversations/5/messages": [],
      "PUT /api/conversations/5/read": {},
    });
    renderApp("/dashboard/messages/5");
    const box = await screen.findByRole("textbox", { name: `Message to ${seller.userName}` });
    expect(box).toHaveAttribute("maxlength", "2000");
    await userEvent.click(box);
    await userEvent.paste("a".repeat(1799));
    expect(screen.queryByText(/of 2,000 characters/)).not.toBeInTheDocument();
    await userEvent.type(box, "b");
    expect(screen.getByText("1,800 of 2,000 characters")).toBeInTheDocument();
  });

  it("says a thread that is not the caller's is not found", async () => {
    signedIn(buyer, { "/api/conversations": [], "/api/conversations/99": reply(404, { message: "Not found" }) });
    renderApp("/dashboard/messages/99");
    expect(await screen.findByText("Conversation not found")).toBeInTheDocument();
  });
});

describe("Chat with seller", () => {
  it("sends a signed-out visitor to log in first, to come back to the laptop", async () => {
    stubApi({ "/api/categorys": categories, "/api/products/101": productAnswer });
    const router = renderApp("/product/101");
    await userEvent.click(await screen.findByRole("button", { name: "Chat with seller" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Log in to chat with the seller.")).toBeInTheDocument();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe("/product/101");
  });

  it("is not offered to the laptop's own seller", async () => {
    signedIn(seller, { "/api/products/101": productAnswer, ["/api/bookings?email=" + encodeURIComponent(seller.email)]: [] });
    renderApp("/product/101");
    expect(await screen.findByRole("heading", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Chat with seller" })).not.toBeInTheDocument();
  });

  it("opens a dialog with the first message prefilled, starts the thread and goes there", async () => {
    const api = signedIn(buyer, {
      "/api/products/101": productAnswer,
      ["/api/bookings?email=" + encodeURIComponent(buyer.email)]: [],
      "POST /api/conversations": reply(201, { _id: "5" }),
      "/api/conversations": [thread("buyer")],
      "/api/conversations/5": thread("buyer"),
      "/api/conversations/5/messages": [msg("1", buyer._id, "Is it still available?")],
      "PUT /api/conversations/5/read": {},
    });
    const router = renderApp("/product/101");
    await userEvent.click(await screen.findByRole("button", { name: "Chat with seller" }));
    // its own chunk: the first click loads it (slow on a busy machine)
    const dialog = await screen.findByRole("dialog", { name: `Chat with ${seller.userName}` }, { timeout: 10_000 });
    const box = within(dialog).getByRole("textbox", { name: "Your message" });
    expect(box).toHaveValue("Is it still available?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/messages/5"));
    expect(JSON.parse(requestsTo(api, "/api/conversations", "POST")[0]!.body as string)).toEqual({ productId: "101", text: "Is it still available?" });
    expect(await screen.findByRole("list", { name: "Messages" }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe("/dashboard/conversations (admin)", () => {
  it("lists reported threads and opens one read-only, both people named", async () => {
    const reported: ReportedConversation = {
      ...thread("seller"),
      reportReason: "scam",
      reportNote: "asked for money first",
      buyer: { _id: buyer._id, userName: buyer.userName, userPhoto: "" },
      seller: { _id: seller._id, userName: seller.userName, userPhoto: "" },
    };
    const api = signedIn(admin, {
      "/api/products/report?report=reported": [],
      "/api/admin/conversations": [reported],
      "/api/conversations/5": reported,
      "/api/conversations/5/messages": [msg("2", seller._id, "Send bKash first"), msg("1", buyer._id, "Is it still available?")],
    });
    renderApp("/dashboard/conversations");
    const list = await screen.findByRole("list", { name: "Reported chats" });
    const row = within(list).getByRole("link");
    expect(row).toHaveTextContent(`${buyer.userName} → ${seller.userName}`);
    expect(row).toHaveTextContent("Reported: A scam or fraud");
    await userEvent.click(row);
    const log = await screen.findByRole("list", { name: "Messages" });
    const [first, second] = within(log).getAllByRole("listitem");
    expect(first).toHaveTextContent(buyer.userName);
    expect(first).toHaveClass("chat-start");
    expect(second).toHaveTextContent(seller.userName);
    expect(screen.getByText("“asked for money first”")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Conversation options")).not.toBeInTheDocument();
    expect(requestsTo(api, "/api/conversations/5/read", "PUT")).toHaveLength(0);
  });
});
