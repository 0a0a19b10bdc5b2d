import { describe, expect, it } from "vitest";
import { returnPath, safePath } from "@/lib/return-path";

const none = new URLSearchParams();

describe("returnPath", () => {
  it("uses the location a guard left, with its query and hash", () => {
    expect(returnPath({ from: { pathname: "/categorys/2", search: "?page=2", hash: "#top" } }, none)).toBe("/categorys/2?page=2#top");
  });

  it("falls back to ?from=, then /home", () => {
    expect(returnPath(null, new URLSearchParams("from=/dashboard/mybooking"))).toBe("/dashboard/mybooking");
    expect(returnPath(undefined, none)).toBe("/home");
  });

  it("never leaves the site or returns to a sign-in page", () => {
    for (const bad of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/login", "/signup?x=1", "/auth/google"]) {
      expect(safePath(bad)).toBe("/home");
    }
  });
});
