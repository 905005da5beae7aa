/**
 * A file request as its two people meet it (DESIGN §12): the admin asks a client for files through a
 * link with a password; the client opens the link in a browser of their own, gets the password
 * wrong, then right, sends two files (one a PDF) with resumable uploads and sees both sent; axe checks
 * the page before and after. The admin finds both files under the request and downloads one, byte
 * for byte; deleting the request ends the link.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { guard, loginAdmin } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";
import { drawingsPdf, signInAsAdmin } from "./office-fixtures.ts";

const runId = Date.now().toString(36);

test("a client sends files through a protected request link, and the admin downloads them", {
  tag: "@phone-only",
}, async ({ page, browser, request }) => {
  test.slow();
  const project = test.info().project.name;
  const title = `Harbor Point drawings ${project} ${runId}`;
  const password = "Harbor-Point-7";
  const pdfName = `harbor-point-GA-${project}-${runId}.pdf`;
  const pdf = drawingsPdf(2, "Harbor Point GA");
  const notesName = `site-notes-${project}-${runId}.txt`;
  const notes = Buffer.from(`Crane access from the north gate only. ${runId}\n`);

  await signInAsAdmin(page, await loginAdmin(request));
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible(dashboardLoad);

  // The admin asks for the files.
  const section = page.getByRole("region", { name: "File requests" });
  const form = section.getByRole("form", { name: "New file request" });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Note to the client (optional)").fill("Please send the GA drawings and your site notes.");
  await expect(form.getByLabel("Expires in (hours)")).toHaveValue("168");
  await form.getByLabel("Password (optional)").fill(password);
  await form.getByRole("button", { name: "Create link" }).click();
  const linkBox = section.getByRole("textbox", { name: "Link for the client" });
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/upload\/[A-Za-z0-9_-]{16,}$/);
  await section.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText("Link copied", { exact: true })).toBeVisible();

  const listed = section.getByRole("listitem", { name: title });
  await expect(listed.getByRole("img", { name: "Password protected" })).toBeVisible();
  await expect(listed.getByText("No files yet.")).toBeVisible();

  // The client: a browser with no session, at the same width.
  const client = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const visitor = await client.newPage();
  // The wrong password is answered 401, which the browser logs as a failed request.
  const clean = guard(visitor, [/401/]);
  // A valid link is a page (200), rendered in the browser from the SPA fallback.
  expect((await visitor.goto(link))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible(dashboardLoad);
  await expect(visitor.getByText("Please send the GA drawings and your site notes.")).toBeVisible();
  await expect(visitor.getByText("You may still send")).toBeVisible();
  expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await expect(visitor.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  await visitor.getByLabel("Password", { exact: true }).fill("not-the-password");
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByText("That password is not right. Please try again.")).toBeVisible();
  await visitor.getByLabel("Password", { exact: true }).fill(password);
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("button", { name: "Choose files" })).toBeVisible();
  await expectNoAxeViolations(visitor);
  const fitsWidth = await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fitsWidth, "no sideways scrolling").toBe(true);

  await visitor.getByLabel("Files to send").setInputFiles([
    { name: pdfName, mimeType: "application/pdf", buffer: pdf },
    { name: notesName, mimeType: "text/plain", buffer: notes },
  ]);
  const rows = visitor.getByRole("list", { name: "Files being sent" });
  for (const name of [pdfName, notesName]) {
    const row = rows.getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Sent", { exact: true })).toBeVisible();
    await expect(row.getByRole("progressbar", { name: `Progress of ${name}` })).toHaveAttribute("aria-valuenow", "100");
    await expect(row.getByText("100 %")).toBeVisible();
  }
  await expect(visitor.getByText(new RegExp(`^(${pdfName}|${notesName}) sent$`))).toBeAttached();
  await expectNoAxeViolations(visitor);
  clean();

  // The admin: both files under the request (the list refreshes itself every 30 s; a reload is quicker).
  await page.reload();
  const received = page.getByRole("list", { name: `Files received for ${title}` });
  await expect(received.getByRole("listitem")).toHaveCount(2, dashboardLoad);
  await expect(received.getByText(pdfName)).toBeVisible();
  await expect(received.getByText(notesName)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    received.getByRole("button", { name: `Download ${pdfName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(pdfName);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(pdf), "the downloaded PDF has the bytes the client sent").toBe(true);
  const axe = await new AxeBuilder({ page }).include("#file-requests").analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // Deleting the request ends the link.
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem", { name: title })).toHaveCount(0);
  const clean404 = guard(visitor, [/404/]);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  clean404();
  await client.close();
});

test(
  "an upload cut off by a reload goes on from where it stopped when the same file is chosen again",
  { tag: "@phone-only" },
  async ({ page, request }, testInfo) => {
    test.slow();
    const token = await loginAdmin(request);
    const auth = { authorization: `Bearer ${token}` };
    const title = `Resume ${testInfo.project.name} ${runId}`;
    const created = await request.post("/api/admin/file-requests", { headers: auth, data: { title, expiryHours: 2 } });
    expect(created.status()).toBe(201);
    const { id, url } = (await created.json()) as { id: number; url: string };

    // A file on disk (a chosen file keeps its name, size and date: what the browser matches on).
    const name = `model-${testInfo.project.name}-${runId}.ifc`;
    const bytes = randomBytes(3 * 1024 * 1024);
    const file = testInfo.outputPath(name);
    writeFileSync(file, bytes);

    const clean = guard(page);
    await page.goto(new URL(url).pathname);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible(dashboardLoad);
    // Slow enough to catch it half-way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.getByLabel("Files to send").setInputFiles(file);
    const progress = page.getByRole("progressbar", { name: `Progress of ${name}` });
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(20);

    // The tab is reloaded half-way (a closed laptop, a crashed browser): the server kept what arrived.
    await page.reload();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible(dashboardLoad);
    await page.getByLabel("Files to send").setInputFiles(file);
    const row = page.getByRole("list", { name: "Files being sent" }).getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Sent", { exact: true })).toBeVisible(dashboardLoad);
    // Said on the row, sent or not: the server kept a good part of what the first page sent (it saw at least 20 % go).
    const continued = await row.getByText(/continued from \d+ % sent before/).textContent();
    expect(Number(/from (\d+) %/.exec(continued ?? "")?.[1])).toBeGreaterThanOrEqual(10);
    clean();

    // The admin has the whole file, once.
    const list = await request.get("/api/admin/file-requests", { headers: auth });
    const files = ((await list.json()) as { id: number; files: { size: number; url: string }[] }[]).find(
      (entry) => entry.id === id,
    )?.files;
    expect(files?.map((entry) => entry.size)).toEqual([bytes.length]);
    const download = await request.get(new URL(files?.[0]?.url ?? "").pathname, { headers: auth });
    expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
  },
);
