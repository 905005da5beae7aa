/**
 * Shared Playwright fixtures and helpers for the e2e suite.
 *
 * Every test that opens a page fails on a console error or an uncaught page error (STYLE habit 9),
 * unless it declares the one message it provokes on purpose with `consoleErrors.allow(/…/)`.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import pages from "../content/pages.json" with { type: "json" };
import { publicRoutes } from "../shared/site-routes.ts";

export { expect };

/**
 * How long a dashboard may take to appear after the page hydrates: its code is a lazy chunk fetched
 * and parsed then, which on a loaded 2-core machine takes longer than the 7 s of other expectations.
 */
export const dashboardLoad = { timeout: 20_000 };

/** The projects of playwright.config.ts, in order: each gets visitor addresses of its own. */
const projectNames = ["phone", "tablet", "desktop"];

/**
 * Options giving a spec that submits the public forms a visitor address of its own, per project
 * (phone, tablet and desktop run the same spec, retried once in CI): the forms take 5 submissions
 * per address per 10 minutes, and the whole suite comes from 127.0.0.1. The e2e server trusts the
 * loopback proxy (TRUST_PROXY in playwright.config.ts), as it would behind nginx.
 * 198.51.100.0/24 is a documentation range: it is only a header, nothing is ever sent there.
 */
export const visitorAddress = (n: number) => ({
  extraHTTPHeaders: async (
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructuring first argument
    {},
    use: (headers: Record<string, string>) => Promise<void>,
    testInfo: { project: { name: string } },
  ) => {
    const project = Math.max(0, projectNames.indexOf(testInfo.project.name));
    await use({ "x-forwarded-for": `198.51.100.${n * 10 + project}` });
  },
});

export interface ConsoleErrors {
  /** Accepts console errors matching `pattern` for this test (e.g. a request the test makes fail on purpose). */
  allow(pattern: RegExp): void;
}

interface ConsoleGuard extends ConsoleErrors {
  allowed: RegExp[];
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructuring first argument
  consoleErrors: async ({}, use) => {
    const allowed: RegExp[] = [];
    const guard: ConsoleGuard = { allowed, allow: (pattern) => allowed.push(pattern) };
    await use(guard);
  },
  // Every page a test opens fails the test on a console error or an uncaught error. Tests that only
  // use `request` never pay for a browser page.
  page: async ({ page, consoleErrors }, use) => {
    const seen: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const where = message.location().url;
      seen.push(`console.error: ${message.text()}${where ? ` (at ${where})` : ""}`);
    });
    page.on("pageerror", (error) => seen.push(`uncaught ${error.name}: ${error.message}`));
    await use(page);
    const { allowed } = consoleErrors as ConsoleGuard;
    const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
    expect(unexpected, "the page logged errors").toEqual([]);
  },
});

/** The seven public pages, with the title and description of content/pages.json. */
export const publicPages = publicRoutes.map((route) => ({
  path: route.path,
  title: pages[route.path].title,
  description: pages[route.path].description,
}));

/** Width at which the navbar switches from the hamburger menu to inline links (SPEC §9). */
export const MENU_BREAKPOINT = 768;

/** Landing-page sections and the navbar link the scroll spy highlights for each (SPEC §2). */
export const landingSections = [
  { id: "home-section", link: "Home" },
  { id: "about-section", link: "About" },
  { id: "services-section", link: "Services" },
  { id: "projects-section", link: "Projects" },
  { id: "career-section", link: "Career" },
  { id: "contact-section", link: "Contact" },
] as const;

/** Navbar links: label on the inline bar, label in the mobile dropdown, and target. */
export const navbarLinks = [
  { label: "Home", mobileLabel: "Home", path: "/" },
  { label: "About", mobileLabel: "About", path: "/about" },
  { label: "Services", mobileLabel: "Services", path: "/services" },
  { label: "Projects", mobileLabel: "Projects", path: "/projects" },
  { label: "Career", mobileLabel: "Career", path: "/career" },
  { label: "Contact", mobileLabel: "Contact Us", path: "/contactus" },
] as const;

export function viewportWidth(page: Page): number {
  const size = page.viewportSize();
  if (!size) throw new Error("the e2e projects always set a viewport");
  return size.width;
}

/** True where the navbar shows the hamburger instead of inline links. */
export const hasHamburger = (page: Page) => viewportWidth(page) < MENU_BREAKPOINT;

