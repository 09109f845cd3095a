import { expect, test } from "./fixtures";
import { signIn, waitForHydration } from "./helpers";

/*
 * Issue 29 item 16: after every dialog closes, focus is back where the member was: on the
 * control that opened it, or for a dialog that opened by itself on what comes next; never on
 * the page's body.
 */
test.describe("focus after a dialog", () => {
  test("report, block and delete from menus; the icebreaker", async ({ page, createMember }) => {
    const me = await createMember({ name: "Ada", premium: true, credits: 100 });
    const bob = await createMember({ name: "Bob", gender: "male" });
    await signIn(page, me);

    // The profile's overflow menu: Report, then Block, each cancelled.
    await page.goto(`/members/${bob.profile_id}`);
    await waitForHydration(page);
    const more = page.getByRole("button", { name: "More options" });
    for (const [item, title] of [
      ["Report", "Report Bob"],
      ["Block", "Block Bob?"],
    ] as const) {
      await more.click();
      await page.getByRole("button", { name: item, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(more).toBeFocused();
    }

    // The icebreaker opens by itself on a new conversation: closed, the message field is next.
    await page.goto(`/members/${bob.profile_id}/chat`);
    await waitForHydration(page);
    const icebreaker = page.getByRole("dialog", { name: /Bob/ });
    await expect(icebreaker).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(icebreaker).toBeHidden();
    const message = page.getByRole("textbox", { name: "Message to Bob" });
    await expect(message).toBeFocused();
    await message.fill("Hello");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("log").getByText("Hello")).toBeVisible();

    // The conversation's menu: delete, cancelled.
    const options = page.getByRole("button", { name: "Conversation options" });
    await options.click();
    await page.getByRole("button", { name: "Delete conversation" }).click();
    const confirm = page.getByRole("dialog", { name: /Delete/ });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(options).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });
});
