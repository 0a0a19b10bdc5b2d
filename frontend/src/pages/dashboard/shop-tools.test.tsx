// #37 tools for a shop: the shop page's form, a new listing's remembered
// details, Post a similar ad, and My Products' bulk actions.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Product } from "@/api/products";
import type { Shop } from "@/api/shops";
import { TOKEN_KEY } from "@/lib/api";
import { categories, product, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";
import { shopBody, shopValues, validateShop } from "@/pages/dashboard/my-shop";

const LIST = "/api/userProducts?email=karim%40example.com";
const mine = (o: Partial<Product>) => product({ seller: seller.userName, sellerEmail: seller.email, sellerId: seller._id, ...o });
const empty: Shop = { logo: "", banner: "", address: "", about: "", hours: [], lat: null, lon: null, openNow: null };
const t = (k: string, p?: Record<string, unknown>) => k.replace(/\{(\w+)\}/g, (_, n: string) => String(p?.[n]));

function api(extra: ApiTable = {}): ApiTable {
  return { "/api/me": seller, "/api/categorys": categories, ...extra };
}

const sentBody = (mock: ReturnType<typeof stubApi>, path: string, method: string) => JSON.parse(String(requestsTo(mock, path, method)[0]!.body)) as unknown;

describe("the shop page form", () => {
  it("keeps what was saved, midnight as 00:00, and sends it back as it was", () => {
    const saved: Shop = { ...empty, address: "Mirpur 10", hours: [{ day: "sat", open: "10:00", close: "24:00" }], lat: 23.8, lon: 90.4 };
    const v = shopValues(saved);
    expect(v.hours.sat).toEqual({ open: true, from: "10:00", to: "00:00" });
    expect(v.hours.fri.open).toBe(false);
    expect(shopBody(v)).toEqual({ logo: "", banner: "", address: "Mirpur 10", about: "", hours: [{ day: "sat", open: "10:00", close: "24:00" }], lat: 23.8, lon: 90.4 });
  });

  it("refuses hours that close before they open and half a map position", () => {
    const v = shopValues(empty);
    v.hours.sun = { open: true, from: "18:00", to: "09:00" };
    v.lat = "23.8";
    const e = validateShop(v, t as never);
    expect(e["hours.sun"]).toBe("It must open before it closes");
    expect(e.lon).toMatch(/longitude/);
    expect(e.lat).toBeUndefined();
  });

  it("saves the address, about and a day's hours, and shows the server's field errors beside their inputs", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let calls = 0;
    const mock = stubApi(
      api({
        "/api/me/shop": empty,
        "PUT /api/me/shop": (init: RequestInit) => {
          calls++;
          if (calls === 1) return reply(400, { message: "address is too long", code: "invalid", fields: { address: "must be at most 200 characters" } })(init);
          return reply(200, { ...empty, address: "Shop 4, Multiplan Center", openNow: true })(init);
        },
      }),
    );
    renderApp("/dashboard/shop");
    await screen.findByRole("heading", { name: "My shop" });
    await userEvent.type(screen.getByLabelText("Address"), "Shop 4, Multiplan Center");
    await userEvent.type(screen.getByLabelText("About"), "Checked laptops");
    await userEvent.click(screen.getByRole("checkbox", { name: "Saturday" }));
    await userEvent.click(screen.getByRole("button", { name: "Save shop page" }));
    expect(await screen.findByText("Address must be at most 200 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Address")).toHaveAttribute("aria-invalid", "true");
    expect(sentBody(mock, "/api/me/shop", "PUT")).toEqual({
      logo: "",
      banner: "",
      address: "Shop 4, Multiplan Center",
      about: "Checked laptops",
      hours: [{ day: "sat", open: "10:00", close: "20:00" }],
      lat: null,
      lon: null,
    });
    await userEvent.click(screen.getByRole("button", { name: "Save shop page" }));
    expect(await screen.findByText("Your shop page is saved")).toBeInTheDocument();
  });
});

