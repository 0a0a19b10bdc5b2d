import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { EditableProduct } from "@/pages/dashboard/product-form";
import { categories, product, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/userProducts?email=karim%40example.com";

const listing: EditableProduct = {
  ...product({ _id: "77", productName: "Lenovo ThinkPad T480", seller: seller.userName, sellerEmail: seller.email, sellPrice: 42000, orginalPrice: 90000, category: "HP" }),
  picture: "/uploads/a.jpg",
  photos: ["/uploads/a.jpg", "/uploads/b.jpg", "/uploads/c.jpg"],
  specs: { processor: "Core i5 8th Gen", ramGb: 20, storageGb: 256, storageType: "SSD", screenInches: 14, batteryHealth: 81, charger: true },
};

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    [LIST]: [listing],
    "/api/products/77": listing,
    "PATCH /api/products/77": reply(200, { acknowledged: true, modifiedCount: 1 }),
    ...extra,
  };
}

const save = () => userEvent.click(screen.getByRole("button", { name: "Save changes" }));
const grid = () => screen.getByRole("list", { name: "Pictures of the laptop, cover first" });
const order = () => within(grid()).queryAllByRole("img").map((img) => img.getAttribute("src")?.replace("?w=640", ""));
const patches = (mock: ReturnType<typeof stubApi>) => requestsTo(mock, "/api/products/77", "PATCH").map((init) => JSON.parse(String(init.body)) as unknown);

describe("edit product", () => {
  it("fills the form from the listing: fields, photos in order and specs (an odd RAM size as Other)", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api());
    renderApp("/dashboard/products/77/edit");
    expect(await screen.findByRole("heading", { name: "Edit listing" })).toBeInTheDocument();

    expect(screen.getByLabelText("Product Name")).toHaveValue("Lenovo ThinkPad T480");
    expect(screen.getByLabelText("Sell Price")).toHaveValue(42000);
    expect(screen.getByLabelText("Original Price")).toHaveValue(90000);
    expect(screen.getByLabelText("Category")).toHaveValue("HP");
    expect(screen.getByLabelText("Condition")).toHaveValue("good");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("01712345678");
    expect(order()).toEqual(["/uploads/a.jpg", "/uploads/b.jpg", "/uploads/c.jpg"]);
    expect(within(grid()).getByRole("img", { name: "Photo 1 of 3, the cover" })).toHaveAttribute("src", "/uploads/a.jpg?w=640");

    // a listing with specs opens its details
    expect(screen.getByText("Laptop details (optional)").closest("details")).toHaveAttribute("open");
    expect(screen.getByLabelText("Processor (CPU)")).toHaveValue("Core i5 8th Gen");
    expect(screen.getByLabelText("RAM (GB)")).toHaveValue("other");
    expect(screen.getByLabelText("RAM in GB")).toHaveValue(20);
    expect(screen.getByLabelText("Storage (GB)")).toHaveValue("256");
    expect(screen.getByLabelText("Storage type")).toHaveValue("SSD");
    expect(screen.getByLabelText("Screen size (inches)")).toHaveValue("14");
    expect(screen.getByLabelText("Battery health (%)")).toHaveValue(81);
    expect(screen.getByLabelText("Charger included")).toHaveValue("yes");
    expect(screen.getByLabelText("Warranty left (months)")).toHaveValue(null);
    expect(screen.getByLabelText("Sell Price")).toHaveAccessibleDescription("Lower it and your ad shows “was 42,000 Tk” for 30 days.");
  });

  it("sends only what changed (photos reordered, the price lowered, one spec), toasts Changes saved and goes back to My Products", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    const router = renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });

    await userEvent.click(within(grid()).getByRole("button", { name: "Move photo 3 left" }));
    await userEvent.clear(screen.getByLabelText("Sell Price"));
    await userEvent.type(screen.getByLabelText("Sell Price"), "39000");
    await userEvent.clear(screen.getByLabelText("Battery health (%)"));
    await userEvent.type(screen.getByLabelText("Battery health (%)"), "80");
    await save();

    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/myproducts"));
    expect(patches(fetchMock)).toEqual([
      {
        photos: ["/uploads/a.jpg", "/uploads/c.jpg", "/uploads/b.jpg"],
        sellPrice: 39000,
        // specs replace the whole set: every one kept is sent again
        specs: { processor: "Core i5 8th Gen", ramGb: 20, storageGb: 256, storageType: "SSD", screenInches: 14, batteryHealth: 80, charger: true },
      },
    ]);
    // no upload: the existing photos are kept as they are
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(0);
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);
  });

  it("adds a new photo to the kept ones and sends the list; with nothing changed it sends nothing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "POST /api/images": reply(201, { success: true, data: { url: "/uploads/new.png" } }) }));
    renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });

    await save();
    expect(await screen.findByText("Nothing changed")).toBeInTheDocument();
    expect(patches(fetchMock)).toHaveLength(0);

    await userEvent.upload(screen.getByLabelText("Photo"), new File([new Uint8Array([1])], "side.png", { type: "image/png" }));
    await waitFor(() => expect(order()).toEqual(["/uploads/a.jpg", "/uploads/b.jpg", "/uploads/c.jpg", "/uploads/new.png"]));
    await userEvent.click(within(grid()).getByRole("button", { name: "Remove photo 2" }));
    await save();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ photos: ["/uploads/a.jpg", "/uploads/c.jpg", "/uploads/new.png"] }]));
  });

  it("checks sell price against original price, and shows the API's refusals beside their fields", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api({
        "PATCH /api/products/77": reply(400, {
          message: "specs.screenInches must be between 10.0 and 18.4",
          code: "invalid",
          fields: { "specs.screenInches": "must be between 10.0 and 18.4", orginalPrice: "must be a whole number of Tk from 1 to 10000000" },
        }),
      }),
    );
    const router = renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });

    await userEvent.clear(screen.getByLabelText("Sell Price"));
    await userEvent.type(screen.getByLabelText("Sell Price"), "95000");
    await save();
    await waitFor(() => expect(screen.getByLabelText("Sell Price")).toHaveAccessibleDescription("The sell price cannot be above the original price"));
    expect(patches(fetchMock)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText("Sell Price"));
    await userEvent.type(screen.getByLabelText("Sell Price"), "41000");
    await save();
    await waitFor(() => expect(screen.getByLabelText("Screen size (inches)")).toHaveAccessibleDescription("Screen size (inches) must be between 10.0 and 18.4"));
    expect(screen.getByLabelText("Original Price")).toHaveAccessibleDescription("Original Price must be a whole number of Tk from 1 to 10000000");
    expect(screen.getByRole("alert")).toHaveTextContent("specs.screenInches must be between 10.0 and 18.4");
    expect(screen.queryByText("Changes saved")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/products/77/edit");
  });

  it("shows the server's word when the listing was sold meanwhile (409)", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "PATCH /api/products/77": reply(409, { message: "This product is already sold", code: "sold" }) }));
    renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });
    await userEvent.type(screen.getByLabelText("Location"), ", Road 4");
    await save();
    expect(await screen.findByRole("alert")).toHaveTextContent("This product is already sold");
    expect(screen.getByRole("button", { name: "Save changes" })).toBeEnabled();
  });

  it("says a sold listing cannot be edited, and shows no form", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/products/77": { ...listing, available: "soled" } }));
    renderApp("/dashboard/products/77/edit");
    expect(await screen.findByRole("alert")).toHaveTextContent("This laptop is sold, so its listing cannot be edited. Relist it from My Products to change it.");
    expect(screen.queryByRole("button", { name: "Save changes" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Products" })).toHaveAttribute("href", "/dashboard/myproducts");
  });

  it("says so when the listing is gone (GET 404: sold or deleted)", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/products/77": reply(404, { message: "Product not found", code: "not_found" }) }));
    renderApp("/dashboard/products/77/edit");
    expect(await screen.findByRole("alert")).toHaveTextContent("This listing is sold or was deleted, so it cannot be edited.");
    expect(screen.queryByRole("button", { name: "Save changes" })).not.toBeInTheDocument();
  });

  it("does not offer someone else's listing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api({ "/api/products/77": { ...listing, sellerEmail: "tanvir@example.com" } }));
    renderApp("/dashboard/products/77/edit");
    expect(await screen.findByRole("alert")).toHaveTextContent("Only its seller can edit this listing.");
    expect(screen.queryByRole("button", { name: "Save changes" })).not.toBeInTheDocument();
  });
});

