import { describe, expect, it } from "vitest";
import { photoSources } from "@/lib/photo";

describe("photoSources", () => {
  it("offers a stored photo's thumbnail and the full photo", () => {
    const url = "/uploads/0123456789abcdef0123456789abcdef.jpg";
    expect(photoSources(url, "100vw")).toEqual({
      src: `${url}?w=640`,
      srcSet: `${url}?w=640 640w, ${url} 1600w`,
      sizes: "100vw",
    });
  });

  it("leaves any other address alone", () => {
    expect(photoSources("https://example.com/a.jpg", "100vw")).toEqual({ src: "https://example.com/a.jpg" });
    expect(photoSources("/uploads/../x.jpg", "100vw")).toEqual({ src: "/uploads/../x.jpg" });
  });
});
