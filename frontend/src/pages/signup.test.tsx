import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "@/lib/api";
import type { User } from "@/lib/auth";
import { renderApp, reply, requestsTo, stubApi } from "@/test/render-app";

const apple = { _id: "2", name: "APPLE", image: "/categories/apple.svg" };
const nadia: User = { _id: "7", userName: "Nadia Islam", email: "nadia@example.com", userPhoto: "/uploads/abc.png", role: "Seller", verify: "" };

function photo(bytes = 68, name = "me.png", type = "image/png") {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function fillSignup({ password = "long enough pw", file = photo() as File | null } = {}) {
  await userEvent.type(screen.getByLabelText("Name"), "Nadia Islam");
  if (file) await userEvent.upload(screen.getByLabelText("Photo"), file);
  await userEvent.type(screen.getByLabelText("Email"), "nadia@example.com");
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.selectOptions(screen.getByLabelText("Account Type"), "Seller");
  await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
}

describe("signup page", () => {
  it("offers Buyer (the default) and Seller, and takes only image files", () => {
    stubApi({ "/api/categorys": [] });
    renderApp("/signup");
    const role = screen.getByLabelText<HTMLSelectElement>("Account Type");
    expect(role.value).toBe("Buyer");
    expect([...role.options].map((o) => o.value)).toEqual(["Buyer", "Seller"]);
    expect(screen.getByLabelText("Photo")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/gif");
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("sends all five fields as multipart, signs in, toasts and returns where the user came from", async () => {
    const fetchMock = stubApi({
      "/api/categorys": [apple],
      "/api/categorys/2": apple,
      "/api/config": { stripePublishableKey: null, currency: "bdt", googleEnabled: false },
      "/api/me": nadia,
      "POST /api/auth/signup": reply(201, { accessToken: "tok-nadia", user: nadia }),
    });
    // a guard sent the visitor to /login; they follow the link to sign up
    const router = renderApp("/categorys/2");
    await userEvent.click(await screen.findByRole("link", { name: "Create an account" }));
    await screen.findByRole("heading", { name: "Sign Up" });

    await fillSignup();

    expect(await screen.findByText("User create Success")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/categorys/2"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("tok-nadia");

    const [init] = requestsTo(fetchMock, "/api/auth/signup", "POST");
    const body = init!.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()].sort()).toEqual(["email", "image", "password", "role", "userName"]);
    expect(form.get("userName")).toBe("Nadia Islam");
    expect(form.get("email")).toBe("nadia@example.com");
    expect(form.get("password")).toBe("long enough pw");
    expect(form.get("role")).toBe("Seller");
    const image = form.get("image");
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe("me.png");
    // the browser must set the multipart boundary itself
    expect(new Headers(init!.headers).get("Content-Type")).toBeNull();
  });

  it("shows a taken email under the email input and the message in red", async () => {
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/signup": reply(409, {
        message: "An account with this email already exists",
        code: "conflict",
        fields: { email: "is already registered" },
      }),
    });
    const router = renderApp("/signup");
    await fillSignup();

    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email).toHaveAccessibleDescription("is already registered"));
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("is already registered")).toHaveClass("text-error");
    expect(screen.getByRole("alert")).toHaveTextContent("An account with this email already exists");
    expect(screen.getByRole("alert")).toHaveClass("text-error");
    expect(screen.getByRole("button", { name: "Sign Up" })).toBeEnabled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("shows each field error of a 400 under its own input", async () => {
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/signup": reply(400, {
        message: "Check the highlighted fields",
        code: "invalid",
        fields: { userName: "is too long", password: "must be 8 to 256 characters" },
      }),
    });
    renderApp("/signup");
    await fillSignup();
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("is too long"));
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("must be 8 to 256 characters");
  });

  it("puts a 415 about the photo under the photo input", async () => {
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/signup": reply(415, { message: "The photo must be a JPEG, PNG, WebP or GIF image" }),
    });
    renderApp("/signup");
    await fillSignup();
    await waitFor(() =>
      expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("The photo must be a JPEG, PNG, WebP or GIF image"),
    );
  });

  it("checks the photo and the password length before calling the server", async () => {
    const fetchMock = stubApi({ "/api/categorys": [] });
    renderApp("/signup");
    await fillSignup({ password: "short", file: null });

    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Use at least 8 characters");
    expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("Choose a photo of yourself");
    expect(requestsTo(fetchMock, "/api/auth/signup")).toHaveLength(0);
  });

  it("refuses a photo over 8 MB before uploading it", async () => {
    const fetchMock = stubApi({ "/api/categorys": [] });
    renderApp("/signup");
    await fillSignup({ file: photo(8 * 1024 * 1024 + 1, "huge.jpg", "image/jpeg") });
    expect(screen.getByLabelText("Photo")).toHaveAccessibleDescription("The photo must be at most 8 MB");
    expect(requestsTo(fetchMock, "/api/auth/signup")).toHaveLength(0);
  });
  it("shows a preview of the photo, then the upload's progress while signing up", async () => {
    let answer: (res: Response) => void = () => {};
    stubApi({
      "/api/categorys": [],
      "POST /api/auth/signup": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp("/signup");
    expect(screen.queryByRole("img", { name: "Preview of your photo" })).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText("Photo"), photo());
    expect(screen.getByRole("img", { name: "Preview of your photo" })).toBeInTheDocument();
    await fillSignup({ file: null });

    // the stand-in has sent half the body and waits for the answer
    const bar = await screen.findByRole("progressbar", { name: "Uploading your photo…" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "50"));
    answer(new Response(JSON.stringify({ message: "That email is taken", fields: { email: "is already registered" } }), { status: 409, headers: { "Content-Type": "application/json" } }));
    expect(await screen.findByText("That email is taken")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });
});
