// #37 a chat that keeps up: quick replies, photos in the composer, the
// seller's counter offer dialog, and the bubbles' counter offers and seen
// marks.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Message } from "@/api/conversations";
import { seenBy } from "@/api/conversations";
import type * as Api from "@/lib/api";
import { CounterOfferDialog } from "@/components/chat-dialogs";
import { ChatMessage } from "@/components/chat-message";
import { MessageComposer } from "@/components/message-composer";

const uploads = vi.hoisted(() => ({ next: [] as Array<() => Promise<unknown>> }));
vi.mock("@/lib/api", async (importOriginal) => {
  const real = await importOriginal<typeof Api>();
  return { ...real, apiUpload: vi.fn(() => uploads.next.shift()?.() ?? Promise.reject(new Error("no upload expected"))) };
});

const product = { _id: "7", productName: "Dell Latitude 7490", picture: "/uploads/p.jpg", sellPrice: 60000 };

describe("the composer's quick replies", () => {
  it("sends a quick reply with one tap, leaving what was typed", async () => {
    const onSend = vi.fn(async () => {});
    const replies = ["Is it still available?", "What is your last price?", "Where can we meet?"];
    render(<MessageComposer label="Message to Shapla" onSend={onSend} quickReplies={replies} />);
    const group = screen.getByRole("group", { name: "Quick replies" });
    expect(within(group).getAllByRole("button").map((b) => b.textContent)).toEqual(replies);
    await userEvent.type(screen.getByLabelText("Message to Shapla"), "half typed");
    await userEvent.click(within(group).getByRole("button", { name: "Where can we meet?" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith("Where can we meet?", []);
    expect(screen.getByLabelText("Message to Shapla")).toHaveValue("half typed");
  });

  it("shows none without quick replies, or while the box is off", () => {
    const { rerender } = render(<MessageComposer label="Message" onSend={async () => {}} />);
    expect(screen.queryByRole("group", { name: "Quick replies" })).not.toBeInTheDocument();
    rerender(<MessageComposer label="Message" onSend={async () => {}} quickReplies={["Is it still available?"]} disabledReason="You blocked them." />);
    expect(screen.queryByRole("group", { name: "Quick replies" })).not.toBeInTheDocument();
  });
});

describe("photos in the composer", () => {
  it("uploads a picked photo and sends its url, with no words needed", async () => {
    uploads.next.push(() => Promise.resolve({ success: true, data: { url: "/uploads/abc.jpg" } }));
    const onSend = vi.fn(async () => {});
    const { container } = render(<MessageComposer label="Message" onSend={onSend} photos />);
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    const file = new File([new Uint8Array([1, 2, 3])], "scratch.png", { type: "image/png" });
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    const picked = screen.getByRole("list", { name: "Photos to send" });
    await waitFor(() => expect(within(picked).getByRole("listitem")).toHaveAttribute("data-status", "done"));
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith("", ["/uploads/abc.jpg"]);
    expect(screen.queryByRole("list", { name: "Photos to send" })).not.toBeInTheDocument();
  });

  it("does not send while a photo failed to upload", async () => {
    uploads.next.push(() => Promise.reject(new Error("The photo is too large: the most is 10 MB")));
    const onSend = vi.fn(async () => {});
    const { container } = render(<MessageComposer label="Message" onSend={onSend} photos />);
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["x"], "big.png", { type: "image/png" }));
    await screen.findByRole("button", { name: "Retry" });
    await userEvent.type(screen.getByLabelText("Message"), "Look");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText("A photo did not upload: remove it or try it again.")).toBeInTheDocument();
  });
});

describe("the counter offer dialog", () => {
  it("takes a price above the buyer's offer and at most the asking price, Bangla digits too", async () => {
    const onSend = vi.fn(async () => {});
    const offer = { _id: "3", amount: 50000, by: "buyer" as const, status: "pending" as const, validUntil: null };
    render(<CounterOfferDialog product={product} offer={offer} onClose={() => {}} onSend={onSend} error={null} />);
    const dialog = screen.getByRole("dialog", { name: "Counter offer" });
    const box = within(dialog).getByLabelText("Your price (Tk)");
    for (const wrong of ["50000", "60001", "abc"]) {
      await userEvent.clear(box);
      await userEvent.type(box, wrong);
      await userEvent.click(within(dialog).getByRole("button", { name: "Send counter offer" }));
      expect(within(dialog).getByText(/Enter a whole amount from 50,001 .* to 60,000/)).toBeInTheDocument();
    }
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, "৫৫,০০০");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send counter offer" }));
    expect(onSend).toHaveBeenCalledWith(55000);
  });
});

describe("the bubbles", () => {
  const counter: Message = {
    _id: "9",
    from: "2",
    text: "",
    photos: [],
    offer: { _id: "4", amount: 55000, by: "seller", status: "pending", validUntil: null },
    createdAt: "2026-11-28T10:00:00.000123Z",
  };

  it("names a seller's offer a counter offer, waiting for the buyer", () => {
    render(
      <ol>
        <ChatMessage message={counter} mine={false} senderName="Shapla" />
      </ol>,
    );
    expect(screen.getByText("Counter offer")).toBeInTheDocument();
    expect(screen.getByText("Waiting for the buyer")).toBeInTheDocument();
  });

  it("tells the buyer a counter offer waits for their answer when they can answer it", () => {
    render(
      <ol>
        <ChatMessage message={counter} mine={false} senderName="Shapla" actions={<button type="button">Accept</button>} />
      </ol>,
    );
    expect(screen.getByText("Waiting for your answer")).toBeInTheDocument();
    expect(screen.queryByText("Waiting for the buyer")).not.toBeInTheDocument();
  });

  it("marks one's own message sent, then seen once the other's read mark reaches it", () => {
    const mine: Message = { ...counter, offer: null, text: "Hello", photos: ["/uploads/a.jpg"] };
    const { rerender } = render(
      <ol>
        <ChatMessage message={mine} mine senderName="You" seen={seenBy("2026-11-28T09:59:59Z", mine.createdAt)} seenWords />
      </ol>,
    );
    expect(screen.getByText("Sent")).toBeVisible();
    expect(screen.getByRole("button", { name: "Open photo 1 of 1" })).toBeInTheDocument();
    rerender(
      <ol>
        <ChatMessage message={mine} mine senderName="You" seen={seenBy("2026-11-28T10:00:00.000123Z", mine.createdAt)} seenWords />
      </ol>,
    );
    expect(screen.getByText("Seen")).toBeVisible();
  });
});
