import { describe, expect, it } from "vitest";
import { listingEnd } from "@/lib/expiry";

const now = Date.parse("2026-11-23T12:00:00Z");
const day = 24 * 60 * 60 * 1000;

describe("listingEnd", () => {
  it("is expired when the server says so, whatever the date", () => {
    expect(listingEnd({ expired: true, expiresAt: new Date(now + 30 * day).toISOString() }, now)).toBe("expired");
  });
  it("is expired once the end has passed, before the server's next pass", () => {
    expect(listingEnd({ expired: false, expiresAt: new Date(now - 1000).toISOString() }, now)).toBe("expired");
  });
  it("is soon within three days, later beyond", () => {
    expect(listingEnd({ expiresAt: new Date(now + 3 * day).toISOString() }, now)).toBe("soon");
    expect(listingEnd({ expiresAt: new Date(now + 3 * day + 1000).toISOString() }, now)).toBe("later");
  });
  it("is later for a listing with no end (an older server)", () => {
    expect(listingEnd({}, now)).toBe("later");
    expect(listingEnd({ expiresAt: "not a date" }, now)).toBe("later");
  });
});
