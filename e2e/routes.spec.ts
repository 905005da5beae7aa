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
