import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Notification } from "@/api/notifications";
import { TOKEN_KEY } from "@/lib/api";
import { seller } from "@/test/fixtures";
import { jsonResponse, renderApp, requestsTo, stubApi } from "@/test/render-app";

const note = (id: string, read: boolean, title: string): Notification => ({
  _id: id,
  kind: "booking_received",
  title,
  body: "Rahim booked your HP EliteBook.",
  link: "/dashboard/myproducts",
  createdAt: "2026-11-22T10:00:00Z",
  read,
});

describe("/notifications and the bell", () => {
  it("shows the unread count on the bell, lists newest first, and opening one marks it read and follows its link", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let unread = 1;
    const api = stubApi({
      "/api/categorys": [],
      "/api/me": seller,
      "/api/notifications/unread": () => jsonResponse(200, { count: unread }),
      "/api/notifications?lang=en": () => jsonResponse(200, [note("2", unread === 0, "New booking: HP EliteBook"), note("1", true, "Older news")]),
      "PUT /api/notifications/read": () => {
        unread = 0;
        return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
      },
      "/api/userProducts?email=karim%40example.com": [],
    });
    const router = renderApp("/notifications");
    expect(await screen.findByRole("link", { name: "Notifications, 1 unread" })).toHaveAttribute("href", "/notifications");
    const items = within(await screen.findByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Unread: New booking: HP EliteBook");
    expect(items[1]).toHaveTextContent("Older news");

    await userEvent.click(screen.getByRole("button", { name: /New booking: HP EliteBook/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/myproducts"));
    expect(JSON.parse(requestsTo(api, "/api/notifications/read", "PUT")[0]!.body as string)).toEqual({ ids: ["2"] });
    await waitFor(() => expect(screen.getByRole("link", { name: "Notifications" })).toBeInTheDocument());
  });

  it("marks all read", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const api = stubApi({
      "/api/categorys": [],
      "/api/me": seller,
      "/api/notifications/unread": { count: 2 },
      "/api/notifications?lang=en": [note("2", false, "Two"), note("1", false, "One")],
      "PUT /api/notifications/read": { acknowledged: true, modifiedCount: 2 },
    });
    renderApp("/notifications");
    await userEvent.click(await screen.findByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(requestsTo(api, "/api/notifications/read", "PUT")).toHaveLength(1));
    expect(JSON.parse(requestsTo(api, "/api/notifications/read", "PUT")[0]!.body as string)).toEqual({ all: true });
  });
});
