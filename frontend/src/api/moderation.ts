// Moderation: the reasons a product is reported for, and the admins' audit
// log (GET /api/admin/audit). The writes of reports, dismissals and
// removals are product writes (products.ts): they change product lists.
import { usePagedList } from "@/lib/paged-list";

/** Why someone reports a product, as the API spells it. */
export type ProductReportReason = "spam" | "sold" | "wrong_price" | "fake" | "stolen" | "offensive" | "other";

/** The reasons a report may give, in the order the report dialog offers them. */
export const PRODUCT_REPORT_REASONS: ProductReportReason[] = ["spam", "sold", "wrong_price", "fake", "stolen", "offensive", "other"];

/** A report's note, and a removal's reason, are at most this many characters. */
export const MODERATION_TEXT_MAX = 500;

/** One person's report of a product, as the admins see it. */
export type ProductReport = {
  reporter: string;
  reason: ProductReportReason;
  note: string;
  createdAt: string;
};

/** What an admin did, as the audit log names it. */
export type AuditAction =
  | "seller_verified"
  | "seller_unverified"
  | "user_deleted"
  | "product_deleted"
  | "reported_product_deleted"
  | "reports_dismissed"
  | "advertising_stopped"
  | "category_created"
  | "category_deleted"
  | "review_removed"
  | "product_hidden"
  | "user_warned"
  | "user_suspended"
  | "payout_recorded";

/** One row of the audit log: who (adminName), what (action), whom (target), when. Names are those of the time. */
export type AuditEntry = {
  _id: string;
  /** null once the admin's account row itself is gone. */
  adminId: string | null;
  adminName: string;
  action: AuditAction;
  targetKind: "user" | "product" | "category" | "review";
  targetId: string;
  targetLabel: string;
  /** e.g. {reason} of a removal, {reports} of a dismissal, {reason, until} of a suspension */
  /** payout_recorded: amount (whole Tk), method and reference. */
  detail: { reason?: string; reports?: number; until?: string; amount?: number; method?: string; reference?: string };
  createdAt: string;
};

export const AUDIT_KEY = "/api/admin/audit";

/** useAudit loads the audit log (admin), newest first, a page at a time (see usePagedList). */
export function useAudit() {
  return usePagedList<AuditEntry>(AUDIT_KEY);
}
