// The laptop spec filters and their facet counts on the category and search
// pages: the URL, the API requests, the counts beside each choice, the
// applied filters as chips, the phone's sheet, and Bangla.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Facets } from "@/api/products";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { buyer, categories, product } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const hp = { ...categories[2]!, productCount: 2 };
const elitebook = product({ productName: "HP EliteBook 840 G5", category: "HP", specs: { ramGb: 8, storageType: "SSD" } });
const probook = product({ productName: "HP ProBook 450", category: "HP", specs: { ramGb: 16, storageType: "HDD" } });

const facets: Facets = {
  category: { HP: 12, APPLE: 3, WALTON: 0, ASUS: 1 },
  condition: { excellent: 2, good: 9, fair: 0 },
  ramGb: { "4": 10, "8": 55, "16": 20, "32": 0 },
  storageType: { SSD: 70, HDD: 9 },
};

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": buyer,
    "/api/categorys": categories,
    "/api/categorys/3": hp,
    "/api/products?category=HP": [elitebook, probook],
    "/api/products/facets?category=HP": facets,
    ...extra,
  };
}

const searchOf = (router: ReturnType<typeof renderApp>) => router.state.location.search;
const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((o) => o.textContent);
const option = (select: HTMLElement, name: string) => within(select).getByRole("option", { name }) as HTMLOptionElement;

