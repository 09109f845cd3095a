import { expect, test } from "./fixtures";
import { openMailLink, waitForHydration } from "./helpers";

test("resets a forgotten password through the e-mailed link", async ({ page, member }) => {
  const { email, password } = member;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await openMailLink(page, /\/reset-password\/do\?token=/);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("my fresh new passphrase");
  await page.getByLabel("Repeat the new password").fill("not the same");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The entered passwords are not the same")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill("my fresh new passphrase");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/members$/);

  await page.request.post("/api/logout.php");
  const oldLogin = await page.request.post("/api/user.php", { data: { email, password } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post("/api/user.php", {
    data: { email, password: "my fresh new passphrase" },
  });
  expect(newLogin.status()).toBe(200);
});
