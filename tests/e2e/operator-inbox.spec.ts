import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  expectNoSeriousViolations,
  signIn,
  signInToConsole,
  waitForHydration,
} from "./helpers";

const WARNING = "This profile is fictional. It is run by our team for entertainment";

test.describe("the operators' inbox (issue 28 item 1)", () => {
  test("a member writes to a fictional profile; an agent answers live with a canned answer", async ({
    browser,
    page,
    createMember,
    createStaff,
  }, testInfo) => {
    const stamp = Date.now().toString(36);
    const member = await createMember({
      name: `Tom${stamp}`,
      gender: "male",
      premium: true,
      credits: 100,
    });
    const operated = await createMember({ name: `Mia${stamp}`, fictional: true });
    const agent = await createStaff({ role: "operator" });

    // The agent's inbox is open before the member writes: what arrives must come in live.
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const console = await context.newPage();
    const consoleErrors = collectConsoleErrors(console);
    await console.goto("/staff/inbox");
    await signInToConsole(console, agent);
    await expect(console).toHaveURL(/\/staff\/inbox$/);
    await waitForHydration(console);
    const item = console.getByRole("article", { name: `${member.name} to ${operated.name}` });
    await expect(item).toHaveCount(0);

    // The member sees the site's disclosure in the first-message dialog and atop the chat.
    const errors = collectConsoleErrors(page);
    await signIn(page, member);
    await page.goto(`/members/${operated.profile_id}/chat`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: new RegExp(operated.name) });
    await expect(dialog.getByRole("note")).toContainText(WARNING);
    await dialog.getByRole("button", { name: "Write my own" }).click();
    const chat = page.getByRole("region", { name: `Conversation with ${operated.name}` });
    await expect(chat.getByRole("note").first()).toContainText(WARNING);
    await chat
      .getByRole("textbox", { name: `Message to ${operated.name}` })
      .fill("Hi, how are you?");
    await chat.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.getByRole("log").getByText("Hi, how are you?")).toBeVisible();

    // It reaches the open inbox without a reload; the agent claims it and adds a canned answer.
    await expect(item).toBeVisible();
    await expect(item).toContainText("Hi, how are you?");
    await item.getByRole("button", { name: "Open the conversation" }).click();
    await console.getByRole("button", { name: "Claim the conversation" }).click();
    // The claim comes back with the conversation's place: the queue says who holds it.
    await expect(item).toContainText("Claimed by you");
    const answer = console.getByLabel("Your answer as the profile");
    await expect(answer).toBeVisible();
    await console.getByText("Add a canned answer").click();
    await console.getByLabel("Title", { exact: true }).fill(`Greeting ${stamp}`);
    await console.getByLabel("Text", { exact: true }).fill("Lovely to hear from you!");
    await console.getByRole("button", { name: "Save the canned answer" }).click();
    await expect(console.getByText("The canned answer is saved.")).toBeVisible();

    // Inserted from the keyboard, edited, sent as the profile.
    await answer.focus();
    await console.keyboard.press("Alt+c");
    const listbox = console.getByRole("listbox", { name: "Canned answers" });
    await expect(listbox).toBeVisible();
    const option = listbox.getByRole("option", { name: new RegExp(`Greeting ${stamp}`) });
    await option.click();
    await expect(answer).toHaveValue("Lovely to hear from you!");
    await answer.fill(`${await answer.inputValue()} How was your day?`);
    await expectNoSeriousViolations(console);
    await console.getByRole("button", { name: "Send the answer" }).click();
    await expect(answer).toHaveValue("");
    // Answered, it leaves the queue live.
    await expect(item).toHaveCount(0);
    await console.screenshot({ path: testInfo.outputPath("inbox-desktop.png"), fullPage: true });

    // The member's open chat shows the answer live, from the profile, with nothing unusual.
    const reply = chat.getByRole("log").getByText("Lovely to hear from you! How was your day?");
    await expect(reply).toBeVisible();
    await expect(chat.getByRole("log")).not.toContainText("agent");
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
