import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { parseSpecsKey } from "@/api/specs";
import { TOKEN_KEY } from "@/lib/api";
import { LANG_KEY } from "@/lib/i18n";
import { categories, seller } from "@/test/fixtures";
import { renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

// #36: typing or pasting a title fills the empty spec fields from
// GET /api/specs/parse, never what the seller set by hand, and says so
// with an Undo.
const TITLE = "HP ProBook i5-1235U 8GB RAM 512GB SSD 15.6 inch";
const BANGLA = "এইচপি ল্যাপটপ ৮ জিবি র‍্যাম ১ টিবি এসএসডি";

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/me": seller,
    "/api/categorys": categories,
    "/api/userProducts?email=karim%40example.com": [],
    [parseSpecsKey(TITLE)]: { brand: "HP", processor: "Intel Core i5-1235U", cpuFamily: "Core i5", cpuGeneration: 12, ramGb: 8, storageGb: 512, storageType: "SSD", screenInches: 15.6 },
    [parseSpecsKey(BANGLA)]: { ramGb: 8, storageGb: 1000, storageType: "SSD" },
    ...extra,
  };
}

const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

async function open(lang?: "bn") {
  localStorage.setItem(TOKEN_KEY, "tok");
  if (lang) localStorage.setItem(LANG_KEY, lang);
  const fetchMock = stubApi(api());
  renderApp("/dashboard/addproduct");
  return fetchMock;
}

describe("add product: specs from the title", () => {
  it("fills the empty spec fields once typing pauses, and says so", async () => {
    const fetchMock = await open();
    await userEvent.type(await screen.findByLabelText("Product Name"), TITLE);
    expect(await screen.findByText("Filled from the title: Processor (CPU), RAM (GB), Storage (GB), Storage type, Screen size (inches)", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(value("Processor (CPU)")).toBe("Intel Core i5-1235U");
    expect(value("RAM (GB)")).toBe("8");
    expect(value("Storage (GB)")).toBe("512");
    expect(value("Storage type")).toBe("SSD");
    expect(value("Screen size (inches)")).toBe("15.6");
    expect(screen.getByText("Laptop details (optional)").closest("details")).toHaveAttribute("open");
    // debounced: one read for the whole title, none per key typed
    expect(fetchMock.mock.calls.filter(([p]) => String(p).startsWith("/api/specs/parse")).length).toBe(1);
    expect(requestsTo(fetchMock, parseSpecsKey(TITLE))).toHaveLength(1);
  });

  it("never overwrites what the seller set by hand", async () => {
    await open();
    await screen.findByLabelText("Product Name");
    await userEvent.click(screen.getByText("Laptop details (optional)"));
    await userEvent.selectOptions(screen.getByLabelText("RAM (GB)"), "16");
    await userEvent.type(screen.getByLabelText("Processor (CPU)"), "Core i7");
    await userEvent.type(screen.getByLabelText("Product Name"), TITLE);
    expect(await screen.findByText("Filled from the title: Storage (GB), Storage type, Screen size (inches)", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(value("RAM (GB)")).toBe("16");
    expect(value("Processor (CPU)")).toBe("Core i7");
    expect(value("Storage (GB)")).toBe("512");
  });

  it("undoes the fill: the fields it filled are empty again", async () => {
    await open();
    await userEvent.type(await screen.findByLabelText("Product Name"), TITLE);
    await userEvent.click(await screen.findByRole("button", { name: "Undo" }, { timeout: 5_000 }));
    expect(value("RAM (GB)")).toBe("");
    expect(value("Processor (CPU)")).toBe("");
    expect(value("Screen size (inches)")).toBe("");
    expect(screen.queryByText(/Filled from the title/)).not.toBeInTheDocument();
    // the same title does not fill them again
    await new Promise((r) => setTimeout(r, 600));
    expect(value("RAM (GB)")).toBe("");
  });

  it("reads a Bangla title, in Bangla, a terabyte as the form's 1 TB", async () => {
    await open("bn");
    const name = await screen.findByLabelText("পণ্যের নাম", {}, { timeout: 10_000 });
    await userEvent.type(name, BANGLA);
    expect(await screen.findByText("শিরোনাম থেকে পূরণ করা হয়েছে: র‍্যাম (GB), স্টোরেজ (GB), স্টোরেজের ধরন", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(value("র‍্যাম (GB)")).toBe("8");
    expect(value("স্টোরেজ (GB)")).toBe("1024");
    expect(screen.getByRole("button", { name: "ফিরিয়ে নিন" })).toBeInTheDocument();
  });
});
