/**
 * The audit log as an admin uses it (DESIGN §11), at a phone's width and a desk's: a change made in
 * the dashboard shows up, the filters and paging work, the CSV downloads, and axe finds nothing.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { e2eAdmin } from "../playwright.config.ts";
import {
  clickLogin,
  dashboardLoad,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  loginDialog,
  test,
  viewportWidth,
} from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function logInAsAdmin(page: Page) {
  await gotoHydrated(page, "/");
  await clickLogin(page);
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Admin Login" }).click();
  const panel = dialog.getByRole("tabpanel");
  await panel.getByRole("textbox", { name: "Username" }).fill(e2eAdmin.username);
  await panel.getByLabel("Password").fill(e2eAdmin.password);
  await panel.getByRole("button", { name: /^Log in as/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible(dashboardLoad);
}

test("an admin's change shows in the audit log: filter, pages, CSV, and no axe violations", async ({
  page,
}, testInfo) => {
  test.slow();
  const username = `audit.${unique()}`;
  // Cards below 1024 px (phones and tablets), the table on a desk.
  const phone = viewportWidth(page) < 1024;

  // A failed admin login under an attacker-chosen name: recorded, and shown as text, never as markup.
  const hostile = `<img src=x onerror="window.pwned=1">${unique()}`;
  const failed = await page.request.post("/api/auth/login", {
    data: { username: hostile, password: "not-the-password", role: "admin" },
  });
  expect(failed.status()).toBe(401);

  await logInAsAdmin(page);
  const register = page.getByRole("region", { name: "Register New Employee" });
  await register.getByLabel("Full name").fill("Audit Trail Person");
  await register.getByLabel("Email").fill(`${username}@northbeam.test`);
  await register.getByLabel("Job role").fill("Detailer");
  await register.getByLabel("Username").fill(username);
  await register.getByLabel("Password", { exact: true }).fill("Granite-Orchard-Canoe-58");
  await register.getByRole("button", { name: "Register employee" }).click();
  await expect(page.getByText("Employee registered successfully!")).toBeVisible();

  const audit = page.getByRole("region", { name: "Audit log" });
  await audit.scrollIntoViewIfNeeded();
  await audit.getByRole("button", { name: "Refresh" }).click();
  // The table on a desk, cards on a phone: whichever is shown holds the entry.
  const summary = `Created employee ${username} (Audit Trail Person)`;
  const entries = phone
    ? audit.getByRole("list", { name: "Audit log entries, newest first" })
    : audit.getByRole("table", { name: "Audit log entries, newest first" });
  await expect(entries).toBeVisible();
  await expect(entries.getByText(summary)).toBeVisible();

  // Paging, when there is more than one page of entries (other journeys log in too).
  const pager = audit.getByRole("navigation", { name: "Audit log pages" });
  const label = pager.getByText(/^Page \d+ of \d+$/);
  await expect(label).toHaveText(/^Page 1 of \d+$/);
  const next = pager.getByRole("button", { name: "Next" });
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  if (await next.isEnabled()) {
    await next.click();
    await expect(label).toHaveText(/^Page 2 of \d+$/);
    await expect(entries.getByText(summary)).toBeHidden();
    await pager.getByRole("button", { name: "Previous" }).click();
    await expect(label).toHaveText(/^Page 1 of \d+$/);
  }

  // Filter by action, then by this admin: the entry stays, logins go.
  await audit.getByLabel("Action").selectOption("employee.create");
  await audit.getByLabel("Actor").fill(e2eAdmin.username);
  await expect(entries.getByText(summary)).toBeVisible();
  await expect(entries.getByText("auth.login", { exact: true })).toHaveCount(0);
  await expect(entries.getByText("employee.create", { exact: true }).first()).toBeVisible();
  // A name nobody has: the empty state.
  await audit.getByLabel("Actor").fill(`nobody.${unique()}`);
  await expect(audit.getByText("Nothing in the audit log matches these filters.")).toBeVisible();
  await audit.getByLabel("Actor").fill(e2eAdmin.username);
  await expect(entries.getByText(summary)).toBeVisible();

  // The hostile name: found by its exact text, shown literally, and nothing ran.
  await audit.getByLabel("Action").selectOption("auth.loginFailed");
  await audit.getByLabel("Actor").fill(hostile);
  await expect(entries.getByText(hostile, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await audit.getByLabel("Action").selectOption("employee.create");
  await audit.getByLabel("Actor").fill(e2eAdmin.username);
  await expect(entries.getByText(summary)).toBeVisible();

  // The CSV: fetched with the token, saved with the date in its name.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    audit.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("at,actor,action,target,summary,ip");
  expect(lines.slice(1).every((line) => line.includes(",employee.create,"))).toBe(true);
  expect(csv).toContain(`admin,employee.create,employee:`);
  expect(csv).toContain(summary);

  await audit.scrollIntoViewIfNeeded();
  await audit.screenshot({ path: testInfo.outputPath(`audit-log-${viewportWidth(page)}.png`) });
  await expectNoAxeViolations(page);
});
