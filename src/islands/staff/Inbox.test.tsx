// A page on the real API: first, before React loads.
import "../../test/api-page";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickMessages } from "../../i18n/pick";
import {
  addCannedAnswer,
  addMessages,
  expireClaim,
  memberWritesToOperated,
} from "../../test/inbox";
import { serveIslandApi } from "../../test/island-api";
import Inbox, { INBOX_MESSAGES } from "./Inbox";

const api = serveIslandApi();

describe("the operators' inbox (issue 28 item 1)", () => {
  it("claims a waiting conversation and answers with a canned answer, edited", async () => {
    const agent = await api.signInNewStaff("operator");
    const { conversation } = await memberWritesToOperated(
      { member: "Tom Waiting", operated: "Mia Operated" },
      "Hello Mia, are you there?",
    );
    await addCannedAnswer("en", "Greeting", "Hi, lovely to hear from you!");
    render(
      <Inbox
        locale="en"
        messages={pickMessages("en", INBOX_MESSAGES)}
        sites={[{ id: "amora", name: "Amora" }]}
      />,
    );

    const item = await screen.findByRole("article", { name: "Tom Waiting to Mia Operated" });
    expect(within(item).getByText("Hello Mia, are you there?")).toBeTruthy();
    fireEvent.click(within(item).getByRole("button", { name: "Open the conversation" }));
    const pane = (await screen.findByRole("heading", { name: "Tom Waiting and Mia Operated" }))
      .parentElement as HTMLElement;
    expect(within(pane).getByText("Nobody has claimed this conversation.")).toBeTruthy();
    fireEvent.click(within(pane).getByRole("button", { name: "Claim the conversation" }));
    const answer = (await within(pane).findByLabelText(
      "Your answer as the profile",
    )) as HTMLTextAreaElement;

    // The canned answers open from the keyboard, and Enter inserts the one chosen.
    const cannedButton = within(pane).getByRole("button", { name: "Canned answers" });
    await waitFor(() => expect((cannedButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.keyDown(answer, { key: "c", code: "KeyC", altKey: true });
    const listbox = await within(pane).findByRole("listbox", { name: "Canned answers" });
    const greeting = within(listbox).getByRole("option", { name: /Greeting/ });
    const index = within(listbox).getAllByRole("option").indexOf(greeting);
    for (let step = 0; step < index; step++) fireEvent.keyDown(listbox, { key: "ArrowDown" });
    expect(greeting.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(listbox, { key: "Enter" });
    await waitFor(() => expect(answer.value).toBe("Hi, lovely to hear from you!"));
    fireEvent.change(answer, { target: { value: `${answer.value} How was your day?` } });

    // The claim runs out: the send is refused, the text stays, the claim is offered again.
    await expireClaim(conversation);
    fireEvent.click(within(pane).getByRole("button", { name: "Send the answer" }));
    await within(pane).findByText(
      "Your claim has run out. Claim the conversation again to answer.",
    );
    expect(answer.value).toBe("Hi, lovely to hear from you! How was your day?");
    fireEvent.click(await within(pane).findByRole("button", { name: "Claim the conversation" }));
    const again = (await within(pane).findByLabelText(
      "Your answer as the profile",
    )) as HTMLTextAreaElement;
    expect(again.value).toBe("Hi, lovely to hear from you! How was your day?");
    fireEvent.click(within(pane).getByRole("button", { name: "Send the answer" }));

    const thread = within(pane).getByRole("list", { name: "Messages" });
    await within(thread).findByText("Hi, lovely to hear from you! How was your day?");
    expect(within(thread).getByText(new RegExp(`written by agent ${agent.id}`))).toBeTruthy();
    await waitFor(() => expect(again.value).toBe(""));

    // Answered, it leaves the queue; the figures count it.
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Tom Waiting to Mia Operated" })).toBeNull(),
    );
    const perAgent = await screen.findByRole("table", { name: "Per agent" });
    const row = within(perAgent).getByRole("rowheader", { name: agent.email }).closest("tr");
    expect(row?.querySelectorAll("td")[0]?.textContent).toBe("1");
  });

  it("keeps the notes agents write for the pair", async () => {
    await api.signInNewStaff("operator");
    await memberWritesToOperated({ member: "Ann Notes", operated: "Ben Operated" }, "Hi Ben");
    render(
      <Inbox
        locale="en"
        messages={pickMessages("en", INBOX_MESSAGES)}
        sites={[{ id: "amora", name: "Amora" }]}
      />,
    );
    const item = await screen.findByRole("article", { name: "Ann Notes to Ben Operated" });
    fireEvent.click(within(item).getByRole("button", { name: "Open the conversation" }));
    const notes = (await screen.findByLabelText(
      "Private notes on this pair (agents only)",
    )) as HTMLTextAreaElement;
    await waitFor(() => expect(notes.disabled).toBe(false));
    fireEvent.change(notes, { target: { value: "Ann is a teacher in Utrecht." } });
    fireEvent.click(screen.getByRole("button", { name: "Save the notes" }));
    await screen.findByText("The notes are saved.");
  });

  it("adds a canned answer in the member's language, offered at once", async () => {
    await api.signInNewStaff("operator");
    await memberWritesToOperated({ member: "Eve Canned", operated: "Finn Operated" }, "Hey");
    render(
      <Inbox
        locale="en"
        messages={pickMessages("en", INBOX_MESSAGES)}
        sites={[{ id: "amora", name: "Amora" }]}
      />,
    );
    const item = await screen.findByRole("article", { name: "Eve Canned to Finn Operated" });
    fireEvent.click(within(item).getByRole("button", { name: "Open the conversation" }));
    fireEvent.click(await screen.findByRole("button", { name: "Claim the conversation" }));
    fireEvent.click(await screen.findByText("Add a canned answer"));
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Weekend plans" } });
    fireEvent.change(screen.getByLabelText("Text"), {
      target: { value: "Any plans for the weekend?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save the canned answer" }));
    await screen.findByText("The canned answer is saved.");
    fireEvent.click(screen.getByRole("button", { name: "Canned answers" }));
    const listbox = await screen.findByRole("listbox", { name: "Canned answers" });
    expect(within(listbox).getByRole("option", { name: /Weekend plans/ })).toBeTruthy();

    // Removed again, for every agent: no longer offered, and the outcome has the focus.
    fireEvent.keyDown(listbox, { key: "Escape" });
    fireEvent.click(screen.getByText("Remove canned answers"));
    fireEvent.click(screen.getByRole("button", { name: "Remove “Weekend plans”" }));
    const removed = await screen.findByText("“Weekend plans” is removed for every agent.");
    expect(removed.closest(".form-status")).toBe(document.activeElement);
    expect(screen.queryByRole("button", { name: "Remove “Weekend plans”" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Canned answers" }));
    const offered = await screen.findByRole("listbox", { name: "Canned answers" });
    expect(within(offered).queryByRole("option", { name: /Weekend plans/ })).toBeNull();
  });

  it("shows a long conversation's older messages on request, the first one last", async () => {
    await api.signInNewStaff("operator");
    const { conversation, member } = await memberWritesToOperated(
      { member: "Lia Longtalk", operated: "Max Operated" },
      "The very first message",
    );
    await addMessages(conversation, member.user.id, 120);
    render(
      <Inbox
        locale="en"
        messages={pickMessages("en", INBOX_MESSAGES)}
        sites={[{ id: "amora", name: "Amora" }]}
      />,
    );
    const item = await screen.findByRole("article", { name: "Lia Longtalk to Max Operated" });
    fireEvent.click(within(item).getByRole("button", { name: "Open the conversation" }));
    const thread = await screen.findByRole("list", { name: "Messages" });
    await within(thread).findByText("Message number 120");
    // The newest 100: the first message and the 20 after it wait behind the button.
    expect(within(thread).getAllByRole("listitem")).toHaveLength(100);
    expect(within(thread).queryByText("The very first message")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show older messages" }));
    await within(thread).findByText("The very first message");
    const items = within(thread).getAllByRole("listitem");
    expect(items).toHaveLength(121);
    expect(items[0]?.textContent).toContain("The very first message");
    // None older: the button is gone and the list, now from the start, has the focus.
    expect(screen.queryByRole("button", { name: "Show older messages" })).toBeNull();
    expect(document.activeElement).toBe(thread);
  });
});
