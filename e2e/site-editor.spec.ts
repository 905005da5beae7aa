/**
 * The firm edits its own website (DESIGN §17) at /staff/site, as an admin does it: a new job as a
 * draft (refused until filled in, the server's field errors on the fields), then removed; two
 * admins saving the same item, the second merging field by field; the contact hours published,
 * seen on the public page, and the version before restored as drafts and published back; the list
 * and the form at a phone's width.
 *
 * The e2e server is shared by every spec: other specs count jobs, images, phones and services on
 * the public pages, so this journey only publishes the contact hours (which no spec reads) and
 * leaves drafts of its own items, never of published ones.
 */
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { type AdminSiteContent, type PublicSiteContent, sitePaths } from "../shared/site-content.ts";
import { loginAdmin, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { signInAsAdmin } from "./office-fixtures.ts";
import { toast } from "./site-fixtures.ts";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens an address of the editor signed in as the admin, once its heading and content have loaded. */
async function openEditor(page: Page, token: string, path: string) {
  await signInAsAdmin(page, token);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Site" })).toBeVisible(dashboardLoad);
  await expect(page.getByRole("navigation", { name: "Site content" })).toBeVisible();
}

async function newAdminPage(browser: Browser, token: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openEditor(page, token, path);
  return page;
}

const jobFields = (title: string) => ({
  title,
  location: "Office-India",
  department: "Modeling",
  type: "Full-time",
  experience: "3+ years",
  description: "Models steel for the e2e journey.",
  responsibilities: ["Model steel"],
  requirements: ["Tekla Structures"],
});

async function adminItem(api: APIRequestContext, token: string, collection: "jobs" | "contact", id: string) {
  const response = await api.get(sitePaths.adminContent, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AdminSiteContent)[collection].find((item) => item.id === id);
}

async function publishedHours(api: APIRequestContext): Promise<string> {
  const content = (await (await api.get(sitePaths.content)).json()) as PublicSiteContent;
  return String(content.contact[0]?.hours);
}

/** The site's hours as they were, whatever the journey did (other specs share the server). */
async function putBackHours(api: APIRequestContext, token: string, hours: string) {
  const contact = await adminItem(api, token, "contact", "main");
  if (!contact?.published || (contact.published.hours === hours && contact.draft === null)) return;
  await api.put(sitePaths.item("contact", "main"), {
    headers: auth(token),
    data: { ...contact.published, hours, version: contact.version },
  });
  await api.post(sitePaths.publish, { headers: auth(token), data: { items: [{ collection: "contact", id: "main" }] } });
}

const saveDraft = (page: Page) => page.getByRole("button", { name: "Save draft" }).click();

test("an admin adds a job as a draft, is told what is missing or refused, and removes it", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow();
  // The server's refusal below is made on purpose (a 400 answer).
  consoleErrors.allow(/400/);
  const token = await loginAdmin(request);
  const id = `e2e-job-${unique()}`;
  const title = `E2E Detailer ${id.slice(-6)}`;
  await openEditor(page, token, "/staff/site/jobs");

  const list = page.getByRole("list", { name: "Jobs" });
  await expect(list.getByRole("link").first()).toBeVisible();
  await page.getByRole("button", { name: "Add job" }).click();
  const add = page.getByRole("dialog", { name: "Add a job" });
  await add.getByRole("textbox", { name: "Id" }).fill("not an id");
  await add.getByRole("button", { name: "Continue" }).click();
  await expect(add.getByText("An id is 1–64 lower-case letters, digits or hyphens")).toBeVisible();
  await add.getByRole("textbox", { name: "Id" }).fill("sr-modeler");
  await add.getByRole("button", { name: "Continue" }).click();
  await expect(add.getByText("There is already a job with this id")).toBeVisible();
  await add.getByRole("textbox", { name: "Id" }).fill(id);
  await add.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/site/jobs/${id}$`));
  const editor = page.getByRole("region", { name: "New job" });
  await expect(editor).toBeVisible();

  // Empty, the form is refused by the server's own schema, on the spot: focus goes to the first field.
  await saveDraft(page);
  const titleField = editor.getByRole("textbox", { name: "Title", exact: true });
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByText("Required").first()).toBeVisible();

  await titleField.fill(title);
  await editor.getByRole("textbox", { name: "Location" }).fill("Office-India");
  await editor.getByRole("textbox", { name: "Department" }).fill("Modeling");
  await editor.getByRole("textbox", { name: "Type" }).fill("Full-time");
  await editor.getByRole("textbox", { name: "Experience" }).fill("3+ years");
  // The description is rich text: bold from the toolbar, then a bulleted list.
  await editor.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Models ");
  const style = editor.getByRole("toolbar", { name: "Text style" });
  await style.getByRole("button", { name: "Bold" }).click();
  await expect(style.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("connections");
  await style.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" for the e2e journey.");
  await page.keyboard.press("Enter");
  await style.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Tekla");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Advance Steel");
  await expect(editor.getByRole("textbox", { name: "Description" }).locator("strong")).toHaveText("connections");
  // The lists: add lines (focus goes to the new one), move one up, remove one.
  await editor.getByRole("button", { name: "Add responsibility" }).click();
  await expect(editor.getByRole("textbox", { name: "Responsibility 1" })).toBeFocused();
  await page.keyboard.type("Check shop drawings");
  await editor.getByRole("button", { name: "Add responsibility" }).click();
  await page.keyboard.type("Model connections");
  await editor.getByRole("button", { name: "Move responsibility 2 up" }).click();
  await expect(editor.getByRole("textbox", { name: "Responsibility 1" })).toHaveValue("Model connections");
  await expect(editor.getByRole("textbox", { name: "Responsibility 2" })).toHaveValue("Check shop drawings");
  await editor.getByRole("button", { name: "Add requirement" }).click();
  await page.keyboard.type("Tekla Structures");
  await editor.getByRole("button", { name: "Add requirement" }).click();
  await editor.getByRole("button", { name: "Remove requirement 2" }).click();
  await expect(editor.getByRole("textbox", { name: "Requirement 2" })).toHaveCount(0);
  await editor.getByLabel("Closes at").fill("2031-01-15T17:00");

  // The server's refusal of a field shows on that field.
  await page.route(
    (url) => url.pathname === sitePaths.item("jobs", id),
    (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              message: "Some fields of this item are not valid.",
              errors: { experience: "Say it in years, as 3+ years" },
            }),
          })
        : route.continue(),
    { times: 1 },
  );
  await saveDraft(page);
  await expect(editor.getByText("Say it in years, as 3+ years")).toBeVisible();
  await expect(editor.getByRole("textbox", { name: "Experience" })).toBeFocused();
  await expect(editor.getByRole("alert").filter({ hasText: "Some fields of this item are not valid." })).toBeVisible();

  await saveDraft(page);
  await expect(toast(page, "Draft saved")).toBeVisible();
  const saved = page.getByRole("region", { name: title });
  await expect(saved.getByText("Draft", { exact: true })).toBeVisible();
  await expect(list.getByRole("link", { name: new RegExp(title) })).toContainText("Draft");
  const stored = await adminItem(request, token, "jobs", id);
  expect(stored?.status).toBe("draft");
  expect(stored?.draft).toMatchObject({
    title,
    description: "Models **connections** for the e2e journey.\n\n- Tekla\n- Advance Steel",
    responsibilities: ["Model connections", "Check shop drawings"],
    requirements: ["Tekla Structures"],
    closesAt: new Date(2031, 0, 15, 17, 0).toISOString(),
  });
  // A draft is not on the site.
  expect(
    ((await (await request.get(sitePaths.content)).json()) as PublicSiteContent).jobs.map((job) => job.id),
  ).not.toContain(id);
  await expectNoAxeViolations(page);

  // Leaving with unsaved changes asks first; staying keeps them.
  await saved.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} (unsaved)`);
  await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Projects" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/staff/site/jobs/${id}$`));
  await expect(saved.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`${title} (unsaved)`);

  // Never published, it goes at once (what was not saved with it).
  await saved.getByRole("button", { name: "Remove", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: `Remove “${title}”?` });
  await expect(confirm).toContainText("never published");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page).toHaveURL(/\/staff\/site\/jobs$/);
  await expect(list.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  expect(await adminItem(request, token, "jobs", id)).toBeUndefined();
});

