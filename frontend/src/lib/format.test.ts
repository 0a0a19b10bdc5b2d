import { describe, expect, it } from "vitest";
import { cutName, formatNumber, formatTk } from "@/lib/format";

describe("formatTk", () => {
  it("groups thousands and adds Tk", () => {
    expect(formatTk(85000)).toBe("85,000 Tk");
    expect(formatTk(1250000)).toBe("1,250,000 Tk");
  });

  it("keeps small amounts and zero plain", () => {
    expect(formatTk(999)).toBe("999 Tk");
    expect(formatTk(0)).toBe("0 Tk");
  });

  it("writes the number in the locale it is given", () => {
    expect(formatTk(1250000, "en-IN")).toBe("12,50,000 Tk");
    expect(formatTk(1250000, "de-DE")).toBe("1.250.000 Tk");
    expect(formatNumber(85000)).toBe("85,000");
  });
});

describe("cutName", () => {
  it("keeps names shorter than 25 characters", () => {
    const name = "HP EliteBook 840 G5 i5"; // 22 characters
    expect(cutName(name)).toBe(name);
    expect(cutName("x".repeat(24))).toBe("x".repeat(24));
  });

  it("cuts names of exactly 25 characters", () => {
    expect(cutName("y".repeat(25))).toBe(`${"y".repeat(25)}...`);
  });

  it("cuts longer names to 25 characters plus an ellipsis", () => {
    expect(cutName("Apple MacBook Pro 2019 16-inch i9 32GB")).toBe("Apple MacBook Pro 2019 16...");
  });
});
