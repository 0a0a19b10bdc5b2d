import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ProductCard } from "@/components/product-card";
import { RatingStars } from "@/components/rating-stars";
import { product } from "@/test/fixtures";

describe("rating stars", () => {
  it("says the rating in words for screen readers and shows the number and count", () => {
    const { container } = render(<RatingStars average={4.5} count={12} />);
    expect(screen.getByText("4.5 out of 5, 12 reviews")).toHaveClass("sr-only");
    // the stars and numbers are for the eye only
    expect(container).toHaveTextContent("4.5 (12 reviews)");
    expect(container.querySelector("svg")?.closest("[aria-hidden=true]")).not.toBeNull();
  });

  it("says one review in the singular", () => {
    render(<RatingStars average={5} count={1} />);
    expect(screen.getByText("5.0 out of 5, 1 review")).toBeInTheDocument();
  });

  it("says so when there are no reviews", () => {
    render(<RatingStars average={0} count={0} />);
    expect(screen.getByText("No reviews yet")).toBeInTheDocument();
  });
});

describe("the card's seller line", () => {
  it("links the seller's name to their page and shows a small rating", () => {
    const p = product({ seller: "Nusrat Jahan", sellerId: "77", sellerRating: { average: 4.25, count: 3 } });
    render(<ProductCard product={p} onBook={() => {}} onReport={() => {}} />, { wrapper: MemoryRouter });
    expect(screen.getByRole("link", { name: "Nusrat Jahan" })).toHaveAttribute("href", "/seller/77");
    expect(screen.getByRole("img", { name: "Seller rating 4.3 out of 5, reviews: 3" })).toHaveTextContent("★4.3");
  });

  it("shows no rating for a seller without reviews", () => {
    const p = product({ sellerId: "77", sellerRating: { average: 0, count: 0 } });
    const { container } = render(<ProductCard product={p} onBook={() => {}} onReport={() => {}} />, { wrapper: MemoryRouter });
    expect(container).not.toHaveTextContent("out of 5");
    expect(container).not.toHaveTextContent("★");
  });
});
