// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "../../i18n/locales";
import { pickMessages } from "../../i18n/pick";
import { createTranslate } from "../../i18n/translate";
import DateOfBirthField, { assembleIsoDate } from "./DateOfBirthField";

afterEach(cleanup);

/** The field in a form, as the signup form and the wizard use it. */
function renderField(
  options: { locale?: string; catalogue?: Locale; defaultValue?: string; error?: string } = {},
) {
  const catalogue = options.catalogue ?? "en";
  const t = createTranslate(catalogue, pickMessages(catalogue, ["dateOfBirth."]));
  render(
    <form aria-label="Signup">
      <DateOfBirthField
        id="birth"
        name="date_of_birth"
        legend="Date of birth"
        locale={options.locale ?? catalogue}
        t={t}
        defaultValue={options.defaultValue}
        error={options.error}
        min="1900-01-01"
        max="2008-11-23"
      />
    </form>,
  );
  const group = screen.getByRole("group", { name: "Date of birth" });
  return {
    group,
    labels: () =>
      within(group)
        .getAllByRole("combobox")
        .map((select) => accessibleName(select)),
    submitted: () =>
      new FormData(screen.getByRole("form", { name: "Signup" }) as HTMLFormElement).get(
        "date_of_birth",
      ),
  };
}

function accessibleName(select: HTMLElement): string {
  return document.querySelector(`label[for="${select.id}"]`)?.textContent ?? "";
}

function choose(name: string, label: string) {
  const select = screen.getByRole("combobox", { name }) as HTMLSelectElement;
  const option = within(select).getByRole("option", { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

describe("DateOfBirthField", () => {
  it("orders day, month and year as the page's language writes dates", () => {
    expect(renderField({ catalogue: "de" }).labels()).toEqual(["Tag", "Monat", "Jahr"]);
    cleanup();
    expect(renderField({ catalogue: "en", locale: "en-US" }).labels()).toEqual([
      "Month",
      "Day",
      "Year",
    ]);
    cleanup();
    // The page's "en" is British English (issue 29 item 19).
    expect(renderField({ catalogue: "en" }).labels()).toEqual(["Day", "Month", "Year"]);
    cleanup();
    expect(renderField({ catalogue: "pl" }).labels()).toEqual(["Dzień", "Miesiąc", "Rok"]);
    cleanup();
    expect(renderField({ catalogue: "sv" }).labels()).toEqual(["År", "Månad", "Dag"]);
  });

  it("names the months in the page's language", () => {
    renderField({ catalogue: "de" });
    const months = within(screen.getByRole("combobox", { name: "Monat" })).getAllByRole("option");
    expect(months.slice(1).map((option) => option.textContent)).toEqual([
      "Januar",
      "Februar",
      "März",
      "April",
      "Mai",
      "Juni",
      "Juli",
      "August",
      "September",
      "Oktober",
      "November",
      "Dezember",
    ]);
    cleanup();
    renderField({ catalogue: "pl" });
    const polish = screen.getByRole("combobox", { name: "Miesiąc" });
    expect(within(polish).getByRole("option", { name: "marzec" })).toBeTruthy();
  });

  it("submits the chosen day as one ISO date, and nothing until all three are chosen", () => {
    const field = renderField({ catalogue: "de" });
    choose("Tag", "14");
    choose("Monat", "März");
    expect(field.submitted()).toBe("");
    choose("Jahr", "1992");
    expect(field.submitted()).toBe("1992-03-14");
  });

  it("starts from a saved date", () => {
    const field = renderField({ defaultValue: "1990-05-07" });
    expect(field.submitted()).toBe("1990-05-07");
    const day = screen.getByRole("combobox", { name: "Day" }) as HTMLSelectElement;
    expect(day.value).toBe("7");
  });

  it("offers the years from the latest allowed one down to the earliest", () => {
    renderField();
    const years = within(screen.getByRole("combobox", { name: "Year" })).getAllByRole("option");
    expect(years[1]?.textContent).toBe("2008");
    expect(years.at(-1)?.textContent).toBe("1900");
    expect(years).toHaveLength(1 + 109);
  });

  it("refuses 31 February with a translated message and submits no date", () => {
    const field = renderField({ catalogue: "pl" });
    choose("Dzień", "31");
    choose("Miesiąc", "luty");
    choose("Rok", "2000");
    expect(field.submitted()).toBe("");
    expect(field.group.getAttribute("aria-describedby")).toBe("birth-error");
    expect(document.getElementById("birth-error")?.textContent).toBe(
      "Taka data nie istnieje. Sprawdź dzień i miesiąc.",
    );
    expect(screen.getByRole("combobox", { name: "Dzień" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    choose("Dzień", "29");
    expect(field.submitted()).toBe("2000-02-29");
    expect(document.getElementById("birth-error")).toBeNull();
  });

  it("shows the server's message for the field and marks the selects", () => {
    const field = renderField({ defaultValue: "2008-11-20", error: "You must be 18+ to sign up" });
    expect(field.group.getAttribute("aria-describedby")).toBe("birth-error");
    expect(document.getElementById("birth-error")?.textContent).toBe("You must be 18+ to sign up");
    for (const select of within(field.group).getAllByRole("combobox")) {
      expect(select.getAttribute("aria-invalid")).toBe("true");
    }
  });
});

describe("assembleIsoDate", () => {
  it("gives the ISO date of days that exist, leap days included", () => {
    expect(assembleIsoDate(1992, 3, 14)).toBe("1992-03-14");
    expect(assembleIsoDate(2000, 2, 29)).toBe("2000-02-29");
  });

  it("refuses days that do not exist", () => {
    expect(assembleIsoDate(2001, 2, 29)).toBeNull();
    expect(assembleIsoDate(1900, 2, 29)).toBeNull();
    expect(assembleIsoDate(2001, 4, 31)).toBeNull();
    expect(assembleIsoDate(2001, 13, 1)).toBeNull();
  });
});
