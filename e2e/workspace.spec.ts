/**
 * The staff workspace (DESIGN §15) as the office uses it: a cold link to a quote request asks a
 * signed-out admin to log in and then shows that request; the bell tells of a new request and opens
 * its address; Ctrl+K finds a colleague; `g` then a letter moves between sections; Back and
 * Forward follow; a phone gets the compact menu; an employee works the request assigned to them
 * from their overview and Current Tasks; axe is clean at each width.
 */
import type { APIRequestContext } from "@playwright/test";
import { e2eAdmin } from "../playwright.config.ts";
import { chatDestinations } from "../shared/chat.ts";
import { publicFormFields } from "../shared/public-forms.ts";
import { type QuoteRequest, quoteRequestPaths } from "../shared/quote-requests.ts";
import { storageKeys } from "../shared/roles.ts";
import { escapeRegExp, loginAdmin, newEmployee, stompAs, stompSend, unique } from "./chat-fixtures.ts";
import { expect, expectNoAxeViolations, loginDialog, test, visitorAddress } from "./fixtures.ts";
import { signInAsAdmin, solvedCaptcha } from "./office-fixtures.ts";

test.use(visitorAddress(7));

/** A quote request sent through the website's form; its reference and the name it came from. */
async function sendQuote(request: APIRequestContext, token: string) {
  const name = `Workspace Quote ${unique()}`;
  const sent = await request.post("/api/contact/submit", {
    multipart: {
      name,
      email: `workspace-${unique()}@example.com`,
      company: "Keystone Fabricators",
      [publicFormFields.captcha]: await solvedCaptcha(request),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const stored = (await (
    await request.get(quoteRequestPaths.one(id), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as QuoteRequest;
  return { name, reference: stored.reference };
}

test("a cold link asks for a login and lands on the request; the bell, search and g-keys move around the workspace", async ({
  page,
  request,
}) => {
  test.slow();
  const token = await loginAdmin(request);
  const colleague = await newEmployee(request, token, "Wanda");
  const { name, reference } = await sendQuote(request, token);

  // Signed out, a cold link: the workspace asks for a login, then shows that very address.
  await page.goto(`/staff/quotes/${reference}`);
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle(/Workspace \| Northbeam$/);
  await dialog.getByRole("tab", { name: "Admin Login" }).click();
  await dialog.getByRole("textbox", { name: "Username" }).fill(e2eAdmin.username);
  await dialog.getByLabel("Password").fill(e2eAdmin.password);
  await dialog.getByRole("button", { name: "Log in as admin" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/staff/quotes/${reference}$`));
  const detail = page.getByRole("dialog", { name: `${reference} · ${name}` });
  await expect(detail).toBeVisible({ timeout: 20_000 });

  // Closing the request keeps the list's address; Back reopens it.
  await detail.getByRole("button", { name: "Close" }).first().click();
  await expect(page).toHaveURL(/\/staff\/quotes$/);
  await page.goBack();
  await expect(page.getByRole("dialog", { name: `${reference} · ${name}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/staff\/quotes$/);

  // Signed in, a cold link reads its list once: the shell starts the read before any script has
  // loaded (decision 046), and the page takes that answer rather than asking again.
  const listReads: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === "/api/contact/all" && url.search === "") listReads.push(sent.url());
  });
  await page.goto(`/staff/quotes/${reference}`);
  await expect(page.getByRole("dialog", { name: `${reference} · ${name}` })).toBeVisible();
  expect(listReads).toHaveLength(1);
  expect(await page.evaluate(() => Object.keys(window.__earlyReads?.answers ?? { missing: true }))).toEqual([]);
  await page.keyboard.press("Escape");

  // The bell counts the request as unread; opening it goes to its address and marks it read.
  const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute("aria-label"))?.match(/(\d+) unread/)?.[1]);
  await page.goto("/staff");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Notifications" }) });
  await panel.getByRole("link", { name: new RegExp(`New quote request ${reference} from ${name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/quotes/${reference}$`));
  await expect(page.getByRole("dialog", { name: `${reference} · ${name}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName(
    before - 1 > 0 ? `Notifications, ${before - 1} unread` : "Notifications",
  );

  // Ctrl+K finds the colleague by name; Enter opens the people page on them.
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox", { name: /^Search quote requests/ });
  await search.fill(colleague.name);
  await expect(page.getByRole("option", { name: new RegExp(colleague.name) })).toBeVisible();
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/staff/people\\?person=${colleague.username.replace(".", "\\.")}$`));
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  // The address opens that person's account for editing.
  await expect(page.getByRole("heading", { name: "Edit Credentials" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("#edit-credentials").getByRole("textbox", { name: "Username" })).toHaveValue(
    colleague.username,
  );
  // Done with it: the address is the list's again (and the keys are no longer typed into the form).
  await page.locator("#edit-credentials").getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/staff\/people$/);

  // g then a letter: the chat, then the audit log; Back returns to People.
  await page.keyboard.press("g");
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/staff\/chat$/);
  await page.keyboard.press("g");
  await page.keyboard.press("l");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();
});

test("an employee's workspace on a phone: the request assigned to them from the overview and Current Tasks, Access Denied on an admin's page, the chat at its own address @phone-only", async ({
  page,
  request,
}) => {
  test.slow();
  const token = await loginAdmin(request);
  const employee = await newEmployee(request, token, "Emil");
  const { name, reference } = await sendQuote(request, token);
  const admin = { authorization: `Bearer ${token}` };
  const list = (await (
    await request.get(`${quoteRequestPaths.list}?q=${reference}`, { headers: admin })
  ).json()) as QuoteRequest[];
  const assigned = await request.patch(quoteRequestPaths.one(list[0]!.id), {
    headers: admin,
    data: { version: list[0]!.version, assignee: employee.username },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: employee.username, role: "employee" }, employee.token] as const,
  );

  // Their dashboard's Current Tasks is their real work, each a link to its address.
  await page.goto("/employee-dashboard");
  const tasks = page.getByRole("list", { name: "Quote requests assigned to you" });
  await expect(tasks.getByRole("link")).toHaveCount(1, { timeout: 20_000 });
  await expect(tasks.getByRole("link")).toContainText(reference);

  // The overview says so too; the request opens at its address, and they move it on.
  await page.goto("/staff");
  await page.getByRole("list", { name: "Quote requests assigned to you" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/staff/quotes/${reference}$`));
  const detail = page.getByRole("dialog", { name: `${reference} · ${name}` });
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByRole("combobox", { name: "Assignee" })).toHaveCount(0);
  await detail.getByRole("combobox", { name: "Stage" }).selectOption("contacted");
  await detail.getByRole("button", { name: "Save" }).click();
  // The timeline says who moved it.
  await expect(detail.getByText(`by ${employee.username}: Status: New → Contacted`, { exact: false })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  await page.goto("/staff/applications");
  await expect(page.getByRole("alert")).toHaveText("Access Denied. Please log in as an Admin.");

  // A colleague writes: the menu counts it beside Chat, live, and the assignment beside Overview.
  const colleague = await newEmployee(request, token, "Wren");
  const device = await stompAs(colleague);
  try {
    await stompSend(device, chatDestinations.sendPrivate, { recipient: employee.username, content: "Gusset plates?" });
  } finally {
    await device.deactivate();
  }
  await page.getByRole("button", { name: "Open the workspace menu" }).click();
  const menu = page.getByRole("navigation", { name: "Workspace" });
  await expect(menu.getByRole("link")).toHaveText([
    "Overview1 unread",
    "Quote requests",
    "Projects",
    "Chat1 unread messages",
  ]);
  await page.keyboard.press("Escape");

  // The address names the conversation: it opens, ready to write, and read, the count goes.
  await page.goto(`/staff/chat/private:${colleague.username}`);
  await expect(page.getByRole("textbox", { name: `Message ${colleague.name}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Gusset plates?")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/chat/private(:|%3A)${escapeRegExp(colleague.username)}$`));
  await page.getByRole("button", { name: "Open the workspace menu" }).click();
  await expect(menu.getByRole("link")).toHaveText(["Overview1 unread", "Quote requests", "Projects", "Chat"]);
});

test("the workspace's pages have no axe violations @layout", async ({ page, request }) => {
  // Nine pages, each analysed whole: well over a minute on a busy 2-core machine.
  test.slow();
  const token = await loginAdmin(request);
  await signInAsAdmin(page, token);
  for (const path of [
    "/staff",
    "/staff/quotes",
    "/staff/applications",
    "/staff/projects",
    "/staff/files",
    "/staff/file-requests",
    "/staff/people",
    "/staff/audit",
    "/staff/chat",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);
  }
});
