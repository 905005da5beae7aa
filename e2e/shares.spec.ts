/**
 * A protected, limited share link as its two people meet it: the admin shares a drawing with a
 * password and one allowed download; the client opens the link, is asked for the password (a page
 * with no script), gets it wrong, then right, and downloads; after that the link has ended, and the
 * admin's list says so. Axe checks the password page.
 */
import AxeBuilder from "@axe-core/playwright";
import { loginAdmin } from "./chat-fixtures.ts";
import { dashboardLoad, expect, gotoHydrated, test } from "./fixtures.ts";
import { signInAsAdmin } from "./office-fixtures.ts";

const runId = Date.now().toString(36);

test("a protected link asks for its password, serves one download, then ends for good", { tag: "@phone-only" }, async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.slow();
  consoleErrors.allow(/401|410/);
  const fileName = `harbor-point-GA-${test.info().project.name}-${runId}.txt`;
  const content = `General arrangement, rev B ${runId}\n`;
  const password = "Harbor-Point-7";

  await signInAsAdmin(page, await loginAdmin(request));
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible(dashboardLoad);

  const upload = page.getByRole("region", { name: "Upload Files" });
  await upload
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(content) });
  await upload.getByLabel("Password (optional)").fill(password);
  await upload.getByLabel("Download limit (optional)").fill("1");
  await upload.getByRole("button", { name: "Upload file" }).click();
  await expect(page.getByText("File uploaded successfully!")).toBeVisible();

  const row = page.getByRole("listitem").filter({ hasText: fileName });
  await expect(row.getByRole("img", { name: "Password protected" })).toBeVisible();
  await expect(row.getByText("0 of 1 download")).toBeVisible();
  const link = await row.getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);

  // The client: a browser with no session, at the same width.
  // The page has no script (its CSP allows none): the form works as plain HTML.
  const client = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const visitor = await client.newPage();
  await visitor.goto(link as string);
  await expect(visitor.getByRole("heading", { level: 1, name: fileName })).toBeVisible();
  const axe = await new AxeBuilder({ page: visitor }).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
  const fitsWidth = await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fitsWidth, "no sideways scrolling").toBe(true);

  await visitor.getByLabel("Password").fill("not-the-password");
  await visitor.getByRole("button", { name: "Download" }).click();
  await expect(visitor.getByRole("alert")).toHaveText("That password is not right. Please try again.");

  await visitor.getByLabel("Password").fill(password);
  const [download] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe(content);

  // The one allowed download is spent: the link has ended for good.
  await visitor.goto(link as string);
  await expect(visitor.getByRole("heading", { level: 1, name: "Link ended" })).toBeVisible();
  await expect(visitor.getByText("This link has reached its download limit.")).toBeVisible();
  await client.close();

  await page.reload();
  const spent = page.getByRole("listitem").filter({ hasText: fileName });
  await expect(spent.getByText("Used up")).toBeVisible(dashboardLoad);
});
