/**
 * The staff chat, as people use it: an admin at a desk (1280 px) and an employee on a phone (390 px)
 * talk in real time, see unread badges, work a group with send permissions, share a picture, read
 * back through a long history, and lose nothing when the server restarts mid-conversation.
 *
 * Users are created and logged in through the API (fixtures habit); everything else goes through the
 * pages as a person would. Test data that would take a person an afternoon (45 messages) is sent over
 * STOMP from the test, as another client would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  request,
} from "@playwright/test";
import sharp from "sharp";
import { baseURL, e2eAdmin } from "../playwright.config.ts";
import { chatDestinations, chatMessages } from "../shared/chat.ts";
import { storageKeys } from "../shared/roles.ts";
import {
  type Account,
  chatButton,
  chatsSidebar,
  composer,
  connectionStatus,
  drawer,
  guard,
  loginAdmin,
  messages,
  newEmployee,
  openDashboard,
  recordAnnouncements,
  selectChat,
  send,
  stompAs,
  stompSend,
  timesAnnounced,
  unique,
} from "./chat-fixtures.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** The first admin, with the name colleagues see in their chat list. */
async function adminAccount(api: APIRequestContext): Promise<Account> {
  const token = await loginAdmin(api);
  const me = await api.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  const name = me.ok() ? ((await me.json()) as { name?: string }).name : undefined;
  return { ...e2eAdmin, name: name || e2eAdmin.username, role: "admin", token };
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, baseURL });
}

/** Whether `item` is (at least partly) inside the visible box of the scrolling `list`. */
async function shownInList(list: Locator, item: Locator): Promise<boolean> {
  const [box, own] = await Promise.all([list.boundingBox(), item.boundingBox()]);
  if (!box || !own) return false;
  return own.y + own.height > box.y && own.y < box.y + box.height;
}

