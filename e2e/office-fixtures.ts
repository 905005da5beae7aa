/**
 * What the office journeys share (pipeline, file preview): leads sent through the public API with a
 * solved captcha, an admin's page, a quote request opened from the list.
 */
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { e2eAdmin } from "../playwright.config.ts";
import { captchaChallengePath } from "../shared/public-forms.ts";
import { storageKeys } from "../shared/roles.ts";
import { dashboardLoad, expect, gotoHydrated } from "./fixtures.ts";

/** The widget's `altcha` field for a fresh challenge, solved like the widget does (4 workers). */
export async function solvedCaptcha(api: APIRequestContext): Promise<string> {
  const response = await api.get(captchaChallengePath);
  expect(response.status(), "captcha challenge").toBe(200);
  const challenge = (await response.json()) as Challenge;
  const threads = 4;
  const controller = new AbortController();
  const solution = await Promise.any(
    Array.from({ length: threads }, (_, start) =>
      solveChallenge({ challenge, deriveKey, counterStart: start, counterStep: threads, controller }).then((found) => {
        if (!found) throw new Error("no solution");
        controller.abort();
        return found;
      }),
    ),
  );
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Logs the admin in as the login modal does: what it stores, before the page's own scripts run. */
export async function signInAsAdmin(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: e2eAdmin.username, role: "admin" }, token] as const,
  );
}

/** A page (of a new 1280 px browser context unless given), logged in as the admin, on the dashboard. */
export async function adminPage(browser: Browser, page: Page | null, token: string): Promise<Page> {
  const target = page ?? (await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage());
  await signInAsAdmin(target, token);
  await gotoHydrated(target, "/");
  await expect(target.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible(dashboardLoad);
  return target;
}

export const quoteSection = (page: Page) => page.getByRole("region", { name: "Contact Form Submissions" });

/** Opens a quote request's detail from the list, found by the search. */
export async function openQuote(page: Page, name: string, reference: string): Promise<Locator> {
  const section = quoteSection(page);
  await section.getByRole("searchbox", { name: "Search submissions" }).fill(name);
  await section.getByRole("button", { name: `Open ${reference} from ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `${reference} · ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A set of A4 landscape drawings built by hand, with a correct cross-reference table: each sheet a
 * framed border and a dark title block, so drawn pixels can be told from a blank page.
 */
export function drawingsPdf(sheets: number, title = "Footbridge GA"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: sheets }, (_, n) => `${4 + 2 * n} 0 R`).join(" ")}] /Count ${sheets} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let sheet = 1; sheet <= sheets; sheet += 1) {
    const content = [
      "4 w 0.1 0.15 0.2 RG 40 40 762 515 re S",
      "0.1 0.15 0.2 rg 560 40 242 90 re f",
      `BT /F1 28 Tf 80 480 Td (${title} - Sheet ${sheet}) Tj ET`,
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
