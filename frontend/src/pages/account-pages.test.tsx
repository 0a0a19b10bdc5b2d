import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { buyer } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const bodyOf = (init: RequestInit | undefined) => JSON.parse(init!.body as string) as unknown;

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

  it("/verify-email posts the token once, says so, and the banner goes", async () => {
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
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Please verify your email/)).not.toBeInTheDocument());
    expect(requestsTo(api, "/api/auth/verify-email", "POST")).toHaveLength(1);
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
