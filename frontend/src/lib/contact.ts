// Ways to reach a seller from their phone number: a call and WhatsApp.
import { asciiDigits } from "@/lib/phone";

/** telHref is the tel: link of a typed number: its digits and a leading +, nothing else. */
export function telHref(number: string): string {
  const n = asciiDigits(number).trim();
  return `tel:${n.startsWith("+") ? "+" : ""}${n.replace(/\D/g, "")}`;
}

/**
 * whatsappHref is the wa.me link of a phone number. WhatsApp wants the
 * international number without + or zeros in front: a Bangladeshi mobile
 * number as people write it (01712345678) becomes 8801712345678.
 */
export function whatsappHref(number: string): string {
  let digits = asciiDigits(number).replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (/^01\d{9}$/.test(digits)) digits = `88${digits}`;
  return `https://wa.me/${digits}`;
}

/** The phone fields of a listing: the number typed on it, and the seller's verified one (#35). */
export type ListingPhone = { number: string; sellerPhoneVerified?: boolean; sellerPhone?: string };

/**
 * contactNumber is the number to show and call for a listing: the seller's
 * verified phone when there is one (#35), else the number typed on it.
 */
export function contactNumber(p: ListingPhone): { number: string; verified: boolean } {
  if (p.sellerPhoneVerified && p.sellerPhone) return { number: p.sellerPhone, verified: true };
  return { number: p.number, verified: false };
}