test("two admins save the same item: the second sees theirs beside mine and merges field by field", async ({
  browser,
  request,
}) => {
  test.slow();
  const token = await loginAdmin(request);
  const id = `e2e-merge-${unique()}`;
  const created = await request.put(sitePaths.item("jobs", id), {
    headers: auth(token),
    data: { ...jobFields(`Merge ${id.slice(-6)}`), version: 0 },
  });
  expect(created.status(), await created.text()).toBe(200);

  const first = await newAdminPage(browser, token, `/staff/site/jobs/${id}`);
  const second = await newAdminPage(browser, token, `/staff/site/jobs/${id}`);
  // The second admin's stale save is refused with 409 on purpose (the browser logs the answer).
  const seen: string[] = [];
  second.on("console", (message) => {
    if (message.type() === "error" && !/409/.test(message.text())) seen.push(message.text());
  });
  const title = (page: Page) => page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title(first)).toHaveValue(`Merge ${id.slice(-6)}`);
  await expect(title(second)).toHaveValue(`Merge ${id.slice(-6)}`);

  await title(first).fill("Title by the first admin");
  await first.getByRole("textbox", { name: "Location" }).fill("Location by the first admin");
  await saveDraft(first);
  await expect(toast(first, "Draft saved")).toBeVisible();

  await title(second).fill("Title by the second admin");
  await second.getByRole("textbox", { name: "Description" }).fill("Description by the second admin");
  await saveDraft(second);
  const merge = second.getByRole("region", { name: "Someone else saved this item while you were editing it" });
  await expect(merge).toBeVisible();
  await expect(merge.getByRole("heading")).toBeFocused();
  const titleChoice = merge.getByRole("group", { name: /^Title \(You both changed it\)/ });
  await expect(titleChoice.getByRole("radio", { name: /^Take theirs \(saved\)/ })).toHaveAccessibleName(
    /Title by the first admin/,
  );
  await expect(titleChoice.getByRole("radio", { name: /^Keep mine/ })).toBeChecked();
  // What only they changed is theirs unless chosen otherwise; what only I changed stays mine.
  await expect(
    merge.getByRole("group", { name: /^Location \(They changed it\)/ }).getByRole("radio", { name: /^Take theirs/ }),
  ).toBeChecked();
  await expect(
    merge.getByRole("group", { name: /^Description \(You changed it\)/ }).getByRole("radio", { name: /^Keep mine/ }),
  ).toBeChecked();
  // Nothing typed is lost while choosing.
  await expect(title(second)).toHaveValue("Title by the second admin");
  await expectNoAxeViolations(second);

  await titleChoice.getByRole("radio", { name: /^Take theirs/ }).check();
  await merge.getByRole("button", { name: "Save with these choices" }).click();
  await expect(toast(second, "Draft saved")).toBeVisible();
  await expect(merge).toBeHidden();
  await expect(title(second)).toHaveValue("Title by the first admin");
  const stored = await adminItem(request, token, "jobs", id);
  expect(stored?.draft).toMatchObject({
    title: "Title by the first admin",
    location: "Location by the first admin",
    description: "Description by the second admin",
  });
  expect(seen).toEqual([]);

  await first.context().close();
  await second.context().close();
  expect((await request.delete(sitePaths.item("jobs", id), { headers: auth(token) })).status()).toBe(204);
});

