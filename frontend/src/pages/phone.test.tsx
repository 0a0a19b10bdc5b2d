// Phone numbers people can trust (#35), as the browser shows them: verify
// a phone in the settings, log in with one, SMS switches, and the badge of
// a verified number on a listing and a seller's page.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Seller } from "@/api/sellers";
import { TOKEN_KEY } from "@/lib/api";
import type { User } from "@/lib/auth";
import { buyer, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable, type Responder } from "@/test/render-app";

const bodyOf = (init: RequestInit | undefined) => JSON.parse(init!.body as string) as unknown;
const config = (sms: boolean) => ({ stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: false, sms });
const BADGE_TITLE = "This number was proven with a code sent to it by SMS.";

/** Answers in turn, the last one again and again. */
function inTurn(...answers: Responder[]): Responder {
  let i = 0;
  return (init) => answers[Math.min(i++, answers.length - 1)]!(init);
}

function settingsApi(me: User, extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": [],
    "/api/config": config(true),
    "/api/notifications/unread": { count: 0 },
    "/api/me": { ...me, emailVerified: true },
    "/api/me/notification-settings": { email: { booking_accepted: true }, sms: { booking_accepted: true, handover_reminder: true, payment_received: true } },
    ...extra,
  };
}

describe("verifying a phone in the settings", () => {
  it("sends a code to the number as typed, shows it normalised, says how many tries a wrong code leaves, then shows the number Verified", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const me: User = { ...buyer, phone: "01712-345678", phoneVerified: false };
    const verified: User = { ...me, phone: "+8801712345678", phoneVerified: true };
    let now = me;
    const api = stubApi(
      settingsApi(me, {
        "/api/me": () => jsonResponse(200, { ...now, emailVerified: true }),
        "POST /api/me/phone": reply(202, { phone: "+8801712345678", expiresAt: "2026-11-28T10:05:00Z", retryAfter: 60 }),
        "POST /api/me/phone/verify": inTurn(reply(400, { message: "Invalid input", code: "invalid", fields: { code: "is wrong: 4 tries left" } }), () => {
          now = verified;
          return jsonResponse(200, { user: verified });
        }),
      }),
    );
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Verify your phone number" });
    expect(within(section).getByRole("textbox", { name: "Mobile number" })).toHaveValue("01712-345678");
    await userEvent.click(within(section).getByRole("button", { name: "Send code" }));

    expect(await within(section).findByText("We sent a 6-digit code by SMS to +8801712345678. It works for 5 minutes.")).toBeInTheDocument();
    expect(bodyOf(requestsTo(api, "/api/me/phone", "POST")[0])).toEqual({ phone: "01712-345678" });
    expect(within(section).getByText(/^Send a new code in \d:\d\d$/)).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: /^Send a new code/ })).not.toBeInTheDocument();

    const code = within(section).getByRole("textbox", { name: "Code from the SMS" });
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await userEvent.type(code, "১১১ ১১১");
    expect(code).toHaveValue("111111");
    await userEvent.click(within(section).getByRole("button", { name: "Verify" }));
    expect(await within(section).findByText("That code is not right. 4 tries left.")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(code);
    await userEvent.click(code);
    await userEvent.paste("123 456");
    expect(code).toHaveValue("123456");
    await userEvent.click(within(section).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Your phone number is verified.")).toBeInTheDocument();
    expect(within(section).getByTestId("verified-phone")).toHaveTextContent("+8801712345678");
    expect(within(section).getByTitle(BADGE_TITLE)).toHaveTextContent("Verified");
    expect(bodyOf(requestsTo(api, "/api/me/phone/verify", "POST")[1])).toEqual({ code: "123456" });
    // the profile's field shows the number as verified, so saving the profile keeps it
    const profile = screen.getByRole("form", { name: "Profile" });
    expect(within(profile).getByRole("textbox", { name: "Phone" })).toHaveValue("+8801712345678");
    expect(within(profile).getByTitle(BADGE_TITLE)).toBeInTheDocument();
    // the SMS switches come once the phone is verified
    expect(await screen.findByRole("checkbox", { name: "By SMS: A reminder before my hand-over" })).toBeChecked();
  });

  it("says a number is not a Bangladeshi mobile one, and how long to wait when too many codes were asked for", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      settingsApi({ ...buyer, phone: "" }, {
        "POST /api/me/phone": inTurn(
          reply(400, { message: "Invalid input", code: "invalid", fields: { phone: "must be a Bangladeshi mobile number, like 01712-345678" } }),
          reply(429, { message: "Too many codes asked for." }, { "Retry-After": "125" }),
        ),
      }),
    );
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Verify your phone number" });
    const input = within(section).getByRole("textbox", { name: "Mobile number" });
    await userEvent.type(input, "01212345678");
    await userEvent.click(within(section).getByRole("button", { name: "Send code" }));
    expect(await within(section).findByText("Enter a Bangladeshi mobile number, such as 01712345678.")).toHaveClass("text-error");
    expect(input).toHaveAccessibleDescription("Enter a Bangladeshi mobile number, such as 01712345678.");

    await userEvent.click(within(section).getByRole("button", { name: "Send code" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("Too many codes asked for. Try again in 2:05.");
  });

  it("asks for a new code for the same number once the wait is over, and says an expired code needs a new one", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const api = stubApi(
      settingsApi({ ...buyer, phone: "" }, {
        "POST /api/me/phone": reply(202, { phone: "+8801812345678", expiresAt: "2026-11-28T10:05:00Z", retryAfter: 0 }),
        "POST /api/me/phone/verify": reply(400, { message: "Invalid input", code: "invalid", fields: { code: "has expired or was used up: ask for a new code" } }),
      }),
    );
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Verify your phone number" });
    await userEvent.type(within(section).getByRole("textbox", { name: "Mobile number" }), "8801812345678");
    await userEvent.click(within(section).getByRole("button", { name: "Send code" }));
    await userEvent.type(await within(section).findByRole("textbox", { name: "Code from the SMS" }), "123456");
    await userEvent.click(within(section).getByRole("button", { name: "Verify" }));
    expect(await within(section).findByText("This code no longer works. Send a new code.")).toBeInTheDocument();

    await userEvent.click(within(section).getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText("A new code is on its way.")).toBeInTheDocument();
    const sent = requestsTo(api, "/api/me/phone", "POST").map(bodyOf);
    expect(sent).toEqual([{ phone: "8801812345678" }, { phone: "+8801812345678" }]);
    expect(within(section).getByRole("textbox", { name: "Code from the SMS" })).toHaveValue("");
  });

  it("turns one kind's SMS off once the phone is verified", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let sms = { booking_accepted: true, handover_reminder: true, payment_received: true };
    const api = stubApi(
      settingsApi({ ...buyer, phone: "+8801712345678", phoneVerified: true }, {
        "/api/me/notification-settings": () => jsonResponse(200, { email: { booking_accepted: true }, sms }),
        "PUT /api/me/notification-settings": (init: RequestInit) => {
          sms = { ...sms, ...(bodyOf(init) as { sms: typeof sms }).sms };
          return jsonResponse(200, { email: { booking_accepted: true }, sms });
        },
      }),
    );
    renderApp("/settings/notifications");
    const smsSection = await screen.findByRole("region", { name: "SMS notifications" });
    const toggle = await within(smsSection).findByRole("checkbox", { name: "By SMS: A buyer pays for my laptop" });
    await userEvent.click(toggle);
    await waitFor(() => expect(within(smsSection).getByRole("checkbox", { name: "By SMS: A buyer pays for my laptop" })).not.toBeChecked());
    expect(bodyOf(requestsTo(api, "/api/me/notification-settings", "PUT")[0])).toEqual({ sms: { payment_received: false } });
    // the email switch of the same kind is its own
    expect(screen.getByRole("checkbox", { name: "The seller accepts my booking" })).toBeChecked();
  });

  it("asks to verify a phone before the SMS switches, and leads to it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(settingsApi({ ...buyer, phone: "01712345678", phoneVerified: false }));
    renderApp("/settings");
    const smsSection = await screen.findByRole("region", { name: "SMS notifications" });
    expect(within(smsSection).getByText(/Verify a phone number first to get these by SMS\./)).toBeInTheDocument();
    expect(within(smsSection).queryByRole("checkbox")).not.toBeInTheDocument();
    await userEvent.click(within(smsSection).getByRole("link", { name: "Verify your phone number" }));
    expect(screen.getByRole("textbox", { name: "Mobile number" })).toHaveFocus();
  });

  it("shows nothing of phones where the shop sends no SMS", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ ...settingsApi({ ...buyer, phone: "" }), "/api/config": config(false) });
    renderApp("/settings");
    await screen.findByRole("region", { name: "Email notifications" });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Verify your phone number" })).not.toBeInTheDocument());
    expect(screen.queryByRole("region", { name: "SMS notifications" })).not.toBeInTheDocument();
  });
});

