import { describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, retryAfterSeconds, TOKEN_KEY } from "@/lib/api";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
}

describe("apiFetch", () => {
  it("sends the bearer token and JSON body, and parses the answer", async () => {
    localStorage.setItem(TOKEN_KEY, "tok123");
    const fetchMock = answer(201, { acknowledged: true, insertedId: "7" });
    vi.stubGlobal("fetch", fetchMock);

    const res = await apiFetch<{ insertedId: string }>("/api/bookings", { method: "POST", json: { meetLocation: "Dhanmondi" } });

    expect(res.insertedId).toBe("7");
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/bookings");
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("Bearer tok123");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(init.body).toBe('{"meetLocation":"Dhanmondi"}');
  });

  it("sends a FormData body as is, leaving the multipart Content-Type to the browser", async () => {
    const fetchMock = answer(201, { accessToken: "t" });
    vi.stubGlobal("fetch", fetchMock);
    const form = new FormData();
    form.set("userName", "Nadia");

    await apiFetch("/api/auth/signup", { method: "POST", body: form });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get("Content-Type")).toBeNull();
  });

  it("throws ApiError with message, code and fields", async () => {
    vi.stubGlobal("fetch", answer(400, { message: "Invalid product", code: "invalid", fields: { sellPrice: "must be a positive whole number" } }));
    const err = await apiFetch("/api/products", { method: "POST", json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: "Invalid product", code: "invalid", fields: { sellPrice: "must be a positive whole number" } });
  });

  it("forgets the token on a 401", async () => {
    localStorage.setItem(TOKEN_KEY, "expired");
    vi.stubGlobal("fetch", answer(401, { message: "Please log in again" }));
    await expect(apiFetch("/api/me")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps a refusal's Retry-After on the error, in seconds", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Too many tries", code: "too_many" }), {
            status: 429,
            headers: { "Content-Type": "application/json", "Retry-After": "1500" },
          }),
      ),
    );
    const err = await apiFetch("/api/bookings/22/handover", { method: "POST", json: { code: "123456" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, retryAfter: 1500 });
    vi.stubGlobal("fetch", answer(429, { message: "Too many tries" }));
    await expect(apiFetch("/api/x")).rejects.toMatchObject({ status: 429, retryAfter: undefined });
  });
});

describe("retryAfterSeconds", () => {
  it("reads seconds or an HTTP date, and nothing else", () => {
    const now = Date.parse("Sat, 28 Nov 2026 07:00:00 GMT");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 07:10:00 GMT", now)).toBe(600);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 06:50:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds("", now)).toBeUndefined();
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds("-5", now)).toBeUndefined();
  });
});
