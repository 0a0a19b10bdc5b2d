import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentTheme, initTheme, THEME_KEY } from "@/lib/theme";
import { renderApp, stubApi } from "@/test/render-app";

/** A matchMedia stand-in whose (prefers-color-scheme: dark) answer a test sets. */
function systemPrefersDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal("matchMedia", () => media);
  return (next: boolean) => {
    dark = next;
    listeners.forEach((fn) => fn());
  };
}

const html = () => document.documentElement.getAttribute("data-theme");

afterEach(() => document.documentElement.removeAttribute("data-theme"));

describe("theme", () => {
  it("follows the system when the visitor has not chosen", () => {
    systemPrefersDark(true);
    expect(currentTheme()).toBe("dark");
    initTheme();
    expect(html()).toBe("resale-dark");
  });

  it("prefers the visitor's stored choice to the system's", () => {
    systemPrefersDark(true);
    localStorage.setItem(THEME_KEY, "light");
    initTheme();
    expect(html()).toBe("resale");
  });

  it("switches from the header, remembers the choice, and stops following the system", async () => {
    const systemChanges = systemPrefersDark(false);
    stubApi({ "/api/categorys": [] });
    initTheme();
    renderApp("/blog");

    await userEvent.click(screen.getByRole("button", { name: "Switch to the dark theme" }));
    expect(html()).toBe("resale-dark");
    expect(localStorage.getItem(THEME_KEY)).toBe("dark");
    expect(screen.getByRole("button", { name: "Switch to the light theme" })).toBeInTheDocument();

    // a stored choice wins over a later system change
    systemChanges(false);
    expect(html()).toBe("resale-dark");

    await userEvent.click(screen.getByRole("button", { name: "Switch to the light theme" }));
    expect(html()).toBe("resale");
    expect(localStorage.getItem(THEME_KEY)).toBe("light");
  });

  it("follows a system change while the visitor has not chosen", () => {
    const systemChanges = systemPrefersDark(false);
    stubApi({ "/api/categorys": [] });
    initTheme();
    renderApp("/blog");
    expect(screen.getByRole("button", { name: "Switch to the dark theme" })).toBeInTheDocument();
    systemChanges(true);
    expect(html()).toBe("resale-dark");
  });
});
