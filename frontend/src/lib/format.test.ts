import { describe, expect, it } from "vitest";
import { cutName, formatDateTime, formatNumber, formatPosted, formatTime, formatTk } from "@/lib/format";

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

describe("one money format (#32)", () => {
  it("writes the amount then Tk in English, the taka sign and Bengali digits in Bangla", () => {
    expect(formatTk(35000)).toBe("35,000 Tk");
    expect(formatTk(35000, "bn-BD")).toBe("৳৩৫,০০০");
    expect(formatTk(1250000, "bn-BD")).toBe("৳১২,৫০,০০০");
  });
});

describe("Bangla times (#32)", () => {
  const evening = new Date(2026, 10, 27, 21, 59);
  const morning = new Date(2026, 10, 27, 9, 5);

  it("says পূর্বাহ্ণ/অপরাহ্ণ, not AM/PM, with Bengali digits", () => {
    expect(formatTime(evening, "bn-BD")).toBe("৯:৫৯ অপরাহ্ণ");
    expect(formatTime(morning, "bn-BD")).toBe("৯:০৫ পূর্বাহ্ণ");
    expect(formatTime(new Date(2026, 0, 1, 12, 0), "bn-BD")).toBe("১২:০০ অপরাহ্ণ");
    expect(formatTime(new Date(2026, 0, 1, 0, 30), "bn-BD")).toBe("১২:৩০ পূর্বাহ্ণ");
  });

  it("keeps AM/PM in English", () => {
    expect(formatTime(evening)).toBe("9:59 PM");
  });

  it("a date and time in Bangla has no Latin AM/PM", () => {
    const text = formatDateTime(evening.toISOString(), "bn-BD");
    expect(text).toContain("অপরাহ্ণ");
    expect(text).not.toMatch(/AM|PM/);
    expect(formatDateTime(evening.toISOString())).toMatch(/9:59 PM$/);
  });

  it("a product's posting time in Bangla; the spec's English text stays as it is", () => {
    expect(formatPosted("9:59 PM", "11-27-2026", "bn-BD")).toMatch(/^৯:৫৯ অপরাহ্ণ, /);
    expect(formatPosted("9:59 PM", "11-27-2026")).toBe("9:59 PM, 11-27-2026");
  });
});
