// Phone numbers as people type them: on a Bangla keyboard the digits are
// ০১৭...; the server (and a tel: link) wants ASCII digits.

const BANGLA_ZERO = 0x09e6;

/** asciiDigits turns Bangla digits (০–৯) into 0–9 and leaves everything else as it is. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/** normalizePhone is a typed phone number as sent: ASCII digits, no space around it. */
export function normalizePhone(text: string): string {
  return asciiDigits(text).trim();
}

const PHONE = /^\+?[0-9][0-9 -]{4,}[0-9]$/;

/** isPhone tells whether a typed number (in either script) looks like a phone number: digits, spaces, dashes, a leading +. */
export function isPhone(text: string): boolean {
  return PHONE.test(normalizePhone(text));
}
