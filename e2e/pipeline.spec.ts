/**
 * Quote requests and applications as work (DESIGN §11), as an admin does it: a request from new to
 * won with notes (and a second admin's stale save refused), the board; an application from new to
 * rejected, then erased. The leads are sent through the public API with a solved captcha.
 */
import type { Locator, Page } from "@playwright/test";
import { e2eAdmin } from "../playwright.config.ts";
import { type Application, applicationPaths } from "../shared/applications.ts";
import { publicFormFields } from "../shared/public-forms.ts";
import { type QuoteRequest, quoteRequestPaths, staleVersionMessage } from "../shared/quote-requests.ts";
import { seedPublicContent } from "../shared/site-seed.ts";
import { loginAdmin } from "./chat-fixtures.ts";
import { expect, expectNoAxeViolations, test, visitorAddress } from "./fixtures.ts";
import { adminPage, openQuote, quoteSection, solvedCaptcha } from "./office-fixtures.ts";

// The forms count submissions per address: this spec comes from one of its own.
test.use(visitorAddress(3));

const runId = Date.now().toString(36);
const stamp = () => `${test.info().project.name}-${runId}`;
const position = String(
  seedPublicContent().jobs.find((job) => job.title === "Sr. Modeler")?.title ?? "Open application",
);

const applicationSection = (page: Page) => page.getByRole("region", { name: "Job Applications" });

async function saveWork(dialog: Locator) {
  const answer = dialog.page().waitForResponse((response) => response.request().method() === "PATCH");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog.getByText("Unsaved changes")).toBeHidden();
}

async function addNote(dialog: Locator, text: string) {
  await dialog.getByRole("textbox", { name: "Add a note" }).fill(text);
  await dialog.getByRole("button", { name: "Add note" }).click();
  await expect(dialog.getByRole("list", { name: "Notes" }).getByText(text)).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Add a note" })).toHaveValue("");
}

