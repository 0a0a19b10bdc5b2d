// #39 "A fair price, shown": the price guide's suggestion in the listing
// form, the verdict and its why on the product page and the lists, and
// negotiable (the form's toggle, the chip, the filter).
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { priceGuideKey as guideKey, type PriceGuide, type PriceGuideQuery } from "@/api/price-guide";
import { ProductCard } from "@/components/product-card";
import { basisText } from "@/components/price-suggestion";
import { ProductTile } from "@/components/product-tile";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { categories, product, seller } from "@/test/fixtures";
import { renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

/** The guide's path for a question the guide takes. */
const priceGuideKey = (q: PriceGuideQuery) => guideKey(q)!;

const TITLE = "HP EliteBook 840 G8 Core i5 16GB";
const guide: PriceGuide = {
  newPrice: 98000,
  low: 48000,
  typical: 52000,
  high: 58000,
  basis: { comparables: 7, sold: 2, from: "comparables" },
};
const nothing: PriceGuide = { newPrice: null, low: null, typical: null, high: null, basis: { comparables: 0, sold: 0, from: "nothing" } };

const guideCalls = (mock: ReturnType<typeof stubApi>) => mock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith("/api/price-guide"));

function formApi(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    "/api/userProducts?email=karim%40example.com": [],
    [priceGuideKey({ title: TITLE })]: guide,
    [priceGuideKey({ title: TITLE, condition: "good", used: "2" })]: { ...guide, low: 45000, typical: 49000, high: 53000 },
    "POST /api/images": reply(201, { success: true, data: { url: "/uploads/0f3a.png" } }),
    "POST /api/products": reply(201, { acknowledged: true, insertedId: "55" }),
    ...extra,
  };
}

async function openForm(extra: ApiTable = {}, lang?: "bn") {
  localStorage.setItem(TOKEN_KEY, "tok");
  if (lang) localStorage.setItem(LANG_KEY, lang);
  const mock = stubApi(formApi(extra));
  renderApp("/dashboard/addproduct");
  await screen.findByLabelText(lang === "bn" ? "পণ্যের নাম" : "Product Name");
  return mock;
}

