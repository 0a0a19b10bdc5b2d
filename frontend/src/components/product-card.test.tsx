import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { render as rtlRender, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ProductCard } from "@/components/product-card";
import { product } from "@/test/fixtures";

/** The card links to the product's page, so it needs a router around it. */
function render(ui: ReactElement) {
  return rtlRender(ui, { wrapper: MemoryRouter });
}

describe("product card", () => {
  it("shows every field of the product", () => {
    const p = product({
      productName: "Walton Tamarind EX510",
      picture: "/uploads/tamarind.jpg",
      sellPrice: 38500,
      orginalPrice: 62000,
      category: "WALTON",
      condition: "excellent",
      location: "Uttara, Dhaka",
      used: "3",
      number: "+8801811223344",
      seller: "Nusrat Jahan",
      time: "9:41 AM",
      date: "01-05-2027",
      description: "Barely used, box and charger included.",
    });
    render(<ProductCard product={p} onBook={() => {}} onReport={() => {}} />);
    const card = screen.getByRole("article", { name: "Walton Tamarind EX510" });

    const img = within(card).getByRole("img", { name: "Walton Tamarind EX510" });
    expect(img).toHaveAttribute("src", "/uploads/tamarind.jpg");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(within(card).getByRole("heading", { name: "Walton Tamarind EX510" })).toBeInTheDocument();
    // prices in Tk with thousands separators; the original one struck through
    expect(card).toHaveTextContent("Selling price: 38,500 Tk");
    expect(within(card).getByText("62,000 Tk").tagName).toBe("DEL");
    const fact = (label: string) => within(card).getByText(label, { selector: "dt" }).nextElementSibling;
    expect(fact("Brand")).toHaveTextContent("WALTON");
    expect(fact("Condition")).toHaveTextContent("excellent");
    expect(fact("Used")).toHaveTextContent("3 year");
    expect(fact("Location")).toHaveTextContent("Uttara, Dhaka");
    expect(fact("Phone")).toHaveTextContent("+8801811223344");
    expect(card).toHaveTextContent("Seller: Nusrat Jahan");
    expect(card).toHaveTextContent("Posted 9:41 AM, 01-05-2027");
    expect(within(card).getByText("Barely used, box and charger included.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Book Now" })).toBeEnabled();
    expect(within(card).getByRole("button", { name: "Report" })).toBeEnabled();
  });

  it("shows the key three specs in one line: processor, memory and storage, battery", () => {
    const specs = { processor: "Core i5-1135G7", ramGb: 8, storageGb: 512, storageType: "SSD" as const, batteryHealth: 88, gpu: "Intel Iris Xe", charger: true };
    const { rerender } = render(<ProductCard product={product({ specs })} onBook={() => {}} onReport={() => {}} />);
    // the other specs are for the product's page
    expect(screen.getByText("Core i5-1135G7 · 8 GB RAM · 512 GB SSD · Battery 88%")).toBeInTheDocument();
    rerender(<ProductCard product={product({ specs: { ramGb: 16, storageGb: 1000 } })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByText("16 GB RAM · 1 TB")).toBeInTheDocument();
    rerender(<ProductCard product={product({ specs: { batteryHealth: 0 } })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByText("Battery 0%")).toBeInTheDocument();
  });

  it("says nothing of specs when the listing has none, or comes from an older server", () => {
    const { rerender } = render(<ProductCard product={product({ specs: {}, description: "" })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.queryByText(/GB|Battery/)).not.toBeInTheDocument();
    const { specs: _, ...old } = product({ description: "" });
    rerender(<ProductCard product={old as ReturnType<typeof product>} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByRole("article")).toBeInTheDocument();
    expect(screen.queryByText(/GB|Battery/)).not.toBeInTheDocument();
  });

  it("shows a lowered price's earlier one struck through beside the price, only when it was lowered", () => {
    const { rerender } = render(<ProductCard product={product({ sellPrice: 45000, priceDroppedFrom: 55000 })} onBook={() => {}} onReport={() => {}} />);
    const card = screen.getByRole("article");
    const was = within(card).getByText("55,000 Tk");
    expect(was.tagName).toBe("DEL");
    expect(was.parentElement).toHaveTextContent(/^was 55,000 Tk$/);
    // right after the price, before the original price
    expect(was.parentElement!.previousElementSibling).toHaveTextContent("Selling price: 45,000 Tk");
    expect(was.parentElement!.nextElementSibling).toHaveTextContent("Original price: 98,500 Tk");
    rerender(<ProductCard product={product({ sellPrice: 45000, priceDroppedFrom: null })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.queryByText(/was/)).not.toBeInTheDocument();
  });

  it("shows the verified badge only for a verified seller", () => {
    const { rerender } = render(<ProductCard product={product({ sellerVerify: false })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
    rerender(<ProductCard product={product({ sellerVerify: true })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByText("Verified")).toHaveAttribute("title", "Verified seller");
  });

  it("keeps an empty description's room (cards as tall as their skeletons) but says nothing there", () => {
    render(<ProductCard product={product({ description: "" })} onBook={() => {}} onReport={() => {}} />);
    const room = screen.getByRole("article").querySelector(".line-clamp-3");
    expect(room).toHaveTextContent(/^$/);
    expect(room).toHaveAttribute("aria-hidden", "true");
  });

  it("says Booked, with a link to My Booking, instead of Book Now for a product the user booked", () => {
    render(<ProductCard product={product()} booked onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByRole("link", { name: /^Booked/ })).toHaveAttribute("href", "/dashboard/mybooking");
    expect(screen.queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Report" })).toBeInTheDocument();
  });

  it("passes the product to Book Now and Report", async () => {
    const p = product();
    const onBook = vi.fn();
    const onReport = vi.fn();
    render(<ProductCard product={p} onBook={onBook} onReport={onReport} />);
    await userEvent.click(screen.getByRole("button", { name: "Book Now" }));
    expect(onBook).toHaveBeenCalledWith(p);
    expect(onReport).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    expect(onReport).toHaveBeenCalledWith(p);
  });

  it("offers no booking or report on the seller's own product", () => {
    render(<ProductCard product={product()} own onBook={() => {}} onReport={() => {}} />);
    expect(screen.queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Your product" })).toBeDisabled();
  });

  it("says Booked, with no booking, for a product another buyer holds (reserved)", () => {
    const onBook = vi.fn();
    render(<ProductCard product={product({ reserved: true })} onBook={onBook} onReport={() => {}} />);
    const card = screen.getByRole("article");
    expect(within(card).queryByRole("button", { name: "Book Now" })).not.toBeInTheDocument();
    const off = within(card).getByRole("button", { name: "Booked: reserved for another buyer" });
    expect(off).toBeDisabled();
    expect(off).toHaveTextContent(/^Booked$/);
    // a badge on the photo too; not the buyer's own Booked link
    expect(card.querySelector("figure .badge-warning")).toHaveTextContent(/^Booked$/);
    expect(within(card).queryByRole("link", { name: /^Booked/ })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Report" })).toBeEnabled();
  });

  it("keeps the buyer's own Booked link when the reservation is theirs", () => {
    render(<ProductCard product={product({ reserved: true })} booked onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByRole("link", { name: /^Booked/ })).toHaveAttribute("href", "/dashboard/mybooking");
    expect(screen.queryByRole("button", { name: /reserved for another buyer/ })).not.toBeInTheDocument();
    expect(screen.getByRole("article").querySelector("figure .badge-warning")).toBeNull();
  });

  it("shows no Booked badge for a product nobody holds", () => {
    render(<ProductCard product={product({ reserved: false })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByRole("article").querySelector("figure .badge-warning")).toBeNull();
    expect(screen.queryByText("Booked")).not.toBeInTheDocument();
  });
});
