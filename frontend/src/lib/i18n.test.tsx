import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPosted, formatTk, localDigits } from "@/lib/format";
import { LANG_KEY, makeTranslate, preferredLanguage } from "@/lib/i18n";
import { categories, product } from "@/test/fixtures";
import { renderApp, stubApi, type ApiTable } from "@/test/render-app";

const urgent = product({ productName: "MacBook Air M1", category: "APPLE", sellPrice: 85000, orginalPrice: 125000, advertise: true });

function homeApi(): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/advertised": [urgent],
    "/api/products?category=WALTON&limit=8": [],
    "/api/products?category=APPLE&limit=8": [urgent],
    "/api/products?category=HP&limit=8": [],
    "/api/products?category=ASUS&limit=8": [],
  };
}

/** The header bar's switch (a phone has another in its menu). */
const barSwitch = (name: string) => screen.getAllByRole("button", { name }).find((b) => !b.closest("details"))!;

afterEach(() => {
  document.documentElement.lang = "en";
});

describe("the language switch", () => {
  it("shows the page in Bangla after choosing it, with Bengali digits, and remembers the choice", async () => {
    stubApi(homeApi());
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Shop by brand" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");

    await userEvent.click(barSwitch("বাংলা"));

    expect(await screen.findByRole("heading", { name: "ব্র্যান্ড অনুযায়ী কিনুন" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Shop by brand" })).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe("bn");
    expect(localStorage.getItem(LANG_KEY)).toBe("bn");
    expect(document.title).toBe("Resale – পুরোনো ল্যাপটপ কেনাবেচা");
    // the header, and a price in Bengali digits with lakh grouping
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "লগ ইন" })).toBeInTheDocument();
    const card = within(screen.getByRole("region", { name: "জরুরি বিক্রি" })).getByRole("article", { name: "MacBook Air M1" });
    expect(within(card).getByText("৳৮৫,০০০")).toBeInTheDocument();
    expect(within(card).getByText("৳১,২৫,০০০")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "বুক করুন" })).toBeInTheDocument();
    // the server's time and date, written the Bangla way
    expect(within(card).getByText(/^পোস্ট: ৩:০৭/)).toBeInTheDocument();
  });

  it("starts in the remembered language on a reload and switches back to English", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(homeApi());
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "ব্র্যান্ড অনুযায়ী কিনুন" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("bn");

    await userEvent.click(barSwitch("English"));

    expect(await screen.findByRole("heading", { name: "Shop by brand" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
    expect(localStorage.getItem(LANG_KEY)).toBe("en");
    const card = within(screen.getByRole("region", { name: "Urgent Sell" })).getByRole("article", { name: "MacBook Air M1" });
    expect(within(card).getByText("85,000 Tk")).toBeInTheDocument();
    // English keeps the server's texts exactly
    expect(within(card).getByText("Posted 3:07 PM, 11-21-2026")).toBeInTheDocument();
  });

  it("keeps the spec's English copy word for word", async () => {
    localStorage.setItem(LANG_KEY, "en");
    stubApi({ "/api/categorys": categories });
    renderApp("/no/such/page");
    expect(await screen.findByRole("link", { name: "Go to Home" })).toBeInTheDocument();
    const t = makeTranslate(undefined, "en-US");
    expect(t("Verifyed")).toBe("Verifyed");
    expect(t("product successfuly added")).toBe("product successfuly added");
    expect(t("booking.deletePrompt")).toBe("Are you sure delete this user");
    expect(t("Reported Products: {count}", { count: 3 })).toBe("Reported Products: 3");
  });
});

describe("preferredLanguage", () => {
  it("follows a browser that prefers Bangla, unless a choice was remembered", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["bn-BD", "en"]);
    expect(preferredLanguage()).toBe("bn");
    localStorage.setItem(LANG_KEY, "en");
    expect(preferredLanguage()).toBe("en");
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-GB"]);
    expect(preferredLanguage()).toBe("en");
  });
});

describe("Bangla numbers and dates", () => {
  it("writes amounts with the taka sign and Bengali digits", () => {
    expect(formatTk(85000, "bn-BD")).toBe("৳৮৫,০০০");
    expect(formatTk(1250000, "bn-BD")).toBe("৳১২,৫০,০০০");
    expect(formatTk(85000)).toBe("85,000 Tk");
    expect(localDigits("1.5", "bn-BD")).toBe("১.৫");
    expect(localDigits("1.5")).toBe("1.5");
  });

  it("writes the server's time and date in Bangla when they parse, and leaves them alone otherwise", () => {
    expect(formatPosted("3:04 PM", "01-02-2006")).toBe("3:04 PM, 01-02-2006");
    const bn = formatPosted("3:04 PM", "01-02-2006", "bn-BD");
    expect(bn).toMatch(/^৩:০৪/);
    expect(bn).toContain("২০০৬");
    expect(bn).toContain("জানু");
    expect(formatPosted("12:30 AM", "12-31-2025", "bn-BD")).toMatch(/^১২:৩০/);
    expect(formatPosted("soon", "13-45-2025", "bn-BD")).toBe("soon, 13-45-2025");
  });
});

describe("the phone's menu", () => {
  it("also switches the language, and closes", async () => {
    stubApi(homeApi());
    renderApp("/");
    const menu = screen.getByRole("list", { name: "Menu" });
    const details = menu.closest("details")!;
    details.setAttribute("open", "");
    await userEvent.click(within(menu).getByRole("button", { name: "বাংলা" }));
    expect(await screen.findByRole("heading", { name: "ব্র্যান্ড অনুযায়ী কিনুন" })).toBeInTheDocument();
    expect(details).not.toHaveAttribute("open");
    expect(within(screen.getByRole("list", { name: "মেনু" })).getByRole("button", { name: "English" })).toHaveAttribute("lang", "en");
  });
});
