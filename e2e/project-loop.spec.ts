/**
 * The firm's loop, out of e-mail (issue #34, DESIGN §16), clicked through at a phone's width and a
 * desk's: an admin creates a project and its team, imports the register, uploads revision A of
 * each sheet and transmits them for approval; the client answers "revise and resubmit" on one and
 * "approved" on the other through the link; revision B goes out and comes back approved; an RFI
 * holds a sheet (release refused with the reason), is answered through its link and closed; both
 * sheets are released for fabrication. The client's pages are opened as the client would, in a
 * browser of their own at the same width, with no login; the markup and the RFI's answer file
 * reach the team.
 */
import type { Browser, Page } from "@playwright/test";
import { escapeRegExp, loginAdmin, newEmployee, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { drawingsPdf, signInAsAdmin } from "./office-fixtures.ts";

/** Opens a client's link in a browser context of their own, at the office's width. */
async function asClient(browser: Browser, page: Page, link: string) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, hasTouch: true });
  const client = await context.newPage();
  expect((await client.goto(link))?.status()).toBe(200);
  return client;
}

test("a project's loop: register, transmittal, review, revision B, RFI, release @phone", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.slow();
  // The release refused while the RFI holds its sheet.
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  const token = await loginAdmin(request);
  const detailer = await newEmployee(request, token, "Ines");
  const job = `LOOP-${unique().slice(-8).toUpperCase()}`;
  const auth = { authorization: `Bearer ${token}` };
  await signInAsAdmin(page, token);

  // 1. The project and its team.
  await page.goto("/staff/projects");
  await page.getByRole("button", { name: "New project" }).click(dashboardLoad);
  const form = page.getByRole("form", { name: "New project" });
  await form.getByRole("textbox", { name: "Job number" }).fill(job);
  await form.getByRole("textbox", { name: "Project name" }).fill("Cannery Row Lofts");
  await form.getByRole("textbox", { name: "Client", exact: true }).fill("Keystone Builders");
  await form.getByRole("textbox", { name: "Client e-mail" }).fill("eor@keystone.example");
  await form.getByRole("searchbox", { name: "Find a person" }).fill(detailer.name);
  await form.getByRole("checkbox", { name: new RegExp(escapeRegExp(detailer.name)) }).check();
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/projects/${job}$`));
  const sections = page.getByRole("navigation", { name: "Project sections" });
  const register = page.getByRole("region", { name: "Drawing register" });

  // 2. The register from Tekla, and 3. revision A of each sheet, matched by file name.
  const importForm = register.getByRole("form", { name: "Import register" });
  await importForm.getByLabel("Register CSV").setInputFiles({
    name: "register.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Drawing No,Title,Rev\r\nE-101,Roof framing plan,A\r\nE-102,Column base details,A\r\n"),
  });
  await importForm.getByRole("button", { name: "Import register (CSV)" }).click();
  await expect(importForm.getByRole("status")).toHaveText(/2 sheets added/);
  // The files are matched against the register as it is listed.
  await expect(register.getByRole("listitem").getByText("Column base details")).toBeVisible();
  const bulk = register.getByRole("region", { name: "Upload many PDFs" });
  await bulk.getByLabel("Sheet PDFs").setInputFiles(
    ["E-101_RevA.pdf", "E-102_RevA.pdf"].map((name) => ({
      name,
      mimeType: "application/pdf",
      buffer: drawingsPdf(1, name),
    })),
  );
  await bulk.getByRole("button", { name: "Upload 2 files" }).click();
  await expect(register.getByRole("button", { name: "Rev A of E-102: open the drawing" })).toBeVisible();

  // 4. Transmitted for approval.
  const transmit = async (sheets: "all" | string) => {
    await sections.getByRole("link", { name: "Transmittals" }).click();
    const log = page.getByRole("region", { name: "Transmittals" });
    await log.getByRole("button", { name: "New transmittal" }).click();
    const dialog = page.getByRole("form", { name: "New transmittal" });
    if (sheets === "all") await dialog.getByRole("button", { name: "Choose all" }).click();
    else await dialog.getByRole("checkbox", { name: new RegExp(sheets) }).check();
    await dialog.getByRole("button", { name: "Send transmittal" }).click();
    await expect(dialog).toBeHidden();
    const [latest] = (await (await request.get(`/api/projects/${job}/transmittals`, { headers: auth })).json()) as {
      number: string;
      url: string;
    }[];
    await expect(log.getByRole("listitem", { name: `Transmittal ${latest?.number}` })).toBeVisible();
    return new URL(latest?.url ?? "").pathname;
  };
  const firstLink = await transmit("all");

  // 5. The client: revise and resubmit on one, approved on the other.
  const client = await asClient(browser, page, firstLink);
  await expect(client.getByRole("heading", { level: 1, name: `Transmittal ${job}-T-001` })).toBeVisible(dashboardLoad);
  await expectNoAxeViolations(client);
  const sheetCard = (number: string) =>
    client.getByRole("listitem").filter({ has: client.getByRole("heading", { name: new RegExp(number) }) });
  await sheetCard("E-101").getByRole("radio", { name: "Revise and resubmit" }).check();
  await sheetCard("E-101")
    .getByRole("textbox", { name: /Comment/ })
    .fill("Add the ridge beam splice.");
  // A marked-up file, by resumable upload; the review waits for it.
  await sheetCard("E-101")
    .getByLabel("Attach marked-up files to E-101")
    .setInputFiles({ name: "E-101 markup.pdf", mimeType: "application/pdf", buffer: drawingsPdf(1, "markup") });
  await expect(sheetCard("E-101").getByRole("listitem").filter({ hasText: "E-101 markup.pdf" })).toBeVisible();
  await sheetCard("E-102").getByRole("radio", { name: "Approved", exact: true }).check();
  await client.getByRole("button", { name: "Send review" }).click();
  await expect(client.getByRole("heading", { name: /Your review was sent/ })).toBeVisible();
  await client.context().close();
  // Seen answered, with the comment and the markup (the admin is not on the team: no notice, a reload).
  await page.reload();
  const first = page.getByRole("listitem", { name: `Transmittal ${job}-T-001` });
  await expect(first.getByText("Answered", { exact: true })).toBeVisible(dashboardLoad);
  await first.getByText("Sheets and responses").click();
  await expect(first.getByText("Add the ridge beam splice.")).toBeVisible();
  await expect(first.getByRole("button", { name: /E-101 markup\.pdf/ })).toBeVisible();

  // 6. Revision B of the sheet sent back, transmitted again and approved.
  await sections.getByRole("link", { name: "Drawings" }).click();
  await expect(
    register.getByRole("listitem").filter({ hasText: "E-101" }).getByText("Revise and resubmit"),
  ).toBeVisible(dashboardLoad);
  const add = register.getByRole("form", { name: "Add a revision" });
  await add.getByRole("combobox", { name: "Sheet number" }).fill("E-101");
  await expect(add.getByRole("textbox", { name: "Revision" })).toHaveValue("B");
  await add.getByLabel("PDF").setInputFiles({
    name: "E-101 B.pdf",
    mimeType: "application/pdf",
    buffer: drawingsPdf(1, "E-101 rev B"),
  });
  await add.getByRole("button", { name: "Add revision" }).click();
  await expect(register.getByRole("button", { name: "Rev B of E-101: open the drawing" })).toBeVisible();
  const secondLink = await transmit("E-101");
  const again = await asClient(browser, page, secondLink);
  await expect(again.getByRole("heading", { level: 1, name: `Transmittal ${job}-T-002` })).toBeVisible(dashboardLoad);
  await again.getByRole("radio", { name: "Approved", exact: true }).check();
  await again.getByRole("button", { name: "Send review" }).click();
  await expect(again.getByRole("heading", { name: /Your review was sent/ })).toBeVisible();
  await again.context().close();

  // 7. An RFI holds E-102: its release is refused with the reason until it is answered and closed.
  await sections.getByRole("link", { name: "RFIs" }).click();
  const rfis = page.getByRole("region", { name: "RFIs" });
  await rfis.getByRole("button", { name: "New RFI" }).click();
  const ask = page.getByRole("form", { name: "New RFI" });
  await ask.getByRole("textbox", { name: "Subject" }).fill("Base plate grout");
  await ask.getByRole("textbox", { name: "Question" }).fill("What grout thickness under the base plates?");
  await ask.getByRole("textbox", { name: "Ask (e-mail)" }).fill("eor@keystone.example");
  await ask.getByRole("checkbox", { name: /E-102/ }).check();
  await ask.getByRole("button", { name: "Send RFI" }).click();
  const rfiRow = rfis.getByRole("listitem", { name: "RFI-001 Base plate grout" });
  await expect(rfiRow.getByText("Open", { exact: true })).toBeVisible();
  await sections.getByRole("link", { name: "Drawings" }).click();
  const held = register.getByRole("listitem").filter({ hasText: "E-102" });
  await expect(held.getByText("On hold")).toBeVisible(dashboardLoad);
  await held.getByRole("button", { name: "Release E-102 for fabrication" }).click();
  await expect(held.getByRole("alert")).toContainText("on hold");

  const [rfi] = (await (await request.get(`/api/projects/${job}/rfis`, { headers: auth })).json()) as { url: string }[];
  const engineer = await asClient(browser, page, new URL(rfi?.url ?? "").pathname);
  await expect(engineer.getByRole("heading", { level: 1, name: "RFI-001: Base plate grout" })).toBeVisible(
    dashboardLoad,
  );
  await expectNoAxeViolations(engineer);
  await engineer.getByRole("textbox", { name: "Answer" }).fill("25 mm non-shrink grout.");
  await engineer.getByLabel("Files (optional)").setInputFiles({
    name: "SK-1.pdf",
    mimeType: "application/pdf",
    buffer: drawingsPdf(1, "SK-1"),
  });
  await engineer.getByRole("button", { name: "Send answer" }).click();
  await expect(engineer.getByRole("heading", { name: "Thank you: your answer is in" })).toBeVisible();
  await engineer.context().close();

  await sections.getByRole("link", { name: "RFIs" }).click();
  await page.reload();
  await expect(rfiRow.getByText("Answered", { exact: true })).toBeVisible(dashboardLoad);
  await rfiRow.getByText("Question and answer").click();
  await expect(rfiRow.getByRole("button", { name: /SK-1\.pdf/ })).toBeVisible();
  await rfiRow.getByRole("button", { name: "Close RFI-001" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Close RFI" }).click();
  await expect(rfiRow.getByText("Closed", { exact: true })).toBeVisible();

  // 8. Released for fabrication: both sheets, approved and on no hold.
  await sections.getByRole("link", { name: "Drawings" }).click();
  for (const number of ["E-101", "E-102"]) {
    const sheet = register.getByRole("listitem").filter({ hasText: number });
    await sheet.getByRole("button", { name: `Release ${number} for fabrication` }).click(dashboardLoad);
    await expect(sheet.getByText("Released for fabrication")).toBeVisible();
  }
  await expect(register.getByText("On hold")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("loop-register.png"), fullPage: true });
});
