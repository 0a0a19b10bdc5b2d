import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const bodyOf = (init: RequestInit | undefined) => JSON.parse(init!.body as string) as unknown;
/** A paragraph whose whole text (bold parts included) is text. */
const paragraph = (text: string | RegExp) => (_: string, el: Element | null) =>
  el?.tagName === "P" && (typeof text === "string" ? el.textContent === text : text.test(el.textContent ?? ""));

describe("the account pages", () => {
  it("/forgot-password says to check the email whatever the answer", async () => {
    const api = stubApi({ "/api/categorys": [], "POST /api/auth/forgot": reply(202, { message: "ok" }) });
    renderApp("/forgot-password");
    await userEvent.type(await screen.findByLabelText("Email"), "rahim@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText("Check your email")).toBeInTheDocument();
    expect(bodyOf(requestsTo(api, "/api/auth/forgot", "POST")[0])).toEqual({ email: "rahim@example.com" });
  });

  it("/reset-password wants the same password twice, then signs in with the answer and goes home", async () => {
    const api = stubApi({ "/api/categorys": [], "/api/advertised": [], "POST /api/auth/reset": { accessToken: "new-tok", user: buyer } });
    const router = renderApp("/reset-password?token=abc");
    await userEvent.type(await screen.findByLabelText("New password"), "a-new-password-1");
    await userEvent.type(screen.getByLabelText("New password again"), "a-different-one");
    await userEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByText("The two passwords are not the same.")).toBeInTheDocument();
    expect(requestsTo(api, "/api/auth/reset", "POST")).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText("New password again"));
    await userEvent.type(screen.getByLabelText("New password again"), "a-new-password-1");
    await userEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("new-tok");
    expect(bodyOf(requestsTo(api, "/api/auth/reset", "POST")[0])).toEqual({ token: "abc", password: "a-new-password-1" });
  });

  it("/reset-password shows a used link's message with a way to ask again", async () => {
    stubApi({ "/api/categorys": [], "POST /api/auth/reset": reply(400, { message: "This link has expired or was already used", code: "bad_request" }) });
    renderApp("/reset-password?token=old");
    await userEvent.type(await screen.findByLabelText("New password"), "a-new-password-1");
    await userEvent.type(screen.getByLabelText("New password again"), "a-new-password-1");
    await userEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByText("This link has expired or was already used")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("/reset-password says on arrival that a link was used or has expired, spending nothing", async () => {
    for (const [state, heading] of [
      ["used", "This link was already used"],
      ["expired", "This link has expired"],
      ["unknown", "This link does not work"],
    ] as const) {
      const api = stubApi({ "/api/categorys": [], "POST /api/auth/reset/check": { state } });
      renderApp("/reset-password?token=old");
      expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
      expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
      expect(bodyOf(requestsTo(api, "/api/auth/reset/check", "POST")[0])).toEqual({ token: "old" });
      expect(requestsTo(api, "/api/auth/reset", "POST")).toHaveLength(0);
      cleanup();
    }
  });

  it("/verify-email says on arrival that a used link's email is verified already", async () => {
    const api = stubApi({ "/api/categorys": [], "POST /api/auth/verify-email/check": { state: "used", emailVerified: true } });
    renderApp("/verify-email?token=t1");
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeInTheDocument();
    expect(screen.getByText("This link was already used: your email is verified. There is nothing more to do.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm my email address" })).not.toBeInTheDocument();
    expect(requestsTo(api, "/api/auth/verify-email", "POST")).toHaveLength(0);
  });

  it("/verify-email posts nothing on arrival; the button verifies with the account's own session and the banner goes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let verified = false;
    const api = stubApi({
      "/api/categorys": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": () => jsonResponse(200, { ...buyer, emailVerified: verified }),
      "POST /api/auth/verify-email": () => {
        verified = true;
        return jsonResponse(200, { user: { ...buyer, emailVerified: true } });
      },
    });
    renderApp("/verify-email?token=t1", { strict: true });
    const button = await screen.findByRole("button", { name: "Confirm my email address" });
    expect(await screen.findByText(paragraph("You are logged in as rahim@example.com."))).toBeInTheDocument();
    expect(requestsTo(api, "/api/auth/verify-email", "POST")).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Please verify your email/)).not.toBeInTheDocument());
    expect(requestsTo(api, "/api/auth/verify-email", "POST").map(bodyOf)).toEqual([{ token: "t1" }]);
  });

  it("/verify-email signed out asks for the account's password, and the right one signs in here", async () => {
    const api = stubApi({
      "/api/categorys": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: true },
      "POST /api/auth/verify-email": (init: RequestInit) => {
        const body = bodyOf(init) as { password?: string };
        if (!body.password) return jsonResponse(409, { message: "needed", code: "password_needed", email: "rahim@example.com" });
        if (body.password !== "my own password") return jsonResponse(400, { message: "password is wrong", code: "invalid", fields: { password: "is wrong" } });
        return jsonResponse(200, { user: { ...buyer, emailVerified: true }, accessToken: "new-tok" });
      },
    });
    renderApp("/verify-email?token=t2");
    await userEvent.click(await screen.findByRole("button", { name: "Confirm my email address" }));
    expect(await screen.findByRole("heading", { name: "Is this your account?" })).toBeInTheDocument();
    expect(screen.getByText(paragraph(/^This link is for rahim@example.com\./))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password of this account"), "a guess");
    await userEvent.click(screen.getByRole("button", { name: "Verify with this password" }));
    expect(await screen.findByText("That is not this account's password.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Password of this account"));
    await userEvent.type(screen.getByLabelText("Password of this account"), "my own password");
    await userEvent.click(screen.getByRole("button", { name: "Verify with this password" }));
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeInTheDocument();
    expect(screen.getByText(paragraph("You are logged in as rahim@example.com."))).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("new-tok");
    expect(requestsTo(api, "/api/auth/verify-email", "POST").map(bodyOf)).toEqual([
      { token: "t2" },
      { token: "t2", password: "a guess" },
      { token: "t2", password: "my own password" },
    ]);
  });

  it("/verify-email: 'I did not create this account' sets a new password and says what happened", async () => {
    const api = stubApi({
      "/api/categorys": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: true },
      "POST /api/auth/verify-email": (init: RequestInit) =>
        (bodyOf(init) as { newPassword?: string }).newPassword
          ? jsonResponse(200, { user: { ...buyer, emailVerified: true }, accessToken: "owner-tok" })
          : jsonResponse(409, { message: "needed", code: "password_needed", email: "rahim@example.com" }),
    });
    renderApp("/verify-email?token=t3");
    await userEvent.click(await screen.findByRole("button", { name: "Confirm my email address" }));
    await userEvent.click(await screen.findByRole("button", { name: "I did not create this account" }));
    await userEvent.type(screen.getByLabelText("New password"), "a passphrase of mine");
    await userEvent.type(screen.getByLabelText("New password again"), "a passphrase of mine");
    await userEvent.click(screen.getByRole("button", { name: "Make this account mine" }));
    expect(await screen.findByRole("heading", { name: "The account is yours" })).toBeInTheDocument();
    expect(screen.getByText(paragraph(/The old password no longer works/))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Settings" })).toHaveAttribute("href", "/settings");
    expect(localStorage.getItem(TOKEN_KEY)).toBe("owner-tok");
    expect(requestsTo(api, "/api/auth/verify-email", "POST").map(bodyOf)).toEqual([{ token: "t3" }, { token: "t3", newPassword: "a passphrase of mine" }]);
  });

  it("/verify-email of another account keeps this browser's session and says whose it is", async () => {
    localStorage.setItem(TOKEN_KEY, "mine");
    stubApi({
      "/api/categorys": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: true },
      "POST /api/auth/verify-email": (init: RequestInit) =>
        (bodyOf(init) as { password?: string }).password
          ? jsonResponse(200, { user: { ...buyer, _id: "99", email: "other@example.com", emailVerified: true } })
          : jsonResponse(409, { message: "needed", code: "password_needed", email: "other@example.com" }),
    });
    renderApp("/verify-email?token=t4");
    await userEvent.click(await screen.findByRole("button", { name: "Confirm my email address" }));
    expect(await screen.findByText(paragraph(/^This link is for other@example.com\./))).toBeInTheDocument();
    expect(screen.getByText(paragraph("You are logged in as rahim@example.com."))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password of this account"), "their password");
    await userEvent.click(screen.getByRole("button", { name: "Verify with this password" }));
    expect(await screen.findByText(paragraph("You are still logged in as rahim@example.com. To use other@example.com, log out and log in with its password."))).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("mine");
  });

  it("the banner shows for an unverified user and resends the link", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const api = stubApi({
      "/api/categorys": [],
      "/api/advertised": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: false },
      "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: true },
      "POST /api/auth/resend-verification": reply(202, { message: "sent" }),
    });
    renderApp("/home");
    expect(await screen.findByText("Please verify your email: open the link we sent to rahim@example.com.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resend the link" }));
    expect(await screen.findByText("A new link is on its way.")).toBeInTheDocument();
    expect(requestsTo(api, "/api/auth/resend-verification", "POST")).toHaveLength(1);
  });

  it("the banner stays away where the shop sends no email", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({
      "/api/categorys": [],
      "/api/advertised": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: false },
      "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false, mailEnabled: false },
    });
    renderApp("/home");
    expect(await screen.findByRole("link", { name: /Notifications/ })).toBeInTheDocument();
    expect(screen.queryByText(/Please verify your email/)).not.toBeInTheDocument();
  });

  it("/unsubscribe posts the token only when the button is pressed", async () => {
    const api = stubApi({ "/api/categorys": [], "POST /api/unsubscribe?token=a%2Bb": reply(200, {}) });
    renderApp("/unsubscribe?token=a%2Bb");
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(requestsTo(api, "/api/unsubscribe?token=a%2Bb", "POST")).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeInTheDocument();
    expect(requestsTo(api, "/api/unsubscribe?token=a%2Bb", "POST")).toHaveLength(1);
  });

  it("/settings/notifications turns one kind's email off", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let settings = { booking_received: true, payment_received: true };
    const api = stubApi({
      "/api/categorys": [],
      "/api/notifications/unread": { count: 0 },
      "/api/me": { ...buyer, emailVerified: true, phone: "" },
      "/api/me/notification-settings": () => jsonResponse(200, { email: settings }),
      "PUT /api/me/notification-settings": (init: RequestInit) => {
        settings = { ...settings, ...(bodyOf(init) as { email: typeof settings }).email };
        return jsonResponse(200, { email: settings });
      },
    });
    renderApp("/settings/notifications");
    const toggle = await screen.findByRole("checkbox", { name: "Someone books my laptop" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Someone books my laptop" })).not.toBeChecked());
    expect(bodyOf(requestsTo(api, "/api/me/notification-settings", "PUT")[0])).toEqual({ email: { booking_received: false } });
    expect(screen.getByRole("button", { name: "Become a seller" })).toBeInTheDocument();
  });
});
