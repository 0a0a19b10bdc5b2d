// The hand-over code a buyer shows the seller: 6 digits, typed, or read from
// the QR on the buyer's booking. The QR holds the leads page's address with
// the booking and the code (https://shop/dashboard/leads?handover=<id>&code=123456),
// or, from an older or another app, just the 6 digits.
import { asciiDigits } from "@/lib/phone";

/** A hand-over code: exactly 6 digits. */
export const HANDOVER_CODE = /^[0-9]{6}$/;

/** cleanCode is what a seller typed, as sent: ASCII digits only (Bangla digits turned), at most 6. */
export function cleanCode(typed: string): string {
  return asciiDigits(typed).replace(/\D/g, "").slice(0, 6);
}

/** What a scanned QR says: the code, and the booking it belongs to when the QR names one. */
export type ScannedHandover = { code: string; bookingId?: string };

/**
 * parseHandoverQr reads a scanned QR: a hand-over address or the 6 digits
 * alone; null for anything else (another site's QR, a code of the wrong length).
 */
export function parseHandoverQr(text: string): ScannedHandover | null {
  const data = text.trim();
  if (HANDOVER_CODE.test(data)) return { code: data };
  let url: URL;
  try {
    url = new URL(data);
  } catch {
    return null;
  }
  const code = url.searchParams.get("code") ?? "";
  const bookingId = url.searchParams.get("handover") ?? "";
  if (!HANDOVER_CODE.test(code) || bookingId === "") return null;
  return { code, bookingId };
}