test.describe("staff chat", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("private chat both ways in real time, with unread badges that clear on opening", async ({
    page,
    browser,
    request: api,
  }) => {
    test.slow();
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Priya");

    const phone = await phoneContext(browser);
    const employeePage = await phone.newPage();
    const employeeErrors = guard(employeePage);

    await openDashboard(page, admin);
    await openDashboard(employeePage, employee);
    await expect(employeePage.getByText(chatMessages.welcomeTitle)).toBeVisible();
    await expect(employeePage.getByText(chatMessages.welcomeBody)).toBeVisible();

    // The admin writes; the employee's phone shows a badge on the chats button and in the drawer.
    await selectChat(page, employee.name);
    await send(page, "Morning! Are the Harbor Point GA drawings ready?");
    await expect(employeePage.getByRole("button", { name: "Chats, 1 unread" })).toBeVisible();
    await send(page, "The fabricator asks for them by Thursday.");
    await expect(employeePage.getByRole("button", { name: "Chats, 2 unread" })).toBeVisible();
    await employeePage
      .getByRole("button", { name: /^Chats/ })
      .first()
      .click();
    const adminItem = chatButton(drawer(employeePage), admin.name);
    await expect(adminItem).toHaveAccessibleName(/2 unread messages/);
    // Focus moves into the drawer (and is trapped there until it closes).
    await expect(drawer(employeePage).getByRole("button", { name: "Close chats" })).toBeFocused();
    await expectNoAxeViolations(employeePage);

    // Opening the chat clears the badge and shows both messages.
    await adminItem.click();
    await expect(employeePage.getByRole("button", { name: "Chats" })).toBeVisible();
    await expect(messages(employeePage).getByText("Morning! Are the Harbor Point GA drawings ready?")).toBeVisible();
    await expect(messages(employeePage).getByText("The fabricator asks for them by Thursday.")).toBeVisible();
    await expect(messages(employeePage).getByRole("heading", { name: "Today" })).toBeVisible();

    // The reply arrives on the admin's screen while it is open, and is announced politely.
    await recordAnnouncements(page);
    await send(employeePage, "Yes, checking the grid lines now.\nWill send tonight.");
    await expect(messages(page).getByText(/Yes, checking the grid lines now\.\s+Will send tonight\./)).toBeVisible();
    await expect.poll(() => timesAnnounced(page, "Yes, checking the grid lines now.")).toBe(1);
    // A message read while open does not count as unread, now or after a reload.
    await page.reload();
    await page.getByRole("button", { name: "Open Chat" }).click();
    await expect(chatButton(chatsSidebar(page), employee.name)).not.toHaveAccessibleName(/unread/);

    employeeErrors();
    await phone.close();
  });

  test("opening a chat shows all of it under the header, at a desk and on a phone, and sending keeps it there", async ({
    page,
    browser,
    request: api,
  }) => {
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Tomas");
    const phone = await phoneContext(browser);
    const phonePage = await phone.newPage();
    const phoneErrors = guard(phonePage);

    // The conversation's heading below the sticky header, the composer above the bottom edge (once
    // the page's smooth scroll has come to rest).
    const expectWholeChatShown = (on: Page) =>
      expect(async () => {
        const header = await on.getByRole("banner").first().boundingBox();
        const heading = await on.getByRole("heading", { level: 3, name: admin.name }).boundingBox();
        const input = await composer(on).boundingBox();
        expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
        expect(input!.y + input!.height).toBeLessThanOrEqual(on.viewportSize()!.height);
      }).toPass();

    for (const on of [page, phonePage]) {
      await openDashboard(on, employee);
      await on.evaluate(() => window.scrollTo(0, 0));
      await selectChat(on, admin.name);
      await expectWholeChatShown(on);
      await send(on, `Sheet E-101 is up for review (${on === page ? "desk" : "phone"})`);
      await expectWholeChatShown(on);
    }
    phoneErrors();
    await phone.close();
  });

  test("keyboard only: choose a chat, write two lines, send with Enter; links open a chat", async ({
    page,
    request: api,
  }) => {
    test.slow();
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Marcus");
    await openDashboard(page, admin);

    await chatsSidebar(page).getByRole("searchbox", { name: "Search people and groups" }).focus();
    await page.keyboard.type(employee.username);
    await page.keyboard.press("Tab");
    await expect(chatButton(chatsSidebar(page), employee.name)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(composer(page)).toBeFocused();
    await page.keyboard.type("First line");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("second line");
    await expect(composer(page)).toHaveValue("First line\nsecond line");
    await page.keyboard.press("Enter");
    await expect(messages(page).getByText(/First line\s+second line/)).toBeVisible();
    await expect(composer(page)).toHaveValue("");
    await expectNoAxeViolations(page);

    // A link (what a push notification opens) names the chat to show.
    const phone = await phoneContext(page.context().browser()!);
    const phonePage = await phone.newPage();
    const phoneErrors = guard(phonePage);
    await openDashboard(phonePage, employee, `/?chat=user:${admin.username}`);
    await expect(phonePage.getByRole("heading", { level: 3, name: admin.name })).toBeVisible();
    await expect(messages(phonePage).getByText(/First line\s+second line/)).toBeVisible();
    expect(new URL(phonePage.url()).searchParams.has("chat")).toBe(false);
    await expectNoAxeViolations(phonePage);
    phoneErrors();
    await phone.close();
  });

  test("a group with message permissions: a blocked member cannot write", async ({ page, browser, request: api }) => {
    test.slow();
    const admin = await adminAccount(api);
    const allowed = await newEmployee(api, admin.token, "Elena");
    const blocked = await newEmployee(api, admin.token, "David");
    const groupName = `Harbor Point ${unique()}`;

    await openDashboard(page, admin);
    // Invalid first: the rule's alert.
    await chatsSidebar(page).getByRole("button", { name: "New group" }).click();
    const create = page.getByRole("dialog", { name: "Create group" });
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await create.getByRole("button", { name: "Create group" }).click();
    await expect.poll(() => alerts).toEqual([chatMessages.groupInvalid]);

    await create.getByLabel("Group name").fill(groupName);
    await create.getByRole("checkbox", { name: new RegExp(allowed.name) }).check();
    await create.getByRole("checkbox", { name: new RegExp(blocked.name) }).check();
    await create.getByRole("button", { name: "Create group" }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole("heading", { level: 3, name: groupName })).toBeVisible();
    await send(page, "Welcome to the Harbor Point group.");

    // Only Elena may send.
    await page.getByRole("button", { name: `Group settings for ${groupName}` }).click();
    await page.getByRole("menuitem", { name: "Set Message Permissions" }).click();
    const permissions = page.getByRole("dialog", { name: "Set Message Permissions" });
    await permissions.getByRole("checkbox", { name: new RegExp(allowed.name) }).check();
    await permissions.getByRole("button", { name: "Save permissions" }).click();
    await expect(permissions).toBeHidden();
    await expect(page.getByText("1 member can send messages")).toBeVisible();
    await expect(page.getByRole("button", { name: `Group settings for ${groupName}` })).toBeFocused();

    const phone = await phoneContext(browser);
    const blockedPage = await phone.newPage();
    const blockedErrors = guard(blockedPage);
    await openDashboard(blockedPage, blocked);
    await selectChat(blockedPage, groupName);
    await expect(messages(blockedPage).getByText("Welcome to the Harbor Point group.")).toBeVisible();
    const input = blockedPage.getByRole("textbox", { name: `Message ${groupName}` });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute("placeholder", chatMessages.noPermission);
    // Employees do not manage groups they did not create.
    await expect(blockedPage.getByRole("button", { name: /^Group settings/ })).toHaveCount(0);
    await expectNoAxeViolations(blockedPage);

    // Another phone: pages of one browser context share the stored session.
    const otherPhone = await phoneContext(browser);
    const allowedPage = await otherPhone.newPage();
    const allowedErrors = guard(allowedPage);
    await openDashboard(allowedPage, allowed);
    await selectChat(allowedPage, groupName);
    await send(allowedPage, "Thanks, I will post the IFC here.");
    await expect(messages(page).getByText("Thanks, I will post the IFC here.")).toBeVisible();
    await expect(messages(blockedPage).getByText("Thanks, I will post the IFC here.")).toBeVisible();

    // Admin-only mode. Elena's page has not heard yet: the server refuses her next message, she is
    // told why, and her composer closes.
    await page.getByRole("button", { name: `Group settings for ${groupName}` }).click();
    await page.getByRole("menuitemcheckbox", { name: "Admin-only messages" }).click();
    await expect(page.getByText("Only admins can send messages")).toBeVisible();
    const elenaInput = allowedPage.getByRole("textbox", { name: `Message ${groupName}` });
    if (await elenaInput.isEnabled()) {
      await elenaInput.fill("Can I still write here?");
      await elenaInput.press("Enter");
      await expect(allowedPage.getByText(/You don't have permission to send messages/).first()).toBeVisible();
      await expect(messages(allowedPage).getByText(/^Not sent/)).toBeVisible();
    }
    await expect(elenaInput).toBeDisabled();
    await expect(elenaInput).toHaveAttribute("placeholder", chatMessages.noPermission);

    // Delete, with confirmation: the admin's list drops it.
    await page.getByRole("button", { name: `Group settings for ${groupName}` }).click();
    await page.getByRole("menuitem", { name: "Delete group" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete group" }).click();
    await expect(chatButton(chatsSidebar(page), groupName)).toHaveCount(0);
    await expect(page.getByText(chatMessages.welcomeTitle)).toBeVisible();

    blockedErrors();
    allowedErrors();
    await phone.close();
    await otherPhone.close();
  });

  test("a picture goes up with a progress bar and is previewed on the other side", async ({
    page,
    browser,
    request: api,
  }) => {
    test.slow();
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Sofia");
    await openDashboard(page, admin);
    await selectChat(page, employee.name);

    const phone = await phoneContext(browser);
    const employeePage = await phone.newPage();
    const employeeErrors = guard(employeePage);
    await openDashboard(employeePage, employee);
    await selectChat(employeePage, admin.name);

    // Noise does not compress: about 1.4 MB, slowed to 600 KB/s so the progress can be seen.
    const side = 700;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(Math.random() * 256);
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cdp = await phone.newCDPSession(employeePage);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });

    const fileName = `level-3-connection-${unique()}.png`;
    await employeePage
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: "image/png", buffer: png });
    await expect(employeePage.getByText(fileName)).toBeVisible();
    await employeePage.getByRole("button", { name: "Send", exact: true }).click();
    const progress = employeePage.getByRole("progressbar", { name: `Uploading ${fileName}` });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow").catch(() => "100")), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(progress).toBeHidden({ timeout: 20_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The admin sees the picture itself (the attachment cookie lets <img> load it).
    const image = messages(page).getByRole("img", { name: fileName });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(side);
    await expect(messages(employeePage).getByRole("img", { name: fileName })).toBeVisible();

    // Over 50 MB: the alert names the size and the preview says so.
    const alerts: string[] = [];
    employeePage.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    // Playwright passes buffers up to 50 MB only: a file on disk it is.
    const bigDir = mkdtempSync(path.join(tmpdir(), "nb-chat-big-"));
    const big = path.join(bigDir, "scan.zip");
    writeFileSync(big, Buffer.alloc(50 * 1024 * 1024 + 1));
    await employeePage.locator('input[type="file"]').setInputFiles(big);
    rmSync(bigDir, { recursive: true, force: true });
    await expect.poll(() => alerts).toEqual([chatMessages.tooLarge("50 MB")]);
    await expect(employeePage.getByText("(Too large!)")).toBeVisible();
    await expect(employeePage.getByRole("button", { name: "Send", exact: true })).toBeDisabled();

    employeeErrors();
    await phone.close();
  });

  test("45 messages load 20 at a time as the reader scrolls up, keeping the place", async ({ page, request: api }) => {
    test.slow();
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Ravi");
    const client = await stompAs(employee);
    for (let n = 1; n <= 45; n += 1) {
      await stompSend(client, chatDestinations.sendPrivate, {
        recipient: admin.username,
        content: `Status update ${n}`,
      });
    }
    await client.deactivate();

    await openDashboard(page, admin);
    await expect(chatButton(chatsSidebar(page), employee.name)).toHaveAccessibleName(/45 unread messages/);
    await selectChat(page, employee.name);
    const list = messages(page);
    const items = list.getByRole("listitem");
    await expect(list.getByText("Status update 45", { exact: true })).toBeInViewport();
    await expect(items).toHaveCount(20);
    await expect(list.getByText("Status update 26", { exact: true })).toBeAttached();

    // Scrolling to the top loads the next page; what was on screen stays where it was (without
    // that, the 20 older messages would push it far below the view).
    const anchor = list.getByText("Status update 26", { exact: true });
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(40);
    // Within the list's own box: the page around it may be scrolled anywhere (the composer has focus).
    await expect.poll(() => shownInList(list, anchor)).toBe(true);
    expect(await shownInList(list, list.getByText("Status update 6", { exact: true }))).toBe(false);

    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(45);
    await expect(list.getByText(/This is the beginning of your conversation/)).toBeVisible();
    await expect(list.getByRole("button", { name: "Load older messages" })).toHaveCount(0);
    const order = await items.evaluateAll((nodes) =>
      nodes.map((node) => /Status update (\d+)/.exec(node.textContent ?? "")?.[1]),
    );
    expect(order).toEqual(Array.from({ length: 45 }, (_, i) => String(i + 1)));
  });

  test("logging out ends the chat and clears the stored session", async ({ page, request: api }) => {
    const admin = await adminAccount(api);
    const employee = await newEmployee(api, admin.token, "Lena");
    await openDashboard(page, employee);
    const cookies = async () =>
      (await page.context().cookies()).filter((cookie) => cookie.path.startsWith("/api/chat/files"));
    await expect.poll(async () => (await cookies()).length).toBe(1);

    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Employee Dashboard" })).toBeHidden();
    expect(
      await page.evaluate((keys) => [localStorage.getItem(keys.user), localStorage.getItem(keys.token)], storageKeys),
    ).toEqual([null, null]);
    await expect.poll(async () => (await cookies()).length).toBe(0);
  });
});

