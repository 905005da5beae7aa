/** Routing edges: unknown routes, canonical redirects and the staff route seen by a visitor (SPEC §2, §6). */
import { expect, gotoHydrated, test } from "./fixtures.ts";

test.describe("routes", () => {
  test("an unknown route shows PageNotFound with an HTTP 404", async ({ page, consoleErrors }) => {
    // The browser logs the 404 status of the document itself.
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    const response = await gotoHydrated(page, "/no-such-page/deeper");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { level: 1, name: "PageNotFound" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the 404 page is in the HTML itself, for crawlers and visitors without JavaScript", async ({
    request,
    browser,
  }) => {
    const raw = await request.get("/no-such-page/deeper", { headers: { accept: "text/html" } });
    expect(raw.status()).toBe(404);
    const html = await raw.text();
    expect(html).toMatch(/<h1[^>]*>PageNotFound<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain("<title>PageNotFound | Northbeam</title>");

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "PageNotFound" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    } finally {
      await noScript.close();
    }
  });

  test("/Services redirects permanently to /services", async ({ page, request }) => {
    const first = await request.get("/Services", { maxRedirects: 0 });
    expect(first.status()).toBe(301);
    expect(first.headers().location).toBe("/services");

    const response = await gotoHydrated(page, "/Services");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("/employee-dashboard tells a visitor to log in as an employee", async ({ page }) => {
    const response = await gotoHydrated(page, "/employee-dashboard");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Access Denied. Please log in as an Employee.")).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
  });
});
