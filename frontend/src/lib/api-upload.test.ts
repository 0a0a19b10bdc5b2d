import { describe, expect, it, vi } from "vitest";
import { ApiError, apiUpload, TOKEN_KEY } from "@/lib/api";
import { fakeXHR, type FetchLike } from "@/test/fake-xhr";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** serve answers every XMLHttpRequest with `answer` and records what was sent. */
function serve(answer: FetchLike) {
  const calls: { path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "XMLHttpRequest",
    fakeXHR(async (path, init) => {
      calls.push({ path, init });
      return answer(path, init);
    }),
  );
  return calls;
}

function photoForm(): FormData {
  const form = new FormData();
  form.set("image", new File(["png"], "me.png", { type: "image/png" }));
  return form;
}

describe("apiUpload", () => {
  it("posts the form with the bearer token, reports progress and parses the answer", async () => {
    localStorage.setItem(TOKEN_KEY, "tok123");
    const calls = serve(async () => json(201, { success: true, data: { url: "/uploads/a.png" } }));
    const progress: number[] = [];
    const form = photoForm();

    const res = await apiUpload<{ data: { url: string } }>("/api/images", form, (sent) => progress.push(sent));

    expect(res.data.url).toBe("/uploads/a.png");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe("/api/images");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBe(form);
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get("Authorization")).toBe("Bearer tok123");
    expect(headers.get("Accept")).toBe("application/json");
    // the browser sets the multipart type and boundary itself
    expect(headers.get("Content-Type")).toBeNull();
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it("throws ApiError with the server's message and fields", async () => {
    serve(async () => json(415, { message: "Unsupported image", code: "unsupported", fields: { image: "must be a JPEG, PNG, WebP or GIF image" } }));
    const err = await apiUpload("/api/images", photoForm()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 415, message: "Unsupported image", code: "unsupported", fields: { image: "must be a JPEG, PNG, WebP or GIF image" } });
  });

  it("forgets the token on a 401", async () => {
    localStorage.setItem(TOKEN_KEY, "expired");
    serve(async () => json(401, { message: "Please log in again" }));
    await expect(apiUpload("/api/images", photoForm())).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("answers status 0 when the server cannot be reached", async () => {
    serve(async () => {
      throw new TypeError("network down");
    });
    await expect(apiUpload("/api/images", photoForm())).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Could not reach the server/) });
  });
});
