// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { $toasts, showToast } from "../../stores/toasts";
import Modal from "./Modal";
import Toaster from "./Toaster";

afterEach(cleanup);

beforeAll(() => {
  // happy-dom has <dialog> but not its modal methods; these follow the HTML standard's effect
  // on the `open` attribute, which is what the component relies on.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

function Harness({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Sign up"
        closeLabel="Close"
        dismissible={dismissible}
        onClose={() => setOpen(false)}
      >
        <p>Body</p>
      </Modal>
    </>
  );
}

/** A dialog its owner stops rendering while it is open (a list row's, a conditional one). */
function Unmounting() {
  const [open, setOpen] = useState(false);
  return (
    <main id="main">
      {open ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Report
        </button>
      )}
      {open ? (
        <Modal open title="Report" closeLabel="Close" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Send
          </button>
        </Modal>
      ) : null}
    </main>
  );
}

describe("Modal", () => {
  it("gives focus back to its opener, or to the main content when that is gone (issue 29 item 16)", async () => {
    render(<Harness dismissible />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(document.activeElement).toBe(opener);
    cleanup();

    render(<Unmounting />);
    const report = screen.getByRole("button", { name: "Report" });
    report.focus();
    fireEvent.click(report);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await act(async () => {});
    expect(document.activeElement).toBe(document.getElementById("main"));
    expect(document.activeElement).not.toBe(document.body);
  });

  it("opens as a labelled dialog and closes on Escape", () => {
    render(<Harness dismissible />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Sign up" });
    expect(dialog.hasAttribute("open")).toBe(true);
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    expect(dialog.hasAttribute("open")).toBe(false);
  });

  it("stays open on Escape and backdrop clicks when not dismissible (spec §2 signup)", () => {
    render(<Harness dismissible={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    fireEvent.click(dialog);
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});

describe("Toaster", () => {
  it("announces a toast politely and removes it after its time", () => {
    vi.useFakeTimers();
    render(<Toaster locale="en" messages={pickMessages("en", ["common."])} />);
    act(() => showToast("Saved", "success", 3000));
    expect(screen.getByRole("status").textContent).toContain("Saved");
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole("status")).toBeNull();
    expect($toasts.get()).toEqual([]);
    vi.useRealTimers();
  });

  it("lets the member dismiss a toast", () => {
    render(<Toaster locale="en" messages={pickMessages("en", ["common."])} />);
    act(() => showToast("Hello"));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Hello")).toBeNull();
  });
});
