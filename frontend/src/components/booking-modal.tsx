import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { PaymentMethod } from "@/api/bookings";
import { offeredMethods, useConfig } from "@/api/config";
import { productKey, type Product } from "@/api/products";
import { DialogHeader } from "@/components/dialog-form";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { MethodChoice } from "@/components/payment-method";
import { SubmitButton } from "@/components/submit-button";
import { ApiError, apiFetch } from "@/lib/api";
import { formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { isPhone, normalizePhone } from "@/lib/phone";

/** What the buyer types into the booking dialog, and how they mean to pay (#34). */
export type BookingDetails = { number: string; meetLocation: string; paymentMethod: PaymentMethod };

type Errors = Partial<Record<keyof BookingDetails, string>>;

/** What the dialog shows of the product: its name, and the price to be paid. */
export type BookingProduct = Pick<Product, "_id" | "productName" | "sellPrice">;

type BookingModalProps = {
  /**
   * The product being booked; null keeps the dialog closed. Its sellPrice
   * is the price shown (an accepted offer's amount, with `priceNote`);
   * the server sets the booking's price either way.
   */
  product: BookingProduct | null;
  /** A line under the price, e.g. that it is an accepted offer. */
  priceNote?: string;
  buyerName: string;
  buyerEmail: string;
  onClose: () => void;
  /** Sends the booking; throws (an ApiError) when it fails. */
  onSubmit: (details: BookingDetails) => Promise<void>;
};

/** validate runs the client's checks; the server checks everything again. */
function validate(v: Omit<BookingDetails, "paymentMethod">, t: Translate): Errors {
  const errors: Errors = {};
  if (!v.number.trim()) errors.number = t("Enter a contact number");
  else if (!isPhone(v.number)) errors.number = t("Use digits only, e.g. 01712345678");
  if (!v.meetLocation.trim()) errors.meetLocation = t("Enter where you would like to meet");
  return errors;
}

/** fieldText turns a server field problem ("is required") into a sentence. */
function fieldText(label: string, problem: string): string {
  // The server's words are English: the sentence stays English, in either language.
  return /^[a-z]/.test(problem) ? `${label} ${problem}` : problem;
}

/**
 * bookingErrorText says why a booking was refused, in the page's language
 * where the answer says enough: a block between buyer and seller (403
 * blocked or you_blocked), the hourly booking budget (429); otherwise the
 * server's words.
 */
function bookingErrorText(err: unknown, t: Translate): string {
  if (!(err instanceof Error)) return t("Booking failed. Try again.");
  if (err instanceof ApiError && (err.code === "blocked" || err.code === "you_blocked")) {
    return t("You can't book this seller's laptops: one of you has blocked the other.");
  }
  if (err instanceof ApiError && err.status === 429) return t("You have booked as many laptops as you may in an hour. Try again later.");
  return err.message;
}

/**
 * The Book Now dialog: the buyer's name and email (from the signed-in user)
 * and the product's name and price are shown read-only; the buyer adds a
 * phone number and a meeting place.
 */
export function BookingModal({ product, priceNote, buyerName, buyerEmail, onClose, onSubmit }: BookingModalProps) {
  const id = useId();
  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={`${id}-title`} boxClassName="sm:max-w-lg">
      {product && (
        <BookingForm
          key={product._id}
          idPrefix={id}
          product={product}
          priceNote={priceNote}
          buyerName={buyerName}
          buyerEmail={buyerEmail}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

/** Why the laptop can no longer be booked, as its page says now; null while it can (or it is not known). */
type Unbookable = "sold" | "reserved" | "expired" | null;

/**
 * useUnbookable asks for the product's page as the dialog opens, so a
 * laptop sold or booked since the page was loaded says so at once, not
 * after the form is filled. Anything else (offline, an older server) leaves
 * the form: the server checks again when it is sent.
 */
function useUnbookable(id: string): Unbookable {
  const [why, setWhy] = useState<Unbookable>(null);
  useEffect(() => {
    let live = true;
    apiFetch<Product>(productKey(id)).then(
      (p) => {
        if (live) setWhy(p.available === "soled" ? "sold" : p.reserved ? "reserved" : p.expired ? "expired" : null);
      },
      (err: unknown) => {
        if (live && err instanceof ApiError && err.status === 404 && err.code === "sold") setWhy("sold");
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  return why;
}

function BookingForm({
  idPrefix: id,
  product,
  priceNote,
  buyerName,
  buyerEmail,
  onClose,
  onSubmit,
}: Omit<BookingModalProps, "product"> & { idPrefix: string; product: BookingProduct }) {
  const { t, locale } = useLanguage();
  const [number, setNumber] = useState("");
  const [meetLocation, setMeetLocation] = useState("");
  // #34: cash is preselected; the choices are the ones the shop offers
  const { data: config } = useConfig();
  const methods = offeredMethods(config);
  const [chosen, setChosen] = useState<PaymentMethod>("cash");
  const paymentMethod = methods.includes(chosen) ? chosen : "cash";
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const unbookable = useUnbookable(product._id);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setMessage(null);
    const details = { number: normalizePhone(number), meetLocation: meetLocation.trim(), paymentMethod };
    const found = validate(details, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(details);
      setNumber("");
      setMeetLocation("");
      setErrors({});
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setMessage(bookingErrorText(err, t));
      if (err instanceof ApiError) {
        setErrors({
          number: err.fields.number ? fieldText("Contact number", err.fields.number) : undefined,
          meetLocation: err.fields.meetLocation ? fieldText("Meeting location", err.fields.meetLocation) : undefined,
          paymentMethod: err.fields.paymentMethod ? fieldText("Payment method", err.fields.paymentMethod) : undefined,
        });
      }
    }
  }

  const readOnly = "input w-full border-base-300 bg-base-200 text-base-content/80 focus:outline-none";
  if (unbookable) {
    return (
      <div className="flex flex-col gap-4">
        <DialogHeader id={id} title={t("Book {name}", { name: product.productName })} onClose={onClose} />
        <p role="alert" className="rounded-box border border-warning/50 bg-warning/10 p-3 font-medium">
          {unbookable === "sold"
            ? t("This product is already sold")
            : unbookable === "reserved"
              ? t("This laptop is booked by another buyer")
              : t("This listing has expired")}
        </p>
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            {t("Close")}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <DialogHeader
        id={id}
        title={t("Book {name}", { name: product.productName })}
        detail={t("Leave your number and a place to meet; the seller will call you.")}
        onClose={onClose}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label={t("Your Name")}>
          <input id={`${id}-name`} type="text" className={readOnly} value={buyerName} readOnly />
        </FormField>
        <FormField id={`${id}-email`} label={t("Your Email")}>
          <input id={`${id}-email`} type="email" className={readOnly} value={buyerEmail} readOnly />
        </FormField>
        <FormField id={`${id}-product`} label={t("Product")}>
          <input id={`${id}-product`} type="text" className={readOnly} value={product.productName} readOnly />
        </FormField>
        <FormField id={`${id}-price`} label={t("Price")} hint={priceNote}>
          <input
            id={`${id}-price`}
            type="text"
            className={readOnly}
            value={formatTk(product.sellPrice, locale)}
            readOnly
            aria-describedby={fieldDescribedBy(`${id}-price`, undefined, priceNote)}
          />
        </FormField>
      </div>

      <FormField id={`${id}-number`} label={t("Contact Number")} error={errors.number}>
        <input
          id={`${id}-number`}
          name="number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          required
          placeholder="01712345678"
          data-autofocus
          className={`input w-full ${errors.number ? "input-error" : ""}`}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-number`, errors.number)}
        />
      </FormField>
      <FormField id={`${id}-meet`} label={t("Meeting Location")} error={errors.meetLocation}>
        <input
          id={`${id}-meet`}
          name="meetLocation"
          type="text"
          required
          placeholder={t("e.g. Dhanmondi 27, Dhaka")}
          className={`input w-full ${errors.meetLocation ? "input-error" : ""}`}
          value={meetLocation}
          onChange={(e) => setMeetLocation(e.target.value)}
          aria-invalid={errors.meetLocation ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-meet`, errors.meetLocation)}
        />
      </FormField>
      <MethodChoice id={`${id}-pay`} methods={methods} value={paymentMethod} onChange={setChosen} error={errors.paymentMethod} t={t} />

      {message && (
        <p role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Cancel")}
        </button>
        <div className="sm:w-40">
          <SubmitButton busy={busy}>{t("Submit")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
