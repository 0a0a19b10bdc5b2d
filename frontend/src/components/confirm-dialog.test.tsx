import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useConfirm } from "@/components/confirm-dialog";

/** A button that asks, then writes the answer down. */
function Asker() {
  const [confirm, dialog] = useConfirm();
  const [answer, setAnswer] = useState("none");
  return (
    <>
      <button type="button" onClick={() => void confirm({ message: "Are you sure Delete this Product" }).then((yes) => setAnswer(String(yes)))}>
        Ask
      </button>
      <p>answer: {answer}</p>
      {dialog}
    </>
  );
}

/** ask clicks Ask and waits for the dialog: the first one comes in its own chunk. */
async function ask() {
  await userEvent.click(screen.getByRole("button", { name: "Ask" }));
  return screen.findByRole("alertdialog", {}, { timeout: 5000 });
}

describe("confirmation dialog", () => {
  it("asks in a modal with focus inside and answers true on confirm", async () => {
    render(<Asker />);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await ask();

    const dialog = screen.getByRole("alertdialog", { name: "Are you sure Delete this Product" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByText("answer: true")).toBeInTheDocument();
    // focus goes back to what opened it
    expect(screen.getByRole("button", { name: "Ask" })).toHaveFocus();
  });

  it("answers false on Cancel", async () => {
    render(<Asker />);
    await ask();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByText("answer: false")).toBeInTheDocument();
  });

  it("answers false on Escape", async () => {
    render(<Asker />);
    await ask();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByText("answer: false")).toBeInTheDocument();
  });

  it("keeps Tab inside the dialog", async () => {
    render(<Asker />);
    const dialog = await ask();
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
