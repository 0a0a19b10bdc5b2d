// The small parts a product's card shares with the rest of the shop (the
// header's and the bottom bar's chat icon, the product page, the sellers'
// tables): a module of their own, so that using one of them does not load
// the whole card (#9: the first page loads the card or the phone's row by
// screen width, in product-shelf.tsx).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { ProductSpecs } from "@/api/products";
import { formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";

/** ChatIcon is the speech bubble of "Chat with seller" and the header's messages. */
export function ChatIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  );
}

/**
 * One labelled fact of a product (in a <dl>): up to two lines (a place
 * keeps its city), or wrapped in full. twoLines keeps the room of two lines
 * even for a short text, so every card of a list is as tall as its skeleton.
 */
export function Fact({ label, wrap = false, twoLines = false, children }: { label: string; wrap?: boolean; twoLines?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content/65">{label}</dt>
      <dd className={`font-medium break-words ${wrap ? "" : "line-clamp-2"} ${twoLines ? "min-h-[2lh]" : ""}`}>{children}</dd>
    </div>
  );
}

/** A size in GB for people: "512 GB", and whole terabytes as "1 TB" (from 1000 or 1024 GB). */
export function gbText(gb: number, t: Translate): string {
  const tb = gb % 1024 ? gb / 1000 : gb / 1024;
  return gb >= 1000 && Number.isInteger(tb) ? t("{n} TB", { n: tb }) : t("{n} GB", { n: gb });
}

/** A laptop's storage for people, e.g. "512 GB SSD", "1 TB", "SSD"; "" when unknown. */
export function storageText(s: ProductSpecs, t: Translate): string {
  return [s.storageGb && gbText(s.storageGb, t), s.storageType].filter(Boolean).join(" ");
}

/**
 * VerifiedBadge marks a seller the admins verified: small, beside a name;
 * "table" is the admin's sellers' table, with the spec's word Verifyed.
 */
export function VerifiedBadge({ variant = "name" }: { variant?: "name" | "table" }) {
  const { t } = useLanguage();
  const table = variant === "table";
  return (
    <span
      className={table ? "badge badge-info badge-soft gap-1 font-semibold whitespace-nowrap" : "badge badge-info badge-sm gap-1 font-semibold"}
      title={table ? undefined : t("Verified seller")}
    >
      <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.4 6.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0l-3.5-3.5a1 1 0 1 1 1.4-1.4l2.8 2.8 6.3-6.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      {table ? t("Verifyed") : t("Verified")}
    </span>
  );
}

/** BookedLink stands for Book Now on a product the signed-in user booked: it says so and leads to My Booking. */
export function BookedLink({ className = "" }: { className?: string }) {
  const { t } = useLanguage();
  return (
    <Link to="/dashboard/mybooking" className={`btn btn-success btn-soft ${className}`} aria-label={t("Booked: see My Booking")}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="m5 13 4 4L19 7" />
      </svg>
      {t("Booked")}
    </Link>
  );
}

/** PriceDrop says what a lowered price was before ("was 55,000 Tk"), beside the price. */
export function PriceDrop({ from }: { from: number }) {
  const { t, locale } = useLanguage();
  return (
    <div className="text-sm font-medium text-success">
      {t("was")} <del>{formatTk(from, locale)}</del>
    </div>
  );
}
