/**
 * Every public page at every width: landmarks, one h1, its title, zero axe violations, no console error
 * (the last through the fixture). Dialogs are checked open in login.spec.ts and pages.spec.ts.
 */
import { expect, expectNoAxeViolations, gotoHydrated, publicPages, test } from "./fixtures.ts";

test.describe("accessibility of the public pages", { tag: "@layout" }, () => {
  // axe on a long page is CPU-bound: allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  for (const { path, title } of publicPages) {
    test(`${path}: landmarks, one h1, title, and no axe violations`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }

  test("the 404 page has no axe violations", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    await gotoHydrated(page, "/missing-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
