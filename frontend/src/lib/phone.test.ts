import { describe, expect, it } from "vitest";
import { asciiDigits, isPhone, normalizePhone } from "@/lib/phone";

describe("phone numbers", () => {
  it("turns Bangla digits into ASCII ones", () => {
    expect(asciiDigits("০১৭১২৩৪৫৬৭৮")).toBe("01712345678");
    expect(normalizePhone(" +৮৮০ ১৭১২-৩৪৫৬৭৮ ")).toBe("+880 1712-345678");
  });

  it("accepts a number in either script and refuses letters", () => {
    expect(isPhone("01712345678")).toBe(true);
    expect(isPhone("০১৭১২৩৪৫৬৭৮")).toBe(true);
    expect(isPhone("০১৭12৩৪৫৬৭৮")).toBe(true);
    expect(isPhone("call me")).toBe(false);
    expect(isPhone("১২")).toBe(false);
  });
});
