import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Category } from "@/api/categories";
import { TOKEN_KEY } from "@/lib/api";
import { admin, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/categorys";
const photo = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "dell.png", { type: "image/png" });

/** The API of a shop whose category list is list(); each category has as many laptops for sale as its id says. */
function api(list: () => Category[], extra: ApiTable = {}): ApiTable {
  const details = Object.fromEntries(
    ["1", "2", "3", "4", "5", "6"].map((id) => [
      `${LIST}/${id}`,
      () => {
        const c = list().find((x) => x._id === id);
        return c ? jsonResponse(200, { ...c, productCount: id === "5" ? 0 : Number(id) * 3 }) : jsonResponse(404, { message: "Category not found", code: "not_found" });
      },
    ]),
  );
  return { "/api/me": admin, [LIST]: () => jsonResponse(200, list()), ...details, ...extra };
}

async function openPage(count: number) {
  renderApp("/dashboard/categories");
  return screen.findByRole("heading", { name: `Categories: ${count}` });
}

describe("categories (admin)", () => {
  it("lists every category with its tile and how many laptops it has for sale", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => categories));
    await openPage(4);
    const items = within(screen.getByRole("list", { name: "Categories" })).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual(["WALTON", "APPLE", "HP", "ASUS"]);
    expect(items[2]!.querySelector("img")).toHaveAttribute("src", "/categories/hp.svg");
    expect(await within(items[2]!).findByText("9 for sale")).toBeInTheDocument();
    expect(within(items[0]!).getByRole("button", { name: "Delete WALTON" })).toBeEnabled();
  });

  it("adds a category without a photo, toasts, empties the form and lists it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [...categories];
    const fetchMock = stubApi(
      api(() => list, {
        [`POST ${LIST}`]: () => {
          list = [...list, { _id: "5", name: "Lenovo", image: "/categories/laptop.svg" }];
          return jsonResponse(201, { acknowledged: true, insertedId: "5" });
        },
      }),
    );
    await openPage(4);
    await userEvent.type(screen.getByLabelText("Category name"), "  Lenovo ");
    await userEvent.click(screen.getByRole("button", { name: "Add category" }));

    expect(await screen.findByText("Category added")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Categories: 5" })).toBeInTheDocument();
    expect(screen.getByLabelText("Category name")).toHaveValue("");
    const [init] = requestsTo(fetchMock, LIST, "POST");
    expect(JSON.parse(init!.body as string)).toEqual({ name: "Lenovo" });
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(0);
    expect(await screen.findByText("0 for sale")).toBeInTheDocument();
  });

  it("uploads the chosen photo first and sends its url", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api(() => categories, {
        "POST /api/images": reply(201, { success: true, data: { url: "/uploads/0f3a.png" } }),
        [`POST ${LIST}`]: reply(201, { acknowledged: true, insertedId: "6" }),
      }),
    );
    await openPage(4);
    await userEvent.type(screen.getByLabelText("Category name"), "Dell");
    await userEvent.upload(screen.getByLabelText("Tile photo (optional)"), photo());
    await userEvent.click(screen.getByRole("button", { name: "Add category" }));

    expect(await screen.findByText("Category added")).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([path]) => path);
    expect(posts).toEqual(["/api/images", LIST]);
    const [init] = requestsTo(fetchMock, LIST, "POST");
    expect(JSON.parse(init!.body as string)).toEqual({ name: "Dell", image: "/uploads/0f3a.png" });
  });

  it("checks the name before sending, and shows a taken name under the input", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(
      api(() => categories, {
        [`POST ${LIST}`]: reply(409, { message: "A category with this name exists", code: "conflict", fields: { name: "is the name of another category" } }),
      }),
    );
    await openPage(4);
    const name = screen.getByLabelText("Category name");
    const add = screen.getByRole("button", { name: "Add category" });

    await userEvent.click(add);
    expect(await screen.findByText("Type a name for the category")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(name, "<b>Dell</b>");
    await userEvent.click(add);
    expect(await screen.findByText("Use only letters, digits, spaces, &, - and .")).toBeInTheDocument();
    expect(requestsTo(fetchMock, LIST, "POST")).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "hp");
    await userEvent.click(add);
    expect(await screen.findByText("A category with this name exists")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fetchMock, LIST, "POST")).toHaveLength(1);
  });

  it("deletes only after the confirmation, and says why a category with products stays", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list: Category[] = [...categories, { _id: "5", name: "Lenovo", image: "/categories/laptop.svg" }];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE ${LIST}/5`]: () => {
          list = categories;
          return jsonResponse(200, { deletedCount: 1 });
        },
        [`DELETE ${LIST}/3`]: reply(409, { message: "This category still has products", code: "in_use" }),
      }),
    );
    await openPage(5);

    await userEvent.click(screen.getByRole("button", { name: "Delete Lenovo" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete this category?" });
    expect(dialog).toHaveTextContent("Lenovo will no longer be offered to sellers or shown to buyers.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `${LIST}/5`, "DELETE")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Delete Lenovo" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Category deleted")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Categories: 4" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Lenovo" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete HP" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This category still has products")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete HP" })).toBeInTheDocument();
  });

  it("is for admins only", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi({ ...api(() => categories), "/api/me": { ...admin, role: "Seller" }, "/api/config": reply(200, {}) });
    const router = renderApp("/dashboard/categories");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(screen.queryByRole("button", { name: "Add category" })).not.toBeInTheDocument();
  });
});
