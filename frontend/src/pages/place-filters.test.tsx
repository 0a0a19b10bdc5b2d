// The division, district and area filters of the lists (#36): their counts,
// the URL, the API requests, the chips by name in either language, and
// taking a place off with the places inside it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Facets } from "@/api/products";
import { LANG_KEY } from "@/lib/i18n";
import { categories, product } from "@/test/fixtures";
import { locations } from "@/test/places";
import { renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const elitebook = product({ productName: "HP EliteBook 840 G5", category: "HP" });

const facets: Facets = {
  category: { HP: 11 },
  condition: {},
  ramGb: {},
  storageType: {},
  division: { "30": 7, "20": 2 },
  district: { "26": 5, "33": 2, "15": 2 },
  area: { "3330": 0, "3386": 2 },
};

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/locations": locations,
    "/api/products?q=hp": [elitebook],
    "/api/products/facets?q=hp": facets,
    ...extra,
  };
}

/** The list and its counts answered for the filters of `qs` (after q=hp). */
const filtered = (qs: string): ApiTable => ({ [`/api/products?q=hp&${qs}`]: [elitebook], [`/api/products/facets?q=hp&${qs}`]: facets });

const optionTexts = (select: HTMLElement) => within(select).getAllByRole("option").map((o) => o.textContent);
const search = (router: ReturnType<typeof renderApp>) => router.state.location.search;

describe("place filters", () => {
  it("picks a district straight away (its division comes along), then an area, with counts, in the URL and the API", async () => {
    const fetchMock = stubApi(api({ ...filtered("division=30&district=33"), ...filtered("division=30&district=33&area=3386") }));
    const router = renderApp("/search?q=hp");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });

    const district = screen.getByLabelText("District");
    // every district by name, each with what choosing it gives
    await waitFor(() => expect(optionTexts(district)).toEqual(["All districts", "Chattogram (2)", "Dhaka (5)", "Gazipur (2)"]));
    expect(optionTexts(screen.getByLabelText("Division"))).toEqual(["All divisions", "Chattogram (2)", "Dhaka (7)"]);
    // an area waits for its district
    expect(screen.getByLabelText("Area")).toBeDisabled();
    expect(screen.getByLabelText("Area")).toHaveDisplayValue("Choose a district first");

    await userEvent.selectOptions(district, "33");
    await waitFor(() => expect(search(router)).toBe("?q=hp&division=30&district=33"));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products?q=hp&division=30&district=33")).toHaveLength(1));
    expect(requestsTo(fetchMock, "/api/products/facets?q=hp&division=30&district=33")).toHaveLength(1);
    expect(screen.getByLabelText("Division")).toHaveValue("30");

    const area = screen.getByLabelText("Area");
    expect(area).toBeEnabled();
    expect(optionTexts(area)).toEqual(["All areas", "Gazipur Sadar (0)", "Tongi (2)"]);
    expect(within(area).getByRole("option", { name: "Gazipur Sadar (0)" })).toBeDisabled();
    // with a district chosen the divisions' counts would count it alone: none shown
    expect(optionTexts(screen.getByLabelText("Division"))).toEqual(["All divisions", "Chattogram", "Dhaka"]);

    await userEvent.selectOptions(area, "3386");
    await waitFor(() => expect(search(router)).toBe("?q=hp&division=30&district=33&area=3386"));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products?q=hp&division=30&district=33&area=3386")).toHaveLength(1));
    const chips = screen.getByRole("list", { name: "Active filters" });
    expect(within(chips).getAllByRole("button").map((b) => b.textContent)).toEqual(["Division: Dhaka", "District: Gazipur", "Area: Tongi"]);
  });

  it("takes a place off with its chip, and the places inside it with it", async () => {
    stubApi(api({ ...filtered("division=30&district=33&area=3386"), ...filtered("division=30") }));
    const router = renderApp("/search?q=hp&division=30&district=33&area=3386");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    await userEvent.click(await screen.findByRole("button", { name: "Remove filter: District: Gazipur" }));
    await waitFor(() => expect(search(router)).toBe("?q=hp&division=30"));
    expect(screen.getByLabelText("District")).toHaveValue("");
    expect(screen.getByLabelText("Area")).toHaveValue("");
  });

  it("lists a division's districts only once it is chosen, and a new division drops the district and area", async () => {
    stubApi(api({ ...filtered("division=30&district=26"), ...filtered("division=20") }));
    const router = renderApp("/search?q=hp&division=30&district=26");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    await waitFor(() => expect(optionTexts(screen.getByLabelText("District"))).toEqual(["All districts", "Dhaka (5)", "Gazipur (2)"]));
    // an area the counts leave out has no laptops
    expect(optionTexts(screen.getByLabelText("Area"))).toEqual(["All areas", "Mirpur (0)", "Uttara (0)"]);
    await userEvent.selectOptions(screen.getByLabelText("Division"), "20");
    await waitFor(() => expect(search(router)).toBe("?q=hp&division=20"));
    expect(optionTexts(screen.getByLabelText("District"))).toEqual(["All districts", "Chattogram (2)"]);
  });

  it("names the places in Bangla, with Bengali digits", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(api(filtered("division=30&district=33")));
    renderApp("/search?q=hp&division=30&district=33");
    const district = await screen.findByLabelText("জেলা", {}, { timeout: 5000 });
    await waitFor(() => expect(district).toHaveDisplayValue("গাজীপুর (২)"));
    expect(optionTexts(screen.getByLabelText("এলাকা"))).toEqual(["সব এলাকা", "গাজীপুর সদর (০)", "টঙ্গী (২)"]);
    expect(screen.getByRole("button", { name: "ফিল্টার সরান: জেলা: গাজীপুর" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ফিল্টার সরান: বিভাগ: ঢাকা" })).toBeInTheDocument();
  });

  it("drops a place id a hand-edited URL spoils, and asks for nothing with it", async () => {
    const fetchMock = stubApi(api());
    renderApp("/search?q=hp&district=%3Cscript%3E");
    await screen.findByRole("article", { name: "HP EliteBook 840 G5" });
    expect(requestsTo(fetchMock, "/api/products?q=hp")).toHaveLength(1);
    expect(screen.queryByRole("list", { name: "Active filters" })).not.toBeInTheDocument();
  });
});
