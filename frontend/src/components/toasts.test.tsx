import { act, render } from "@testing-library/react";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import Toasts from "@/components/toasts";

/** phoneWide stubs matchMedia: the phone query matches when `phone`. */
function phoneWide(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: phone && query.includes("max-width"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function shown(message: string) {
  await act(async () => {
    toast.success(message);
    await new Promise((r) => setTimeout(r, 0));
  });
  return document.querySelector<HTMLElement>(".Toastify__toast-container")!;
}

describe("toasts", () => {
  it("come up from the bottom on a phone, clear of the page's title", async () => {
    phoneWide(true);
    render(<Toasts theme="light" />);
    const container = await shown("User create Success");
    expect(container).toHaveClass("Toastify__toast-container--bottom-center");
    expect(container.style.bottom).toContain("safe-area-inset-bottom");
    expect(container.style.top).toBe("");
    expect(container).toHaveTextContent("User create Success");
  });

  it("stay at the spec's top-right, below the header, on a wider screen", async () => {
    phoneWide(false);
    render(<Toasts theme="dark" />);
    const container = await shown("Book Success");
    expect(container).toHaveClass("Toastify__toast-container--top-right");
    expect(container.style.top).toContain("4rem");
  });
});