test("the contact hours, published, show on the site; the version before, restored as drafts and published, brings them back", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow();
  // The first publish is refused on purpose (a 422 answer).
  consoleErrors.allow(/422/);
  const token = await loginAdmin(request);
  const before = await publishedHours(request);
  const hours = `Mon-Fri 8:00-17:00 (e2e ${unique()})`;
  try {
    await openEditor(page, token, "/staff/site/contact");
    const editor = page.getByRole("region", { name: "Contact details" });
    await editor.getByRole("textbox", { name: "Hours" }).fill(hours);
    await saveDraft(page);
    await expect(toast(page, "Draft saved")).toBeVisible();
    await expect(editor.getByText("Changed", { exact: true })).toBeVisible();

    async function publishContact(refusedOnce = false) {
      const panel = page.getByRole("region", { name: "Changes waiting to publish" });
      const toggle = panel.getByRole("button", { name: /wait(s)? to be published$/ });
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
      await panel.getByRole("checkbox", { name: /^Contact details \(changed\)/ }).check();
      await panel.getByRole("button", { name: "Publish selected (1)" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish 1 change" });
      await expect(dialog).toContainText("Contact details");
      await expect(dialog.getByRole("list", { name: "Pages that will change" })).toContainText("/contactus");
      await expectNoAxeViolations(page);
      if (refusedOnce) {
        // A page that cannot be rendered publishes nothing (422): the dialog says which and stays open.
        await page.route(
          (url) => url.pathname === sitePaths.publish,
          (route) =>
            route.fulfill({
              status: 422,
              contentType: "application/json",
              body: JSON.stringify({
                message:
                  "Nothing was published: /contactus could not be rendered: a test's refusal. The site still shows the last version.",
              }),
            }),
          { times: 1 },
        );
        await dialog.getByRole("button", { name: "Publish" }).click();
        await expect(dialog.getByRole("alert")).toContainText("/contactus could not be rendered");
        await expect(dialog).toContainText("Open the item the message names");
      }
      await dialog.getByRole("button", { name: "Publish" }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, "Published: version")).toBeVisible();
    }

    await publishContact(true);
    const contactPage = async () => (await request.get("/contactus")).text();
    await expect.poll(contactPage, { timeout: 15_000 }).toContain(hours);
    expect(await publishedHours(request)).toBe(hours);

    // Versions: the newest is live; compared with the one before, the hours changed.
    await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Versions" }).click();
    const newest = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /\(live\)$/ }) });
    await expect(newest).toContainText("Changed · Contact details");
    const newestName = (await newest.getByRole("heading").textContent())?.match(/Version (\d+)/)?.[1];
    const previous = Number(newestName) - 1;
    await newest.getByRole("button", { name: `Compare with version ${previous}` }).click();
    const compare = page.getByRole("region", { name: `Version ${previous} → version ${newestName}` });
    await expect(compare).toContainText("Contact details");
    await expect(compare).toContainText(`After: ${hours}`);
    await expect(compare).toContainText(`Before: ${before}`);
    await expectNoAxeViolations(page);

    const older = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `Version ${previous}`, exact: true }) });
    await older.getByRole("button", { name: "Restore as drafts" }).click();
    await page
      .getByRole("alertdialog", { name: `Restore version ${previous} as drafts?` })
      .getByRole("button", { name: "Restore as drafts" })
      .click();
    await expect(page).toHaveURL(/\/staff\/site$/);
    await expect(page.getByRole("region", { name: "Changes waiting to publish" })).toContainText(
      "Contact details (changed)",
    );
    await publishContact();
    await expect.poll(contactPage, { timeout: 15_000 }).not.toContain(hours);
    expect(await publishedHours(request)).toBe(before);

    // A list's order is a draft too (after the restore above, which brings a version's order back):
    // moved down, the item is Moved and the site keeps its order; moved back, nothing waits.
    await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Key numbers" }).click();
    const numbers = page.getByRole("list", { name: "Key numbers" });
    const publicOrder = async () =>
      ((await (await request.get(sitePaths.content)).json()) as PublicSiteContent).keyNumbers.map((item) => item.id);
    const orderBefore = await publicOrder();
    const down = numbers.getByRole("button", { name: /^Move .+ down$/ }).first();
    const moved = (await down.getAttribute("aria-label"))?.replace(/^Move (.+) down$/, "$1") ?? "";
    await down.click();
    await expect(numbers.getByRole("listitem").nth(1)).toContainText(moved);
    await expect(numbers.getByRole("listitem").nth(1)).toContainText("Moved");
    await expect(numbers.getByRole("listitem").first()).toContainText("Moved");
    await expect(numbers.getByRole("button", { name: `Move ${moved} down` })).toBeFocused();
    expect(await publicOrder()).toEqual(orderBefore);
    await numbers.getByRole("button", { name: `Move ${moved} up` }).click();
    await expect(numbers.getByRole("listitem").first()).toContainText(moved);
    await expect(numbers.getByText("Moved", { exact: true })).toHaveCount(0);
    await expect(numbers.getByRole("button", { name: `Move ${moved} down` })).toBeFocused();

    // With a mouse the item is dragged to its place: the first onto the last one's lower half, then back.
    const rows = numbers.getByRole("listitem");
    const count = await rows.count();
    const lowerHalf = async (row: Locator) => {
      const box = await row.boundingBox();
      return { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) * 0.8 };
    };
    await rows.first().dragTo(rows.last(), { targetPosition: await lowerHalf(rows.last()) });
    await expect(rows.last()).toContainText(moved);
    await expect(rows.last()).toContainText("Moved");
    expect(await publicOrder()).toEqual(orderBefore);
    await expect(numbers.getByRole("button", { name: `Move ${moved} up` })).toBeEnabled();
    await rows.last().dragTo(rows.first(), { targetPosition: { x: 20, y: 4 } });
    await expect(rows.first()).toContainText(moved);
    await expect(numbers.getByText("Moved", { exact: true })).toHaveCount(0);
    await expect(rows).toHaveCount(count);
  } finally {
    await putBackHours(request, token, before);
  }
});

test("at a phone's width the list and the form take the screen in turn", async ({ page, request }) => {
  const token = await loginAdmin(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await openEditor(page, token, "/staff/site/jobs");
  const list = page.getByRole("list", { name: "Jobs" });
  await expect(list).toBeVisible();
  await expect(page.getByText("Choose a job to edit")).toBeHidden();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await list.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/staff\/site\/jobs\/[a-z0-9-]+$/);
  await expect(list).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save draft" })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "All jobs" }).click();
  await expect(list).toBeVisible();
  // Long titles beside their move buttons still fit the width.
  await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Projects" }).click();
  await expect(
    page
      .getByRole("list", { name: "Projects" })
      .getByRole("button", { name: /^Move / })
      .first(),
  ).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
