// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import RadioChoices from "./RadioChoices";

afterEach(cleanup);

const SIZES = [
  { value: "small", label: "Small" },
  { value: "large", label: "Large" },
] as const;

function SizePicker({ initial }: { initial: "small" | "large" | null }) {
  const [size, setSize] = useState(initial);
  return (
    <fieldset>
      <legend>Size</legend>
      <RadioChoices
        name="size"
        className="chip-choice"
        choices={SIZES}
        value={size}
        onChange={setSize}
      />
    </fieldset>
  );
}

function radio(name: string): HTMLInputElement {
  return screen.getByRole("radio", { name }) as HTMLInputElement;
}

describe("RadioChoices", () => {
  it("labels each choice and checks none while nothing is chosen", () => {
    render(<SizePicker initial={null} />);
    expect(screen.getAllByRole("radio").map((input) => (input as HTMLInputElement).value)).toEqual([
      "small",
      "large",
    ]);
    expect(radio("Small").checked).toBe(false);
    expect(radio("Large").checked).toBe(false);
  });

  it("checks the chosen value and moves the check to the choice clicked", () => {
    render(<SizePicker initial="small" />);
    expect(radio("Small").checked).toBe(true);
    fireEvent.click(radio("Large"));
    expect(radio("Large").checked).toBe(true);
    expect(radio("Small").checked).toBe(false);
  });
});
