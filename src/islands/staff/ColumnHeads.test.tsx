// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ColumnHeads from "./ColumnHeads";

describe("ColumnHeads", () => {
  it("heads each column in order and aligns the number columns' headings with them", () => {
    render(
      <table>
        <ColumnHeads labels={["Site", "Waiting", "Answered"]} numeric={[1, 2]} />
      </table>,
    );
    const heads = screen.getAllByRole("columnheader");
    expect(heads.map((head) => head.textContent)).toEqual(["Site", "Waiting", "Answered"]);
    expect(heads.map((head) => head.getAttribute("scope"))).toEqual(["col", "col", "col"]);
    expect(heads.map((head) => head.className)).toEqual(["", "num", "num"]);
  });
});
