import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "@/lib/near-viewport";

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? "near" : "far"}</div>;
}

describe("useNearViewport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says yes once the element comes near the screen, and stops watching", () => {
    let notify: (entries: { isIntersecting: boolean }[]) => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: typeof notify) {
          notify = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(<Probe />);
    expect(screen.getByText("far")).toBeInTheDocument();
    act(() => notify([{ isIntersecting: false }]));
    expect(screen.getByText("far")).toBeInTheDocument();
    act(() => notify([{ isIntersecting: true }]));
    expect(screen.getByText("near")).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it("says yes at once where the browser cannot watch", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Probe />);
    expect(screen.getByText("near")).toBeInTheDocument();
  });
});
