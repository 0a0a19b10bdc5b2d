import { fireEvent, screen, waitFor, within } from "@testing-library/react";
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
      photos: ["/uploads/0f3a.png"],
      specs: {},
      negotiable: false,
    });
  });

  it("shows a failed upload's error on its photo with Retry; nothing is submitted until it is in", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let refuse = true;
    const fetchMock = stubApi(
      api({
        "POST /api/images": () =>
          refuse
            ? jsonResponse(415, { message: "The photo must be a JPEG, PNG, WebP or GIF image", code: "unsupported_media_type" })
            : jsonResponse(201, { success: true, data: { url: "/uploads/0f3a.png" } }),
      }),
    );
    const router = renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm();

    const photos = screen.getByRole("list", { name: "Pictures of the laptop, cover first" });
    expect(await within(photos).findByRole("alert")).toHaveTextContent("The photo must be a JPEG, PNG, WebP or GIF image");
    await submit();
    await waitFor(() => expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("A photo did not upload: retry it or remove it"));
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(1);
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);
    expect(router.state.location.pathname).toBe("/dashboard/addproduct");

    refuse = false;
    await userEvent.click(within(photos).getByRole("button", { name: "Retry photo 1" }));
    expect(await within(photos).findByRole("img", { name: "Photo 1 of 1, the cover" })).toHaveAttribute("src", "/uploads/0f3a.png?w=640");
    expect(within(photos).queryByRole("alert")).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText("product successfuly added")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(2);
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(JSON.parse(String(init!.body))).toMatchObject({ picture: "/uploads/0f3a.png", photos: ["/uploads/0f3a.png"] });
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
    expect(screen.getByLabelText("Original Price")).not.toHaveAttribute("aria-invalid");
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);

    // equal is fine
    await userEvent.clear(screen.getByLabelText("Sell Price"));
    await userEvent.type(screen.getByLabelText("Sell Price"), "30000");
    await submit();
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(1));
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

/** An api whose uploads answer /uploads/p1.png, /uploads/p2.png ... in the order they were sent. */
function numberedUploads(extra: ApiTable = {}): ApiTable {
  let n = 0;
  return api({
    "POST /api/images": () => {
      n += 1;
      return jsonResponse(201, { success: true, data: { url: `/uploads/p${n}.png` } });
    },
    ...extra,
  });
}

const shot = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
const grid = () => screen.getByRole("list", { name: "Pictures of the laptop, cover first" });
/** The photos' urls in the order shown. */
const order = () => within(grid()).queryAllByRole("img").map((img) => img.getAttribute("src")?.replace("?w=640", ""));

async function addPhotos(count: number) {
  const files = Array.from({ length: count }, (_, i) => shot(`shot${i + 1}.png`));
  await userEvent.upload(screen.getByLabelText("Photo"), files);
}

