// /dashboard/messages/:id: one conversation about one laptop. Messages
// newest at the bottom (older ones load when scrolled to the top, the view
// staying where it was), the composer, the buyer's offers and the seller's
// answers, Block and Report. The admins' read-only view of a reported
// thread is the same view without anything to write (ThreadView readOnly).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { useCreateBooking, type PaymentMethod } from "@/api/bookings";
import {
  canBook,
  canOffer,
  isThreadHeaderKey,
  seenBy,
  tradeState,
  useAnswerOffer,
  useCounterOffer,
  useBlockUser,
  useConversation,
  useMarkConversationRead,
  useMessages,
  useReportConversation,
  useSendMessage,
  type Message,
  type Offer,
  type ReportedConversation,
  type ReportReason,
  type TradeState,
} from "@/api/conversations";
import { BookingModal, type BookingDetails } from "@/components/booking-modal";
import { chatErrorText, CounterOfferDialog, OfferDialog, ReportConversationDialog, useReportReasonText } from "@/components/chat-dialogs";
import { ChatMessage, offerHolds } from "@/components/chat-message";
import { useConfirm } from "@/components/confirm-dialog";
import { MessageComposer } from "@/components/message-composer";
import { methodText, sellerPaysText } from "@/components/payment-method";
import { ApiError } from "@/lib/api";
import { useAuth, type User } from "@/lib/auth";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";
import { useRevalidate } from "@/lib/revalidate";
import { notify } from "@/lib/toast";

/** Closer than this to the top (px), the next older page is asked for. */
const LOAD_OLDER_AT = 80;
/** Closer than this to the bottom (px), the view follows new messages. */
const STICK_TO_BOTTOM = 120;

/**
 * The two sides of a thread as the viewer sees them: whose messages go
 * right, each message's sender, and who the header names.
 */
type Sides = { isRight: (m: Message) => boolean; nameOf: (m: Message) => string; admin: boolean; people: string };

function sidesOf(c: ReportedConversation, user: User | null, readOnly: boolean, t: Translate): Sides {
  if (!readOnly) {
    const me = user?._id ?? "";
    return { isRight: (m) => m.from === me, nameOf: (m) => (m.from === me ? t("You") : c.other.userName), admin: false, people: c.other.userName };
  }
  // an admin: the seller on the right, the buyer on the left, both named
  const buyerName = c.buyer?.userName ?? c.buyerName ?? t("Buyer");
  const sellerName = c.seller?.userName ?? c.sellerName ?? t("Seller");
  const buyerId = c.buyer?._id;
  const isSeller = (m: Message) => (buyerId !== undefined ? m.from !== buyerId : m.from !== c.other._id);
  return {
    isRight: isSeller,
    nameOf: (m) => (isSeller(m) ? sellerName : buyerName),
    admin: true,
    people: t("{buyer} (buyer) and {seller} (seller)", { buyer: buyerName, seller: sellerName }),
  };
}

/** The accepted offer's banner: whose price was accepted by whom. */
function holdingText(o: Offer, isBuyer: boolean, t: Translate, locale: string): string {
  const amount = formatTk(o.amount, locale);
  if (o.by === "seller") return isBuyer ? t("You accepted the seller's counter offer of {amount}.", { amount }) : t("The buyer accepted your counter offer of {amount}.", { amount });
  return isBuyer ? t("The seller accepted your offer of {amount}.", { amount }) : t("You accepted {amount}.", { amount });
}

/** An error box for a thread that could not be shown. */
function ThreadProblem({ title, text, back }: { title: string; text: string; back: string }) {
  const { t } = useLanguage();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 rounded-box bg-base-100 p-8 text-center shadow-sm">
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-base-content/70">{text}</p>
      <Link to={back} className="btn btn-primary btn-sm">
        {t("Back to messages")}
      </Link>
    </div>
  );
}

