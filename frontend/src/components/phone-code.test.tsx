import { describe, expect, it } from "vitest";
import { codeDigits, phoneProblem, waitText } from "@/components/phone-code";
import { ApiError } from "@/lib/api";
import { makeTranslate } from "@/lib/i18n";
import { bn } from "@/locales/bn";

const t = makeTranslate(undefined, "en-US");

describe("the SMS code's parts", () => {
  it("takes a typed or pasted code as its six digits, Bangla ones too", () => {
    expect(codeDigits("123 456")).toBe("123456");
    expect(codeDigits("১২৩-৪৫৬")).toBe("123456");
    expect(codeDigits("Your code: 654321.")).toBe("654321");
    expect(codeDigits("12345678")).toBe("123456");
    expect(codeDigits("abc")).toBe("");
  });

  it("writes a wait as a clock, hours only when there are some, in the language's digits", () => {
    expect(waitText(45, "en-US")).toBe("0:45");
    expect(waitText(60, "en-US")).toBe("1:00");
    expect(waitText(7 * 3600 + 5 * 60, "en-US")).toBe("7:05:00");
    expect(waitText(45, "bn-BD")).toBe("০:৪৫");
  });

  it("says why a request was refused, under the field it is about", () => {
    const fields = (f: Record<string, string>, status = 400) => new ApiError(status, "Invalid input", "invalid", f);
    expect(phoneProblem(new ApiError(429, "Too many codes asked for.", "throttled", {}, {}, 45), t, "en-US")).toEqual({
      field: "form",
      message: "Too many codes asked for. Try again in 0:45.",
    });
    expect(phoneProblem(fields({ phone: "must be a Bangladeshi mobile number, like 01712-345678" }), t, "en-US")).toEqual({
      field: "phone",
      message: "Enter a Bangladeshi mobile number, such as 01712345678.",
    });
    expect(phoneProblem(fields({ code: "is wrong: 3 tries left" }), t, "en-US")).toEqual({ field: "code", message: "That code is not right. 3 tries left." });
    expect(phoneProblem(fields({ code: "is wrong: 1 try left" }), t, "en-US").message).toBe("That code is not right. 1 try left.");
    expect(phoneProblem(fields({ code: "is wrong, and that was the last try: ask for a new code" }), t, "en-US").message).toBe(
      "This code no longer works. Send a new code.",
    );
    expect(phoneProblem(fields({ code: "has expired or was used up: ask for a new code" }), t, "en-US").message).toBe("This code no longer works. Send a new code.");
    expect(phoneProblem(new ApiError(409, "This number is verified on another account", "conflict", { phone: "is verified on another account" }), t, "en-US")).toEqual({
      field: "phone",
      message: "This number is verified on another account.",
    });
    expect(phoneProblem(new ApiError(503, "off", "sms_off"), t, "en-US")).toEqual({ field: "form", message: "Codes by SMS are off on this shop right now." });
    expect(phoneProblem(new ApiError(401, "Wrong or expired code", "unauthorized"), t, "en-US").field).toBe("code");
  });

  it("says it in Bangla, with Bangla digits", () => {
    const tbn = makeTranslate(bn, "bn-BD");
    const wrong = new ApiError(400, "Invalid input", "invalid", { code: "is wrong: 3 tries left" });
    expect(phoneProblem(wrong, tbn, "bn-BD").message).toBe("কোডটি সঠিক নয়। আর ৩ বার চেষ্টা করা যাবে।");
  });
});
