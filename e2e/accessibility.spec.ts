/**
 * Every public page at every width: landmarks, one h1, its title, zero axe violations, no console error
 * (the last through the fixture). Dialogs are checked open in login.spec.ts and pages.spec.ts.
 * At a phone's width, where Lighthouse measures, the same visit holds the page's first-load scripts
 * to the guard of issue #54 (decision 065), before axe scrolls anything into view.
 */
import { baseURL } from "../playwright.config.ts";
import { countFirstLoadJs, describeScripts, FIRST_LOAD_JS_LIMIT_BYTES, kilobytes } from "./first-load-js.ts";
import { expect, expectNoAxeViolations, gotoHydrated, publicPages, test } from "./fixtures.ts";

test.describe("accessibility of the public pages", { tag: "@layout" }, () => {
  // axe on a long page is CPU-bound: allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  for (const { path, title } of publicPages) {
    test(`${path}: landmarks, one h1, title, and no axe violations; at a phone's width, first-load JS within ${kilobytes(FIRST_LOAD_JS_LIMIT_BYTES)}`, async ({
      page,
    }, testInfo) => {
      const atPhoneWidth = testInfo.project.name === "phone";
      const scripts = atPhoneWidth ? await countFirstLoadJs(page, new URL(baseURL).origin) : null;
      await gotoHydrated(page, path);
      if (scripts) {
        const load = await scripts.settled();
        testInfo.annotations.push({
          type: "first-load JS",
          description: `${path}: ${kilobytes(load.transferred)} transferred, ${kilobytes(load.decoded)} decoded, ${load.scripts.length} scripts`,
        });
        expect(
          load.transferred,
          `${path} loads ${kilobytes(load.transferred)} of scripts on its first view:\n${describeScripts(load)}`,
        ).toBeLessThanOrEqual(FIRST_LOAD_JS_LIMIT_BYTES);
      }
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
