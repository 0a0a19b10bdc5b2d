// Signing up, out and in against the real binary: the guard's redirect and
// return, a multipart sign-up with a real photo, the server's log-in error,
// and the pages on a phone.
import { expect, test, type Locator } from "@playwright/test";
import { logOut, picture } from "./helpers";

const base = () => process.env.BASE_URL!;

// A valid 2x2 RGB PNG, so the server's image checks really decode it.
const PNG_2X2 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGNgaGj4f4KBAUIBACWZBY+fL84EAAAAAElFTkSuQmCC",
  "base64",
);

/** The rendered text colour of an element as [r, g, b], whatever CSS colour syntax it uses. */
async function rgb(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

test("sign up with a photo, log out, fail and succeed to log in, landing back where we started", async ({ page }) => {
  // password hashing on a busy machine makes this journey the slowest one
  test.setTimeout(60_000);
  const email = `journey-${Date.now()}@example.com`;
  const password = "resale-journey-pw";
  const name = "Journey Tester";

  // A signed-out visitor to a category page is sent to log in.
  await page.goto(base() + "/categorys/1");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();

  // The Google button follows the server's config.
  const config = (await (await page.request.get(base() + "/api/config")).json()) as { googleEnabled: boolean };
  await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveCount(config.googleEnabled ? 1 : 0);

  // Sign up from there.
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_2X2 });
  await expect(page.getByRole("img", { name: "Preview of your photo" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await expect(page.getByLabel("Account Type")).toHaveValue("Buyer");
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(page.getByText("User create Success")).toBeVisible();
  await expect(page).toHaveURL(/\/categorys\/1$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" }).first()).toBeAttached();
  await expect(header.getByRole("button", { name: "Account menu" })).toBeVisible();
  // the photo is the account menu's button (its name is the button's, "Account menu")
  const photo = header.getByRole("button", { name: "Account menu" }).getByAltText(name);
  await expect(photo).toHaveAttribute("src", /^\/uploads\//);
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
  await picture(page, "signed-in-desktop.png");

  // Log out: the token is gone and the Log In link is back.
  await logOut(page);
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

  // Back to the category page: log in, first with a wrong password.
  await page.goto(base() + "/categorys/1");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  const error = page.getByText("Invalid email or password");
  await expect(error).toBeVisible();
  await picture(page, "login-error-desktop.png", { fullPage: true });
  const [r, g, b] = await rgb(error);
  expect(r).toBeGreaterThan(150);
  expect(g).toBeLessThan(110);
  expect(b).toBeLessThan(110);
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Success")).toBeVisible();
  await expect(page).toHaveURL(/\/categorys\/1$/);
  await expect(header.getByRole("button", { name: "Account menu" }).getByAltText(name)).toBeVisible();
});

test("a taken email is shown under the email input", async ({ page }) => {
  const email = `taken-${Date.now()}@example.com`;
  const signup = (role: string) =>
    page.request.post(base() + "/api/auth/signup", {
      multipart: {
        userName: "First Owner",
        email,
        password: "Marble-kettle-57",
        role,
        image: { name: "me.png", mimeType: "image/png", buffer: PNG_2X2 },
      },
    });
  expect((await signup("Seller")).status()).toBe(201);

  await page.goto(base() + "/signup");
  await page.getByLabel("Name").fill("Second Owner");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_2X2 });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Copper-lantern-82");
  await page.getByRole("button", { name: "Sign Up" }).click();

  const emailInput = page.getByLabel("Email");
  await expect(emailInput).toHaveAttribute("aria-invalid", "true");
  const describedBy = await emailInput.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
  await expect(page).toHaveURL(/\/signup$/);
  await picture(page, "signup-taken-desktop.png", { fullPage: true });
});

test("log-in and sign-up pages on a phone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(base() + "/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await picture(page, "login-phone.png", { fullPage: true });
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  // nothing sticks out sideways on a narrow screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await picture(page, "signup-phone.png", { fullPage: true });
  await page.close();
});

test("log-in and sign-up pages on a desktop", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(base() + "/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await picture(page, "login-desktop.png", { fullPage: true });
  await page.goto(base() + "/signup");
  await page.getByLabel("Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_2X2 });
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Use at least 8 characters")).toBeVisible();
  await picture(page, "signup-desktop.png", { fullPage: true });

  // A bad or used Google code is refused and offers the way back.
  await page.goto(base() + "/auth/google?code=not-a-real-code&from=%2Fblog");
  await expect(page.getByRole("heading", { name: "Google sign-in failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Log In" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  await picture(page, "google-failed-desktop.png");
  await page.close();
});
