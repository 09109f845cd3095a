// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { locales } from "../../i18n/locales";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import LegalEditor, { LEGAL_EDITOR_MESSAGES } from "./LegalEditor";

const api = serveIslandApi();

async function renderEditor(locale: "en" | "de" = "en") {
  await api.signInNewStaff("editor", { language: locale });
  render(
    <LegalEditor
      locale={locale}
      messages={pickMessages(locale, LEGAL_EDITOR_MESSAGES)}
      sites={[
        { id: "amora", name: "Amora" },
        { id: "herzklopfen", name: "Herzklopfen" },
      ]}
      languages={[...locales, "en-US"]}
    />,
  );
}

describe("the legal texts screen (issue 28 item 5)", () => {
  it("previews, refuses a broken text on its field, saves, and reverts after asking", async () => {
    await renderEditor();
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "nl" } });
    const field = (await screen.findByLabelText("Text in Markdown")) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toContain('title: "Algemene voorwaarden"'));
    expect(screen.getByText("The page shows the default text.")).toBeTruthy();

    // A placeholder that does not exist: the field says so, and keeps the text.
    const broken = field.value.replace(/\n---\n/, "\n---\n\nWelkom bij {{site_nam}}.\n");
    fireEvent.change(field, { target: { value: broken } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText(/There is no placeholder called “site_nam”/)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.value).toBe(broken);

    const edited = field.value.replace("{{site_nam}}", "{{site_name}}");
    fireEvent.change(field, { target: { value: edited } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const preview = await screen.findByRole("region", { name: "Preview of the page" });
    expect(within(preview).getByText("Welkom bij Amora.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. The page shows the new text now.")).toBeTruthy();
    expect(screen.getByText(/The page shows an edited version/)).toBeTruthy();

    // Cancelling the question changes nothing and gives focus back to the button.
    const revert = screen.getByRole("button", { name: "Revert to default" });
    revert.focus();
    fireEvent.click(revert);
    const dialog = await screen.findByRole("dialog", { name: "Revert to the default text?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(revert));

    fireEvent.click(revert);
    const again = await screen.findByRole("dialog", { name: "Revert to the default text?" });
    fireEvent.click(within(again).getByRole("button", { name: "Revert to default" }));
    expect(
      await screen.findByText("Reverted. The page shows the default text again."),
    ).toBeTruthy();
    expect(field.value).not.toContain("Welkom bij");
    expect(screen.queryByRole("button", { name: "Revert to default" })).toBeNull();
  });

  it("speaks the editor's language", async () => {
    await renderEditor("de");
    expect(await screen.findByLabelText("Text in Markdown")).toBeTruthy();
    expect(screen.getByLabelText("Website")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Allgemeine Geschäftsbedingungen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Vorschau" })).toBeTruthy();
  });
});
