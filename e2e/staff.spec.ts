/**
 * Staff accounts, as people use them: an admin works accounts through the dashboard, an employee
 * logs in on a phone, and a client downloads a shared file without logging in.
 */
import type { Page } from "@playwright/test";
import { e2eAdmin } from "../playwright.config.ts";
import { clickLogin, dashboardLoad, expect, gotoHydrated, loginDialog, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function logInThroughModal(
  page: Page,
  tab: "Employee Login" | "Admin Login",
  username: string,
  password: string,
) {
  await gotoHydrated(page, "/");
  await clickLogin(page);
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: tab }).click();
  const panel = dialog.getByRole("tabpanel");
  await panel.getByRole("textbox", { name: "Username" }).fill(username);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: /^Log in as/ }).click();
  await expect(dialog).toBeHidden();
}

test.describe("admin works employee accounts", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 1280, height: 900 } });

  test("registers, edits and disables an employee; the employee is logged out when disabled", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.slow();
    // The disabled employee's next call is refused with 401 on purpose.
    consoleErrors.allow(/401/);
    const username = `e2e.${unique()}`;
    const password = "first-password-1";

    await logInThroughModal(page, "Admin Login", e2eAdmin.username, e2eAdmin.password);
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible(dashboardLoad);

    const register = page.getByRole("region", { name: "Register New Employee" });
    await register.getByLabel("Full name").fill("Priya Nair");
    await register.getByLabel("Email").fill(`${username}@northbeam.test`);
    await register.getByLabel("Job role").fill("Senior Modeler");
    await register.getByLabel("Username").fill(username);
    await register.getByLabel("Password", { exact: true }).fill(password);
    await register.getByRole("button", { name: "Register employee" }).click();
    await expect(page.getByText("Employee registered successfully!")).toBeVisible();

    // Edit: performance and projects.
    await page.getByRole("button", { name: "Edit Priya Nair" }).first().click();
    const edit = page.getByRole("region", { name: /Edit Credentials/ });
    await expect(edit).toBeVisible();
    await edit.getByLabel("Performance (%)").fill("87");
    await edit.getByLabel("Projects").fill("Harbor Point Tower, Summit Arena");
    await edit.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByText("Employee updated successfully!")).toBeVisible();
    await expect(edit).toBeHidden();

    // The employee logs in on a phone, sees the dashboard, and survives a reload.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const employeePage = await phone.newPage();
    await logInThroughModal(employeePage, "Employee Login", username, password);
    await expect(employeePage.getByRole("heading", { name: "Employee Dashboard", level: 1 })).toBeVisible(
      dashboardLoad,
    );
    await expect(employeePage.getByText("Priya Nair").first()).toBeVisible();
    await expect(employeePage.getByText("Harbor Point Tower")).toBeVisible();
    await employeePage.reload();
    await expect(employeePage.getByRole("heading", { name: "Employee Dashboard", level: 1 })).toBeVisible(
      dashboardLoad,
    );

    // The admin disables the account.
    await page.getByRole("button", { name: "Edit Priya Nair" }).first().click();
    await edit.getByLabel("Status").selectOption("disabled");
    await edit.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByText("Employee updated successfully!")).toBeVisible();

    // The employee's next request is refused and the page drops back to the public site. The
    // prerendered visitor page shows before the stored session is even read, so wait for the
    // refusal itself: the stored token goes away.
    await employeePage.reload();
    await expect
      .poll(() => employeePage.evaluate(() => localStorage.getItem("jwtToken")), { timeout: 15_000 })
      .toBeNull();
    await expect(
      employeePage
        .getByRole("banner")
        .getByRole("button", { name: /Open menu|Login/ })
        .first(),
    ).toBeVisible();
    await expect(employeePage.getByRole("heading", { name: "Employee Dashboard" })).toBeHidden();

    // And cannot log in again.
    await gotoHydrated(employeePage, "/");
    await clickLogin(employeePage);
    const dialog = loginDialog(employeePage);
    await dialog.getByRole("tabpanel").getByRole("textbox", { name: "Username" }).fill(username);
    await dialog.getByRole("tabpanel").getByLabel("Password").fill(password);
    await dialog
      .getByRole("tabpanel")
      .getByRole("button", { name: /^Log in as/ })
      .click();
    await expect(dialog.getByRole("alert")).toHaveText(/disabled|Invalid username or password/);
    await phone.close();
  });

  test("shares a file by a link that works without login and ends for good when sharing stops", async ({
    page,
    playwright,
    consoleErrors,
  }) => {
    test.slow();
    consoleErrors.allow(/404|410/);
    const fileName = `drawings-${unique()}.txt`;
    const content = `Shop drawing set ${unique()}\n`;

    await logInThroughModal(page, "Admin Login", e2eAdmin.username, e2eAdmin.password);
    const upload = page.getByRole("region", { name: "Upload Files" });
    await upload
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(content) });
    await expect(upload.getByLabel("Link expires after (hours)")).toHaveValue("10");
    await upload.getByRole("button", { name: "Upload file" }).click();
    await expect(page.getByText("File uploaded successfully!")).toBeVisible();

    const copy = page.getByRole("button", { name: `Copy link to ${fileName}` });
    await expect(copy).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: fileName });
    const link = await row.getByRole("link").first().getAttribute("href");
    expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{22,}$/);

    // A client with no session downloads it.
    const anonymous = await playwright.request.newContext();
    const download = await anonymous.get(link as string);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe(content);
    expect(download.headers()["content-disposition"]).toContain("attachment");

    // The admin sees the download counted (the list is read again on a reload).
    await page.reload();
    await expect(row.getByText("1 download", { exact: true })).toBeVisible(dashboardLoad);

    // Revoked: the link answers 410 for good.
    await page.getByRole("button", { name: `Stop sharing ${fileName}` }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Stop sharing/ })
      .click();
    await expect(page.getByRole("button", { name: `Copy link to ${fileName}` })).toBeHidden();
    expect((await anonymous.get(link as string)).status()).toBe(410);
    await anonymous.dispose();
  });
});
