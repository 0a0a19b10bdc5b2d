import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReasonDialog } from "@/components/dialog-form";
import { WriteReviewDialog } from "@/components/review-dialogs";
import { ApiError } from "@/lib/api";

describe("write a review", () => {
  it("asks for stars and words before sending, then sends them trimmed", async () => {
    const onSend = vi.fn(async () => {});
    render(<WriteReviewDialog productName="HP EliteBook 840" onClose={() => {}} onSend={onSend} />);
    expect(screen.getByRole("dialog", { name: "Review the seller" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect(screen.getByText("Pick from 1 to 5 stars")).toBeInTheDocument();
    expect(screen.getByText("Say a few words about how it went")).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("radio", { name: "4 out of 5 stars" }));
    await userEvent.type(screen.getByLabelText("Your review"), "  Just as described.  ");
    await userEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect(onSend).toHaveBeenCalledWith(4, "Just as described.");
  });

  it("keeps the dialog open with the server's words under the field", async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(400, "text must be at most 1000 characters", "invalid", { text: "must be at most 1000 characters" });
    });
    const onClose = vi.fn();
    render(<WriteReviewDialog productName="HP" onClose={onClose} onSend={onSend} />);
    await userEvent.click(screen.getByRole("radio", { name: "5 out of 5 stars" }));
    await userEvent.type(screen.getByLabelText("Your review"), "Good");
    await userEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect(await screen.findByText("must be at most 1000 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Your review")).toHaveAttribute("aria-invalid", "true");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a refusal that names no field, such as a second review", async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(409, "You have already reviewed this purchase", "already_reviewed");
    });
    render(<WriteReviewDialog productName="HP" onClose={() => {}} onSend={onSend} />);
    await userEvent.click(screen.getByRole("radio", { name: "3 out of 5 stars" }));
    await userEvent.type(screen.getByLabelText("Your review"), "Fine");
    await userEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have already reviewed this purchase");
  });
});

describe("the reply and removal dialog", () => {
  it("requires its text and sends it", async () => {
    const onSend = vi.fn(async () => {});
    render(
      <ReasonDialog
        title="Remove this review?"
        detail="d"
        label="Reason"
        confirmLabel="Remove review"
        alert
        max={500}
        requiredText="This is required"
        onClose={() => {}}
        onConfirm={onSend}
      />,
    );
    expect(screen.getByRole("alertdialog", { name: "Remove this review?" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove review" }));
    expect(screen.getByText("This is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Reason"), "Offensive words");
    await userEvent.click(screen.getByRole("button", { name: "Remove review" }));
    expect(onSend).toHaveBeenCalledWith("Offensive words");
  });
});
