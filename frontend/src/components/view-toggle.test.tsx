import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ViewToggle } from "@/components/view-toggle";
import { LanguageProvider } from "@/lib/i18n";
import { LISTING_VIEW_KEY, storedListingView } from "@/lib/listing-view";
import { categories, product } from "@/test/fixtures";
import { onPhone } from "@/test/phone";
import { renderApp, stubApi } from "@/test/render-app";

const air = product({ productName: "MacBook Air M1", category: "APPLE", sellPrice: 65000, orginalPrice: 120000, location: "Dhanmondi, Dhaka" });
const pro = product({ productName: "MacBook Pro 14", category: "APPLE", sellPrice: 150000, orginalPrice: 140000, sellerVerify: true });

function pressed(name: string) {
  return screen.getByRole("button", { name }).getAttribute("aria-pressed");
}

describe("the phone's list view toggle (#37)", () => {
  it("starts on List, and a choice is pressed, stored and kept by a new page", async () => {
    onPhone();
    const first = render(
      <LanguageProvider>
        <ViewToggle />
      </LanguageProvider>,
    );
    const group = screen.getByRole("group", { name: "Show laptops as" });
    expect(within(group).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["List", "Grid", "Full cards"]);
    expect([pressed("List"), pressed("Grid"), pressed("Full cards")]).toEqual(["true", "false", "false"]);

    await userEvent.click(screen.getByRole("button", { name: "Grid" }));
    expect([pressed("List"), pressed("Grid"), pressed("Full cards")]).toEqual(["false", "true", "false"]);
    expect(localStorage.getItem(LISTING_VIEW_KEY)).toBe("grid");

    // a page opened later (or reloaded) starts from the stored choice
    first.unmount();
    render(
      <LanguageProvider>
        <ViewToggle />
      </LanguageProvider>,
    );
    expect(pressed("Grid")).toBe("true");
  });

  it("follows a choice made in another tab, and reads a stored value it does not know as List", async () => {
    onPhone();
    render(
      <LanguageProvider>
        <ViewToggle />
      </LanguageProvider>,
    );
    act(() => {
      localStorage.setItem(LISTING_VIEW_KEY, "card");
      window.dispatchEvent(new StorageEvent("storage", { key: LISTING_VIEW_KEY }));
    });
    await waitFor(() => expect(pressed("Full cards")).toBe("true"));
    localStorage.setItem(LISTING_VIEW_KEY, "tiles");
    expect(storedListingView()).toBe("list");
  });

  it("on a phone lists the search results as rows, then a grid, then the full cards, as chosen", async () => {
    onPhone(360);
    stubApi({ "/api/categorys": categories, "/api/products?q=mac": [air, pro] });
    renderApp("/search?q=mac");

    const row = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(row).toHaveAttribute("data-tile", "list");
    // the row: price, what it was, where, the heart; no Book Now (it is on the laptop's page)
    expect(within(row).getByText("65,000 Tk")).toBeInTheDocument();
    expect(within(row).getByText("120,000 Tk").tagName).toBe("DEL");
    expect(within(row).getByText("Dhanmondi, Dhaka")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "MacBook Air M1" })).toHaveAttribute("href", `/product/${air._id}`);
    expect(within(row).getByRole("button", { name: "Save MacBook Air M1 to favourites" })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    // a higher "original" price than the price is no saving: no was-price; the seller is verified
    const other = screen.getByRole("article", { name: "MacBook Pro 14" });
    expect(within(other).queryByText("140,000 Tk")).not.toBeInTheDocument();
    expect(within(other).getByText("Verified seller")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Grid" }));
    expect(screen.getByRole("article", { name: "MacBook Air M1" })).toHaveAttribute("data-tile", "grid");

    await userEvent.click(screen.getByRole("button", { name: "Full cards" }));
    const card = screen.getByRole("article", { name: "MacBook Air M1" });
    expect(card).not.toHaveAttribute("data-tile");
    expect(within(card).getByRole("button", { name: "Book Now" })).toBeInTheDocument();
    expect(localStorage.getItem(LISTING_VIEW_KEY)).toBe("card");
  });

  it("from md up shows the full cards whatever a phone chose, and no toggle", async () => {
    onPhone(1024);
    localStorage.setItem(LISTING_VIEW_KEY, "grid");
    stubApi({ "/api/categorys": categories, "/api/products?q=mac": [air, pro] });
    renderApp("/search?q=mac");

    const card = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(card).not.toHaveAttribute("data-tile");
    expect(within(card).getByRole("button", { name: "Book Now" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Show laptops as" })).not.toBeInTheDocument();
  });
});
