/**
 * The attached file of a quote request, previewed in the admin dashboard: a PDF drawn by pdf.js
 * into canvases of the page (no frame, nothing of the file runs), an unreadable one refused with
 * the download kept.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { e2eAdmin } from "../playwright.config.ts";
import { captchaChallengePath, leadFields } from "../shared/leads.ts";
import { type QuoteRequest, quoteRequestPaths } from "../shared/quote-requests.ts";
import { storageKeys } from "../shared/roles.ts";
import { loginAdmin } from "./chat-fixtures.ts";
import { expect, gotoHydrated, test, visitorAddress } from "./fixtures.ts";

// The forms count submissions per address: this spec comes from one of its own.
test.use(visitorAddress(6));

const runId = Date.now().toString(36);
const stamp = () => `${test.info().project.name}-${runId}`;

/**
 * A set of A4 landscape drawings built by hand, with a correct cross-reference table: each sheet a
 * framed border and a dark title block, so drawn pixels can be told from a blank page.
 */
function drawingsPdf(sheets: number): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: sheets }, (_, n) => `${4 + 2 * n} 0 R`).join(" ")}] /Count ${sheets} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let sheet = 1; sheet <= sheets; sheet += 1) {
    const content = [
      "4 w 0.1 0.15 0.2 RG 40 40 762 515 re S",
      "0.1 0.15 0.2 rg 560 40 242 90 re f",
      `BT /F1 28 Tf 80 480 Td (Footbridge GA - Sheet ${sheet}) Tj ET`,
      "BT /F1 14 Tf 1 1 1 rg 575 90 Td (Q-TEST / Rev A) Tj ET",
    ].join("\n");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Contents ${5 + 2 * (sheet - 1)} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    );
  }
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Starts like a PDF (what the server's content check looks at) but holds no document at all. */
const brokenPdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1"), Buffer.alloc(2048, 0x5a)]);

/** The widget's `altcha` field for a fresh challenge, solved like the widget does. */
async function solvedCaptcha(api: APIRequestContext): Promise<string> {
  const response = await api.get(captchaChallengePath);
  expect(response.status(), "captcha challenge").toBe(200);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no captcha solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Submits a quote request with `file` attached and returns its reference. */
async function submitQuote(
  api: APIRequestContext,
  token: string,
  name: string,
  file: { name: string; buffer: Buffer },
) {
  const sent = await api.post("/api/contact/submit", {
    multipart: {
      name,
      email: `preview-${stamp()}@example.com`,
      company: `Preview Steel ${stamp()}`,
      phone: "+1 412 555 0100",
      projectName: "Harbour Footbridge",
      tonsOfSteel: "45",
      workTypes: JSON.stringify(["Structural Steel Detailing"]),
      [leadFields.captcha]: await solvedCaptcha(api),
      [leadFields.quoteFile]: { ...file, mimeType: "application/pdf" },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const stored = await api.get(quoteRequestPaths.one(id), { headers: { authorization: `Bearer ${token}` } });
  return ((await stored.json()) as QuoteRequest).reference;
}

async function openQuote(page: Page, name: string, reference: string): Promise<Locator> {
  const section = page.getByRole("region", { name: "Contact Form Submissions" });
  await section.getByRole("searchbox", { name: "Search submissions" }).fill(name);
  await section.getByRole("button", { name: `Open ${reference} from ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `${reference} · ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** How many of the canvas's pixels are neither blank paper nor transparent. */
const inkedPixels = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    if (element.width === 0 || element.height === 0) return 0;
    const { data } = element.getContext("2d")?.getImageData(0, 0, element.width, element.height) ?? { data: [] };
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > 0 && (data[i] ?? 255) < 128) inked += 1;
    }
    return inked;
  });

test.describe("the attached file preview", () => {
  test("a PDF is drawn into the page's canvases; an unreadable one says so and keeps Download", async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await loginAdmin(request);
    const name = `Preview Quote ${stamp()}`;
    const brokenName = `Preview Broken ${stamp()}`;
    const reference = await submitQuote(request, token, name, { name: "footbridge-ga.pdf", buffer: drawingsPdf(3) });
    const brokenReference = await submitQuote(request, token, brokenName, { name: "scan.pdf", buffer: brokenPdf });

    await page.addInitScript(
      ([keys, user, jwt]) => {
        window.localStorage.setItem(keys.user, JSON.stringify(user));
        window.localStorage.setItem(keys.token, jwt);
      },
      [storageKeys, { username: e2eAdmin.username, role: "admin" }, token] as const,
    );
    // pdf.js is fetched only once a PDF preview opens, never by the dashboard itself.
    const pdfjsRequests: string[] = [];
    page.on("request", (sent) => {
      if (/\/assets\/(load-pdf|pdf\.worker)/.test(sent.url())) pdfjsRequests.push(sent.url());
    });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    expect(pdfjsRequests).toEqual([]);

    const dialog = await openQuote(page, name, reference);
    const preview = dialog.getByRole("document", { name: "Preview of footbridge-ga.pdf" });
    // The first preview parses 1.6 MB of pdf.js: seconds on a busy 2-core machine.
    await expect(preview).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText("Page 1 of 3", { exact: true })).toBeVisible();
    const sheet = preview.getByRole("img", { name: "Page 1 of 3" });
    await expect.poll(() => inkedPixels(sheet), { message: "the sheet is drawn" }).toBeGreaterThan(1000);
    // Drawn at the box's width, in device pixels.
    const drawn = await sheet.evaluate((element: HTMLCanvasElement) => ({
      pixels: element.width,
      css: element.getBoundingClientRect().width * window.devicePixelRatio,
    }));
    expect(Math.abs(drawn.pixels - drawn.css)).toBeLessThan(2);
    expect(await dialog.locator("iframe").count()).toBe(0);
    await expect(dialog.getByRole("button", { name: "Download" })).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `/tmp/shots/pdf-preview-${width}.png` });
    expect(pdfjsRequests.some((url) => url.includes("pdf.worker"))).toBe(true);

    // The box scrolls by keyboard; the last sheet is drawn once it comes near, and the count follows.
    await preview.focus();
    await page.keyboard.press("End");
    await expect(dialog.getByText("Page 3 of 3", { exact: true })).toBeVisible();
    await expect
      .poll(() => inkedPixels(preview.getByRole("img", { name: "Page 3 of 3" })), {
        message: "the last sheet is drawn",
      })
      .toBeGreaterThan(1000);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const broken = await openQuote(page, brokenName, brokenReference);
    await expect(broken.getByText("This file could not be read as a PDF: download it to open it.")).toBeVisible();
    await expect(broken.getByRole("document")).toHaveCount(0);
    const download = page.waitForEvent("download");
    await broken.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("scan.pdf");
  });
});