describe("logging in with a phone", () => {
  it("sends a code to the number, says the same whoever has it, and the code signs in as the password does", async () => {
    const me: User = { ...buyer, phone: "+8801712345678", phoneVerified: true };
    const api = stubApi({
      "/api/categorys": [],
      "/api/config": config(true),
      "/api/me": me,
      "POST /api/auth/phone": reply(202, {}),
      "POST /api/auth/phone/verify": inTurn(reply(401, { message: "Wrong or expired code", code: "unauthorized" }), reply(200, { accessToken: "tok-phone", user: me })),
    });
    const router = renderApp("/login");
    await userEvent.click(await screen.findByRole("tab", { name: "Phone and code" }));
    expect(screen.getByRole("tab", { name: "Phone and code" })).toHaveAttribute("aria-selected", "true");
    await userEvent.type(screen.getByRole("textbox", { name: "Mobile number" }), "০১৭১২-৩৪৫৬৭৮");
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));

    expect(await screen.findByText("If this number is verified on an account, a code is on its way.")).toBeInTheDocument();
    expect(bodyOf(requestsTo(api, "/api/auth/phone", "POST")[0])).toEqual({ phone: "01712-345678" });
    const code = screen.getByRole("textbox", { name: "Code from the SMS" });
    await userEvent.type(code, "000000");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("That code is not right or has run out. Check it, or send a new code.")).toHaveClass("text-error");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Login Success")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("tok-phone");
    expect(bodyOf(requestsTo(api, "/api/auth/phone/verify", "POST")[1])).toEqual({ phone: "01712-345678", code: "123456" });
  });

  it("keeps the email and password log-in as it is, with no tabs where the shop sends no SMS", async () => {
    const api = stubApi({ "/api/categorys": [], "/api/config": config(false) });
    renderApp("/login");
    await waitFor(() => expect(requestsTo(api, "/api/config")).toHaveLength(1));
    expect(await screen.findByRole("form", { name: "Log In" })).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });
});