/** The header's badge of where the trade stands (none while open). */
function TradeBadge({ state }: { state: TradeState }) {
  const { t } = useLanguage();
  switch (state) {
    case "soldHere":
    case "sold":
      return <span className="badge badge-sm badge-neutral shrink-0 font-semibold">{t("Sold")}</span>;
    case "bookedPending":
    case "bookedAccepted":
    case "reservedOther":
      return <span className="badge badge-sm badge-warning shrink-0 font-semibold">{t("Booked")}</span>;
    case "expired":
      return <span className="badge badge-sm badge-ghost shrink-0 font-semibold">{t("Expired")}</span>;
    case "removed":
      return <span className="badge badge-sm badge-ghost shrink-0 font-semibold">{t("Removed")}</span>;
    default:
      return null;
  }
}

/**
 * The line under the header saying where the trade stands for the viewer,
 * with the way to it (the buyer's booking and hand-over code, the
 * seller's leads); null while the laptop is open (an accepted offer has
 * its own banner then).
 */
function TradeBanner({ state, role, other, method }: { state: TradeState; role: "buyer" | "seller"; other: string; method?: PaymentMethod }) {
  const { t } = useLanguage();
  const buyer = role === "buyer";
  // #34: an open booking says how it is paid, in plain words
  const pays = !method ? "" : " " + t("{sentence}.", { sentence: buyer ? methodText(method, t) : sellerPaysText(method, t) });
  let text: string;
  let link: { to: string; label: string } | null = null;
  let tone = "bg-info/10";
  switch (state) {
    case "soldHere":
      text = buyer ? t("Sold to you.") : t("Sold to {name}.", { name: other });
      link = buyer ? { to: "/dashboard/mybooking", label: t("See your booking") } : null;
      tone = "bg-success/10";
      break;
    case "sold":
      text = t("This laptop has been sold.");
      tone = "bg-base-200";
      break;
    case "bookedPending":
      text = (buyer ? t("You booked this. Waiting for the seller's answer.") : t("{name} booked this. Answer the booking in your leads.", { name: other })) + pays;
      link = buyer ? { to: "/dashboard/mybooking", label: t("See your booking") } : { to: "/dashboard/leads", label: t("Open leads") };
      break;
    case "bookedAccepted":
      text =
        (buyer
          ? t("You booked this and the seller accepted. Show your hand-over code when you meet.")
          : t("You accepted {name}'s booking. Type their hand-over code in your leads when you meet.", { name: other })) + pays;
      link = buyer ? { to: "/dashboard/mybooking", label: t("See your booking / hand-over code") } : { to: "/dashboard/leads", label: t("Open leads") };
      tone = "bg-success/10";
      break;
    case "reservedOther":
      text = buyer ? t("Reserved for another buyer. If their hand-over does not happen, it can be booked again.") : t("You accepted another buyer's booking of this laptop.");
      tone = "bg-warning/10";
      break;
    case "expired":
      text = t("This listing has expired");
      tone = "bg-base-200";
      break;
    case "removed":
      text = t("This laptop was removed from the shop.");
      tone = "bg-base-200";
      break;
    default:
      return null;
  }
  return (
    <div role="status" className={`flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-base-300 px-3 py-2 text-sm ${tone}`} data-trade={state}>
      {/* the words as wide as they need: a short one keeps the button beside it, a
          long one takes the line and the button goes below (at 360 px a long button
          beside them once left one word a line) */}
      <p className="min-w-0 flex-auto font-medium">{text}</p>
      {link && (
        <Link to={link.to} className="btn btn-outline btn-sm">
          {link.label}
        </Link>
      )}
    </div>
  );
}

type ThreadViewProps = {
  id: string;
  /** An admin reading a reported thread: nothing to write, both people named. */
  readOnly?: boolean;
  /** The list this thread is opened from (the phone's back link). */
  back: string;
};

