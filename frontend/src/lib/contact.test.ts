import { describe, expect, it } from "vitest";
import { contactNumber, telHref, whatsappHref } from "@/lib/contact";

describe("contact links", () => {
  it("calls the number's digits", () => {
    expect(telHref("01712-345 678")).toBe("tel:01712345678");
    expect(telHref("+880 1712 345678")).toBe("tel:+8801712345678");
    expect(telHref("০১৭১২৩৪৫৬৭৮")).toBe("tel:01712345678");
  });

  it("writes a Bangladeshi number internationally for WhatsApp", () => {
    expect(whatsappHref("01712345678")).toBe("https://wa.me/8801712345678");
    expect(whatsappHref("+880 1712-345678")).toBe("https://wa.me/8801712345678");
    expect(whatsappHref("008801712345678")).toBe("https://wa.me/8801712345678");
  });

  it("uses the seller's verified phone for a listing when there is one (#35), else the number typed on it", () => {
    expect(contactNumber({ number: "01911-000000", sellerPhoneVerified: true, sellerPhone: "+8801712345678" })).toEqual({ number: "+8801712345678", verified: true });
    expect(contactNumber({ number: "01911-000000", sellerPhoneVerified: false })).toEqual({ number: "01911-000000", verified: false });
    expect(contactNumber({ number: "01911-000000" })).toEqual({ number: "01911-000000", verified: false });
  });
});