test.describe("quote requests and applications as work", () => {
  test("an admin works a quote request from new to won; a stale second admin is told to reload; Lost from the board asks why", async ({
    page,
    browser,
    request,
    consoleErrors,
  }, testInfo) => {
    test.slow();
    // The second admin's stale save is refused with 409 on purpose.
    consoleErrors.allow(/409/);
    const name = `Pipeline Quote ${stamp()}`;
    const sent = await request.post("/api/contact/submit", {
      multipart: {
        name,
        email: `pipeline-${stamp()}@example.com`,
        company: `Pipeline Steel ${stamp()}`,
        phone: "+1 412 555 0100",
        projectName: "Harbour Footbridge",
        tonsOfSteel: "45",
        workTypes: JSON.stringify(["Structural Steel Detailing"]),
        [publicFormFields.captcha]: await solvedCaptcha(request),
        [publicFormFields.quoteFile]: {
          name: "footbridge.png",
          mimeType: "image/png",
          // A 1×1 PNG: the dashboard previews images inline.
          buffer: Buffer.from(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
            "base64",
          ),
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const token = await loginAdmin(request);
    const auth = { authorization: `Bearer ${token}` };
    const stored = (await (await request.get(quoteRequestPaths.one(id), { headers: auth })).json()) as QuoteRequest;
    expect(stored.reference).toMatch(/^Q-\d{4}-\d{4,}$/);
    expect(stored.status).toBe("new");
    const { reference } = stored;

    await adminPage(browser, page, token);
    const width = page.viewportSize()?.width ?? 0;
    const overview = page.getByRole("region", { name: "Needs attention" });
    await expect(overview.getByRole("button", { name: /^New requests: \d+\. Show new requests$/ })).toBeVisible();
    await expect(overview.getByRole("button", { name: /^New requests: [1-9]/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`overview-${width}.png`) });

    // The tile shows the list filtered to new requests.
    await overview.getByRole("button", { name: /^New requests:/ }).click();
    await expect(quoteSection(page).getByLabel("Stage", { exact: true })).toHaveValue("new");
    await expect(page).toHaveURL(/stage=new/);
    await quoteSection(page).getByRole("button", { name: "Clear filters" }).click();

    // New → Contacted, a note, → Quoted with an assignee and a follow-up, a second note.
    const dialog = await openQuote(page, name, reference);
    await expect(dialog.getByRole("img", { name: "Preview of footbridge.png" })).toBeVisible();
    await dialog.getByLabel("Stage").selectOption("contacted");
    await saveWork(dialog);
    await addNote(dialog, "Called the fabricator; drawings to follow.");
    await dialog.getByLabel("Stage").selectOption("quoted");
    await dialog.getByLabel("Assignee").selectOption(e2eAdmin.username);
    await dialog.getByLabel("Follow-up date").fill(new Date().toISOString().slice(0, 10));
    await saveWork(dialog);
    await addNote(dialog, "Quote sent: 45 t, 6 weeks.");

    // A second admin opened the same request and started editing before the move to won.
    const other = await adminPage(browser, null, token);
    try {
      const otherDialog = await openQuote(other, name, reference);
      await otherDialog.getByLabel("Assignee").selectOption("");

      await dialog.getByLabel("Stage").selectOption("won");
      await saveWork(dialog);

      const refused = other.waitForResponse((response) => response.request().method() === "PATCH");
      await otherDialog.getByRole("button", { name: "Save", exact: true }).click();
      expect((await refused).status()).toBe(409);
      const alert = otherDialog.getByRole("alert").filter({ hasText: staleVersionMessage });
      await expect(alert).toBeVisible();
      await alert.getByRole("button", { name: "Reload" }).click();
      await expect(alert).toBeHidden();
      await expect(otherDialog.getByLabel("Stage")).toHaveValue("won");
      await expect(otherDialog.getByLabel("Assignee")).toHaveValue(e2eAdmin.username);
    } finally {
      await other.context().close();
    }

    // The reference, and the timeline oldest first.
    await expect(dialog.getByRole("heading", { name: `${reference} · ${name}` })).toBeVisible();
    const timeline = dialog.getByRole("list", { name: "Timeline" });
    await expect(timeline.getByRole("listitem").filter({ hasText: /^Stage changed by admin/ })).toHaveCount(3);
    await expect(timeline.getByRole("listitem").filter({ hasText: /^Note added by admin/ })).toHaveCount(2);
    await expect(timeline.getByRole("listitem").first()).toContainText("Received");
    await expect(timeline.getByRole("listitem").last()).toContainText("Stage changed by admin");
    await page.screenshot({ path: testInfo.outputPath(`detail-${width}.png`) });
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // The board: the card sits in Won.
    const section = quoteSection(page);
    await section.getByRole("button", { name: "Board" }).click();
    await expect(page).toHaveURL(/view=board/);
    const won = section.getByRole("region", { name: /^Won: \d+$/ });
    await expect(won.getByRole("article", { name: new RegExp(`^${reference} `) })).toBeVisible();
    await section.getByRole("searchbox", { name: "Search submissions" }).fill("");
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`board-${width}.png`) });
    await section.screenshot({ path: testInfo.outputPath(`board-section-${width}.png`) });
    // The overview now has a response time (this request was contacted).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(overview.getByRole("button", { name: /^Response time \(30 days\): (?!No data)/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`overview-after-${width}.png`) });
    await expectNoAxeViolations(page);

    const wonNow = (await (await request.get(quoteRequestPaths.one(id), { headers: auth })).json()) as QuoteRequest;
    expect(wonNow).toMatchObject({ status: "won", assignee: e2eAdmin.username });
    expect(wonNow.contactedAt).not.toBeNull();

    // With the keyboard only: the card's "Move to…" menu; Lost asks why first.
    await section.getByRole("button", { name: `Move ${reference} to…` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitem", { name: /Lost/ })).toBeFocused();
    await page.keyboard.press("Enter");
    const why = page.getByRole("dialog", { name: `Move ${reference} to Lost` });
    await expect(why.getByRole("textbox", { name: "Why was it lost?" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(why.getByRole("button", { name: "Move to Lost" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(why.getByText("Say why it was lost", { exact: true })).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type("The client chose a local detailer.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(why).toBeHidden();
    const lost = section.getByRole("region", { name: /^Lost: \d+$/ });
    await expect(lost.getByRole("article", { name: new RegExp(`^${reference} `) })).toBeVisible();
    await expect(won.getByRole("article", { name: new RegExp(`^${reference} `) })).toHaveCount(0);
    const final = (await (await request.get(quoteRequestPaths.one(id), { headers: auth })).json()) as QuoteRequest;
    expect(final).toMatchObject({ status: "lost", lostReason: "The client chose a local detailer." });
  });

  test("an admin moves an application from new to rejected, then erases it", async ({ page, browser, request }) => {
    test.slow();
    const name = `Pipeline Applicant ${stamp()}`;
    const sent = await request.post("/api/applications/submit", {
      multipart: {
        name,
        email: `applicant-${stamp()}@example.com`,
        phone: "+91 98765 43210",
        message: "Eight years of Tekla.",
        position,
        [publicFormFields.captcha]: await solvedCaptcha(request),
        [publicFormFields.cv]: {
          name: "cv.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const token = await loginAdmin(request);
    const auth = { authorization: `Bearer ${token}` };

    await adminPage(browser, page, token);
    const section = applicationSection(page);
    await section.getByRole("searchbox", { name: "Search applications" }).fill(name);
    const row = section.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText(position);
    await expect(row).toContainText("New");
    await row.getByRole("button", { name: `Open the application of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `${name} · ${position}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Erased automatically on");

    for (const stage of ["screening", "rejected"]) {
      await dialog.getByLabel("Stage").selectOption(stage);
      const answer = page.waitForResponse((response) => response.request().method() === "PATCH");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      expect((await answer).status()).toBe(200);
      await expect(page.getByText("Application saved").first()).toBeVisible();
    }
    await addNote(dialog, "Not enough connection design experience.");

    await dialog.getByRole("button", { name: "Erase now" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Erase ${name}'s personal data now?` });
    await expect(confirm).toContainText("only the position");
    await confirm.getByRole("button", { name: "Erase now" }).click();
    await expect(confirm).toBeHidden();
    const erasedDialog = page.getByRole("dialog", { name: `Erased application · ${position}` });
    await expect(erasedDialog).toBeVisible();
    await expect(erasedDialog).not.toContainText(name);
    await expect(erasedDialog.getByRole("list", { name: "Timeline" })).toContainText("Personal data erased by admin");
    await erasedDialog.getByRole("button", { name: "Close" }).click();

    // The row stays, greyed, with the position, stage and dates only.
    await section.getByRole("searchbox", { name: "Search applications" }).fill("");
    const erasedRow = section
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: `Open the erased application #${id}` }) });
    await expect(erasedRow).toContainText(position);
    await expect(erasedRow).toContainText("Rejected");
    await expect(erasedRow).toContainText("Personal data erased");
    await expect(erasedRow).not.toContainText(name);
    await expect(erasedRow.getByRole("button", { name: /^Open the CV/ })).toHaveCount(0);

    // The CV is gone from the server too.
    const listed = (await (await request.get(applicationPaths.list, { headers: auth })).json()) as Application[];
    const erased = listed.find((application) => application.id === id);
    expect(erased).toMatchObject({ name: "", email: "", phone: "", status: "rejected", position, resumePath: null });
    expect(erased?.erasedAt).not.toBeNull();
    const resume = await request.get(applicationPaths.resume(id), { headers: auth });
    expect([404, 410]).toContain(resume.status());
  });
});