describe("add product: photos", () => {
  it("uploads each photo on pick, shows them in order with the first as Cover, reorders by buttons and removes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(numberedUploads());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await addPhotos(3);

    await waitFor(() => expect(order()).toEqual(["/uploads/p1.png", "/uploads/p2.png", "/uploads/p3.png"]));
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(3);
    expect(within(grid()).getByRole("img", { name: "Photo 1 of 3, the cover" })).toBeInTheDocument();
    expect(within(grid()).getAllByText("Cover")).toHaveLength(1);
    expect(screen.getByText("3 of 8")).toBeInTheDocument();
    // at the ends the buttons that would go nowhere are off
    expect(within(grid()).getByRole("button", { name: "Move photo 1 left" })).toBeDisabled();
    expect(within(grid()).getByRole("button", { name: "Move photo 3 right" })).toBeDisabled();

    await userEvent.click(within(grid()).getByRole("button", { name: "Move photo 3 left" }));
    expect(order()).toEqual(["/uploads/p1.png", "/uploads/p3.png", "/uploads/p2.png"]);
    await userEvent.click(within(grid()).getByRole("button", { name: "Move photo 2 left" }));
    expect(order()).toEqual(["/uploads/p3.png", "/uploads/p1.png", "/uploads/p2.png"]);
    expect(within(grid()).getByRole("img", { name: "Photo 1 of 3, the cover" })).toHaveAttribute("src", "/uploads/p3.png?w=640");
    expect(screen.getByText("Photo 2 is now the cover")).toBeInTheDocument();
    await userEvent.click(within(grid()).getByRole("button", { name: "Move photo 1 right" }));
    expect(order()).toEqual(["/uploads/p1.png", "/uploads/p3.png", "/uploads/p2.png"]);

    await userEvent.click(within(grid()).getByRole("button", { name: "Remove photo 1" }));
    expect(order()).toEqual(["/uploads/p3.png", "/uploads/p2.png"]);
    expect(within(grid()).getByRole("img", { name: "Photo 1 of 2, the cover" })).toHaveAttribute("src", "/uploads/p3.png?w=640");

    await fillRest();
    await submit();
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(1));
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(JSON.parse(String(init!.body))).toMatchObject({ picture: "/uploads/p3.png", photos: ["/uploads/p3.png", "/uploads/p2.png"] });
    // no photo went up twice
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(3);
  });

  it("reorders by dragging one photo onto another", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(numberedUploads());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await addPhotos(3);
    await waitFor(() => expect(order()).toHaveLength(3));

    const tiles = () => within(grid()).getAllByRole("listitem").filter((li) => li.hasAttribute("data-photo"));
    fireEvent.dragStart(tiles()[2]!);
    fireEvent.dragOver(tiles()[0]!);
    expect(tiles()[0]).toHaveClass("ring-2");
    fireEvent.drop(tiles()[0]!);
    expect(order()).toEqual(["/uploads/p3.png", "/uploads/p1.png", "/uploads/p2.png"]);
    expect(tiles()[0]).not.toHaveClass("ring-2");

    // a drop with no drag of ours (a file from the desktop, say) moves nothing
    fireEvent.drop(tiles()[2]!);
    expect(order()).toEqual(["/uploads/p3.png", "/uploads/p1.png", "/uploads/p2.png"]);
  });

  it("shows each upload's progress while it goes", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(
      api({
        "POST /api/images": async () => {
          await gate;
          return jsonResponse(201, { success: true, data: { url: "/uploads/slow.png" } });
        },
      }),
    );
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await addPhotos(1);

    // the fake upload reports half of the body sent before the server answers
    const bar = await within(grid()).findByRole("progressbar", { name: "Uploading photo 1" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "50"));
    expect(within(grid()).getByText("50%")).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(grid()).queryByRole("progressbar")).not.toBeInTheDocument());
    expect(order()).toEqual(["/uploads/slow.png"]);
  });

  it("waits for photos still uploading when Submit is pressed, then sends them", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = stubApi(
      api({
        "POST /api/images": async () => {
          await gate;
          return jsonResponse(201, { success: true, data: { url: "/uploads/late.png" } });
        },
      }),
    );
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm();
    await submit();
    expect(await screen.findByText("Waiting for the photos to finish uploading…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);
    release();
    expect(await screen.findByText("product successfuly added")).toBeInTheDocument();
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(JSON.parse(String(init!.body))).toMatchObject({ picture: "/uploads/late.png", photos: ["/uploads/late.png"] });
  });

  it("takes 8 photos at most: the rest are not uploaded and the picker turns off", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(numberedUploads());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await addPhotos(6);
    await addPhotos(4);

    await waitFor(() => expect(order()).toHaveLength(8));
    expect(requestsTo(fetchMock, "/api/images", "POST")).toHaveLength(8);
    expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("A listing has at most 8 photos: 2 not added");
    expect(screen.getByLabelText("Photo")).toBeDisabled();
    expect(screen.getByText("8 of 8")).toBeInTheDocument();
    expect(screen.getByText("That is 8 photos, the most a listing can have.")).toBeInTheDocument();

    // one removed: room for one more
    await userEvent.click(within(grid()).getByRole("button", { name: "Remove photo 8" }));
    expect(screen.getByLabelText("Photo")).toBeEnabled();
    expect(screen.getByLabelText("Photo")).not.toHaveAttribute("aria-invalid");
  });
});

/** The fields a product needs besides its photo. */
async function fillRest({ sellPrice = "45000", orginalPrice = "98500" } = {}) {
  await userEvent.type(screen.getByLabelText("Product Name"), "HP EliteBook 840 G5");
  await userEvent.selectOptions(screen.getByLabelText("Category"), "HP");
  await userEvent.selectOptions(screen.getByLabelText("Condition"), "good");
  await userEvent.type(screen.getByLabelText("Years of Use"), "2");
  await userEvent.type(screen.getByLabelText("Sell Price"), sellPrice);
  await userEvent.type(screen.getByLabelText("Original Price"), orginalPrice);
  await userEvent.type(screen.getByLabelText("Phone Number"), "01712345678");
  await userEvent.type(screen.getByLabelText("Location"), "Mirpur 10, Dhaka");
}

const details = () => screen.getByText("Laptop details (optional)").closest("details")!;

