import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { categories, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable, type Responder } from "@/test/render-app";

const photo = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "laptop.png", { type: "image/png" });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    "/api/userProducts?email=karim%40example.com": [],
    "POST /api/images": reply(201, { success: true, data: { url: "/uploads/0f3a.png" } }),
    "POST /api/products": reply(201, { acknowledged: true, insertedId: "55" }),
    ...extra,
  };
}

async function fillForm({ sellPrice = "45000.7", orginalPrice = "98500", phone = "01712345678" } = {}) {
  await userEvent.type(screen.getByLabelText("Product Name"), "HP EliteBook 840 G5");
  await userEvent.upload(screen.getByLabelText("Photo"), photo());
  await userEvent.selectOptions(screen.getByLabelText("Category"), "HP");
  await userEvent.selectOptions(screen.getByLabelText("Condition"), "good");
  await userEvent.type(screen.getByLabelText("Years of Use"), "2");
  await userEvent.type(screen.getByLabelText("Sell Price"), sellPrice);
  await userEvent.type(screen.getByLabelText("Original Price"), orginalPrice);
  await userEvent.type(screen.getByLabelText("Phone Number"), phone);
  await userEvent.type(screen.getByLabelText("Location"), "Mirpur 10, Dhaka");
  await userEvent.type(screen.getByLabelText(/^Description/), "Core i5, 8 GB RAM");
}

const submit = () => userEvent.click(screen.getByRole("button", { name: "Submit" }));

describe("add product", () => {
  it("shows a loading indicator until the categories are loaded, then fills the select", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(
      api({
        "/api/categorys": async () => {
          await gate;
          return jsonResponse(200, categories);
        },
      }),
    );
    renderApp("/dashboard/addproduct");
    // signed in and inside the dashboard, but still waiting for the categories
    await screen.findByRole("navigation", { name: "Dashboard" });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("heading", { name: "Add a Product" })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { name: "Add a Product" })).toBeInTheDocument();
    const options = Array.from((screen.getByLabelText("Category") as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(["", "WALTON", "APPLE", "HP", "ASUS"]);
    const conditions = Array.from((screen.getByLabelText("Condition") as HTMLSelectElement).options).map((o) => o.value);
    expect(conditions).toEqual(["", "excellent", "good", "fair"]);
  });

  it("uploads the photo first, sends integers and exactly the contract's fields, toasts and goes to My Products", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    const router = renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm();
    await submit();

    expect(await screen.findByText("product successfuly added")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/myproducts"));

    const paths = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([path]) => path);
    expect(paths).toEqual(["/api/images", "/api/products"]);
    const [upload] = requestsTo(fetchMock, "/api/images", "POST");
    const file = (upload!.body as FormData).get("image") as File;
    expect(file.name).toBe("laptop.png");
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer tok");
    expect(JSON.parse(init!.body as string)).toEqual({
      productName: "HP EliteBook 840 G5",
      picture: "/uploads/0f3a.png",
      sellPrice: 45000,
      orginalPrice: 98500,
      category: "HP",
      condition: "good",
      location: "Mirpur 10, Dhaka",
      used: "2",
      number: "01712345678",
      description: "Core i5, 8 GB RAM",
    });
  });

  it("submits nothing when the photo upload fails, and shows why under the photo", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "POST /api/images": reply(415, { message: "The photo must be a JPEG, PNG, WebP or GIF image", code: "unsupported_media_type" }) }));
    const router = renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm();
    await submit();

    await waitFor(() => expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("The photo must be a JPEG, PNG, WebP or GIF image"));
    expect(screen.getByRole("alert")).toHaveTextContent("The photo must be a JPEG, PNG, WebP or GIF image");
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(1);
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);
    expect(screen.queryByText("product successfuly added")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/addproduct");
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("checks required fields before uploading anything", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await submit();
    for (const label of ["Product Name", "Photo", "Category", "Condition", "Years of Use", "Sell Price", "Original Price", "Phone Number", "Location"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByLabelText(/^Description/)).not.toHaveAttribute("aria-invalid");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("shows the server's field errors under their inputs and spins while working", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const refuse: Responder = async () => {
      await gate;
      return jsonResponse(400, {
        message: "sellPrice must be a whole number of Tk from 1 to 10000000",
        code: "invalid",
        fields: { sellPrice: "must be a whole number of Tk from 1 to 10000000", number: "must be a phone number of 6 to 15 digits" },
      });
    };
    const fetchMock = stubApi(api({ "POST /api/products": refuse }));
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm({ sellPrice: "99999999", orginalPrice: "999999999" });
    await submit();

    const button = screen.getByRole("button", { name: "Submit" });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector(".loading-spinner")).not.toBeNull();
    release();

    await waitFor(() => expect(screen.getByLabelText("Sell Price")).toHaveAccessibleDescription("Sell Price must be a whole number of Tk from 1 to 10000000"));
    expect(screen.getByLabelText("Phone Number")).toHaveAccessibleDescription("Phone Number must be a phone number of 6 to 15 digits");
    expect(screen.getByLabelText("Location")).not.toHaveAttribute("aria-invalid");
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText("product successfuly added")).not.toBeInTheDocument();

    // a second try does not upload the same photo again
    await submit();
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(2));
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(1);
  });

  it("refuses a sell price above the original price under the input, sending nothing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm({ sellPrice: "45000", orginalPrice: "30000" });
    await submit();

    await waitFor(() => expect(screen.getByLabelText("Sell Price")).toHaveAccessibleDescription("The sell price cannot be above the original price"));
    expect(screen.getByLabelText("Sell Price")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("accepts a phone number typed in Bangla digits and sends it in ASCII ones", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm({ phone: "০১৭১২৩৪৫৬৭৮" });
    await submit();

    await waitFor(() => expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(1));
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(JSON.parse(String(init!.body))).toMatchObject({ number: "01712345678" });
  });
});
