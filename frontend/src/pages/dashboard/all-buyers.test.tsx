import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { UserRecord } from "@/api/users";
import { TOKEN_KEY } from "@/lib/api";
import { admin, buyer, categories } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

/** deleteWithReason gives the delete dialog the reason it requires (#32), then confirms. */
async function deleteWithReason(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText("Reason for the account's owner"), "Breaks the shop's rules");
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
}

const LIST = "/api/users?role=Buyer";
const nadia: UserRecord = { _id: "43", userName: "Nadia Islam", email: "nadia@example.com", userPhoto: "/uploads/nadia.jpg", role: "Buyer", verify: "" };
const buyers: UserRecord[] = [{ ...buyer, verify: "" }, nadia];

function api(list: () => UserRecord[], extra: ApiTable = {}): ApiTable {
  return { "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, list()), ...extra };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });

describe("all buyers", () => {
  it("shows a spinner with hidden Loading... text, then the buyers", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = stubApi({
      ...api(() => []),
      [LIST]: async () => {
        await gate;
        return jsonResponse(200, buyers);
      },
    });
    renderApp("/dashboard/allbuyer");
    await screen.findByRole("navigation", { name: "Dashboard" });
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Loading...")).toHaveClass("sr-only");
    release();

    expect(await screen.findByRole("heading", { name: "All Buyer" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "Name", "Email", "Status", "Delete"]);
    const nadiaRow = row(/Nadia Islam/);
    expect(within(nadiaRow).getByRole("rowheader")).toHaveTextContent("2");
    expect(nadiaRow).toHaveTextContent("nadia@example.com");
    expect(within(nadiaRow).getAllByRole("cell")[2]).toHaveTextContent(/^Buyer$/);
    expect(nadiaRow.querySelector("img")).toHaveAttribute("src", "/uploads/nadia.jpg");
    // only the buyers were asked for
    expect(requestsTo(fetchMock, "/api/users")).toHaveLength(0);
  });

  it("shows No Buyer when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => []));
    renderApp("/dashboard/allbuyer");
    expect(await screen.findByRole("heading", { name: "All Buyer" })).toBeInTheDocument();
    expect(screen.getByText("No Buyer")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("deletes a buyer after the confirmation, toasts Delete Success and reloads", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = buyers;
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/users/${nadia._id}`]: () => {
          list = [buyers[0]!];
          return jsonResponse(200, { deletedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allbuyer");
    await screen.findByRole("heading", { name: "All Buyer" });

    await userEvent.click(within(row(/Nadia Islam/)).getByRole("button", { name: /Delete/ }));
    await deleteWithReason(screen.getByRole("alertdialog", { name: "Are you sure delete this user" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Nadia Islam/ })).not.toBeInTheDocument());
    expect(row(/Rahim Uddin/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/users/${nadia._id}`, "DELETE")).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST).length).toBe(2);
  });

  it("deleting the last buyer leaves No Buyer", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list: UserRecord[] = [nadia];
    stubApi(
      api(() => list, {
        [`DELETE /api/users/${nadia._id}`]: () => {
          list = [];
          return reply(200, { deletedCount: 1 })({});
        },
      }),
    );
    renderApp("/dashboard/allbuyer");
    await screen.findByRole("heading", { name: "All Buyer" });
    await userEvent.click(within(row(/Nadia Islam/)).getByRole("button", { name: /Delete/ }));
    await deleteWithReason(screen.getByRole("alertdialog"));
    expect(await screen.findByText("No Buyer")).toBeInTheDocument();
  });
});
