/**
 * The attached file of a quote request, previewed in the admin dashboard: a PDF drawn by pdf.js
 * into canvases of the page (no frame, nothing of the file runs), an unreadable one refused with
 * the download kept.
 */
import type { APIRequestContext, Locator } from "@playwright/test";
import { publicFormFields } from "../shared/public-forms.ts";
import { type QuoteRequest, quoteRequestPaths } from "../shared/quote-requests.ts";
import { loginAdmin } from "./chat-fixtures.ts";
import { dashboardLoad, expect, gotoHydrated, test, visitorAddress } from "./fixtures.ts";
import { drawingsPdf, openQuote, signInAsAdmin, solvedCaptcha } from "./office-fixtures.ts";

// The forms count submissions per address: this spec comes from one of its own.
test.use(visitorAddress(6));

const runId = Date.now().toString(36);
const stamp = () => `${test.info().project.name}-${runId}`;

/** Starts like a PDF (what the server's content check looks at) but holds no document at all. */
const brokenPdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1"), Buffer.alloc(2048, 0x5a)]);

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
      [publicFormFields.captcha]: await solvedCaptcha(api),
      [publicFormFields.quoteFile]: { ...file, mimeType: "application/pdf" },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const stored = await api.get(quoteRequestPaths.one(id), { headers: { authorization: `Bearer ${token}` } });
  return ((await stored.json()) as QuoteRequest).reference;
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

    await signInAsAdmin(page, token);
    // pdf.js is fetched only once a PDF preview opens, never by the dashboard itself.
    const pdfjsRequests: string[] = [];
    page.on("request", (sent) => {
      if (/\/assets\/(load-pdf|pdf\.worker)/.test(sent.url())) pdfjsRequests.push(sent.url());
    });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible(dashboardLoad);
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
    // Each preview starts its own pdf.js worker (the last one ended with its dialog), which parses
    // the worker's 1.2 MB again: as slow as the first preview on a busy machine.
    await expect(broken.getByText("This file could not be read as a PDF: download it to open it.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(broken.getByRole("document")).toHaveCount(0);
    const download = page.waitForEvent("download");
    await broken.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("scan.pdf");
  });
});
