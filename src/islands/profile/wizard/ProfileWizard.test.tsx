// A page on the real API: first, before React loads.
import "../../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { OwnPhotos } from "../../../contract/photos";
import type { OwnProfile } from "../../../contract/profiles";
import { pickMessages } from "../../../i18n/pick";
import { apiFetch } from "../../../lib/api-client";
import { serveIslandApi, waitOnFakeClock } from "../../../test/island-api";
import ProfileWizard from "./ProfileWizard";

const api = serveIslandApi();

const MESSAGES = pickMessages("en", [
  "wizard.",
  "dateOfBirth.",
  "photos.",
  "profile.gender.",
  "profile.seeking.",
  "profile.hair.",
  "profile.eyes.",
  "profile.body.",
  "profile.relationship.",
  "common.",
  "error.",
]);

/** The wizard as /profile renders it for the signed-in member, with the site's settings. */
async function renderWizard(options: { initialStep?: number; visibleFields?: string[] } = {}) {
  const [profile, photos, settings] = await Promise.all([
    apiFetch<OwnProfile>("/api/profile.php"),
    apiFetch<OwnPhotos>("/api/photos.php"),
    apiFetch<{ visible_profile_fields: string[]; visible_profile_notes: string[] }>(
      "/api/settings.php",
    ),
  ]);
  render(
    <ProfileWizard
      locale="en"
      messages={MESSAGES}
      profile={profile}
      photos={photos}
      countries={[
        { code: "de", name: "Germany" },
        { code: "nl", name: "Netherlands" },
      ]}
      visibleFields={options.visibleFields ?? settings.visible_profile_fields}
      visibleNotes={settings.visible_profile_notes}
      initialStep={options.initialStep ?? profile.wizard_step}
      isPremium={false}
      premiumLimit={25}
      minBirthdate="1916-11-23"
      maxBirthdate="2008-11-23"
    />,
  );
}

function stepHeading(name: string) {
  return screen.getByRole("heading", { level: 2, name });
}

function choose(name: string, option: string) {
  const select = screen.getByRole("combobox", { name }) as HTMLSelectElement;
  const value = (within(select).getByRole("option", { name: option }) as HTMLOptionElement).value;
  fireEvent.change(select, { target: { value } });
}

function currentStep(): string {
  const steps = screen.getByRole("navigation", { name: "Profile steps" });
  return within(steps)
    .getAllByRole("listitem")
    .filter((item) => item.getAttribute("aria-current") === "step")
    .map((item) => item.textContent ?? "")
    .join();
}

