import { useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { HandoverCheck } from "@/api/checks";
import { DECLINE_REASON_MAX, useAcceptBooking, useDeclineBooking, useHandover, useLeads, type Lead, type LeadStatus } from "@/api/leads";
import { useConfirm } from "@/components/confirm-dialog";
import { ContactLinks } from "@/components/contact-links";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { DialogForm, ReasonDialog } from "@/components/dialog-form";
import { sellerPaysText } from "@/components/payment-method";
import { QrCamera, type CameraFailure } from "@/components/qr-camera";
import { RowAction } from "@/components/row-action";
import { TableSkeleton } from "@/components/skeletons";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { formatDateTime, formatTk } from "@/lib/format";
import { cleanCode, HANDOVER_CODE, parseHandoverQr } from "@/lib/handover";
import { useLanguage, type Translate } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";
import { usePageTitle } from "@/lib/title";
import { notify } from "@/lib/toast";

/** The booking whose hand-over dialog is open; `code` is what the dialog starts with. */
type HandoverTarget = { id: string; lead: Lead | undefined; code: string };

/** What a seller can do with a lead in each status. */
const ACTIONS: Record<LeadStatus, ("accept" | "decline" | "handover")[]> = {
  pending: ["accept", "decline"],
  accepted: ["handover", "decline"],
  paid: ["handover"],
  declined: [],
  cancelled: [],
  completed: [],
};

const canHandOver = (status: LeadStatus) => ACTIONS[status].includes("handover");

/** errorText is what a refused write says: the API's message, else `fallback`. */
function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The words under a declined lead: why it was declined. */
function declineNote(lead: Lead, t: Translate): string | null {
  switch (lead.declineCode) {
    case "seller":
      return lead.declineReason ? `“${lead.declineReason}”` : null;
    case "reserved":
      return t("Another buyer's booking was accepted");
    case "expired":
      return t("The 72-hour reservation ran out");
    case "sold":
      return t("The laptop was sold");
    case "removed":
      return t("An admin removed the listing; the buyer's card payment is refunded");
    default:
      return null;
  }
}

/** BuyerPays says how the buyer of an open lead will pay (#34). */
function BuyerPays({ lead }: { lead: Lead }) {
  const { t } = useLanguage();
  return <span className="max-w-56 text-xs text-base-content/70">{sellerPaysText(lead.paymentMethod ?? "cash", t)}</span>;
}

/** A lead's status in people's words. */
/**
 * HandoverCheckBadge says what the hand-over check (#40) found: the same
 * laptop as the listing's report, another (what differs on hover and for
 * screen readers), or checked with nothing to compare.
 */
function HandoverCheckBadge({ check }: { check: HandoverCheck }) {
  const { t } = useLanguage();
  const cls = "badge h-auto min-h-6 whitespace-normal py-0.5 text-start text-xs md:max-w-32";
  if (!check.compared) return <span className={`${cls} badge-ghost`}>{t("Checked at the hand-over")}</span>;
  if (check.match) return <span className={`${cls} badge-success badge-soft`}>{t("Same laptop as checked")}</span>;
  const what = check.differences.join("; ");
  return (
    <span className={`${cls} badge-error`} title={what}>
      {t("Not the laptop that was checked")}
      <span className="sr-only">: {what}</span>
    </span>
  );
}

function StatusBadge({ lead }: { lead: Lead }) {
  const { t, locale } = useLanguage();
  // the accepted text is long: let the badge wrap instead of running off a phone
  const wrap = "badge h-auto min-h-6 whitespace-normal py-0.5 text-start font-semibold md:max-w-32";
  switch (lead.status) {
    case "pending":
      return (
        <span className="flex min-w-0 flex-col items-end gap-1 md:w-32 md:items-start">
          <span className={`${wrap} badge-info`}>{t("New")}</span>
          <BuyerPays lead={lead} />
        </span>
      );
    case "accepted":
      return (
        <span className="flex min-w-0 flex-col items-end gap-1 md:w-32 md:items-start">
          <span className={`${wrap} badge-warning`}>
            {lead.reservedUntil ? t("Accepted — reserved until {date}", { date: formatDateTime(lead.reservedUntil, locale) }) : t("Accepted")}
          </span>
          <BuyerPays lead={lead} />
        </span>
      );
    case "paid":
      return <span className={`${wrap} badge-success badge-soft`}>{lead.paymentMethod === "sslcommerz" ? t("Paid online") : t("Paid by card")}</span>;
    case "completed":
      return (
        <span className="flex min-w-0 flex-col items-end gap-1 md:w-32 md:items-start">
          <span className={`${wrap} badge-success`}>{t("Completed")}</span>
          {!lead.paid && <span className="max-w-56 text-xs text-base-content/70">{t("Paid in cash at the hand-over")}</span>}
        </span>
      );
    case "cancelled":
      return <span className={`${wrap} badge-ghost`}>{t("Cancelled by buyer")}</span>;
    case "declined": {
      const note = declineNote(lead, t);
      return (
        <span className="flex min-w-0 flex-col items-end gap-1 md:w-32 md:items-start">
          <span className={`${wrap} badge-error badge-soft`}>{t("Declined")}</span>
          {note && <span className="max-w-56 text-xs break-words text-base-content/70">{note}</span>}
        </span>
      );
    }
  }
}

/** /dashboard/leads (seller, admin): the bookings on the seller's laptops (every one, for an admin), to answer. */
export default function Leads() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Leads"));
  const { user } = useAuth();
  const list = useLeads();
  const { data: leads, error } = list;
  const accept = useAcceptBooking();
  const [confirm, confirmDialog] = useConfirm();
  const [accepting, setAccepting] = useState<string | null>(null);
  const [declining, setDeclining] = useState<Lead | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();

  // The buyer's QR, read with the phone's own camera app, opens this page
  // at ?handover=<booking>&code=<code>: that booking's dialog, the code
  // filled in, waiting for Confirm. It opens once the first page is in (or
  // failed), with the lead's details when it is among the rows loaded.
  const linked = params.get("handover");
  // an admin reads every seller's leads and answers none (#32): only a
  // laptop's seller accepts, declines or confirms its hand-over, as the
  // server also insists
  const readOnly = user?.role !== "Seller";
  const handoverId = readOnly ? null : (picked ?? (linked && (leads !== undefined || error !== undefined) ? linked : null));
  const handover: HandoverTarget | null = handoverId
    ? {
        id: handoverId,
        lead: leads?.find((l) => l._id === handoverId),
        code: picked === null ? cleanCode(params.get("code") ?? "") : "",
      }
    : null;

  function closeHandover() {
    setPicked(null);
    if (params.has("handover") || params.has("code")) {
      setParams(
        (p) => {
          p.delete("handover");
          p.delete("code");
          return p;
        },
        { replace: true },
      );
    }
  }

  async function onAccept(l: Lead) {
    const yes = await confirm({
      message: t("Accept this booking?"),
      detail: t("{name} will be reserved for {buyer} for 72 hours. Other buyers' bookings of this laptop will be declined.", {
        name: l.product.productName,
        buyer: l.buyerName,
      }),
      confirmLabel: t("Accept"),
    });
    if (!yes) return;
    setAccepting(l._id);
    try {
      await accept.trigger(l._id);
      notify("success", t("Booking accepted: {name} is reserved for {buyer}.", { name: l.product.productName, buyer: l.buyerName }));
    } catch (err) {
      notify("error", errorText(err, t("Could not accept this booking")));
    } finally {
      setAccepting(null);
    }
  }

  const isSeller = user?.role === "Seller";
  const actionsOf = (l: Lead) => (readOnly ? [] : ACTIONS[l.status]);
  const body = (
    <DataList
      list={list}
      rowKey={(l) => l._id}
      dense
      loading={<TableSkeleton columns={6} />}
      loadError={<span>{t("We couldn't load your leads. Please refresh the page in a moment.")}</span>}
      empty={
        <EmptyState title={t("No leads yet")}>
          <p className="text-sm text-base-content/60">
            {isSeller
              ? t("When a buyer books one of your laptops, they show up here. Post an ad to get your first buyers.")
              : t("When a buyer books a laptop in the shop, the booking shows up here.")}
          </p>
          {isSeller && (
            <Link to="/dashboard/addproduct" className="btn btn-primary btn-sm">
              {t("Post your ad")}
            </Link>
          )}
        </EmptyState>
      }
      columns={[
        {
          header: t("Product"),
          label: false,
          cell: (l) => (
            <div className="flex min-w-0 items-start gap-3">
              <img {...photoSources(l.product.picture, "56px")} alt="" loading="lazy" className="mt-0.5 h-10 w-14 shrink-0 rounded object-cover" />
              <div className="min-w-0 md:w-36 xl:w-40">
                <Link to={`/product/${encodeURIComponent(l.product._id)}`} className="link link-hover line-clamp-2 font-medium break-words">
                  {l.product.productName}
                </Link>
                <div className="font-semibold whitespace-nowrap">{formatTk(l.price, locale)}</div>
                <div className="text-xs text-base-content/60">
                  <span className="sr-only">{t("When")}: </span>
                  {formatDateTime(l.createdAt, locale)}
                </div>
              </div>
            </div>
          ),
        },
        {
          header: t("Buyer"),
          cell: (l) => (
            <div className="flex min-w-0 flex-col gap-1.5 max-md:items-end max-md:text-end md:w-48">
              <div className="min-w-0">
                <div className="font-medium break-words">{l.buyerName}</div>
                <a href={`mailto:${l.buyerEmail}`} className="link link-hover text-xs break-all text-base-content/70">
                  {l.buyerEmail}
                </a>
              </div>
              <ContactLinks number={l.number} variant="row" />
            </div>
          ),
        },
        {
          header: t("Meeting place"),
          cell: (l) => <span className="block break-words max-md:text-end md:w-28 xl:w-32">{l.meetLocation}</span>,
        },
        {
          header: t("Status"),
          cell: (l) => (
            <span className="flex flex-col items-end gap-1 md:items-start">
              <StatusBadge lead={l} />
              {l.handoverCheck && <HandoverCheckBadge check={l.handoverCheck} />}
            </span>
          ),
        },
        !readOnly && {
          header: t("Actions"),
          label: false,
          className: (l) => (actionsOf(l).length === 0 ? "max-md:hidden" : "max-md:pt-2"),
          cell: (l) => {
            const actions = actionsOf(l);
            const name = l.product.productName;
            return (
              actions.length > 0 && (
                <div className="flex gap-2 max-md:w-full max-md:flex-wrap max-md:[&>*]:flex-1 md:flex-col md:items-stretch">
                  {actions.includes("accept") && (
                    <RowAction
                      text={t("Accept")}
                      label={t("Accept the booking of {name} by {buyer}", { name, buyer: l.buyerName })}
                      tone="primary"
                      busy={accepting === l._id}
                      disabled={accepting !== null}
                      onClick={() => void onAccept(l)}
                    />
                  )}
                  {actions.includes("handover") && (
                    <RowAction
                      text={t("Confirm hand-over")}
                      label={t("Confirm the hand-over of {name} to {buyer}", { name, buyer: l.buyerName })}
                      tone="primary"
                      busy={false}
                      disabled={l.handoverLocked || accepting !== null}
                      reason={l.handoverLocked ? t("Too many wrong codes for this booking. Try again later.") : undefined}
                      onClick={() => setPicked(l._id)}
                    />
                  )}
                  {actions.includes("decline") && (
                    <RowAction
                      text={t("Decline")}
                      label={t("Decline the booking of {name} by {buyer}", { name, buyer: l.buyerName })}
                      tone="delete"
                      busy={false}
                      disabled={accepting !== null}
                      onClick={() => setDeclining(l)}
                    />
                  )}
                </div>
              )
            );
          },
        },
      ]}
    />
  );

  return (
    <ListPage
      titleId="leads-title"
      title={t("Leads")}
      intro={
        <>
          <p className="mt-1 text-base-content/70">
            {isSeller
              ? t("Buyers who booked your laptops. Call them, accept one to reserve the laptop, and confirm the hand-over with the buyer's code.")
              : t("Every booking in the shop, newest first.")}
          </p>
          {readOnly && (
            <p className="mt-2 text-sm text-base-content/60">{t("Read only: only a laptop's seller can accept, decline or confirm its hand-over.")}</p>
          )}
        </>
      }
    >
      {body}
      {confirmDialog}
      {declining && <DeclineDialog key={declining._id} lead={declining} onClose={() => setDeclining(null)} />}
      {handover && <HandoverDialog key={handover.id} target={handover} onClose={closeHandover} />}
    </ListPage>
  );
}