describe("My Products: Edit", () => {
  it("offers Edit on each available listing, not on sold ones, and opens the filled-in form", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const sold = { ...listing, _id: "78", productName: "HP 250 G8", available: "soled" as const };
    stubApi(api({ [LIST]: () => jsonResponse(200, [listing, sold]) }));
    const router = renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 2" });

    expect(within(screen.getByRole("row", { name: /HP 250 G8/ })).queryByRole("link", { name: /^Edit/ })).not.toBeInTheDocument();
    const edit = within(screen.getByRole("row", { name: /Lenovo/ })).getByRole("link", { name: "Edit Lenovo ThinkPad T480" });
    expect(edit).toHaveAttribute("href", "/dashboard/products/77/edit");
    await userEvent.click(edit);
    expect(await screen.findByRole("heading", { name: "Edit listing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/products/77/edit");
    expect(screen.getByLabelText("Product Name")).toHaveValue("Lenovo ThinkPad T480");
  });

  it("edits a listing GET no longer shows (expired) from the copy My Products handed over", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "/api/products/77": reply(404, { message: "Product not found", code: "not_found" }) }));
    renderApp("/dashboard/myproducts");
    await screen.findByRole("heading", { name: "My Products: 1" });
    await userEvent.click(screen.getByRole("link", { name: "Edit Lenovo ThinkPad T480" }));
    expect(await screen.findByRole("heading", { name: "Edit listing" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Product Name")).toHaveValue("Lenovo ThinkPad T480");
    await userEvent.clear(screen.getByLabelText("Product Name"));
    await userEvent.type(screen.getByLabelText("Product Name"), "Lenovo ThinkPad T480s");
    await save();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ productName: "Lenovo ThinkPad T480s" }]));
  });
});