describe("a new listing's remembered details", () => {
  it("starts with the seller's phone and location", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/me/listing-defaults": { number: "01712345678", location: "Uttara, Dhaka" } }));
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    expect(screen.getByLabelText("Phone Number")).toHaveValue("01712345678");
    expect(screen.getByLabelText("Location")).toHaveValue("Uttara, Dhaka");
    expect(screen.getByLabelText("Product Name")).toHaveValue("");
  });

  it("Post a similar ad copies a listing's fields and specs, not its photos", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const old = mine({
      _id: "41",
      productName: "HP EliteBook 840 G5",
      sellPrice: 38000,
      orginalPrice: 95000,
      category: "HP",
      condition: "good",
      location: "Mirpur, Dhaka",
      number: "01799999999",
      photos: ["/uploads/a.jpg", "/uploads/b.jpg"],
      specs: { ramGb: 8, storageType: "SSD" },
    });
    stubApi(api({ [LIST]: [old], "/api/products/41": old, "/api/me/listing-defaults": { number: "0", location: "nowhere" } }));
    renderApp("/dashboard/myproducts");
    await userEvent.click(await screen.findByRole("link", { name: "Post a similar ad like HP EliteBook 840 G5" }));
    await screen.findByRole("heading", { name: "Add a Product" });
    expect(screen.getByRole("status")).toHaveTextContent("Copied from HP EliteBook 840 G5");
    expect(screen.getByLabelText("Product Name")).toHaveValue("HP EliteBook 840 G5");
    expect(screen.getByLabelText("Sell Price")).toHaveValue(38000);
    expect(screen.getByLabelText("Category")).toHaveValue("HP");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("01799999999");
    expect(screen.getByLabelText("Location")).toHaveValue("Mirpur, Dhaka");
    expect(screen.queryAllByRole("img", { name: /photo/i })).toHaveLength(0);
  });
});

describe("bulk actions in My Products", () => {
  it("renews the selected listings at once and says what became of each", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const a = mine({ _id: "1", productName: "Dell Latitude 7490" });
    const b = mine({ _id: "2", productName: "HP 250 G8", available: "soled" });
    const c = mine({ _id: "3", productName: "Asus VivoBook" });
    const mock = stubApi(
      api({
        [LIST]: [a, b, c],
        "POST /api/products/bulk": reply(200, {
          done: 1,
          results: [
            { _id: "1", ok: true, expiresAt: "2027-01-27T10:00:00Z" },
            { _id: "2", ok: false, status: 409, code: "sold", message: "This product is already sold" },
          ],
        }),
      }),
    );
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 3" });
    const bar = screen.getByRole("toolbar", { name: "Selected listings" });
    expect(within(bar).getByRole("button", { name: "Renew selected" })).toBeDisabled();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Dell Latitude 7490" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select HP 250 G8" }));
    expect(within(bar).getByText("2 selected")).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole("button", { name: "Renew selected" }));
    expect(await screen.findByText("Renewed 1 of 2")).toBeInTheDocument();
    expect(sentBody(mock, "/api/products/bulk", "POST")).toEqual({ action: "renew", ids: ["1", "2"] });
    expect(screen.getByText("This product is already sold")).toBeInTheDocument();
    // the refused one stays selected
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Select HP 250 G8" })).toBeChecked());
    expect(screen.getByRole("checkbox", { name: "Select Dell Latitude 7490" })).not.toBeChecked();
  });

  it("asks before marking the selected listings sold, and sends nothing when the seller says no", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const mock = stubApi(api({ [LIST]: [mine({ _id: "1", productName: "Dell Latitude 7490" })] }));
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    await userEvent.click(screen.getByRole("button", { name: "Mark selected sold" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Mark 1 listings sold outside the shop?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(mock, "/api/products/bulk", "POST")).toHaveLength(0);
  });
});