/** Decline: an optional reason (at most 200 characters) the buyer is told. */
function DeclineDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const { t } = useLanguage();
  const decline = useDeclineBooking();

  async function send(reason: string) {
    try {
      await decline.trigger({ id: lead._id, reason });
      notify("success", t("Booking declined"));
      onClose();
    } catch (err) {
      notify("error", errorText(err, t("Could not decline this booking")));
      // the booking moved on (sold, cancelled, answered elsewhere): the list behind shows it now
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) onClose();
      throw err;
    }
  }

  return (
    <ReasonDialog
      title={t("Decline this booking?")}
      detail={t("{buyer} will be told that you declined their booking of {name}.", { buyer: lead.buyerName, name: lead.product.productName })}
      label={t("{label} (optional)", { label: t("Reason") })}
      placeholder={t("e.g. It was sold to a friend")}
      max={DECLINE_REASON_MAX}
      clean={(reason) => reason}
      confirmLabel={t("Decline")}
      closeButton
      onClose={onClose}
      onConfirm={send}
    />
  );
}

/**
 * Hand-over: the buyer's 6-digit code, typed or read from the QR on their
 * booking with the camera. Confirm completes the booking (the laptop is
 * sold). Nothing is sent before the seller presses Confirm.
 */
function HandoverDialog({ target, onClose }: { target: HandoverTarget; onClose: () => void }) {
  const { t } = useLanguage();
  const id = useId();
  const handover = useHandover();
  const input = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const { lead } = target;
  const [code, setCode] = useState(target.code);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverSaid, setServerSaid] = useState<string | null>(null);
  const [locked, setLocked] = useState(lead?.handoverLocked ?? false);
  // minutes until the lock lifts, from the 429's Retry-After
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState<{ ok: boolean; text: string } | null>(null);
  const notWaiting = lead !== undefined && !canHandOver(lead.status);

  async function submit() {
    if (locked || notWaiting) return;
    setServerSaid(null);
    if (!HANDOVER_CODE.test(code)) {
      setProblem(t("Enter the 6-digit code from the buyer's booking."));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setScanning(false);
    setBusy(true);
    try {
      await handover.trigger({ id: target.id, code });
      notify("success", lead ? t("Hand-over confirmed: {name} is sold.", { name: lead.product.productName }) : t("Hand-over confirmed: the laptop is sold."));
      onClose();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400) {
        // the page's own words only: the server's say the same, in English
        setProblem(t("That code is not right. Check it with the buyer and try again."));
        input.current?.focus();
      } else if (err instanceof ApiError && err.status === 429) {
        setLocked(true);
        if (err.retryAfter !== undefined) setWaitMinutes(Math.max(1, Math.ceil(err.retryAfter / 60)));
        else setServerSaid(err.message);
      } else {
        notify("error", errorText(err, t("Could not confirm the hand-over")));
        if (err instanceof ApiError && (err.status === 404 || err.status === 409)) onClose();
      }
    }
  }

  function onScan(text: string) {
    const found = parseHandoverQr(text);
    if (!found) {
      setScanNote({ ok: false, text: t("This QR code is not a hand-over code.") });
      return;
    }
    if (found.bookingId !== undefined && found.bookingId !== target.id) {
      setScanNote({ ok: false, text: t("This QR code belongs to another booking.") });
      return;
    }
    setCode(found.code);
    setProblem(null);
    setScanning(false);
    setScanNote({ ok: true, text: t("Code read from the QR. Press Confirm to finish.") });
    submitButton.current?.focus();
  }

  function onCameraFail(why: CameraFailure) {
    setScanning(false);
    setScanNote({
      ok: false,
      text:
        why === "no-camera"
          ? t("This device has no camera to scan with. Type the code instead.")
          : t("The camera could not be opened. Allow camera access for this site in the browser's settings, or type the code."),
    });
    input.current?.focus();
  }

  const errorId = `${id}-code-error`;
  return (
    <DialogForm
      id={id}
      title={t("Confirm hand-over")}
      detail={
        lead
          ? t("Ask {buyer} for the 6-digit code on their booking, or scan its QR code, and hand over {name}.", {
              buyer: lead.buyerName,
              name: lead.product.productName,
            })
          : t("Type the buyer's 6-digit code, or scan the QR code on their booking.")
      }
      closeButton
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t("Confirm")}
      tone="primary"
      submitDisabled={locked || notWaiting}
      submitRef={submitButton}
    >
      {notWaiting && (
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          {t("This booking is not waiting for a hand-over.")}
        </p>
      )}
      {locked && (
        <div role="alert" className="alert alert-error alert-soft flex-col items-start gap-1 text-sm">
          <span className="font-semibold">
            {waitMinutes === null
              ? t("Too many wrong codes for this booking. Try again later.")
              : waitMinutes === 1
                ? t("Too many wrong codes for this booking. Try again in 1 minute.")
                : t("Too many wrong codes for this booking. Try again in {n} minutes.", { n: waitMinutes })}
          </span>
          {serverSaid && <span>{serverSaid}</span>}
        </div>
      )}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          {t("Hand-over code")}
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          placeholder="123456"
          data-autofocus
          className={`input w-full font-mono text-lg tracking-[0.3em] ${problem ? "input-error" : ""}`}
          value={code}
          disabled={locked || notWaiting}
          onChange={(e) => {
            setCode(cleanCode(e.target.value));
            setProblem(null);
            setServerSaid(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        {problem && (
          <div id={errorId} role="alert" className="text-sm text-error">
            <p>{problem}</p>
            {serverSaid && serverSaid !== problem && <p className="text-xs">{serverSaid}</p>}
          </div>
        )}
      </div>

      <div className="flex flex-col gap-3">
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={locked || notWaiting || busy}
          aria-pressed={scanning}
          onClick={() => {
            setScanNote(null);
            setScanning((s) => !s);
          }}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10" />
          </svg>
          {scanning ? t("Stop the camera") : t("Scan QR")}
        </button>
        {scanning && <QrCamera label={t("Camera: point it at the buyer's QR code")} onScan={onScan} onFail={onCameraFail} />}
        {scanNote && (
          <p role={scanNote.ok ? "status" : "alert"} className={`text-sm ${scanNote.ok ? "text-success" : "text-error"}`}>
            {scanNote.text}
          </p>
        )}
      </div>
    </DialogForm>
  );
}
