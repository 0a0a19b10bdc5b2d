import { describe, expect, it } from "vitest";
import { cleanCode, parseHandoverQr } from "@/lib/handover";

describe("hand-over codes", () => {
  it("reads the QR's address: the booking and the code", () => {
    expect(parseHandoverQr("https://shop.example/dashboard/leads?handover=22&code=123456")).toEqual({ bookingId: "22", code: "123456" });
    expect(parseHandoverQr("  http://localhost:5173/dashboard/leads?code=000001&handover=abc \n")).toEqual({ bookingId: "abc", code: "000001" });
  });

  it("reads the 6 digits alone", () => {
    expect(parseHandoverQr("654321")).toEqual({ code: "654321" });
  });

  it("refuses anything else", () => {
    for (const text of ["", "12345", "1234567", "hello", "https://example.com/", "https://shop.example/dashboard/leads?handover=22&code=12345", "https://shop.example/dashboard/leads?code=123456"]) {
      expect(parseHandoverQr(text), text).toBeNull();
    }
  });

  it("keeps what is typed to 6 ASCII digits, Bangla digits turned", () => {
    expect(cleanCode("১২৩ ৪৫৬")).toBe("123456");
    expect(cleanCode("12-34-5678")).toBe("123456");
    expect(cleanCode("abc")).toBe("");
  });
});