/**
 * Opens `path` and waits until React has hydrated the prerendered HTML, so clicks reach handlers.
 * React marks every hydrated DOM node with a `__reactFiber$…` property.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
  return response;
}

/**
 * Installs Playwright's fake clock, paused: from then on the page's timers, animation frames and
 * `performance.now()` move only with `page.clock.runFor()`. Call it before `gotoHydrated`.
 */
export async function installPausedClock(page: Page) {
  const start = new Date("2025-06-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/**
 * Moves a paused clock forward in small steps, giving the page real time between them: React renders
 * and lazy chunks settle between steps as they would between frames, instead of all at the end.
 */
export async function advanceClock(page: Page, ms: number, step = 20) {
  for (let done = 0; done < ms; done += step) await page.clock.runFor(Math.min(step, ms - done));
}

/**
 * Waits for two rendering updates of the page, where media-query listeners are told about a resize.
 * A ResizeObserver reports once per update and, unlike requestAnimationFrame, is not faked by page.clock.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame += 1) {
      await new Promise<void>((done) => {
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          done();
        });
        observer.observe(document.documentElement);
      });
    }
  });
}

export const banner = (page: Page) => page.getByRole("banner");
export const menuButton = (page: Page) => banner(page).getByRole("button", { name: /^(Open|Close) menu$/ });

/** Opens the mobile dropdown if the viewport has one; a no-op at 768 px and wider. */
export async function openMenuIfCollapsed(page: Page) {
  if (!hasHamburger(page)) return;
  const button = menuButton(page);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

/** A navbar link as the visitor sees it at this width (inline bar, or the opened dropdown). */
export function navbarLink(page: Page, link: (typeof navbarLinks)[number]): Locator {
  return hasHamburger(page)
    ? banner(page).getByRole("link", { name: link.mobileLabel, exact: true })
    : page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link.label, exact: true });
}

export const loginButton = (page: Page) => banner(page).getByRole("button", { name: "Login", exact: true });
export const loginDialog = (page: Page) => page.getByRole("dialog", { name: "Staff login" });

/** Clicks Login the way a visitor would at this width (through the dropdown on a phone). */
export async function clickLogin(page: Page) {
  await openMenuIfCollapsed(page);
  await loginButton(page).click();
}

/** Scrolls (instantly) so that the top of the element with `id` sits just above the middle of the viewport. */
export async function scrollToMiddle(page: Page, id: string) {
  await page.evaluate((sectionId) => {
    const element = document.getElementById(sectionId);
    if (!element) throw new Error(`no element #${sectionId}`);
    const top = element.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - window.innerHeight / 2 + 24, behavior: "instant" });
  }, id);
}

/** Runs axe on the page as it is now; every violation is listed in the failure message. */
export async function expectNoAxeViolations(page: Page) {
  // A toast whose five seconds end during the analysis starts fading out under axe's eyes, and its
  // text then measures against a half-transparent card (a flaky color-contrast failure on
  // `.text-steel-950`). Toasts wait while the window has no focus: the analysis runs "blurred".
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  let results: Awaited<ReturnType<AxeBuilder["analyze"]>>;
  try {
    // Let finite transitions (dialogs fading in, cards sliding, a toast already leaving) settle:
    // axe measures colours as drawn.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    results = await new AxeBuilder({ page }).analyze();
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event("focus"))).catch(() => undefined);
  }
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} → ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** The form named by its section heading, once its code has loaded (the stand-in is aria-busy). */
export async function liveForm(page: Page, heading: string): Promise<Locator> {
  const form = page.getByRole("form", { name: heading });
  // The heading stays put while the stand-in form is swapped for the live one.
  await page.getByRole("heading", { name: heading, exact: true }).scrollIntoViewIfNeeded();
  await expect(form.locator("altcha-widget")).toBeAttached({ timeout: 15_000 });
  await expect(form).not.toHaveAttribute("aria-busy", "true");
  return form;
}

/**
 * Ticks "I'm not a robot" (STACK gotcha 6: with force) and waits for the proof of work to finish.
 * The tick is repeated until the widget reacts: on a busy machine the first one can land before the
 * widget has bound its handlers, and then nothing happens at all.
 */
export async function solveCaptcha(form: Locator) {
  const state = form.locator("altcha-widget .altcha");
  await expect(async () => {
    if ((await state.getAttribute("data-state")) === "unverified") {
      await form.getByRole("checkbox", { name: "I'm not a robot" }).click({ force: true });
    }
    await expect(state).not.toHaveAttribute("data-state", "unverified", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(state).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
}
