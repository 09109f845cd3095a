import type { BrowserContext, Page, Worker } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible, signIn, waitForHydration } from "./helpers";

/**
 * The service worker (public/sw.js) in Chromium. Browsers' push services cannot be reached from
 * these machines, so the push is delivered by Chromium's DevTools protocol (what a push service
 * delivers ends up in the same `push` event); the server's side, encryption and all, is proven
 * against a local push service in src/server/push/push.test.ts.
 */
/** What the tests use of the worker's global scope (the DOM typings do not describe it). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  clients: object;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (
    type: string,
    init: { notification: Notification },
  ) => Event & { waitUntil(promise: Promise<unknown>): void };
};

async function registerWorker(page: Page): Promise<Worker> {
  const context = page.context();
  const registered = context.waitForEvent("serviceworker");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  return context.serviceWorkers()[0] ?? (await registered);
}

/** Delivers a push to the site's service worker, as the browser does when one arrives. */
async function deliverPush(context: BrowserContext, origin: string, data: unknown) {
  const session = await context.newCDPSession(context.pages()[0] as Page);
  const registrationId = new Promise<string>((resolve) => {
    session.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(origin));
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await session.send("ServiceWorker.enable");
  await session.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(data),
  });
  await session.detach();
}

/** How many windows of the site the worker sees. */
async function windowsOf(worker: Worker) {
  return worker.evaluate(
    async () =>
      (
        await (
          self as unknown as {
            clients: { matchAll(options: object): Promise<readonly unknown[]> };
          }
        ).clients.matchAll({
          type: "window",
          includeUncontrolled: true,
        })
      ).length,
  );
}

async function shownNotifications(worker: Worker) {
  return worker.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map(
      (notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url: string }).url,
      }),
    ),
  );
}

const PUSH = {
  kind: "message",
  title: "Alice wrote to you",
  body: "A new conversation is waiting for you. Tap to read it.",
  url: "/chats/42",
  tag: "c42",
};

test.describe("web push in the browser (design §2, spec §9)", () => {
  test("a push with no page in front becomes a notification; a click opens its page, on this site only", async ({
    page,
    baseURL,
    createMember,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    await page.context().grantPermissions(["notifications"], { origin });
    await signIn(page, await createMember({ name: "Bob" }));
    await page.goto("/notifications");
    const worker = await registerWorker(page);
    // The member is on another site now: no page of ours is in front of them. The worker hears
    // of the left page a moment after the navigation; a push before that finds it in front.
    await page.goto("about:blank");
    await expect.poll(() => windowsOf(worker)).toBe(0);

    await deliverPush(page.context(), origin, PUSH);
    await expect
      .poll(() => shownNotifications(worker))
      .toEqual([{ title: PUSH.title, body: PUSH.body, tag: PUSH.tag, url: `${origin}/chats/42` }]);

    // A click (dispatched in the worker: headless Chromium shows no notifications to click)
    // opens the conversation; a payload's foreign address opens the site's home instead.
    const opened = await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const urls: string[] = [];
      Object.defineProperty(scope.clients, "openWindow", {
        value: async (url: string) => {
          urls.push(url);
          return null;
        },
      });
      const click = (notification: Notification) =>
        new Promise<void>((resolve) => {
          const event = new scope.NotificationEvent("notificationclick", { notification });
          const waitUntil = event.waitUntil.bind(event);
          event.waitUntil = (promise) => {
            void promise.then(() => resolve());
            waitUntil(promise);
          };
          scope.dispatchEvent(event);
        });
      const [notification] = await scope.registration.getNotifications();
      if (notification) await click(notification);
      await scope.registration.showNotification("x", {
        tag: "foreign",
        data: { url: "https://evil.example/" },
      });
      const [foreign] = await scope.registration.getNotifications({ tag: "foreign" } as object);
      if (foreign) await click(foreign);
      return urls;
    });
    expect(opened).toEqual([`${origin}/chats/42`, `${origin}/`]);
  });

  test("with the site in front, a push shows no notification and the page reloads its chats", async ({
    page,
    baseURL,
    createMember,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    await page.context().grantPermissions(["notifications"], { origin });
    await signIn(page, await createMember({ name: "Bob" }));
    await page.goto("/members");
    await waitForHydration(page);
    const worker = await registerWorker(page);
    await page.reload();
    await waitForHydration(page);

    const isChats = (request: { url(): string }) => request.url().endsWith("/api/chats.php");
    // The periodic refresh's first run (5 s after mount, spec §9): the next is a minute away,
    // so a reload now is the push's.
    await page.waitForRequest(isChats, { timeout: 15_000 });
    const reloaded = page.waitForRequest(isChats, { timeout: 10_000 });
    await deliverPush(page.context(), origin, PUSH);
    await reloaded;
    expect(await shownNotifications(worker)).toEqual([]);
  });
});

test.describe("the push settings and alert (spec §2 Settings, §9)", () => {
  test("settings show the browser's push state, and a failed subscription says so", async ({
    page,
    baseURL,
    createMember,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    await page.context().grantPermissions(["notifications"], { origin });
    await signIn(page, await createMember({ name: "Bob" }));
    await page.goto("/notifications");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Notifications on this device" });
    await expect(section.getByText("Get a notification on this device")).toBeVisible();
    await expectAccessible(page);
    // This machine's Chromium reaches no push service: the browser refuses the subscription.
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "Notifications couldn't be turned on. Please try again.",
    );
  });

  test("asks for push once the member has a conversation, under the chats, never over content", async ({
    page,
    createMember,
  }) => {
    const bob = await createMember({ name: "Bob", photos: 1 });
    const ada = await createMember({ name: "Ada", photos: 1 });
    await signIn(page, bob);
    const prompt = page.getByRole("complementary", { name: "Notifications on this device" });
    // Not on the first member page, nor in chats without a conversation (issue 29 item 11).
    await page.goto("/members");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await page.goto("/chats");
    await waitForHydration(page);
    await expect(page.getByText("No conversations yet", { exact: false })).toBeVisible();
    await expect(prompt).toHaveCount(0);

    const opened = await page.request.post("/api/chat.php", { data: { profile: ada.profile_id } });
    const { conversation } = await opened.json();
    const sent = await page.request.post("/api/message.php", {
      data: { conversation, text: "Hi Ada" },
    });
    expect(sent.status()).toBe(200);
    await page.goto("/chats");
    await waitForHydration(page);
    await expect(prompt).toContainText("Don't miss a message");
    await expect(prompt.getByRole("button", { name: "Turn on" })).toBeVisible();
    // In the page's flow, under the conversation: nothing on screen lies beneath it.
    const entry = page.getByRole("link", { name: /Ada/ }).first();
    const [entryBox, promptBox] = [await entry.boundingBox(), await prompt.boundingBox()];
    expect(promptBox && entryBox && promptBox.y >= entryBox.y + entryBox.height).toBe(true);
    expect(await prompt.evaluate((element) => getComputedStyle(element).position)).toBe("static");
    await expectAccessible(page);

    await prompt.getByRole("button", { name: "Dismiss" }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page.locator("main#main")).toBeFocused();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });
});
