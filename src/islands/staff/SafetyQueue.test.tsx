// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import { serveIslandApi } from "../../test/island-api";
import { sendFlaggedMessage } from "../../test/moderation-queues";
import SafetyQueue, { SAFETY_QUEUE_MESSAGES } from "./SafetyQueue";

const api = serveIslandApi();

async function renderQueue(options: { locale?: "en" | "de"; canResolve?: boolean } = {}) {
  const locale = options.locale ?? "en";
  await api.signInNewStaff("moderator", { language: locale });
  render(
    <SafetyQueue
      locale={locale}
      messages={pickMessages(locale, SAFETY_QUEUE_MESSAGES)}
      canResolve={options.canResolve ?? true}
    />,
  );
}

/** The rules table's row of a rule: its counters' cells. */
async function counters(rule: string) {
  const table = await screen.findByRole("table");
  const row = within(table).getByRole("rowheader", { name: rule }).closest("tr");
  if (!row) throw new Error(`no row for ${rule}`);
  return [...row.querySelectorAll("td")].map((cell) => cell.textContent);
}

describe("the message safety queue (issue 27 item 6)", () => {
  it("lists a flagged message with its rules named, the text and both members", async () => {
    const { sender, recipient, message, flag } = await sendFlaggedMessage(undefined, {
      sender: "Scammy Sam",
      recipient: "Careful Cleo",
    });
    await renderQueue();
    const card = await screen.findByRole("article", { name: `Flagged message ${flag.id}` });
    expect(within(card).getByText("Other messenger app")).toBeTruthy();
    expect(within(card).getByText("Phone number")).toBeTruthy();
    expect(within(card).getByText(message.text ?? "")).toBeTruthy();
    const from = within(card).getByRole("link", { name: "Scammy Sam" });
    expect(from.getAttribute("href")).toBe(`/staff/members/${sender.user.id}`);
    const to = within(card).getByRole("link", { name: "Careful Cleo" });
    expect(to.getAttribute("href")).toBe(`/staff/members/${recipient.user.id}`);
  });

  it("marks a false positive: the flag leaves, and the rule's counter moves", async () => {
    const { flag } = await sendFlaggedMessage("Send 200 euros in bitcoin, or a gift card");
    await renderQueue();
    const card = await screen.findByRole("article", { name: `Flagged message ${flag.id}` });
    const rule = within(card).getAllByRole("listitem")[0]?.textContent ?? "";
    await waitFor(async () => expect((await counters(rule))[0]).not.toBe("0"));
    const [hits, falsePositives] = await counters(rule);

    fireEvent.click(within(card).getByRole("button", { name: "Record the verdict" }));
    await waitFor(() =>
      expect(within(card).getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(api.calls.filter((call) => call.endsWith("/resolve"))).toEqual([]);

    fireEvent.click(within(card).getByLabelText("False positive: harmless"));
    fireEvent.input(within(card).getByLabelText("Reason"), {
      target: { value: "A joke between friends" },
    });
    fireEvent.click(within(card).getByRole("button", { name: "Record the verdict" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        `Flagged message ${flag.id} is marked as a false positive; the recipient’s safety notice is gone.`,
      ),
    );
    expect(screen.queryByRole("article", { name: `Flagged message ${flag.id}` })).toBeNull();
    await waitFor(async () =>
      expect(await counters(rule)).toEqual([
        hits,
        String(Number(falsePositives) + 1),
        expect.stringMatching(/%$/),
      ]),
    );
  });

  it("shows no verdict form to a role that may only read", async () => {
    const { flag } = await sendFlaggedMessage();
    await renderQueue({ canResolve: false });
    const card = await screen.findByRole("article", { name: `Flagged message ${flag.id}` });
    expect(within(card).queryByRole("button", { name: "Record the verdict" })).toBeNull();
    expect(screen.getByText("Your role may read this queue but not give verdicts.")).toBeTruthy();
  });

  it("speaks German", async () => {
    const { flag } = await sendFlaggedMessage();
    await renderQueue({ locale: "de" });
    const card = await screen.findByRole("article", { name: `Markierte Nachricht ${flag.id}` });
    expect(within(card).getByText("Telefonnummer")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Entscheidung speichern" })).toBeTruthy();
    expect(await screen.findByRole("columnheader", { name: "Fehlalarme" })).toBeTruthy();
  });
});
