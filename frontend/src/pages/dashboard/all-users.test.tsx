import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { UserRecord } from "@/api/users";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

/** deleteWithReason gives the delete dialog the reason it requires (#32), then confirms. */
async function deleteWithReason(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText("Reason for the account's owner"), "Breaks the shop's rules");
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
}

const LIST = "/api/users";
const otherAdmin: UserRecord = { _id: "2", userName: "Second Admin", email: "second@example.com", userPhoto: "", role: "Admin", verify: "" };
const everyone: UserRecord[] = [{ ...admin, verify: "" }, otherAdmin, { ...seller, verify: "verify" }, { ...buyer, verify: "" }];

function api(list: () => UserRecord[], extra: ApiTable = {}): ApiTable {
  return { "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, list()), ...extra };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });

describe("all users", () => {
  it("shows a spinner with hidden Loading... text, then every account with its role", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi({
      ...api(() => []),
      [LIST]: async () => {
        await gate;
        return jsonResponse(200, everyone);
      },
    });
    renderApp("/dashboard/allusers");
    await screen.findByRole("navigation", { name: "Dashboard" });
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Loading...")).toHaveClass("sr-only");
    expect(screen.queryByRole("heading", { name: "All Users" })).not.toBeInTheDocument();
    release();

    expect(await screen.findByRole("heading", { name: "All Users" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "Name", "Email", "Status", "Delete"]);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["1", "2", "3", "4"]);
    const karim = row(/Karim Seller/);
    expect(karim).toHaveTextContent("karim@example.com");
    expect(within(karim).getAllByRole("cell")[2]).toHaveTextContent(/^Seller$/);
    expect(within(row(/Rahim Uddin/)).getAllByRole("cell")[2]).toHaveTextContent(/^Buyer$/);
    expect(within(row(/Ayesha Admin/)).getAllByRole("cell")[2]).toHaveTextContent(/^Admin$/);
    // the all-users table has no Verify column
    expect(screen.queryByRole("button", { name: /Make Verify/ })).not.toBeInTheDocument();
  });

  it("shows No User when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => []));
    renderApp("/dashboard/allusers");
    expect(await screen.findByRole("heading", { name: "All Users" })).toBeInTheDocument();
    expect(screen.getByText("No User")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("deletes only after the confirmation, toasts Delete Success and reloads the list", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = everyone;
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/users/${buyer._id}`]: () => {
          list = everyone.filter((u) => u._id !== buyer._id);
          return jsonResponse(200, { deletedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allusers");
    await screen.findByRole("heading", { name: "All Users" });
    const listLoads = requestsTo(fetchMock, LIST).length;

    await userEvent.click(within(row(/Rahim Uddin/)).getByRole("button", { name: /Delete/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure delete this user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, `/api/users/${buyer._id}`, "DELETE")).toHaveLength(0);
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();
    expect(row(/Rahim Uddin/)).toBeInTheDocument();

    await userEvent.click(within(row(/Rahim Uddin/)).getByRole("button", { name: /Delete/ }));
    await deleteWithReason(screen.getByRole("alertdialog", { name: "Are you sure delete this user" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Rahim Uddin/ })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `/api/users/${buyer._id}`, "DELETE")).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST).length).toBeGreaterThan(listLoads);
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });

  it("shows the server's message when a delete is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(
      api(() => everyone, {
        [`DELETE /api/users/${seller._id}`]: reply(409, { message: "This seller has a payment in progress", code: "conflict" }),
      }),
    );
    renderApp("/dashboard/allusers");
    await screen.findByRole("heading", { name: "All Users" });
    await userEvent.click(within(row(/Karim Seller/)).getByRole("button", { name: /Delete/ }));
    await deleteWithReason(screen.getByRole("alertdialog"));
    expect(await screen.findByText("This seller has a payment in progress")).toBeInTheDocument();
    expect(screen.queryByText("Delete Success")).not.toBeInTheDocument();
    expect(row(/Karim Seller/)).toBeInTheDocument();
    // the row's buttons work again
    expect(within(row(/Karim Seller/)).getByRole("button", { name: /Delete/ })).toBeEnabled();
  });

  it("does not offer to delete the signed-in admin or another admin", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => everyone));
    renderApp("/dashboard/allusers");
    await screen.findByRole("heading", { name: "All Users" });
    const own = within(row(/Ayesha Admin/)).getByRole("button", { name: /Delete/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAttribute("title", "You cannot delete your own account");
    expect(within(row(/Ayesha Admin/)).getByText("You")).toBeInTheDocument();
    const other = within(row(/Second Admin/)).getByRole("button", { name: /Delete/ });
    expect(other).toBeDisabled();
    expect(other).toHaveAttribute("title", "Admin accounts cannot be deleted here");
    expect(within(row(/Rahim Uddin/)).getByRole("button", { name: /Delete/ })).toBeEnabled();
  });

  it("keeps the heading and says so when the list cannot be loaded", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => [], { [LIST]: reply(500, { message: "Internal server error" }) }));
    renderApp("/dashboard/allusers");
    expect(await screen.findByRole("heading", { name: "All Users" })).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't load the accounts");
    expect(screen.getByRole("alert")).toHaveTextContent("Internal server error");
    expect(screen.queryByText("No User")).not.toBeInTheDocument();
  });

  it("is for admins only", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const fetchMock = stubApi({ ...api(() => everyone), "/api/me": buyer, "/api/config": reply(200, {}) });
    const router = renderApp("/dashboard/allusers");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(requestsTo(fetchMock, LIST)).toHaveLength(0);
  });
});