describe("add product: laptop details", () => {
  it("is folded away until opened, and sends the specs picked, Other sizes included", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    expect(details()).not.toHaveAttribute("open");
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    expect(details()).toHaveAttribute("open");

    const ram = screen.getByLabelText("RAM (GB)") as HTMLSelectElement;
    expect(Array.from(ram.options).map((o) => o.value)).toEqual(["", "4", "8", "12", "16", "24", "32", "64", "other"]);
    const storage = screen.getByLabelText("Storage (GB)") as HTMLSelectElement;
    expect(Array.from(storage.options).map((o) => o.text)).toEqual(["Not said", "128 GB", "256 GB", "512 GB", "1 TB", "2 TB", "Other…"]);
    const screenSize = screen.getByLabelText("Screen size (inches)") as HTMLSelectElement;
    expect(Array.from(screenSize.options).map((o) => o.value)).toEqual(["", "11.6", "13.3", "14", "15.6", "16", "17.3", "other"]);
    // the processor suggests common ones
    const list = document.getElementById(screen.getByLabelText("Processor (CPU)").getAttribute("list")!)!;
    const suggested = Array.from(list.querySelectorAll("option")).map((o) => o.value);
    expect(suggested).toEqual(expect.arrayContaining(["Core i5 11th Gen", "Core i7 8th Gen", "Ryzen 5", "Apple M2", "Celeron", "Pentium"]));

    await userEvent.type(screen.getByLabelText("Processor (CPU)"), "Core i5 11th Gen");
    await userEvent.selectOptions(ram, "16");
    expect(screen.queryByLabelText("RAM in GB")).not.toBeInTheDocument();
    await userEvent.selectOptions(storage, "other");
    await userEvent.type(screen.getByLabelText("Storage in GB"), "750");
    await userEvent.selectOptions(screen.getByLabelText("Storage type"), "HDD");
    await userEvent.selectOptions(screenSize, "15.6");
    await userEvent.type(screen.getByLabelText("Graphics (GPU)"), "Intel Iris Xe");
    await userEvent.type(screen.getByLabelText("Battery health (%)"), "88");
    await userEvent.selectOptions(screen.getByLabelText("Charger included"), "no");
    await userEvent.type(screen.getByLabelText("Warranty left (months)"), "0");

    await fillForm();
    await submit();
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(1));
    const [init] = requestsTo(fetchMock, "/api/products", "POST");
    expect(JSON.parse(String(init!.body)).specs).toEqual({
      processor: "Core i5 11th Gen",
      ramGb: 16,
      storageGb: 750,
      storageType: "HDD",
      screenInches: 15.6,
      gpu: "Intel Iris Xe",
      batteryHealth: 88,
      charger: false,
      warrantyMonths: 0,
    });
  });

  it("checks the ranges before sending and opens the section to show what is wrong", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi(api());
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    await userEvent.selectOptions(screen.getByLabelText("RAM (GB)"), "other");
    await userEvent.type(screen.getByLabelText("RAM in GB"), "256");
    await userEvent.selectOptions(screen.getByLabelText("Screen size (inches)"), "other");
    await userEvent.type(screen.getByLabelText("Screen size in inches"), "15.66");
    await userEvent.type(screen.getByLabelText("Battery health (%)"), "120");
    await userEvent.type(screen.getByLabelText("Warranty left (months)"), "48");
    await userEvent.selectOptions(screen.getByLabelText("Storage (GB)"), "other");
    await userEvent.type(screen.getByLabelText("Storage in GB"), "8");
    // folded again: a mistake inside must still be seen
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    expect(details()).not.toHaveAttribute("open");

    await fillForm();
    await submit();
    await waitFor(() => expect(details()).toHaveAttribute("open"));
    expect(screen.getByText("Check the details marked in red")).toBeInTheDocument();
    expect(screen.getByLabelText("RAM in GB")).toHaveAccessibleDescription("Enter whole GB from 1 to 128");
    expect(screen.getByLabelText("Storage in GB")).toHaveAccessibleDescription("Enter whole GB from 16 to 8192");
    expect(screen.getByLabelText("Screen size in inches")).toHaveAccessibleDescription("Enter inches from 10 to 18.4, one decimal at most, e.g. 15.6");
    expect(screen.getByLabelText("Battery health (%)")).toHaveAccessibleDescription("Enter a whole percent from 0 to 100");
    expect(screen.getByLabelText("Warranty left (months)")).toHaveAccessibleDescription("Enter whole months from 0 to 36");
    expect(screen.getByLabelText("Processor (CPU)")).not.toHaveAttribute("aria-invalid");
    expect(requestsTo(fetchMock, "/api/products", "POST")).toHaveLength(0);

    // back to a choice: the typed number is dropped with its error
    await userEvent.selectOptions(screen.getByLabelText("RAM (GB)"), "8");
    expect(screen.queryByLabelText("RAM in GB")).not.toBeInTheDocument();
  });

  it("shows the server's 400 fields beside the right inputs: specs, photos and the sell price", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      api({
        "POST /api/products": reply(400, {
          message: "specs.ramGb must be between 1 and 128",
          code: "invalid",
          fields: {
            "specs.ramGb": "must be between 1 and 128",
            "specs.storageType": "must be SSD, HDD or eMMC",
            photos: "must be your own uploads",
            sellPrice: "must not be above orginalPrice",
          },
        }),
      }),
    );
    renderApp("/dashboard/addproduct");
    await screen.findByRole("heading", { name: "Add a Product" });
    await fillForm();
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    await userEvent.selectOptions(screen.getByLabelText("RAM (GB)"), "8");
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    await submit();

    await waitFor(() => expect(screen.getByLabelText("RAM (GB)")).toHaveAccessibleDescription("RAM (GB) must be between 1 and 128"));
    expect(details()).toHaveAttribute("open");
    expect(screen.getByLabelText("Storage type")).toHaveAccessibleDescription("Storage type must be SSD, HDD or eMMC");
    expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("Photo must be your own uploads");
    expect(screen.getByLabelText("Sell Price")).toHaveAccessibleDescription("Sell Price must not be above orginalPrice");
    expect(screen.getByRole("alert")).toHaveTextContent("specs.ramGb must be between 1 and 128");
  });
});
