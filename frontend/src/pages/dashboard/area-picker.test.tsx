// The listing form's place (#36): division › district › area, prefilled
// from the seller's last listing, filling an empty Location with its words,
// sent as areaId; Edit starts from the listing's area and sends a change
// (or null when taken off) only.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import type { EditableProduct } from "@/pages/dashboard/product-form";
import { categories, product, seller } from "@/test/fixtures";
import { locations, mirpur, tongi } from "@/test/places";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const LIST = "/api/userProducts?email=karim%40example.com";
const photo = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "laptop.png", { type: "image/png" });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    "/api/locations": locations,
    [LIST]: [],
    "POST /api/images": reply(201, { success: true, data: { url: "/uploads/0f3a.png" } }),
    "POST /api/products": reply(201, { acknowledged: true, insertedId: "55" }),
    ...extra,
  };
}

/** Every required field but the place and Location. */
async function fillTheRest() {
  await userEvent.type(screen.getByLabelText("Product Name"), "HP EliteBook 840 G5");
  await userEvent.upload(screen.getByLabelText("Photo"), photo());
  await userEvent.selectOptions(screen.getByLabelText("Category"), "HP");
  await userEvent.selectOptions(screen.getByLabelText("Condition"), "good");
  await userEvent.type(screen.getByLabelText("Years of Use"), "2");
  await userEvent.type(screen.getByLabelText("Sell Price"), "45000");
  await userEvent.type(screen.getByLabelText("Original Price"), "98500");
  await userEvent.type(screen.getByLabelText("Phone Number"), "01712345678");
}

const posted = (mock: ReturnType<typeof stubApi>) => requestsTo(mock, "/api/products", "POST").map((init) => JSON.parse(String(init.body)) as Record<string, unknown>);
const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((o) => o.textContent);
const submit = () => userEvent.click(screen.getByRole("button", { name: "Submit" }));
const area = () => screen.getByLabelText("Area (upazila or thana)");