describe("the listing form's price suggestion", () => {
  it("asks the guide once typing pauses, shows new and used prices with their basis, and Use fills the price", async () => {
    const mock = await openForm();
    await userEvent.type(screen.getByLabelText("Product Name"), TITLE);
    const box = await screen.findByRole("region", { name: "Price guide" }, { timeout: 5_000 });
    // debounced: one question for the whole title, none per key typed
    expect(guideCalls(mock)).toEqual([priceGuideKey({ title: TITLE })]);
    expect(box).toHaveTextContent("New in Bangladesh: 98,000 Tk·Used ones like it: 48,000–58,000 Tk (typical 52,000 Tk)");
    expect(within(box).getByText("From 7 comparable listings, 2 of them sold")).toBeInTheDocument();
    expect(basisText({ ...guide, basis: { comparables: 3, sold: 0, from: "comparables" } }, (k, v) => k.replace("{n}", String(v?.n)))).toBe("From 3 comparable listings");

    await userEvent.click(within(box).getByRole("button", { name: "Use 52,000 Tk" }));
    expect(screen.getByLabelText("Sell Price")).toHaveValue(52000);

    // the condition and years of use change the question
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "good");
    await userEvent.type(screen.getByLabelText("Years of Use"), "2");
    // the last suggestion stays while the next is asked for; one that fails (condition alone: no answer here) hides it
    expect(await screen.findByRole("button", { name: "Use 49,000 Tk" }, { timeout: 5_000 })).toBeInTheDocument();
    expect(guideCalls(mock).at(-1)).toBe(priceGuideKey({ title: TITLE, condition: "good", used: "2" }));
    expect(priceGuideKey({ title: TITLE, condition: "good", used: "2" })).toBe(`/api/price-guide?title=${encodeURIComponent(TITLE).replace(/%20/g, "+")}&condition=good&used=2`);
  });

  it("says a range from the new price rests on typical wear, in Bangla too", async () => {
    await openForm({ [priceGuideKey({ title: TITLE })]: { ...guide, basis: { comparables: 0, sold: 0, from: "depreciation" } } }, "bn");
    await userEvent.type(screen.getByLabelText("পণ্যের নাম"), TITLE);
    const box = await screen.findByRole("region", { name: "দামের নির্দেশিকা" }, { timeout: 5_000 });
    expect(box).toHaveTextContent("বাংলাদেশে নতুন: ৳৯৮,০০০");
    expect(box).toHaveTextContent("এমন ব্যবহৃত ল্যাপটপ: ৳৪৮,০০০–৫৮,০০০ (সাধারণত ৳৫২,০০০)");
    expect(within(box).getByText("নতুন দাম ও স্বাভাবিক ব্যবহারজনিত ক্ষয় থেকে হিসাব")).toBeInTheDocument();
  });

  it("shows nothing, and no error, when the guide knows nothing or fails", async () => {
    const mock = await openForm({ [priceGuideKey({ title: TITLE })]: nothing, [priceGuideKey({ title: "Dell Latitude 5490" })]: reply(500, { message: "Internal server error" }) });
    await userEvent.type(screen.getByLabelText("Product Name"), TITLE);
    await waitFor(() => expect(guideCalls(mock)).toHaveLength(1), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Price guide" })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Product Name"));
    await userEvent.type(screen.getByLabelText("Product Name"), "Dell Latitude 5490");
    await waitFor(() => expect(guideCalls(mock)).toHaveLength(2), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Price guide" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sends negotiable as the toggle says", async () => {
    const mock = await openForm();
    await userEvent.type(screen.getByLabelText("Product Name"), "Dell Latitude 5490");
    await userEvent.upload(screen.getByLabelText("Photo"), new File([new Uint8Array([137, 80, 78, 71])], "l.png", { type: "image/png" }));
    await userEvent.selectOptions(screen.getByLabelText("Category"), "HP");
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "good");
    await userEvent.type(screen.getByLabelText("Years of Use"), "2");
    await userEvent.type(screen.getByLabelText("Sell Price"), "30000");
    await userEvent.type(screen.getByLabelText("Original Price"), "70000");
    await userEvent.type(screen.getByLabelText("Phone Number"), "01712345678");
    await userEvent.type(screen.getByLabelText("Location"), "Mirpur");
    const toggle = screen.getByRole("checkbox", { name: /Price is negotiable/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(requestsTo(mock, "/api/products", "POST")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(mock, "/api/products", "POST")[0]!.body))).toMatchObject({ negotiable: true, sellPrice: 30000 });
  });

  it("edits negotiable: the toggle starts as the listing is and PATCH sends only it", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const listing = product({ _id: "77", productName: "Dell Latitude 5490", sellerEmail: seller.email, category: "HP", negotiable: true });
    const mock = stubApi({
      ...formApi(),
      "/api/userProducts?email=karim%40example.com": [listing],
      "/api/products/77": listing,
      "PATCH /api/products/77": reply(200, { acknowledged: true, modifiedCount: 1 }),
    });
    renderApp("/dashboard/products/77/edit");
    const toggle = await screen.findByRole("checkbox", { name: /Price is negotiable/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(requestsTo(mock, "/api/products/77", "PATCH")).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(mock, "/api/products/77", "PATCH")[0]!.body))).toEqual({ negotiable: false });
  });
});

const inRouter = (ui: ReactElement) => render(ui, { wrapper: MemoryRouter });