describe("ProfileWizard", () => {
  it("opens at the step it is given", async () => {
    await api.signInNewMember();
    await renderWizard({ initialStep: 2 });
    expect(stepHeading("Relationship and interests")).toBeTruthy();
    await screen.findByRole("checkbox", { name: "Hiking" });
    expect(screen.getByText("Step 3 of 5")).toBeTruthy();
    expect(currentStep()).toBe("3Relationship and interests");
    expect(new URL(location.href).searchParams.get("step")).toBe("2");
  });

  it("leaves out steps whose fields the site does not ask for, and opens at the next one", async () => {
    await api.signInNewMember();
    await renderWizard({
      initialStep: 1,
      visibleFields: ["gender", "seeking", "country", "region", "age", "interests"],
    });
    const steps = screen.getByRole("navigation", { name: "Profile steps" });
    expect(within(steps).queryByText("Appearance")).toBeNull();
    expect(stepHeading("Relationship and interests")).toBeTruthy();
    await screen.findByRole("checkbox", { name: "Hiking" });
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Relationship status" })).toBeNull();
  });

  it("saves a step, then moves on and focuses the next step's heading", async () => {
    await api.signInNewMember({ profile: { birthdate: "1990-05-17", wizardStep: 0 } });
    await renderWizard();
    expect(stepHeading("About you")).toBeTruthy();
    await screen.findByRole("option", { name: "Utrecht" });
    const birth = screen.getByRole("group", { name: "Date of birth" });
    expect(
      (within(birth).getByRole("combobox", { name: "Month" }) as HTMLSelectElement).value,
    ).toBe("5");
    choose("Year", "1991");
    choose("Day", "2");
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));

    // The first save of a region loads the region catalogue (~50 000 towns): allow for it.
    const appearance = await screen.findByRole(
      "heading",
      { level: 2, name: "Appearance" },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(appearance));
    expect(new URL(location.href).searchParams.get("step")).toBe("1");
    const saved = await apiFetch<OwnProfile>("/api/profile.php");
    expect(saved.birthdate).toBe("1991-05-02");
    expect(saved.wizard_step).toBe(1);
  });

  it("puts a refused answer's message on its field, focuses it and keeps the text", async () => {
    await api.signInNewMember({ profile: { wizardStep: 3 } });
    await renderWizard();
    const about = screen.getByRole("textbox", { name: "About me" }) as HTMLTextAreaElement;
    fireEvent.change(about, { target: { value: "Hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));

    await waitFor(() => expect(about.getAttribute("aria-invalid")).toBe("true"));
    const description = (about.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toContain("Write at least 10 characters, or leave this empty.");
    await waitFor(() => expect(document.activeElement).toBe(about));
    expect(about.value).toBe("Hi");
    expect(stepHeading("In your own words")).toBeTruthy();
    expect((await apiFetch<OwnProfile>("/api/profile.php")).wizard_step).toBe(3);
  });

  it("waits while saving, then says the server was not reached and keeps the typed height", async () => {
    await api.signInNewMember({ profile: { wizardStep: 1, height: null } });
    await renderWizard();
    const height = screen.getByRole("spinbutton", { name: "Height in cm" }) as HTMLInputElement;
    fireEvent.change(height, { target: { value: "172" } });

    const release = api.holdAnswers();
    fireEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    const saving = await screen.findByRole("button", { name: "Saving…" });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);

    // The network goes: the client's retries (300 ms doubling) all fail.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    api.setOffline(true);
    release();
    await waitOnFakeClock(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "We could not reach the server. Please check your connection and try again.",
      ),
    );
    vi.useRealTimers();

    const save = screen.getByRole("button", { name: "Save and continue" }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("status"));
    expect(height.value).toBe("172");
    expect(stepHeading("Appearance")).toBeTruthy();

    // Back online, the same answers are saved.
    api.setOffline(false);
    fireEvent.click(save);
    await screen.findByRole("heading", { level: 2, name: "Relationship and interests" });
    await screen.findByRole("checkbox", { name: "Hiking" });
    expect((await apiFetch<OwnProfile>("/api/profile.php")).height).toBe(172);
  });

  it("skips a step without answers and goes back to the one before", async () => {
    await api.signInNewMember({ profile: { wizardStep: 2, relationshipStatus: "single" } });
    await renderWizard();
    await screen.findByRole("checkbox", { name: "Hiking" });
    fireEvent.click(screen.getByRole("button", { name: "Skip for now" }));
    await screen.findByRole("heading", { level: 2, name: "In your own words" });
    expect((await apiFetch<OwnProfile>("/api/profile.php")).relationship_status).toBe("single");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(document.activeElement).toBe(stepHeading("Relationship and interests"));
    await screen.findByRole("checkbox", { name: "Hiking" });
  });

  it("finishes on the photos step and offers to edit the profile again", async () => {
    const member = await api.signInNewMember({ profile: { wizardStep: 4 } });
    await renderWizard();
    expect(screen.queryByRole("button", { name: "Skip for now" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    const done = await screen.findByRole("heading", { level: 2, name: "Your profile is ready" });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole("link", { name: "View my profile" }).getAttribute("href")).toBe(
      `/members/${member.profile.id}`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit my profile" }));
    expect(document.activeElement).toBe(stepHeading("About you"));
    await screen.findByRole("option", { name: "Utrecht" });
  });
});