/** One conversation: its header, its messages, and (for its two people) the composer and the actions. */
export function ThreadView({ id, readOnly = false, back }: ThreadViewProps) {
  const { t, locale } = useLanguage();
  const { user } = useAuth();
  const { data: c, error } = useConversation(id);
  const messages = useMessages(id);
  const send = useSendMessage(id);
  const markRead = useMarkConversationRead();
  const answer = useAnswerOffer();
  const counter = useCounterOffer();
  const block = useBlockUser();
  const report = useReportConversation(id);
  const book = useCreateBooking();
  // the header says Booked once the booking is in
  const refreshHeaders = useRevalidate(isThreadHeaderKey);
  const [confirm, confirmDialog] = useConfirm();
  const [sendError, setSendError] = useState<string | null>(null);
  const [offering, setOffering] = useState(false);
  const [offerError, setOfferError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reportError, setReportError] = useState<string | null>(null);
  const [answering, setAnswering] = useState<string | null>(null);
  const [countering, setCountering] = useState<Offer | null>(null);
  const [counterError, setCounterError] = useState<string | null>(null);
  const [booking, setBooking] = useState<Offer | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const reasonText = useReportReasonText();

  // oldest first, as they are read
  const ordered = useMemo(() => (messages.data ?? []).slice().reverse(), [messages.data]);
  const oldestId = ordered[0]?._id;
  const newest = ordered[ordered.length - 1];
  const newestId = newest?._id;

  // Read on open, and again when a message from the other person comes in
  // (or the header says some are unread). Never for an admin's reading.
  const marked = useRef<string | null>(null);
  const unread = c?.unread ?? 0;
  const loaded = c !== undefined;
  const fromOther = newest !== undefined && newest.from !== user?._id;
  const userId = user?._id;
  const { trigger: markThreadRead } = markRead;
  useEffect(() => {
    if (readOnly || !loaded || !userId) return;
    const key = `${id}:${newestId ?? ""}`;
    const opened = marked.current === null;
    const changed = marked.current !== key;
    marked.current = key;
    if (opened || unread > 0 || (changed && fromOther)) {
      markThreadRead(id).catch(() => {
        // the count stays; the next message or visit marks it again
      });
    }
  }, [id, newestId, unread, fromOther, readOnly, loaded, userId, markThreadRead]);

  // Scrolling: the first page and new messages at the bottom (when the
  // reader was there, or sent it), older pages added above without moving
  // what is on screen.
  const scroller = useRef<HTMLDivElement>(null);
  const view = useRef<{ oldestId?: string; newestId?: string; fromBottom: number; atBottom: boolean }>({ fromBottom: 0, atBottom: true });
  const sentByMe = useRef(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = view.current;
    if (before.newestId === undefined || ((before.atBottom || sentByMe.current) && before.newestId !== newestId)) {
      el.scrollTop = el.scrollHeight;
      sentByMe.current = false;
    } else if (before.oldestId !== oldestId) {
      el.scrollTop = el.scrollHeight - before.fromBottom;
    }
    view.current = { oldestId, newestId, fromBottom: el.scrollHeight - el.scrollTop, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM };
  }, [oldestId, newestId, loaded]);

  const canLoadOlder = messages.hasMore && !messages.isLoadingMore && messages.error === undefined;
  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    view.current.fromBottom = el.scrollHeight - el.scrollTop;
    view.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM;
    if (el.scrollTop < LOAD_OLDER_AT && canLoadOlder) messages.loadMore();
  }

  if (error && !c) {
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
    return (
      <ThreadProblem
        back={back}
        title={gone ? t("Conversation not found") : t("We couldn't load this conversation")}
        text={gone ? t("It may have been removed, or it is not yours.") : t("Please refresh the page in a moment.")}
      />
    );
  }
  if (!c) {
    return (
      <div role="status" className="flex h-full items-center justify-center rounded-box bg-base-100 shadow-sm">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">{t("Loading...")}</span>
      </div>
    );
  }

  const conv = c;
  const sides = sidesOf(conv, user, readOnly, t);
  const isBuyer = !readOnly && conv.role === "buyer";
  const isSeller = !readOnly && conv.role === "seller";
  const latest = conv.offer;
  const trade = tradeState(conv);
  const bookable = canBook(trade);
  const offerable = canOffer(trade);
  const productLink = `/product/${encodeURIComponent(conv.product._id)}`;
  const titleId = `thread-${id}-title`;

  async function sendText(text: string, photos: string[] = []) {
    setSendError(null);
    sentByMe.current = true;
    try {
      await send.trigger(photos.length > 0 ? { text, photos } : { text });
    } catch (err) {
      sentByMe.current = false;
      setSendError(chatErrorText(err, t));
      throw err;
    }
  }

  async function sendOffer(amount: number) {
    setOfferError(null);
    sentByMe.current = true;
    try {
      await send.trigger({ offer: amount });
      setOffering(false);
      notify("success", t("Offer sent: {amount}", { amount: formatTk(amount, locale) }));
    } catch (err) {
      sentByMe.current = false;
      setOfferError(chatErrorText(err, t));
      throw err;
    }
  }

  async function sendCounter(amount: number) {
    if (!countering) return;
    setCounterError(null);
    sentByMe.current = true;
    try {
      await counter.trigger({ offerId: countering._id, amount });
      setCountering(null);
      notify("success", t("Counter offer sent: {amount}", { amount: formatTk(amount, locale) }));
    } catch (err) {
      sentByMe.current = false;
      setCounterError(chatErrorText(err, t));
      throw err;
    }
  }

  async function onAnswer(offer: Offer, accept: boolean) {
    if (accept) {
      const amount = formatTk(offer.amount, locale);
      const name = conv.product.productName;
      const yes = await confirm({
        message: offer.by === "seller" ? t("Accept this counter offer?") : t("Accept this offer?"),
        detail:
          offer.by === "seller"
            ? t("You can book {name} at {amount} for the next 48 hours.", { name, amount })
            : t("{buyer} can book {name} at {amount} for the next 48 hours.", { buyer: conv.other.userName, name, amount }),
        confirmLabel: t("Accept"),
      });
      if (!yes) return;
    }
    setAnswering(offer._id);
    try {
      await answer.trigger({ offerId: offer._id, answer: accept ? "accept" : "decline" });
      notify("success", accept ? t("Offer accepted") : t("Offer declined"));
    } catch (err) {
      notify("error", err instanceof Error && err.message ? err.message : t("Could not answer this offer"));
    } finally {
      setAnswering(null);
    }
  }

  async function onBlock() {
    menu.current?.removeAttribute("open");
    const name = conv.other.userName;
    if (!conv.blocked) {
      const yes = await confirm({
        message: t("Block {name}?", { name }),
        detail: t("They will not be able to write to you. You can unblock them later."),
        confirmLabel: t("Block"),
        danger: true,
      });
      if (!yes) return;
    }
    try {
      await block.trigger({ userId: conv.other._id, block: !conv.blocked });
      notify("success", conv.blocked ? t("{name} is unblocked", { name }) : t("{name} is blocked", { name }));
    } catch (err) {
      notify("error", err instanceof Error && err.message ? err.message : t("Could not change the block. Please try again."));
    }
  }

  async function sendReport(reason: ReportReason, note: string) {
    setReportError(null);
    try {
      await report.trigger({ reason, note });
      setReporting(false);
      notify("success", t("Thanks. The admins will look into it."));
    } catch (err) {
      setReportError(err instanceof Error && err.message ? err.message : t("Could not send the report. Please try again."));
      throw err;
    }
  }

  async function sendBooking(details: BookingDetails) {
    if (!user || !booking) return;
    await book.trigger({
      ProductId: conv.product._id,
      number: details.number,
      meetLocation: details.meetLocation,
      paymentMethod: details.paymentMethod,
      buyerName: user.userName,
      buyerEmail: user.email,
      productName: conv.product.productName,
      // shown to the buyer; the server takes the accepted offer's price from its own records
      price: booking.amount,
    });
    notify("success", t("Book Success"));
    void refreshHeaders();
  }

  /** The buttons under an offer's bubble, for whoever can act on it. */
  function offerActions(m: Message): ReactNode {
    const o = m.offer;
    if (!o || readOnly || o.status !== "pending") return null;
    // the side that did not make it answers: the seller the buyer's offer (or counters it), the buyer the seller's counter offer
    const mine = (o.by ?? "buyer") === "seller" ? isSeller : isBuyer;
    if (mine || (!isSeller && !isBuyer)) return null;
    const busy = answering === o._id;
    return (
      <>
        <button type="button" className="btn btn-primary btn-sm" disabled={answering !== null} aria-busy={busy} onClick={() => void onAnswer(o, true)}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Accept")}
        </button>
        {isSeller && o.amount < conv.product.sellPrice && (
          <button
            type="button"
            className="btn btn-neutral btn-sm"
            disabled={answering !== null}
            onClick={() => {
              setCounterError(null);
              setCountering(o);
            }}
          >
            {t("Counter")}
          </button>
        )}
        <button type="button" className="btn btn-error btn-sm" disabled={answering !== null} onClick={() => void onAnswer(o, false)}>
          {t("Decline")}
        </button>
      </>
    );
  }

  // the newest of the caller's messages says Sent or Seen in words
  const lastOwnId = readOnly ? undefined : [...ordered].reverse().find((m) => m.from === user?._id)?._id;
  // an accepted offer's banner only while the laptop can still be booked
  const holding = latest && offerHolds(latest) && bookable ? latest : null;
  const reported = conv.reportReason !== undefined && conv.reportReason !== "";

  let list: ReactNode;
  if (messages.error && !messages.data) {
    list = (
      <p role="alert" className="m-auto text-sm text-error">
        {t("We couldn't load the messages. Please refresh the page in a moment.")}
      </p>
    );
  } else if (!messages.data) {
    list = (
      <div role="status" className="m-auto">
        <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
        <span className="sr-only">{t("Loading...")}</span>
      </div>
    );
  } else if (ordered.length === 0) {
    list = <p className="m-auto text-sm text-base-content/60">{t("No messages yet. Say hello!")}</p>;
  } else {
    list = (
      <ol className="flex flex-col gap-1" aria-label={t("Messages")}>
        {ordered.map((m) => {
          const own = !readOnly && m.from === user?._id;
          return (
            <ChatMessage
              key={m._id}
              message={m}
              mine={sides.isRight(m)}
              senderName={sides.nameOf(m)}
              showName={sides.admin}
              actions={offerActions(m)}
              seen={own ? seenBy(conv.otherReadAt, m.createdAt) : undefined}
              seenWords={own && m._id === lastOwnId}
            />
          );
        })}
      </ol>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex h-full min-h-0 flex-col overflow-hidden rounded-box bg-base-100 shadow-sm">
      <header className="flex items-center gap-2 border-b border-base-300 p-2 sm:gap-3 sm:p-3">
        <Link to={back} className="btn btn-ghost btn-square btn-sm shrink-0 lg:hidden" aria-label={t("Back to messages")}>
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="M15 18 9 12l6-6" />
          </svg>
        </Link>
        <Link to={productLink} className="flex min-w-0 flex-1 items-center gap-3 rounded-box hover:bg-base-200/60">
          <img {...photoSources(conv.product.picture, "64px")} alt="" className="h-11 w-16 shrink-0 rounded object-cover" />
          <span className="min-w-0">
            <span id={titleId} className="line-clamp-1 font-semibold break-all">
              {conv.product.productName}
            </span>
            <span className="flex flex-wrap items-center gap-x-2 text-sm">
              <span className="font-bold text-primary">{formatTk(conv.product.sellPrice, locale)}</span>
              <TradeBadge state={trade} />
              <span className="min-w-0 truncate text-base-content/70">
                {sides.people}
              </span>
            </span>
          </span>
        </Link>
        {!readOnly && (
          <details ref={menu} className="dropdown dropdown-end shrink-0">
            <summary className="btn btn-ghost btn-square btn-sm" aria-label={t("Conversation options")}>
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                <circle cx="12" cy="5" r="1.8" />
                <circle cx="12" cy="12" r="1.8" />
                <circle cx="12" cy="19" r="1.8" />
              </svg>
            </summary>
            <ul
              className="menu dropdown-content z-20 mt-1 w-56 rounded-box bg-base-100 p-2 shadow-lg ring-1 ring-base-300"
              onKeyDown={(e) => {
                if (e.key === "Escape") {
                  menu.current?.removeAttribute("open");
                  menu.current?.querySelector("summary")?.focus();
                }
              }}
            >
              <li>
                <button type="button" onClick={() => void onBlock()} disabled={block.isMutating}>
                  {conv.blocked ? t("Unblock {name}", { name: conv.other.userName }) : t("Block {name}", { name: conv.other.userName })}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="text-error"
                  onClick={() => {
                    menu.current?.removeAttribute("open");
                    setReportError(null);
                    setReporting(true);
                  }}
                >
                  {t("Report")}
                </button>
              </li>
            </ul>
          </details>
        )}
      </header>

      {readOnly && reported && (
        <p className="border-b border-base-300 bg-error/10 px-3 py-2 text-sm">
          <span className="font-semibold">{t("Reported: {reason}", { reason: reasonText(conv.reportReason) })}</span>
          {conv.reportNote && <span className="block break-words text-base-content/80">“{conv.reportNote}”</span>}
        </p>
      )}
      {!readOnly && <TradeBanner state={trade} role={isBuyer ? "buyer" : "seller"} other={conv.other.userName} method={conv.booking?.paymentMethod} />}
      {holding && !readOnly && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-base-300 bg-success/10 px-3 py-2 text-sm">
          <p className="min-w-0 flex-1">
            {holdingText(holding, isBuyer, t, locale)}{" "}
            {holding.validUntil && (
              <span className="font-semibold">{t("Valid until {date}", { date: formatDateTime(holding.validUntil, locale) })}</span>
            )}
          </p>
          {isBuyer && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setBooking(holding)}>
              {t("Book at this price")}
            </button>
          )}
        </div>
      )}

      <div
        ref={scroller}
        onScroll={onScroll}
        // a keyboard can scroll it even when no message holds a button (a sold thread)
        tabIndex={0}
        role="region"
        aria-label={t("Messages")}
        className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-2 py-3 [overflow-anchor:none] sm:px-4"
      >
        {messages.hasMore && (
          <div className="mb-2 flex justify-center">
            <button type="button" className="btn btn-ghost btn-xs" onClick={messages.loadMore} disabled={!canLoadOlder && !messages.error} aria-busy={messages.isLoadingMore}>
              {messages.isLoadingMore && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {messages.error ? t("Try again") : t("Load older messages")}
            </button>
          </div>
        )}
        {list}
      </div>

      {!readOnly && (
        <div className="border-t border-base-300 p-2 sm:p-3">
          <MessageComposer
            key={id}
            label={t("Message to {name}", { name: conv.other.userName })}
            onSend={sendText}
            error={sendError}
            disabledReason={conv.blocked ? t("You blocked {name}. Unblock them to write again.", { name: conv.other.userName }) : undefined}
            photos
            quickReplies={isBuyer ? [t("Is it still available?"), t("What is your last price?"), t("Where can we meet?")] : undefined}
            extra={
              isBuyer &&
              offerable && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={conv.blocked}
                  onClick={() => {
                    setOfferError(null);
                    setOffering(true);
                  }}
                >
                  {t("Make an offer")}
                </button>
              )
            }
          />
        </div>
      )}

      {offering && <OfferDialog product={conv.product} onClose={() => setOffering(false)} onSend={sendOffer} error={offerError} />}
      {countering && (
        <CounterOfferDialog product={conv.product} offer={countering} onClose={() => setCountering(null)} onSend={sendCounter} error={counterError} />
      )}
      {reporting && <ReportConversationDialog name={conv.other.userName} onClose={() => setReporting(false)} onSend={sendReport} error={reportError} />}
      <BookingModal
        product={booking ? { _id: conv.product._id, productName: conv.product.productName, sellPrice: booking.amount } : null}
        priceNote={t("The price of your accepted offer (the asking price is {price}).", { price: formatTk(conv.product.sellPrice, locale) })}
        buyerName={user?.userName ?? ""}
        buyerEmail={user?.email ?? ""}
        onClose={() => setBooking(null)}
        onSubmit={sendBooking}
      />
      {confirmDialog}
    </section>
  );
}

/** The thread of /dashboard/messages/:id. */
export default function MessageThread() {
  const { id } = useParams();
  // keyed: another thread starts at its own bottom, with its own composer
  return id ? <ThreadView key={id} id={id} back="/dashboard/messages" /> : null;
}
