import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withoutWords } from "@/components/understood-chips";
import { LANG_KEY } from "@/lib/i18n";
import { categories, product } from "@/test/fixtures";
import { renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

// #36: the search page shows the specs a search's words were read as,
// as chips; removing one searches again without its words.
const hp = product({ productName: "HP EliteBook Core i5 8GB RAM", category: "HP", sellPrice: 45000 });
const dell = product({ productName: "Dell Latitude 5420", category: "DELL", sellPrice: 52000 });

const facets = (understood: unknown[]) => ({ category: { HP: 1 }, condition: {}, ramGb: {}, storageType: {}, total: { count: 2, exact: true }, understood });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/products?q=hp+core+i5+8gb": [hp],
    "/api/products/facets?q=hp+core+i5+8gb": facets([
      { field: "cpuFamily", value: "Core i5", text: "core i5" },
      { field: "ramGb", value: "8", text: "8gb" },
    ]),
    "/api/products?q=hp+core+i5": [hp, dell],
    "/api/products/facets?q=hp+core+i5": facets([{ field: "cpuFamily", value: "Core i5", text: "core i5" }]),
    "/api/products?q=%E0%A7%AE+%E0%A6%9C%E0%A6%BF%E0%A6%AC%E0%A6%BF+512ssd": [hp],
    "/api/products/facets?q=%E0%A7%AE+%E0%A6%9C%E0%A6%BF%E0%A6%AC%E0%A6%BF+512ssd": facets([
      { field: "ramGb", value: "8", text: "৮ জিবি" },
      { field: "storage", value: "512 SSD", text: "512ssd" },
    ]),
    ...extra,
  };
}

describe("search page: specs understood", () => {
  it("shows each spec understood as a chip; removing one searches again without its words", async () => {
    const fetchMock = stubApi(api());
    renderApp("/search?q=hp+core+i5+8gb");
    const chips = await screen.findByRole("list", { name: "Specs understood" });
    expect(within(chips).getAllByRole("button").map((b) => b.textContent)).toEqual(["Core i5", "8 GB RAM"]);
    await userEvent.click(within(chips).getByRole("button", { name: "Remove filter: 8 GB RAM" }));
    expect(await screen.findByRole("article", { name: "Dell Latitude 5420" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Search laptops" })).toHaveValue("hp core i5");
    expect(requestsTo(fetchMock, "/api/products?q=hp+core+i5")).toHaveLength(1);
    expect(within(await screen.findByRole("list", { name: "Specs understood" })).getAllByRole("button").map((b) => b.textContent)).toEqual(["Core i5"]);
  });

  it("in Bangla: the chips in Bangla, Bangla words understood", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(api());
    renderApp("/search?q=%E0%A7%AE+%E0%A6%9C%E0%A6%BF%E0%A6%AC%E0%A6%BF+512ssd");
    const chips = await screen.findByRole("list", { name: "বোঝা স্পেসিফিকেশন" }, { timeout: 10_000 });
    expect(within(chips).getAllByRole("button").map((b) => b.textContent)).toEqual(["৮ GB র‍্যাম", "৫১২ GB SSD"]);
  });

  it("takes out only the words of the chip removed", () => {
    expect(withoutWords("hp core i5 8gb silver", "8gb")).toBe("hp core i5 silver");
    expect(withoutWords("Core i5 8GB", "Core i5")).toBe("8GB");
    expect(withoutWords("৮ জিবি ল্যাপটপ", "৮ জিবি")).toBe("ল্যাপটপ");
  });
});