/**
 * A private server for the restart test: the same entry point as the suite's web server
 * (e2e/serve-build-snapshot.ts), on its own port and data folder, so it can be stopped and started
 * without disturbing the other tests.
 */
class RestartableServer {
  readonly port = Number(new URL(baseURL).port) + 57;
  readonly origin = `http://localhost:${this.port}`;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), "nb-chat-restart-"));
  private child: ChildProcess | null = null;

  async start() {
    // Its own embedded database (PGlite in its data folder) and in-process broker: nothing shared.
    const { REDIS_URL: _redis, DATABASE_URL: _database, ...inherited } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "e2e/serve-build-snapshot.ts"], {
      env: {
        ...inherited,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: this.dataDir,
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        PUBLIC_ORIGIN: this.origin,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the restart server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.origin}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error("the restart server did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async dispose() {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

test.describe("staff chat across a server restart", { tag: "@own-server" }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("nothing is lost: the open chat and the unread counts catch up after the reconnect", async ({ browser }) => {
    // A cap, not a wait: two starts of a server and a reconnect took 2.5 min on a busy 2-core machine.
    test.setTimeout(240_000);
    const server = new RestartableServer();
    await server.start();
    try {
      const api = await request.newContext({ baseURL: server.origin });
      const admin = await adminAccount(api);
      const alice = await newEmployee(api, admin.token, "Alice");
      const bob = await newEmployee(api, admin.token, "Bob");

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.origin });
      const page = await context.newPage();
      // While the server is down the browser reports the failed socket and requests.
      const errors = guard(page, [/WebSocket/, /ERR_CONNECTION_REFUSED/, /Failed to load resource/]);
      await openDashboard(page, admin);
      await selectChat(page, alice.name);
      await send(page, "Before the restart.");
      // Bob's message may be announced after the catch-up's (if the page reconnects before Bob sends).
      await recordAnnouncements(page);

      await server.stop();
      await expect(connectionStatus(page)).toHaveText(/Offline|Connecting…/, { timeout: 15_000 });
      await server.start();

      // Written while the admin's page is still away: one in the open chat, one in another.
      const aliceClient = await stompAs(alice, server.origin);
      await stompSend(aliceClient, chatDestinations.sendPrivate, {
        recipient: admin.username,
        content: "During the outage.",
      });
      await aliceClient.deactivate();
      const bobClient = await stompAs(bob, server.origin);
      await stompSend(bobClient, chatDestinations.sendPrivate, {
        recipient: admin.username,
        content: "Ping from Bob.",
      });
      await bobClient.deactivate();

      await expect(connectionStatus(page)).toHaveText("Connected", { timeout: 60_000 });
      await expect(messages(page).getByText("Before the restart.")).toBeVisible();
      await expect(messages(page).getByText("During the outage.")).toBeVisible();
      // No live frame ever comes for it: the catch-up that showed it reads it out.
      await expect.poll(() => timesAnnounced(page, "During the outage.")).toBe(1);
      await expect(chatButton(chatsSidebar(page), bob.name)).toHaveAccessibleName(/1 unread message/);

      // And the live connection works again both ways.
      await send(page, "After the restart.");
      errors();
      await context.close();
      await api.dispose();
    } finally {
      await server.dispose();
    }
  });
});
