import { describe, expect, it } from "vitest";
import { telHref, whatsappHref } from "@/lib/contact";

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
});
