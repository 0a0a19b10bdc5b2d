import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MailFailure } from "@/api/notifications";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories } from "@/test/fixtures";
import { renderApp, stubApi } from "@/test/render-app";

const LIST = "/api/admin/mail-failures";
const failed: MailFailure = {
  _id: "7",
  source: "notification",
  kind: "booking_received",
  to: "seller@example.com",
  createdAt: "2026-11-22T09:30:00Z",
  attempts: 12,
  error: "554 5.7.1 relay refused",
  gaveUpAt: "2026-11-23T09:30:00Z",
};
const retrying: MailFailure = { ...failed, _id: "3", source: "account", kind: "reset_password", to: "rahim@example.com", attempts: 2, error: "451 try later", gaveUpAt: null };

describe("mail problems", () => {
  it("lists each failed email with its state, for an admin, from the menu", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/products/report?report=reported": [], [LIST]: [failed, retrying] });
    renderApp("/dashboard/mail");
    expect(await screen.findByRole("heading", { name: "Mail problems" })).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Mail problems" })).toHaveAttribute("href", "/dashboard/mail");
    const [, first, second] = screen.getAllByRole("row");
    expect(first).toHaveTextContent("seller@example.com");
    expect(first).toHaveTextContent("booking_received");
    expect(first).toHaveTextContent("Gave up");
    expect(first).toHaveTextContent("554 5.7.1 relay refused");
    expect(second).toHaveTextContent("reset_password");
    expect(second).toHaveTextContent("Retrying");
  });

  it("says so when every email went out", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": admin, "/api/categorys": categories, "/api/products/report?report=reported": [], [LIST]: [] });
    renderApp("/dashboard/mail");
    expect(await screen.findByText("No mail problems")).toBeInTheDocument();
  });

  it("is not a buyer's page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/me": buyer, "/api/categorys": categories, "/api/bookings": [] });
    renderApp("/dashboard/mail");
    expect(await screen.findByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Mail problems" })).not.toBeInTheDocument();
  });
});
