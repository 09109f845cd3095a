// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { makeUniquePhoto } from "../../test/images";
import { serveIslandApi } from "../../test/island-api";
import { photoRowOf as photoRow, uploadQueuedPhoto } from "../../test/moderation-queues";
import PhotoReview, { PHOTO_REVIEW_MESSAGES } from "./PhotoReview";

const api = serveIslandApi();

async function upload(name: string, bytes?: Buffer) {
  const { member, photo } = await uploadQueuedPhoto(name, bytes);
  return { member, id: photo.id };
}

async function renderQueue(locale: "en" | "de" = "en") {
  await api.signInNewStaff("moderator", { language: locale });
  render(<PhotoReview locale={locale} messages={pickMessages(locale, PHOTO_REVIEW_MESSAGES)} />);
}

const card = (name: string) => screen.findByRole("article", { name });

describe("the photo review queue (issue 27 item 5)", () => {
  it("lists a queued photo with its member, the main photo marker and its wait", async () => {
    const { member, id } = await upload("Queued Quinn");
    await renderQueue();
    const photo = await card(`Photo ${id} of Queued Quinn`);
    const link = within(photo).getByRole("link", { name: "Queued Quinn" });
    expect(link.getAttribute("href")).toBe(`/staff/members/${member.user.id}`);
    expect(within(photo).getByText("Main photo")).toBeTruthy();
    expect(within(photo).getByText(/^Queued (this minute|\d+ minutes? ago)$/)).toBeTruthy();
  });

  it("warns of the same image on another account, naming it", async () => {
    const bytes = await makeUniquePhoto();
    const original = await upload("Original Olga", bytes);
    const copy = await upload("Copying Carl", await sharp(bytes).resize(600).webp().toBuffer());
    await renderQueue();
    const photo = await card(`Photo ${copy.id} of Copying Carl`);
    expect(within(photo).getByText(/Possible catfish/)).toBeTruthy();
    expect(
      within(photo).getByText(`The same image is also photo ${original.id} on another account.`, {
        exact: false,
      }),
    ).toBeTruthy();
    const other = within(photo).getByRole("link", { name: "Original Olga" });
    expect(other.getAttribute("href")).toBe(`/staff/members/${original.member.user.id}`);
  });

  it("approves a photo from its card: it leaves the grid with a status message", async () => {
    const { id } = await upload("Approved Anna");
    await renderQueue();
    const photo = await card(`Photo ${id} of Approved Anna`);
    fireEvent.click(within(photo).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        `Photo ${id} of Approved Anna is approved.`,
      ),
    );
    expect(screen.queryByRole("article", { name: `Photo ${id} of Approved Anna` })).toBeNull();
    expect((await photoRow(id))?.queuedAt).toBeNull();
  });

  it("opens the larger view in a dialog, and gives focus back to the opener on close", async () => {
    const { id } = await upload("Dialog Dora");
    await renderQueue();
    const photo = await card(`Photo ${id} of Dialog Dora`);
    const opener = within(photo).getByRole("button", { name: `Open photo ${id} of Dialog Dora` });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: `Photo ${id} of Dialog Dora` });
    expect(within(dialog).getByRole("img", { name: `Photo ${id} of Dialog Dora` })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("rejects with a reason, asking for a note when the reason is 'other'", async () => {
    const { id } = await upload("Rejected Rita");
    await renderQueue();
    const photo = await card(`Photo ${id} of Rejected Rita`);
    fireEvent.click(within(photo).getByRole("button", { name: "Larger view" }));
    const dialog = await screen.findByRole("dialog", { name: `Photo ${id} of Rejected Rita` });
    const reason = within(dialog).getByLabelText("Reason") as HTMLSelectElement;
    fireEvent.change(reason, { target: { value: "other" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    const note = within(dialog).getByLabelText("Note");
    await waitFor(() => expect(note.getAttribute("aria-invalid")).toBe("true"));
    expect(api.calls.filter((call) => call.endsWith("/reject"))).toEqual([]);

    fireEvent.change(reason, { target: { value: "not_own_photo" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        `Photo ${id} of Rejected Rita is rejected; the member has been told.`,
      ),
    );
    // The dialog closes in Modal's effect, which may run after the status has rendered.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("article", { name: `Photo ${id} of Rejected Rita` })).toBeNull();
    expect(await photoRow(id)).toMatchObject({ status: "rejected", queuedAt: null });
  });

  it("speaks German", async () => {
    const { id } = await upload("Deutsche Dagmar");
    await renderQueue("de");
    const photo = await card(`Foto ${id} von Deutsche Dagmar`);
    expect(within(photo).getByRole("button", { name: "Freigeben" })).toBeTruthy();
    expect(within(photo).getByText(/eingereiht$/)).toBeTruthy();
    expect(within(photo).getByText("Hauptfoto")).toBeTruthy();
  });
});
