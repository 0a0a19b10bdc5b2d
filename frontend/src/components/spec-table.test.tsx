import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductSpecs } from "@/api/products";
import { SpecTable } from "@/components/spec-table";
import { LANG_KEY, LanguageProvider, loadDictionary } from "@/lib/i18n";

const full: ProductSpecs = {
  processor: "Core i5-1135G7",
  ramGb: 8,
  storageGb: 512,
  storageType: "SSD",
  screenInches: 15.6,
  gpu: "Intel Iris Xe",
  batteryHealth: 88,
  charger: true,
  warrantyMonths: 5,
};

/** The table's rows as [label, value] pairs, in order. */
function rows(): [string, string][] {
  const table = within(screen.getByRole("region")).getByRole("table");
  return within(table)
    .getAllByRole("row")
    .map((tr) => [within(tr).getByRole("rowheader").textContent ?? "", within(tr).getByRole("cell").textContent ?? ""]);
}

afterEach(() => localStorage.clear());

describe("spec table", () => {
  it("words every spec for people, in English", () => {
    render(<SpecTable specs={full} />);
    expect(screen.getByRole("heading", { name: "Specifications" })).toBeInTheDocument();
    expect(rows()).toEqual([
      ["Processor", "Core i5-1135G7"],
      ["Memory", "8 GB"],
      ["Storage", "512 GB SSD"],
      ["Screen", "15.6 inches"],
      ["Graphics", "Intel Iris Xe"],
      ["Battery health", "88%"],
      ["Charger included", "Yes"],
      ["Warranty", "5 months left"],
    ]);
  });

  it("shows only the specs the seller gave, worded for the edge cases", () => {
    const { rerender } = render(<SpecTable specs={{ storageGb: 1024, charger: false, warrantyMonths: 1, batteryHealth: 0 }} />);
    expect(rows()).toEqual([
      ["Storage", "1 TB"],
      ["Battery health", "0%"],
      ["Charger included", "No"],
      ["Warranty", "1 month left"],
    ]);
    rerender(<SpecTable specs={{ storageType: "eMMC", warrantyMonths: 0, screenInches: 14 }} />);
    expect(rows()).toEqual([
      ["Storage", "eMMC"],
      ["Screen", "14 inches"],
      ["Warranty", "None left"],
    ]);
  });

  it("shows nothing when the listing has no specs (or comes from an older server)", () => {
    const { container, rerender } = render(<SpecTable specs={{}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<SpecTable specs={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("words them in Bangla, numbers in Bengali digits", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    await loadDictionary("bn");
    render(
      <LanguageProvider>
        <SpecTable specs={full} />
      </LanguageProvider>,
    );
    expect(screen.getByRole("heading", { name: "স্পেসিফিকেশন" })).toBeInTheDocument();
    expect(rows()).toEqual([
      ["প্রসেসর", "Core i5-1135G7"],
      ["র\u200d্যাম", "৮ জিবি"],
      ["স্টোরেজ", "৫১২ জিবি SSD"],
      ["স্ক্রিন", "১৫.৬ ইঞ্চি"],
      ["গ্রাফিক্স", "Intel Iris Xe"],
      ["ব্যাটারি হেলথ", "৮৮%"],
      ["সাথে চার্জার", "হ্যাঁ"],
      ["ওয়ারেন্টি", "৫ মাস বাকি"],
    ]);
  });

  it("shows a spec the hardware report contradicts as the report read it, with what the listing says, and marks one it confirms (#40)", () => {
    render(
      <SpecTable
        specs={full}
        checks={[
          { spec: "ramGb", listed: "8", checked: "8", status: "confirms" },
          { spec: "batteryHealth", listed: "88", checked: "81", status: "contradicts" },
        ]}
      />,
    );
    const shown = Object.fromEntries(rows());
    expect(shown["Battery health"]).toBe("81%As the hardware report read it; the listing says 88%");
    expect(shown["Memory"]).toContain("8 GB");
    expect(within(screen.getByRole("row", { name: /^Memory/ })).getByText("Confirmed by the hardware report")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /^Processor/ })).not.toHaveTextContent("hardware report");
  });
});
