// #36 the search box offers suggestions while typing and the person's
// recent searches when empty, as an ARIA combobox: arrows, Enter, Escape.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig, type Cache } from "swr";
import { describe, expect, it, vi } from "vitest";
import { RECENT_KEY, forgetSearch, readRecent, rememberSearch } from "@/api/suggest";
import { SearchBox } from "@/components/search-box";
import { fetcher } from "@/lib/api";
import { makeTranslate, LOCALES } from "@/lib/i18n";
import { requestsTo, stubApi } from "@/test/render-app";

const SUGGEST = "/api/search/suggest?q=";

function renderBox(onSearch = vi.fn(), onEscape = vi.fn()) {
  const cache: Cache = new Map();
  render(
    <SWRConfig value={{ provider: () => cache, fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <SearchBox value="" onSearch={onSearch} onEscape={onEscape} />
    </SWRConfig>,
  );
  return { box: screen.getByRole("combobox", { name: "Search laptops" }), onSearch, onEscape };
}

describe("search box suggestions", () => {
  it("offers suggestions with their counts once typing pauses, and arrows and Enter pick one", async () => {
    const api = stubApi({
      [SUGGEST + "i5%208"]: [
        { text: "Core i5 8GB RAM", kind: "spec", count: 1204 },
        { text: "Core i5 8th Gen", kind: "spec", count: 310 },
      ],
    });
    const { box, onSearch } = renderBox();
    await userEvent.type(box, "i5 8");
    const list = await screen.findByRole("listbox", { name: "Suggestions" });
    expect(box).toHaveAttribute("aria-expanded", "true");
    const options = within(list).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Core i5 8GB RAM1,204", "Core i5 8th Gen310"]);
    // only the settled text was asked for, not each keystroke
    expect(requestsTo(api, SUGGEST + "i5")).toHaveLength(0);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", options[1].id);
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", options[0].id);
    await userEvent.keyboard("{Enter}");
    expect(onSearch).toHaveBeenCalledWith("Core i5 8GB RAM");
    expect(box).toHaveValue("Core i5 8GB RAM");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(readRecent()).toEqual(["Core i5 8GB RAM"]);
  });

  it("picks a suggestion by tap, and Escape closes the list before it closes the box", async () => {
    stubApi({ [SUGGEST + "elite"]: [{ text: "EliteBook 840", kind: "model", count: 52 }] });
    const { box, onSearch, onEscape } = renderBox();
    await userEvent.type(box, "elite");
    const option = await screen.findByRole("option", { name: /EliteBook 840/ });
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onEscape).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(onEscape).toHaveBeenCalledOnce();
    await userEvent.type(box, "{ArrowDown}");
    await userEvent.click(await screen.findByRole("option", { name: /EliteBook 840/ }));
    expect(onSearch).toHaveBeenCalledWith("EliteBook 840");
    expect(option).not.toBeInTheDocument();
  });

  it("shows the recent searches when empty, each removable by its button or Delete", async () => {
    stubApi({});
    rememberSearch("thinkpad");
    rememberSearch("macbook air");
    rememberSearch("core i5 8gb");
    const { box, onSearch } = renderBox();
    await userEvent.click(box);
    const list = screen.getByRole("listbox", { name: "Recent searches" });
    expect(within(list).getAllByRole("option").map((o) => o.textContent)).toEqual(["core i5 8gb", "macbook air", "thinkpad"]);
    await userEvent.click(within(list).getByRole("button", { name: "Remove macbook air from recent searches" }));
    expect(readRecent()).toEqual(["core i5 8gb", "thinkpad"]);
    expect(box).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{Delete}");
    expect(readRecent()).toEqual(["thinkpad"]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(onSearch).toHaveBeenCalledWith("thinkpad");
  });

  it("keeps at most 8 recent searches, newest first, once each", () => {
    for (let i = 1; i <= 10; i++) rememberSearch(`laptop ${i}`);
    rememberSearch("LAPTOP 5");
    expect(readRecent()).toEqual(["LAPTOP 5", "laptop 10", "laptop 9", "laptop 8", "laptop 7", "laptop 6", "laptop 4", "laptop 3"]);
    expect(forgetSearch("laptop 9")).toHaveLength(7);
    localStorage.setItem(RECENT_KEY, "not json");
    expect(readRecent()).toEqual([]);
  });

  it("asks for nothing when the box is empty", async () => {
    const api = stubApi({});
    const { box } = renderBox();
    await userEvent.type(box, "   ");
    await waitFor(() => expect(box).toHaveValue("   "));
    expect(api.mock.calls.filter(([p]) => String(p).startsWith("/api/search/suggest"))).toHaveLength(0);
  });

  it("has Bangla for every new text", async () => {
    const { bn } = await import("@/locales/bn");
    const t = makeTranslate(bn, LOCALES.bn);
    expect(t("Suggestions")).toBe("পরামর্শ");
    expect(t("Recent searches")).toBe("সাম্প্রতিক খোঁজ");
    expect(t("Remove {q} from recent searches", { q: "i5" })).toBe("সাম্প্রতিক খোঁজ থেকে i5 সরান");
  });
});
