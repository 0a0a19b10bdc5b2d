import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PhotoGallery } from "@/components/photo-gallery";

// stored photos (/uploads/<32 hex>.jpg) have a 640-pixel thumbnail at ?w=640
const photos = ["a", "b", "c", "d", "e"].map((c) => `/uploads/${c.repeat(32)}.jpg`);

/** The large photo's button of photo n (1-based), hidden from the tree or not. */
const slide = (n: number) => document.querySelector<HTMLButtonElement>(`[data-slide="${n - 1}"]`)!;
const thumb = (n: number) => screen.getByRole("button", { name: `Photo ${n} of 5` });

describe("photo gallery", () => {
  it("shows the cover large and every photo's thumbnail, the current one marked", () => {
    render(<PhotoGallery photos={photos} name="ThinkPad T480" />);
    const gallery = screen.getByRole("region", { name: "Photos of ThinkPad T480" });
    // only the shown photo is in the accessibility tree
    const large = within(gallery).getByRole("button", { name: "View photo 1 of 5 full size" });
    expect(within(large).getByRole("img", { name: "ThinkPad T480" })).toHaveAttribute("src", `${photos[0]}?w=640`);
    const strip = within(gallery).getByRole("group", { name: "Choose a photo" });
    const thumbs = within(strip).getAllByRole("button");
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual(["Photo 1 of 5", "Photo 2 of 5", "Photo 3 of 5", "Photo 4 of 5", "Photo 5 of 5"]);
    expect(thumbs.map((b) => b.querySelector("img")!.getAttribute("src"))).toEqual(photos.map((p) => `${p}?w=640`));
    expect(thumb(1)).toHaveAttribute("aria-current", "true");
    expect(thumb(2)).not.toHaveAttribute("aria-current");
  });

  it("moves with the Next and Previous buttons, round from the last to the first", async () => {
    render(<PhotoGallery photos={photos} name="ThinkPad T480" />);
    await userEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(thumb(2)).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "View photo 2 of 5 full size" })).toBe(slide(2));
    expect(slide(1)).toHaveAttribute("tabindex", "-1");
    await userEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(thumb(5)).toHaveAttribute("aria-current", "true");
    await userEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(thumb(1)).toHaveAttribute("aria-current", "true");
  });

  it("moves with the arrow keys on the focused gallery, the focus following the photo", async () => {
    render(<PhotoGallery photos={photos} name="ThinkPad T480" />);
    await userEvent.tab();
    expect(slide(1)).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(thumb(3)).toHaveAttribute("aria-current", "true");
    expect(slide(3)).toHaveFocus();
    expect(slide(3)).toHaveAttribute("tabindex", "0");
    await userEvent.keyboard("{ArrowLeft}");
    expect(slide(2)).toHaveFocus();
    await userEvent.keyboard("{End}");
    expect(slide(5)).toHaveFocus();
    // on the thumbnails too
    await userEvent.click(thumb(2));
    await userEvent.keyboard("{ArrowRight}");
    expect(thumb(3)).toHaveFocus();
    expect(thumb(3)).toHaveAttribute("aria-current", "true");
  });

  it("opens the photo full size in a dialog that closes on Escape, focus back on the photo", async () => {
    render(<PhotoGallery photos={photos} name="ThinkPad T480" />);
    await userEvent.click(thumb(2));
    await userEvent.click(slide(2));
    const dialog = screen.getByRole("dialog", { name: "Photos of ThinkPad T480" });
    // the full photo, not the thumbnail
    expect(within(dialog).getByRole("img", { name: "ThinkPad T480" })).toHaveAttribute("src", photos[1]);
    expect(within(dialog).getByText("Photo 2 of 5")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();

    // the arrows there too, by key and by button; the gallery follows
    await userEvent.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photos[2]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Next photo" }));
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photos[3]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Previous photo" }));
    expect(within(dialog).getByText("Photo 3 of 5")).toBeInTheDocument();

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(thumb(3)).toHaveAttribute("aria-current", "true");
    expect(slide(3)).toHaveFocus();
  });

  it("changes the full-size photo with a swipe and closes with a tap beside it", async () => {
    render(<PhotoGallery photos={photos} name="ThinkPad T480" />);
    await userEvent.click(slide(1));
    const dialog = screen.getByRole("dialog");
    const stage = within(dialog).getByRole("img").parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 120, clientY: 210 });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photos[1]);
    fireEvent.pointerDown(stage, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 300, clientY: 190 });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photos[0]);
    fireEvent.pointerDown(stage, { clientX: 5, clientY: 5 });
    fireEvent.pointerUp(stage, { clientX: 5, clientY: 5 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(slide(1)).toHaveFocus();
  });

  it("shows a single photo with no arrows and no thumbnails, still full size on a click", async () => {
    render(<PhotoGallery photos={[photos[0]!]} name="ThinkPad T480" />);
    expect(screen.queryByRole("button", { name: "Next photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Previous photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Choose a photo" })).not.toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "View the photo full size" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Next photo" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photos[0]);
  });
});