describe("add product: the place", () => {
  it("starts from the area of the seller's last listing, fills Location with it, and sends areaId", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    // newest first: the last listing with an area is Tongi's
    const fetchMock = stubApi(api({ [LIST]: [product({ area: null }), product({ area: tongi }), product({ area: mirpur })] }));
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await waitFor(() => expect(area()).toHaveValue("3386"));
    expect(screen.getByLabelText("Division")).toHaveValue("30");
    expect(screen.getByLabelText("District")).toHaveValue("33");
    expect(area()).toHaveDisplayValue("Tongi");
    expect(screen.getByLabelText("Location")).toHaveValue("Tongi, Gazipur");
    expect(screen.getByText("The place of your last listing: change it if this laptop is elsewhere.")).toBeInTheDocument();

    await fillTheRest();
    await submit();
    await screen.findByText("product successfuly added");
    const [body] = posted(fetchMock);
    expect(body).toMatchObject({ areaId: "3386", location: "Tongi, Gazipur" });
  });

  it("picks division › district › area by hand; the area waits for its district, and the seller's own words stay", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await waitFor(() => expect(screen.getByLabelText("Division")).toBeEnabled());
    expect(area()).toBeDisabled();
    expect(area()).toHaveDisplayValue("Choose a district first");
    // all districts by name until a division is chosen
    expect(optionTexts(screen.getByLabelText("District"))).toEqual(["Choose a district", "Chattogram", "Dhaka", "Gazipur"]);

    await userEvent.selectOptions(screen.getByLabelText("Division"), "30");
    expect(optionTexts(screen.getByLabelText("District"))).toEqual(["Choose a district", "Dhaka", "Gazipur"]);
    await userEvent.selectOptions(screen.getByLabelText("District"), "26");
    expect(optionTexts(area())).toEqual(["Choose the area", "Mirpur", "Uttara"]);
    await userEvent.selectOptions(area(), "2695");
    expect(screen.getByLabelText("Location")).toHaveValue("Uttara, Dhaka");
    // the words it wrote follow a new choice
    await userEvent.selectOptions(area(), "2648");
    expect(screen.getByLabelText("Location")).toHaveValue("Mirpur, Dhaka");
    // the seller's own words are theirs
    await userEvent.clear(screen.getByLabelText("Location"));
    await userEvent.type(screen.getByLabelText("Location"), "Mirpur 10, near the stadium");
    await userEvent.selectOptions(screen.getByLabelText("District"), "33");
    await userEvent.selectOptions(area(), "3330");
    expect(screen.getByLabelText("Location")).toHaveValue("Mirpur 10, near the stadium");
    // a district picked first brings its division
    await userEvent.selectOptions(screen.getByLabelText("Division"), "");
    await userEvent.selectOptions(screen.getByLabelText("District"), "15");
    expect(screen.getByLabelText("Division")).toHaveValue("20");
    await userEvent.selectOptions(area(), "1555");

    await fillTheRest();
    await submit();
    await screen.findByText("product successfuly added");
    expect(posted(fetchMock)[0]).toMatchObject({ areaId: "1555", location: "Mirpur 10, near the stadium" });
  });

  it("asks for the area when a division or district is chosen without it, and sends nothing", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await waitFor(() => expect(screen.getByLabelText("Division")).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText("Division"), "20");
    await fillTheRest();
    await userEvent.type(screen.getByLabelText("Location"), "Pahartali");
    await submit();
    expect(await screen.findByText("Choose the area too, or leave the division and district empty")).toBeInTheDocument();
    expect(area()).toHaveAttribute("aria-invalid", "true");
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it("lists without a place, and shows the server's word on an unknown area under it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api({ "POST /api/products": reply(400, { message: "Invalid input", fields: { areaId: "is not a known area" } }) }));
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await waitFor(() => expect(screen.getByLabelText("Division")).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText("District"), "26");
    await userEvent.selectOptions(area(), "2648");
    await fillTheRest();
    await submit();
    expect(await screen.findByText("Area (upazila or thana) is not a known area")).toBeInTheDocument();
    expect(posted(fetchMock)[0]).toMatchObject({ areaId: "2648" });
  });

  it("names the places in Bangla", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    localStorage.setItem(LANG_KEY, "bn");
    // the last listing arrives once the page shows in Bangla (the app loads the texts before it draws)
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(
      api({
        [LIST]: async () => {
          await gate;
          return jsonResponse(200, [product({ area: tongi })]);
        },
      }),
    );
    renderApp("/dashboard/addproduct");
    const district = await screen.findByLabelText("জেলা", {}, { timeout: 5000 });
    release();
    await waitFor(() => expect(district).toHaveDisplayValue("গাজীপুর"));
    expect(screen.getByLabelText("এলাকা (উপজেলা বা থানা)")).toHaveDisplayValue("টঙ্গী");
    expect(screen.getByLabelText("অবস্থান")).toHaveValue("টঙ্গী, গাজীপুর");
  });
});

describe("edit product: the place", () => {
  const listing: EditableProduct = {
    ...product({ _id: "77", productName: "Lenovo ThinkPad T480", seller: seller.userName, sellerEmail: seller.email, area: mirpur }),
    photos: ["/uploads/a.jpg"],
    specs: {},
  };
  const edit = (extra: ApiTable = {}) =>
    stubApi(api({ [LIST]: [listing], "/api/products/77": listing, "PATCH /api/products/77": reply(200, { acknowledged: true, modifiedCount: 1 }), ...extra }));
  const patches = (mock: ReturnType<typeof stubApi>) => requestsTo(mock, "/api/products/77", "PATCH").map((init) => JSON.parse(String(init.body)) as unknown);
  const save = () => userEvent.click(screen.getByRole("button", { name: "Save changes" }));

  it("starts from the listing's area and sends a new one only", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = edit();
    renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });
    await waitFor(() => expect(area()).toHaveDisplayValue("Mirpur"));
    expect(screen.getByLabelText("District")).toHaveValue("26");
    // its own words stay as they were
    expect(screen.getByLabelText("Location")).toHaveValue("Mirpur 10, Dhaka");
    await userEvent.selectOptions(area(), "2695");
    expect(screen.getByLabelText("Location")).toHaveValue("Mirpur 10, Dhaka");
    await save();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ areaId: "2695" }]));
  });

  it("takes the area off with null", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = edit();
    renderApp("/dashboard/products/77/edit");
    await screen.findByRole("heading", { name: "Edit listing" });
    await waitFor(() => expect(area()).toHaveDisplayValue("Mirpur"));
    await userEvent.selectOptions(screen.getByLabelText("Division"), "");
    await save();
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ areaId: null }]));
  });
});
