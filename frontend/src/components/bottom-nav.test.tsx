import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { tabOf } from "@/components/bottom-nav";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories, seller } from "@/test/fixtures";
import { onPhone } from "@/test/phone";
import { renderApp, stubApi } from "@/test/render-app";

const nav = () => screen.findByRole("navigation", { name: "Phone navigation" });

/** The nav's tabs by their names, in order. */
async function tabs() {
  const n = await nav();
  return Array.from(n.querySelectorAll("a, button"), (el) => el.getAttribute("aria-label") ?? el.textContent);
}

describe("the bottom navigation on a phone (#37)", () => {
  it("knows which tab a page belongs to", () => {
    expect(tabOf("/")).toBe("home");
    expect(tabOf("/home")).toBe("home");
    expect(tabOf("/search")).toBe("search");
    expect(tabOf("/dashboard/addproduct")).toBe("sell");
    expect(tabOf("/dashboard/messages")).toBe("chats");
    expect(tabOf("/dashboard/messages/12")).toBe("chats");
    expect(tabOf("/dashboard/mybooking")).toBe("account");
    expect(tabOf("/settings/notifications")).toBe("account");
    expect(tabOf("/login")).toBe("account");
    expect(tabOf("/product/42")).toBeNull();
    expect(tabOf("/dashboardx")).toBeNull();
  });

  it("gives a visitor Home (current), Search, Sell to sign up as a seller, Chats and Account to log in", async () => {
    onPhone(360);
    stubApi({ "/api/categorys": categories, "/api/advertised": [] });
    renderApp("/");
    const n = await nav();
    expect(await tabs()).toEqual(["Home", "Search", "Sell", "Chats", "Account"]);
    expect(within(n).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    expect(within(n).getByRole("link", { name: "Search" })).not.toHaveAttribute("aria-current");
    expect(within(n).getByRole("link", { name: "Sell" })).toHaveAttribute("href", "/signup?role=Seller&from=%2Fdashboard%2Faddproduct");
    expect(within(n).getByRole("link", { name: "Chats" })).toHaveAttribute("href", "/dashboard/messages");
    expect(within(n).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/login");
  });

  it("goes to the search and opens the header's search box, ready to type", async () => {
    onPhone(360);
    stubApi({ "/api/categorys": categories, "/api/advertised": [], "/api/products": [] });
    renderApp("/");
    await userEvent.click(within(await nav()).getByRole("link", { name: "Search" }));
    await waitFor(() => expect(within(screen.getByRole("navigation", { name: "Phone navigation" })).getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page"));
    expect(screen.getByRole("combobox", { name: "Search laptops" })).toHaveFocus();
  });

  it("shows a signed-in seller the unread chats, Sell to Add Product and Account to the dashboard", async () => {
    onPhone(390);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/categorys": categories, "/api/me": seller, "/api/conversations/unread": { count: 3 }, "/api/conversations": [] });
    renderApp("/dashboard/messages");
    const n = await nav();
    const chats = await within(n).findByRole("link", { name: "Chats, 3 unread" });
    expect(chats).toHaveAttribute("aria-current", "page");
    expect(within(chats).getByTestId("chats-unread")).toHaveTextContent("3");
    expect(within(n).getByRole("link", { name: "Sell" })).toHaveAttribute("href", "/dashboard/addproduct");
    expect(within(n).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/dashboard");
  });

  it("asks a buyer's Sell first, as Post your ad does", async () => {
    onPhone(360);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/categorys": categories, "/api/advertised": [], "/api/me": buyer });
    renderApp("/");
    await userEvent.click(await within(await nav()).findByRole("button", { name: "Sell" }));
    expect(await screen.findByRole("alertdialog", { name: "Sell your laptop here?" })).toBeInTheDocument();
  });

  it("has no Sell for an admin, who does not sell", async () => {
    onPhone(360);
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ "/api/categorys": categories, "/api/advertised": [], "/api/me": admin });
    renderApp("/");
    await waitFor(async () => expect(await tabs()).toEqual(["Home", "Search", "Chats", "Account"]));
  });

  it("is not drawn from md up", async () => {
    onPhone(1024);
    stubApi({ "/api/categorys": categories, "/api/advertised": [] });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Shop by brand" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Phone navigation" })).not.toBeInTheDocument();
  });
});
