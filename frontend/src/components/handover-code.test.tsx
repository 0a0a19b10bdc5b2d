import { render, screen } from "@testing-library/react";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { HandoverCode, qrPath, spaced } from "@/components/handover-code";

describe("hand-over code", () => {
  it("draws each run of dark modules in a row as one rectangle", () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe("M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z");
    expect(qrPath([[false]])).toBe("");
  });

  it("writes six digits as two groups of three", () => {
    expect(spaced("123456")).toBe("123 456");
    expect(spaced("12345")).toBe("12345");
  });

  it("shows the code and a QR of the url, or no QR without one", () => {
    const url = "https://shop.example/dashboard/leads?handover=9&code=042042";
    const { rerender } = render(<HandoverCode code="042042" url={url} name="HP 250 G8" />);
    expect(screen.getByRole("region", { name: "Hand-over code for HP 250 G8" })).toHaveTextContent("042 042");
    const qr = screen.getByRole("img", { name: /QR code/ });
    const { size, data } = encode(url, { ecc: "M", border: 2 });
    expect(qr).toHaveAttribute("viewBox", `0 0 ${size} ${size}`);
    expect(qr.querySelector("path")).toHaveAttribute("d", qrPath(data));
    rerender(<HandoverCode code="042042" name="HP 250 G8" />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("042 042")).toBeInTheDocument();
  });
});