describe("a verified phone on a listing and a seller's page", () => {
  it("shows the seller's verified number with its badge, and Call and WhatsApp use it", async () => {
    const laptop = product({ _id: "42", productName: "MacBook Air M1", number: "01911-000000", sellerPhoneVerified: true, sellerPhone: "+8801712345678" });
    stubApi({ "/api/categorys": categories, "/api/products/42": laptop });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(within(page).getByText("+8801712345678")).toBeInTheDocument();
    expect(within(page).queryByText("01911-000000")).not.toBeInTheDocument();
    expect(within(page).getByTitle(BADGE_TITLE)).toBeInTheDocument();
    expect(within(page).getByRole("link", { name: "Call +8801712345678" })).toHaveAttribute("href", "tel:+8801712345678");
    expect(within(page).getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", "https://wa.me/8801712345678");
  });

  it("shows the number typed on a listing without a badge when the seller's phone is not verified", async () => {
    const laptop = product({ _id: "42", productName: "MacBook Air M1", number: "01911-000000", sellerPhoneVerified: false });
    stubApi({ "/api/categorys": categories, "/api/products/42": laptop });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(within(page).getByRole("link", { name: "Call 01911-000000" })).toHaveAttribute("href", "tel:01911000000");
    expect(within(page).queryByTitle(BADGE_TITLE)).not.toBeInTheDocument();
  });

  it("says on a seller's page that their phone is verified", async () => {
    const seller: Seller = {
      _id: "7",
      userName: "Karim Traders",
      userPhoto: "",
      verify: false,
      phoneVerified: true,
      joinedAt: "2025-03-14T10:00:00Z",
      activeListings: 1,
      soldCount: 0,
      rating: { average: 0, count: 0 },
      responseMinutes: null,
    };
    stubApi({ "/api/me": reply(401, { message: "Unauthorized" }), "/api/categorys": categories, "/api/sellers/7": seller, "/api/sellers/7/reviews": [] });
    renderApp("/seller/7");
    expect(await screen.findByText("This seller's phone number is proven with a code sent to it by SMS.")).toBeInTheDocument();
    expect(screen.getByTitle(BADGE_TITLE)).toBeInTheDocument();
  });
});
