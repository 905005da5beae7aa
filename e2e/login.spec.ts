/** The Login button and the login modal (SPEC §2 Navbar and Login modal, §9: 300 ms delay). */
import { e2eAdmin } from "../playwright.config.ts";
import {
  advanceClock,
  banner,
  clickLogin,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  hasHamburger,
  installPausedClock,
  loginButton,
  loginDialog,
  menuButton,
  openMenuIfCollapsed,
  test,
} from "./fixtures.ts";

test.describe("Login button", () => {
  test("scrolls smoothly to the top, then opens the login modal after 300 ms", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/about");
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: "instant" }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    // Record every scroll position the page goes through, to tell a smooth scroll from a jump.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { scrollLog: number[] }).scrollLog = positions;
      window.addEventListener("scroll", () => positions.push(window.scrollY), { passive: true });
    });

    // Let the modal's code load first (the button prefetches it on hover): the paused clock then measures
    // the product's timers, not the network. Should the chunk ever be merged away, just go on.
    await openMenuIfCollapsed(page);
    const chunk = page.waitForResponse((response) => /\/assets\/login-dialog-[\w-]+\.js$/.test(response.url()), {
      timeout: 5000,
    });
    await loginButton(page).hover();
    await chunk.catch(() => undefined);

    await loginButton(page).click();
    await advanceClock(page, 100);
    await expect(loginDialog(page)).toBeHidden();

    // The smooth scroll runs in real time; the modal's timer does not move while the clock is paused.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const log = await page.evaluate(() => (window as unknown as { scrollLog: number[] }).scrollLog);
    const between = log.filter((y) => y > 0 && y < 1200);
    expect(between.length, `intermediate scroll positions: ${log.join(", ")}`).toBeGreaterThan(1);
    await expect(loginDialog(page)).toBeHidden();

    await advanceClock(page, 180); // 280 ms after the click
    await expect(loginDialog(page)).toBeHidden();
    await advanceClock(page, 720); // 1 s after the click
    await expect(loginDialog(page)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("login modal", () => {
  test("has Employee Login and Admin Login tabs, each with username and password", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await clickLogin(page);
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();

    const tabs = dialog.getByRole("tab");
    await expect(tabs).toHaveText(["Employee Login", "Admin Login"]);
    const employee = dialog.getByRole("tab", { name: "Employee Login" });
    const admin = dialog.getByRole("tab", { name: "Admin Login" });
    await expect(employee).toHaveAttribute("aria-selected", "true");

    for (const [tab, other, submit] of [
      [employee, admin, "Log in as employee"],
      [admin, employee, "Log in as admin"],
    ] as const) {
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(other).toHaveAttribute("aria-selected", "false");
      const panel = dialog.getByRole("tabpanel");
      await expect(panel).toHaveCount(1);
      await expect(panel.getByRole("textbox", { name: "Username" })).toBeVisible();
      await expect(panel.getByLabel("Password")).toHaveAttribute("type", "password");
      await expect(panel.getByRole("button", { name: submit })).toBeVisible();
    }
  });

  test("Escape closes it and focus returns to the control that opened it", { tag: "@layout" }, async ({ page }) => {
    await gotoHydrated(page, "/projects");
    await clickLogin(page);
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      "focus moves into the dialog",
    ).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    if (hasHamburger(page)) {
      // The Login button lives in the dropdown, which closed when it was clicked: focus goes to the
      // visible control that leads back to it, never to <body>.
      await expect(menuButton(page)).toBeFocused();
    } else {
      await expect(loginButton(page)).toBeFocused();
    }
  });

  test("traps focus while open and closes with its close button", async ({ page }) => {
    await gotoHydrated(page, "/gallery");
    await clickLogin(page);
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `focus left the dialog after ${step + 1} Tab presses`).toBe(true);
    }
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press("Shift+Tab");
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `focus left the dialog after ${step + 1} Shift+Tab presses`).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("requires both fields, and shows the server's message on a wrong password", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // The browser itself logs the 401 of the failed login request.
    consoleErrors.allow(/status of 401/);
    await gotoHydrated(page, "/career");
    await clickLogin(page);
    const dialog = loginDialog(page);
    await dialog.getByRole("button", { name: "Log in as employee" }).click();
    await expect(dialog.getByText("Username is required.")).toBeVisible();
    await expect(dialog.getByText("Password is required.")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Username" })).toHaveAttribute("aria-invalid", "true");

    // A username of its own per project, so the per-account login throttle never trips across runs.
    await dialog.getByRole("textbox", { name: "Username" }).fill(`nobody-${testInfo.project.name}`);
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Log in as employee" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(/.+/);
    await expect(dialog.getByRole("alert")).not.toHaveText("Network error or server issue. Please try again.");
    await expect(dialog).toBeVisible();
  });

  test("an admin logs in from the Admin Login tab and logs out to the home section", { tag: "@layout" }, async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await clickLogin(page);
    const dialog = loginDialog(page);
    await dialog.getByRole("tab", { name: "Admin Login" }).click();
    await dialog.getByRole("textbox", { name: "Username" }).fill(e2eAdmin.username);
    await dialog.getByLabel("Password").fill(e2eAdmin.password);
    await dialog.getByRole("button", { name: "Log in as admin" }).click();
    await expect(dialog).toBeHidden();

    await openMenuIfCollapsed(page);
    const logout = banner(page).getByRole("button", { name: "Logout" });
    await expect(logout).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeTruthy();

    await logout.click();
    await expect(page).toHaveURL(/\/#home-section$/);
    await openMenuIfCollapsed(page);
    await expect(loginButton(page)).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem("user"), localStorage.getItem("jwtToken")])).toEqual([
      null,
      null,
    ]);
  });

  test("has no axe violations while open", async ({ page }) => {
    // Two full axe runs are CPU-bound: allow for a busy machine.
    test.setTimeout(60_000);
    await gotoHydrated(page, "/gallery");
    await clickLogin(page);
    await expect(loginDialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await loginDialog(page).getByRole("tab", { name: "Admin Login" }).click();
    await expectNoAxeViolations(page);
  });
});
