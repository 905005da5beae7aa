/**
 * A visitor's first tap, made before the page's scripts have run (decisions 029, 032): every control
 * a public page shows then either works natively or does what it was tapped for once the page is
 * live, without a second tap, and only once.
 */
import type { Locator, Page } from "@playwright/test";
import projects from "../content/projects.json" with { type: "json" };
import {
  expect,
  hasHamburger,
  installPausedClock,
  loginDialog,
  MENU_BREAKPOINT,
  menuButton,
  test,
  viewportWidth,
} from "./fixtures.ts";

/**
 * Holds every script request of the page until `release()`: the page is its prerendered HTML and the
 * inline boot script, nothing more.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?#]+\.js(?:$|\?)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Whether React has hydrated the page (it marks every hydrated DOM node with a `__reactFiber$…` key). */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector("header");
    return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });

/**
 * Opens `path` with its scripts held, taps `control` (a click where the project has no touch screen),
 * checks that the page was not live yet, and lets the scripts through.
 */
async function tapBeforeScripts(page: Page, hasTouch: boolean, path: string, control: (page: Page) => Locator) {
  const release = await holdScripts(page);
  await page.goto(path);
  await (hasTouch ? control(page).tap() : control(page).click());
  expect(await hydrated(page), "the tap came before the page's scripts").toBe(false);
  release();
}

/** Waits until the page is hydrated: by then a replayed tap has been handled, a doubled one too. */
async function whenHydrated(page: Page) {
  await expect.poll(() => hydrated(page)).toBe(true);
}

test.describe("a tap before the page's scripts run", { tag: "@phone-only" }, () => {
  test("on a project card opens its details", async ({ page, hasTouch }) => {
    const [first] = projects;
    if (!first) throw new Error("content/projects.json lists projects");
    await tapBeforeScripts(page, hasTouch, "/projects", (p) =>
      p.getByRole("main").getByRole("heading", { level: 2, name: first.name }).getByRole("button"),
    );
    await expect(page.getByRole("dialog", { name: first.name })).toBeVisible();
    await expect(page).toHaveURL(`/projects?project=${first.id}`);
  });

  test("on the carousel's Previous steps back once, to the last cards", async ({ page, hasTouch }) => {
    // The paused clock keeps the carousel from moving by itself.
    await installPausedClock(page);
    await tapBeforeScripts(page, hasTouch, "/", (p) =>
      p.getByRole("region", { name: "Our Projects" }).getByRole("button", { name: "Previous projects" }),
    );
    const width = viewportWidth(page);
    const visible = width < 640 ? 1 : width < 1024 ? 2 : 3;
    const status = page.getByRole("region", { name: "Our Projects" }).getByText(/^Showing projects \d+ to \d+ of 6$/);
    await expect(status).toHaveText(`Showing projects ${7 - visible} to 6 of 6`);
    await whenHydrated(page);
    await expect(status).toHaveText(`Showing projects ${7 - visible} to 6 of 6`);
  });

  test("on a gallery layout switches to it", async ({ page, hasTouch }) => {
    const layout = (p: Page, name: string) =>
      p.getByRole("group", { name: "Gallery layout" }).getByRole("button", { name, exact: true });
    await tapBeforeScripts(page, hasTouch, "/gallery", (p) => layout(p, "Masonry"));
    await expect(layout(page, "Masonry")).toHaveAttribute("aria-pressed", "true");
    await expect(layout(page, "Grid")).toHaveAttribute("aria-pressed", "false");
  });

  test("on View More Services shows all six, and they stay shown", async ({ page, hasTouch }) => {
    const block = (p: Page) => p.locator("#services-section");
    await tapBeforeScripts(page, hasTouch, "/", (p) => block(p).getByRole("button", { name: "View More Services" }));
    await expect(block(page).getByRole("heading", { level: 3 })).toHaveCount(6);
    await whenHydrated(page);
    await expect(block(page).getByRole("button", { name: "Hide Services" })).toHaveAttribute("aria-expanded", "true");
    await expect(block(page).getByRole("heading", { level: 3 })).toHaveCount(6);
  });

  test("on the phone menu button opens the menu, and it stays open", async ({ page, hasTouch }) => {
    // The menu button exists below 768 px: wider projects check it at a phone's width.
    if (!hasHamburger(page)) await page.setViewportSize({ width: 375, height: 740 });
    await tapBeforeScripts(page, hasTouch, "/about", menuButton);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("banner").getByRole("link", { name: "Contact Us", exact: true })).toBeVisible();
    await whenHydrated(page);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("on Login offers the Employee and Admin logins", async ({ page, hasTouch }) => {
    // Below 768 px Login sits in the phone menu, hidden until the menu opens: the bar shows it from 768 px.
    if (hasHamburger(page)) await page.setViewportSize({ width: MENU_BREAKPOINT, height: 740 });
    await tapBeforeScripts(page, hasTouch, "/services", (p) =>
      p.getByRole("banner").getByRole("button", { name: "Login", exact: true }),
    );
    await expect(loginDialog(page)).toBeVisible();
    await expect(loginDialog(page).getByRole("tab")).toHaveText(["Employee Login", "Admin Login"]);
  });
});