describe("spec filters", () => {
  // a brand's page is for signed-in visitors
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "tok"));

  it("starts from the filters in a shared URL and sends them to the list and its facets", async () => {
    const fetchMock = stubApi(
      api({
        "/api/products?category=HP&ramMin=8&storageType=SSD&screenMin=14&screenMax=15.6&processor=i5&sort=price_asc": [elitebook],
        "/api/products/facets?category=HP&ramMin=8&storageType=SSD&screenMin=14&screenMax=15.6&processor=i5": facets,
      }),
    );
    renderApp("/categorys/3?processor=i5&storageType=SSD&ramMin=8&screenMax=15.6&screenMin=14&sort=price_asc");
    expect(await screen.findByRole("article", { name: "HP EliteBook 840 G5" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "HP ProBook 450" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("RAM at least")).toHaveValue("8");
    expect(screen.getByLabelText("Storage type")).toHaveValue("SSD");
    expect(screen.getByLabelText("Screen size")).toHaveDisplayValue("14″–15.6″");
    expect(screen.getByLabelText("Processor")).toHaveValue("i5");
    expect(requestsTo(fetchMock, "/api/products/facets?category=HP&ramMin=8&storageType=SSD&screenMin=14&screenMax=15.6&processor=i5")).toHaveLength(1);
    // neither the unfiltered list nor its counts are asked for
    expect(requestsTo(fetchMock, "/api/products?category=HP")).toHaveLength(0);
    expect(requestsTo(fetchMock, "/api/products/facets?category=HP")).toHaveLength(0);

    const chips = screen.getByRole("list", { name: "Active filters" });
    expect(within(chips).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "RAM at least: 8 GB",
      "Storage type: SSD",
      "Screen size: 14″–15.6″",
      "Processor: i5",
    ]);
  });

  it("writes each choice to the URL and asks the API for it", async () => {
    const fetchMock = stubApi(api());
    const router = renderApp("/categorys/3");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });

    await userEvent.selectOptions(screen.getByLabelText("RAM at least"), "8");
    await waitFor(() => expect(searchOf(router)).toBe("?ramMin=8"));
    await userEvent.selectOptions(screen.getByLabelText("Storage at least"), "1024");
    await userEvent.selectOptions(screen.getByLabelText("Storage type"), "SSD");
    await userEvent.selectOptions(screen.getByLabelText("Battery at least"), "80");
    await userEvent.selectOptions(screen.getByLabelText("Screen size"), "Up to 13.3″");
    await waitFor(() => expect(searchOf(router)).toBe("?ramMin=8&storageMin=1024&storageType=SSD&batteryMin=80&screenMax=13.3"));
    // typing asks for nothing until Enter (or the little search button)
    await userEvent.type(screen.getByLabelText("Processor"), "ryzen 7");
    expect(searchOf(router)).not.toContain("processor");
    await userEvent.click(screen.getByRole("button", { name: "Filter by processor" }));
    await waitFor(() => expect(searchOf(router)).toBe("?ramMin=8&storageMin=1024&storageType=SSD&batteryMin=80&screenMax=13.3&processor=ryzen+7"));
    const filters = "category=HP&ramMin=8&storageMin=1024&storageType=SSD&batteryMin=80&screenMax=13.3&processor=ryzen+7";
    await waitFor(() => expect(requestsTo(fetchMock, `/api/products?${filters}`)).toHaveLength(1));
    await waitFor(() => expect(requestsTo(fetchMock, `/api/products/facets?${filters}`)).toHaveLength(1));

    await userEvent.selectOptions(screen.getByLabelText("Screen size"), "16″ and over");
    await waitFor(() => expect(searchOf(router)).toContain("&screenMin=16&processor"));
    expect(searchOf(router)).not.toContain("screenMax");
  });

  it("shows each choice's count, sums RAM at or above a choice, and disables choices that give nothing", async () => {
    stubApi(api());
    renderApp("/categorys/3");
    const ram = await screen.findByLabelText("RAM at least");
    await waitFor(() => expect(optionTexts(ram)).toEqual(["Any", "4 GB (85)", "8 GB (75)", "16 GB (20)", "32 GB (0)"]));
    expect(option(ram, "32 GB (0)")).toBeDisabled();
    expect(option(ram, "16 GB (20)")).toBeEnabled();

    const type = screen.getByLabelText("Storage type");
    // a type the answer leaves out has no products
    expect(optionTexts(type)).toEqual(["Any", "SSD (70)", "HDD (9)", "eMMC (0)"]);
    expect(option(type, "eMMC (0)")).toBeDisabled();
    expect(optionTexts(screen.getByLabelText("Condition"))).toEqual(["Any", "Excellent (2)", "Good (9)", "Fair (0)"]);
    expect(option(screen.getByLabelText("Condition"), "Fair (0)")).toBeDisabled();
    // the API counts no storage sizes, batteries or screens: those show no count
    expect(optionTexts(screen.getByLabelText("Storage at least"))).toEqual(["Any", "128 GB", "256 GB", "512 GB", "1 TB"]);
    expect(optionTexts(screen.getByLabelText("Battery at least"))).toEqual(["Any", "70%", "80%", "90%"]);
    expect(optionTexts(screen.getByLabelText("Screen size"))).toEqual(["Any", "Up to 13.3″", "14″–15.6″", "16″ and over"]);
  });

  it("keeps a chosen choice with no matches enabled", async () => {
    stubApi(api({ "/api/products?category=HP&ramMin=32": [], "/api/products/facets?category=HP&ramMin=32": facets }));
    renderApp("/categorys/3?ramMin=32");
    expect(await screen.findByText("No Available Product")).toBeInTheDocument();
    const ram = screen.getByLabelText("RAM at least");
    await waitFor(() => expect(option(ram, "32 GB (0)")).toBeEnabled());
    expect(ram).toHaveValue("32");
  });

  it("refreshes the counts when a filter changes, keeping the last ones while the new ones load", async () => {
    let answer: (r: Response) => void = () => {};
    stubApi(
      api({
        "/api/products?category=HP&storageType=SSD": [elitebook],
        "/api/products/facets?category=HP&storageType=SSD": () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    renderApp("/categorys/3");
    const ram = await screen.findByLabelText("RAM at least");
    await waitFor(() => expect(option(ram, "8 GB (75)")).toBeInTheDocument());

    await userEvent.selectOptions(screen.getByLabelText("Storage type"), "SSD");
    await screen.findByRole("button", { name: "Remove filter: Storage type: SSD" });
    // still loading: the old counts stay, nothing goes blank
    expect(optionTexts(ram)).toEqual(["Any", "4 GB (85)", "8 GB (75)", "16 GB (20)", "32 GB (0)"]);

    act(() => answer(jsonResponse(200, { ...facets, ramGb: { "8": 30, "16": 5 } })));
    await waitFor(() => expect(optionTexts(ram)).toEqual(["Any", "4 GB (35)", "8 GB (35)", "16 GB (5)", "32 GB (0)"]));
  });

  it("shows no counts and disables nothing when the server has no facets", async () => {
    stubApi(api({ "/api/products/facets?category=HP": reply(404, { message: "Not found", code: "not_found" }) }));
    renderApp("/categorys/3");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    const ram = screen.getByLabelText("RAM at least");
    expect(optionTexts(ram)).toEqual(["Any", "4 GB", "8 GB", "16 GB", "32 GB"]);
    expect(within(ram).getAllByRole("option").every((o) => !(o as HTMLOptionElement).disabled)).toBe(true);
  });

  it("takes a filter off with its chip, and Clear all takes them all off but keeps the order", async () => {
    stubApi(api());
    const router = renderApp("/categorys/3?sort=price_asc&condition=good&ramMin=8&screenMin=14&screenMax=15.6&processor=i5");
    const chips = await screen.findByRole("list", { name: "Active filters" });
    await userEvent.click(within(chips).getByRole("button", { name: "Remove filter: Screen size: 14″–15.6″" }));
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc&condition=good&ramMin=8&processor=i5"));
    expect(screen.getByLabelText("Screen size")).toHaveValue("");
    await userEvent.click(within(chips).getByRole("button", { name: "Remove filter: Processor: i5" }));
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc&condition=good&ramMin=8"));
    expect(screen.getByLabelText("Processor")).toHaveValue("");

    await userEvent.click(screen.getByRole("button", { name: "Clear all" }));
    await waitFor(() => expect(searchOf(router)).toBe("?sort=price_asc"));
    expect(screen.queryByRole("list", { name: "Active filters" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("RAM at least")).toHaveValue("");
  });

  it("opens the filters in a sheet from the Filters button, with the number on, and applies them", async () => {
    const fetchMock = stubApi(api({ "/api/products?category=HP&condition=good": [elitebook, probook], "/api/products?category=HP&condition=good&ramMin=16&processor=m2": [] }));
    const router = renderApp("/categorys/3?condition=good");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    const open = screen.getByRole("button", { name: /^Filters/ });
    expect(within(open).getByLabelText("1 active")).toHaveTextContent("1");

    await userEvent.click(open);
    const sheet = screen.getByRole("dialog", { name: "Filters" });
    // the heading has the focus, so a phone's keyboard stays closed
    expect(within(sheet).getByRole("heading", { name: "Filters" })).toHaveFocus();
    await userEvent.selectOptions(within(sheet).getByLabelText("RAM at least"), "16");
    await userEvent.type(within(sheet).getByLabelText("Processor"), "m2");
    await userEvent.click(within(sheet).getByRole("button", { name: "Show results" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(searchOf(router)).toBe("?condition=good&ramMin=16&processor=m2"));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products?category=HP&condition=good&ramMin=16&processor=m2")).toHaveLength(1));
    expect(within(screen.getByRole("button", { name: /^Filters/ })).getByLabelText("3 active")).toBeInTheDocument();
    // focus goes back to the button that opened it
    expect(screen.getByRole("button", { name: /^Filters/ })).toHaveFocus();
  });

  it("shows the filters in Bangla with Bengali digits", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(api({ "/api/products?category=HP&screenMin=14&screenMax=15.6": [elitebook], "/api/products/facets?category=HP&screenMin=14&screenMax=15.6": facets }));
    renderApp("/categorys/3?screenMin=14&screenMax=15.6");
    // the Bangla texts are a chunk of their own: give it time on a busy machine
    const ram = await screen.findByLabelText("র‍্যাম অন্তত", {}, { timeout: 5000 });
    await waitFor(() => expect(optionTexts(ram)).toEqual(["যেকোনো", "৪ জিবি (৮৫)", "৮ জিবি (৭৫)", "১৬ জিবি (২০)", "৩২ জিবি (০)"]));
    expect(optionTexts(screen.getByLabelText("স্টোরেজ অন্তত"))).toContain("১ টিবি");
    expect(optionTexts(screen.getByLabelText("ব্যাটারি অন্তত"))).toContain("৮০%");
    expect(screen.getByLabelText("স্ক্রিনের মাপ")).toHaveDisplayValue("১৪″–১৫.৬″");
    expect(screen.getByRole("button", { name: "ফিল্টার সরান: স্ক্রিনের মাপ: ১৪″–১৫.৬″" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "সব মুছুন" })).toBeInTheDocument();
  });
});

describe("search page facets", () => {
  it("counts each brand in the Brand select and sends the spec filters with the words", async () => {
    const fetchMock = stubApi({
      "/api/categorys": categories,
      "/api/products?q=hp&ramMin=16": [probook],
      "/api/products/facets?q=hp&ramMin=16": facets,
    });
    renderApp("/search?q=hp&ramMin=16");
    expect(await screen.findByRole("article", { name: "HP ProBook 450" })).toBeInTheDocument();
    const brand = screen.getByLabelText("Brand");
    await waitFor(() => expect(optionTexts(brand)).toEqual(["All brands", "WALTON (0)", "APPLE (3)", "HP (12)", "ASUS (1)"]));
    expect(option(brand, "WALTON (0)")).toBeDisabled();
    expect(requestsTo(fetchMock, "/api/products/facets?q=hp&ramMin=16")).toHaveLength(1);
  });
});