describe("the verdict and negotiable on the lists", () => {
  it("the card says Good price and Negotiable; a listing without either shows neither", () => {
    const { rerender } = inRouter(<ProductCard product={product({ priceVerdict: "good", negotiable: true })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.getByText("Good price")).toHaveClass("badge-success");
    expect(screen.getByText("Negotiable")).toBeInTheDocument();
    rerender(<ProductCard product={product({ priceVerdict: null, negotiable: false })} onBook={() => {}} onReport={() => {}} />);
    expect(screen.queryByText(/price$/)).not.toBeInTheDocument();
    expect(screen.queryByText("Negotiable")).not.toBeInTheDocument();
  });

  it("the phone's row and grid tile say High or Fair price and Negotiable", () => {
    const { rerender } = inRouter(<ProductTile variant="list" product={product({ priceVerdict: "high", negotiable: true })} />);
    expect(screen.getByText("High price")).toHaveClass("badge-warning");
    expect(screen.getByText("Negotiable")).toBeInTheDocument();
    rerender(<ProductTile variant="grid" product={product({ priceVerdict: "fair", negotiable: false })} />);
    expect(screen.getByText("Fair price")).toHaveClass("badge-info");
    expect(screen.queryByText("Negotiable")).not.toBeInTheDocument();
  });
});

describe("the product page's verdict", () => {
  const laptop = product({ _id: "42", productName: "MacBook Air M1", condition: "excellent", used: "2", priceVerdict: "fair", negotiable: true });
  const why = priceGuideKey({ title: "MacBook Air M1", condition: "excellent", used: "2" });

  it("is a button whose why is asked of the guide only when tapped", async () => {
    const mock = stubApi({ "/api/categorys": categories, "/api/products/42": laptop, [why]: { ...guide, low: 60000, high: 72000 } });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(within(page).getByText("Negotiable")).toBeInTheDocument();
    const verdict = within(page).getByRole("button", { name: "Fair price" });
    expect(verdict).toHaveAttribute("aria-expanded", "false");
    expect(guideCalls(mock)).toEqual([]);

    await userEvent.click(verdict);
    expect(verdict).toHaveAttribute("aria-expanded", "true");
    expect(await within(page).findByText("Used ones like it go for 60,000–72,000 Tk")).toHaveAttribute("id", "price-why");
    expect(verdict).toHaveAttribute("aria-controls", "price-why");
    expect(guideCalls(mock)).toEqual([why]);

    await userEvent.click(verdict);
    expect(within(page).queryByText(/Used ones like it/)).not.toBeInTheDocument();
  });

  it("says so in Bangla, and when the guide knows too little", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi({ "/api/categorys": categories, "/api/products/42": { ...laptop, priceVerdict: "good" }, [why]: nothing });
    renderApp("/product/42");
    await userEvent.click(await screen.findByRole("button", { name: "ভালো দাম" }));
    expect(await screen.findByText("এই ল্যাপটপ সম্পর্কে দামের নির্দেশিকার কাছে এখনো যথেষ্ট তথ্য নেই।")).toBeInTheDocument();
    expect(screen.getByText("আলোচনাসাপেক্ষ")).toBeInTheDocument();
  });

  it("shows no verdict without one, and nothing is asked", async () => {
    const mock = stubApi({ "/api/categorys": categories, "/api/products/42": { ...laptop, priceVerdict: null, negotiable: false } });
    renderApp("/product/42");
    const page = await screen.findByRole("article", { name: "MacBook Air M1" });
    expect(within(page).queryByRole("button", { name: /price$/ })).not.toBeInTheDocument();
    expect(within(page).queryByText("Negotiable")).not.toBeInTheDocument();
    expect(guideCalls(mock)).toEqual([]);
  });
});

describe("the Negotiable only filter", () => {
  it("puts negotiable=true in the URL and the request, and its chip takes it off", async () => {
    const air = product({ productName: "MacBook Air M1", category: "APPLE", negotiable: true });
    const mock = stubApi({
      "/api/categorys": categories,
      "/api/products?q=mac": [air],
      "/api/products?q=mac&negotiable=true": [air],
    });
    const router = renderApp("/search?q=mac");
    await screen.findByRole("article", { name: "MacBook Air M1" });
    await userEvent.click(screen.getByLabelText("Negotiable only"));
    await waitFor(() => expect(router.state.location.search).toBe("?q=mac&negotiable=true"));
    await waitFor(() => expect(requestsTo(mock, "/api/products?q=mac&negotiable=true")).toHaveLength(1));
    expect(requestsTo(mock, "/api/products/facets?q=mac&negotiable=true")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Remove filter: Negotiable only" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=mac"));
  });
});
