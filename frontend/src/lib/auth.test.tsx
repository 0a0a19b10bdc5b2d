import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { Role, User } from "@/lib/auth";
import { renderApp, stubApi } from "@/test/render-app";

function signIn(role: Role) {
  const user: User = { _id: "9", userName: "Karim", email: "karim@example.com", userPhoto: "", role, verify: "" };
  localStorage.setItem(TOKEN_KEY, "token");
  stubApi({ "/api/categorys": [], "/api/me": user });
}

describe("route guards", () => {
  it("send a signed-out visitor to /login, keeping where they came from", async () => {
    stubApi({ "/api/categorys": [] });
    const router = renderApp("/dashboard/mybooking");

    expect(await screen.findByRole("heading", { name: "Log In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/dashboard/mybooking" } });
  });

  it("let a buyer into My Booking and show only the buyer menu", async () => {
    signIn("Buyer");
    renderApp("/dashboard");

    expect(await screen.findByRole("heading", { name: "My Booking" })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Dashboard" });
    expect(menu).toHaveTextContent("My Booking");
    expect(menu).not.toHaveTextContent("All Users");
    expect(menu).not.toHaveTextContent("Add Product");
  });

  it("keep a buyer out of seller pages", async () => {
    signIn("Buyer");
    const router = renderApp("/dashboard/addproduct");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByRole("heading", { name: "Add a Product" })).not.toBeInTheDocument();
  });

  it("let a seller add a product and show the seller menu", async () => {
    signIn("Seller");
    renderApp("/dashboard/addproduct");

    expect(await screen.findByRole("heading", { name: "Add a Product" })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Dashboard" });
    expect(menu).toHaveTextContent("My Products");
    expect(menu).not.toHaveTextContent("All Seller");
  });

  it("let an admin see every admin page link", async () => {
    signIn("Admin");
    renderApp("/dashboard/allusers");

    expect(await screen.findByRole("heading", { name: "All Users" })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Dashboard" });
    for (const label of ["My Booking", "All Users", "All Buyers", "All Seller", "Categories", "Reported Products"]) {
      expect(menu).toHaveTextContent(label);
    }
    expect(menu).not.toHaveTextContent("Add Product");
  });
});
