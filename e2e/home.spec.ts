/** The landing page, block by block (SPEC §2 Home, §4 carousel and services states, §9 constants). */
import type { Locator, Page } from "@playwright/test";
import home from "../content/home.json" with { type: "json" };
import {
  expect,
  gotoHydrated,
  installPausedClock,
  landingSections,
  nextFrames,
  test,
  viewportWidth,
} from "./fixtures.ts";

const carouselProjects = [
  { id: "harbor-point-tower", title: "Harbor Point Tower" },
  { id: "riverside-footbridge", title: "Riverside Footbridge" },
  { id: "cedar-heights-residences", title: "Cedar Heights Residences" },
  { id: "northgate-distribution-center", title: "Northgate Distribution Center" },
  { id: "summit-arena-roof", title: "Summit Arena Roof" },
  { id: "coastal-pipe-rack", title: "Coastal Pipe Rack" },
] as const;

const keyNumbers = [
  { label: "Projects Completed", value: 90 },
  { label: "Core Services", value: 6 },
  { label: "Client Satisfied", value: 10 },
  { label: "Continents Served", value: 5 },
] as const;

/** SPEC §9: 1 card under 640 px, 2 under 1024 px, else 3. */
const cardsVisibleAt = (width: number) => (width < 640 ? 1 : width < 1024 ? 2 : 3);

/** "View Project", then the project's title for screen readers. */
const viewProjectName = (title: string) => new RegExp(`^View Project\\s*:\\s*${title}$`);

const carousel = (page: Page) => page.getByRole("region", { name: "Our Projects" });
/** The carousel's polite status line ("Showing projects 1 to 3 of 6"), read by screen readers. */
const carouselStatus = (page: Page) => carousel(page).getByText(/^Showing projects \d+ to \d+ of 6$/);
const slide = (page: Page, n: number) =>
  carousel(page).getByRole("group", { name: `${n} of 6`, exact: true, includeHidden: true });

/**
 * How much of a card's width the visitor sees: the part inside the carousel's clipping box and the window.
 * Horizontal only, so the check does not depend on how far the page is scrolled.
 */
function visibleWidthFraction(card: Locator): Promise<number> {
  return card.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    let left = Math.max(rect.left, 0);
    let right = Math.min(rect.right, window.innerWidth);
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === "visible") continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    return Math.max(0, right - left) / rect.width;
  });
}

/** Asserts which window of cards the carousel shows: the status line and what is really on screen. */
async function expectWindow(page: Page, first: number, visible: number) {
  const last = first + visible - 1;
  await expect(carouselStatus(page)).toHaveText(`Showing projects ${first} to ${last} of 6`);
  for (let n = 1; n <= 6; n += 1) {
    const fraction = expect.poll(() => visibleWidthFraction(slide(page, n)), {
      message: `card ${n} of 6`,
      intervals: [50, 100, 200],
    });
    if (n >= first && n <= last) await fraction.toBeGreaterThan(0.95);
    else await fraction.toBeLessThan(0.05);
  }
}

/** The number a sighted visitor sees for a key figure (screen readers get the final figure separately). */
function shownNumber(page: Page, label: string): Locator {
  return page
    .locator("dl div")
    .filter({ has: page.getByRole("term").filter({ hasText: label }) })
    .getByRole("definition")
    .locator('[aria-hidden="true"]')
    .first();
}

async function readNumber(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? "";
  return Number(text.replace(/\s|\u2007/g, ""));
}

test.describe("home: hero and links", () => {
  test("the hero has the page's h1, Get Quote and View Projects", async ({ page }) => {
    await gotoHydrated(page, "/");
    const hero = page.locator("#home-section");
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    await hero.getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL("/contactus");
    await page.goBack();
    await expect(page).toHaveURL("/");
    await hero.getByRole("link", { name: "View Projects" }).click();
    await expect(page).toHaveURL("/projects");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("Learn more and Get Started lead to /services, Send your CV to /career, Contact us to /contactus", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const main = page.getByRole("main");
    const links = [
      { link: main.getByRole("link", { name: /^Learn more/ }), to: "/services" },
      { link: main.getByRole("link", { name: "Get Started", exact: true }), to: "/services" },
      { link: main.getByRole("link", { name: "Contact us", exact: true }), to: "/contactus" },
      { link: main.getByRole("link", { name: "Request a Quote", exact: true }), to: "/contactus" },
      { link: main.getByRole("link", { name: "Send your CV", exact: true }), to: "/career" },
    ];
    for (const { link, to } of links) await expect(link).toHaveAttribute("href", to);
    // Following one of them proves the links route inside the app; the hrefs above say where each goes.
    await links[4]?.link.click();
    await expect(page).toHaveURL("/career");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("has the landing section ids and every block of the page, in order", async ({ page }) => {
    await gotoHydrated(page, "/");
    for (const section of landingSections) await expect(page.locator(`#${section.id}`)).toHaveCount(1);
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    // The block titles the SPEC names literally; the others come from content/home.json.
    await expect(headings).toHaveText([
      "Driven by Innovation",
      home.services.title,
      "Powered By",
      "Why Choose Us",
      home.partners.title,
      home.projects.title,
      "Key Numbers",
      home.contact.title,
      home.teasers.title,
    ]);
    for (const teaser of [home.teasers.career, home.teasers.quote]) {
      await expect(page.getByRole("heading", { level: 3, name: teaser.title })).toBeVisible();
    }
  });
});

test.describe("home: services block", () => {
  test("shows 2 services, View More Services shows all 6, Hide Services goes back to 2", async ({ page }) => {
    await gotoHydrated(page, "/");
    const block = page.locator("#services-section");
    const titles = block.getByRole("heading", { level: 3 });
    await expect(titles).toHaveText(["Connection Design", "3D Modeling"]);

    const more = block.getByRole("button", { name: "View More Services" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(titles).toHaveText([
      "Connection Design",
      "3D Modeling",
      "Structural Drafting",
      "Miscellaneous Steel Detailing",
      "Estimation",
      "Shop Drawings",
    ]);
    const hide = block.getByRole("button", { name: "Hide Services" });
    await expect(hide).toHaveAttribute("aria-expanded", "true");
    await expect(hide).toBeFocused();

    await hide.click();
    await expect(titles).toHaveText(["Connection Design", "3D Modeling"]);
    await expect(block.getByRole("button", { name: "View More Services" })).toBeInViewport();
  });
});

test.describe("home: logos", () => {
  test("Powered By shows Tekla Structures and SDS2, and the partner logos load", async ({ page }) => {
    await gotoHydrated(page, "/");
    const poweredBy = page.locator("section").filter({ has: page.getByRole("heading", { name: "Powered By" }) });
    for (const name of ["Tekla Structures", "SDS2"]) {
      const logo = poweredBy.getByRole("img", { name, exact: true });
      await logo.scrollIntoViewIfNeeded();
      await expect(logo).toBeVisible();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth), name).toBeGreaterThan(0);
    }
    const partners = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Trusted by fabricators, erectors and builders" }) })
      .getByRole("img");
    await expect(partners).toHaveCount(6);
    await partners.first().scrollIntoViewIfNeeded();
    for (const logo of await partners.all()) {
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });
});

test.describe("home: projects carousel", () => {
  test("lists 6 projects and shows 1, 2 or 3 cards by width", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await carousel(page).scrollIntoViewIfNeeded();
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
    for (const [i, project] of carouselProjects.entries()) {
      await expect(slide(page, i + 1)).toContainText(project.title);
      await expect(
        slide(page, i + 1).getByRole("link", { name: viewProjectName(project.title), includeHidden: true }),
      ).toHaveCount(1);
    }
    await expectWindow(page, 1, cardsVisibleAt(viewportWidth(page)));
  });

  test("previous and next wrap around at both ends", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const visible = cardsVisibleAt(viewportWidth(page));
    const lastStart = 6 - visible + 1;
    const next = carousel(page).getByRole("button", { name: "Next projects" });
    const prev = carousel(page).getByRole("button", { name: "Previous projects" });
    await carousel(page).scrollIntoViewIfNeeded();

    await prev.click();
    await expectWindow(page, lastStart, visible);
    await next.click();
    await expectWindow(page, 1, visible);
    for (let first = 2; first <= lastStart; first += 1) {
      await next.click();
      await expect(carouselStatus(page)).toHaveText(`Showing projects ${first} to ${first + visible - 1} of 6`);
    }
    await expectWindow(page, lastStart, visible);
    await next.click();
    await expectWindow(page, 1, visible);
    await prev.click();
    await expectWindow(page, lastStart, visible);
    if (lastStart > 1) {
      await prev.click();
      await expect(carouselStatus(page)).toHaveText(`Showing projects ${lastStart - 1} to ${5} of 6`);
    }
  });

  test("advances by itself every 3 s and returns to the start after the end", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const visible = cardsVisibleAt(viewportWidth(page));
    const lastStart = 6 - visible + 1;
    await expect(carousel(page).getByRole("button", { name: "Stop automatic slide show" })).toBeVisible();
    await expect(carouselStatus(page)).toHaveText(`Showing projects 1 to ${visible} of 6`);

    await page.clock.runFor(3000);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);
    // The next step is a full 3 s later, not earlier.
    await page.clock.runFor(2900);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);
    await page.clock.runFor(100);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 3 to ${visible + 2} of 6`);

    for (let first = 4; first <= lastStart; first += 1) {
      await page.clock.runFor(3000);
      await expect(carouselStatus(page)).toHaveText(`Showing projects ${first} to ${first + visible - 1} of 6`);
    }
    await page.clock.runFor(3000);
    await carousel(page).scrollIntoViewIfNeeded();
    await expectWindow(page, 1, visible);
  });

  test("the slide show can be stopped and started", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const visible = cardsVisibleAt(viewportWidth(page));
    await carousel(page).getByRole("button", { name: "Stop automatic slide show" }).click();
    // Move the pointer and focus away, so only the button's state can keep the carousel still.
    await page.mouse.move(0, 0);
    await page.locator("#home-section").getByRole("heading", { level: 1 }).click();
    await page.clock.runFor(9000);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 1 to ${visible} of 6`);

    await carousel(page).getByRole("button", { name: "Start automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await page.locator("#home-section").getByRole("heading", { level: 1 }).click();
    await page.clock.runFor(3000);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);
  });

  test("goes back to the first card when the number of visible cards changes", { tag: "@layout" }, async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const width = viewportWidth(page);
    const visible = cardsVisibleAt(width);
    await carousel(page).getByRole("button", { name: "Next projects" }).click();
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);

    // A resize that keeps the same number of cards keeps the position...
    const sameCount = { 1: 600, 2: 1000, 3: 1100 }[visible];
    await page.setViewportSize({ width: sameCount, height: 800 });
    await nextFrames(page);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);

    // ...one that changes it starts over from the first card.
    const otherWidth = visible === 2 ? 1100 : 800;
    const otherVisible = cardsVisibleAt(otherWidth);
    await page.setViewportSize({ width: otherWidth, height: 800 });
    await carousel(page).scrollIntoViewIfNeeded();
    await expectWindow(page, 1, otherVisible);
  });

  test("View Project opens that project on the projects page", async ({ page }) => {
    await gotoHydrated(page, "/");
    const first = carouselProjects[0];
    await slide(page, 1)
      .getByRole("link", { name: viewProjectName(first.title) })
      .click();
    await expect(page).toHaveURL(`/projects?project=${first.id}`);
    await expect(page.getByRole("dialog", { name: first.title })).toBeVisible();
  });
});

test.describe("home: key numbers", () => {
  test("count up to 90, 6, 10 and 5 once scrolled into view", async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const heading = page.getByRole("heading", { name: "Key Numbers" });
    // Below the fold the counters wait at 0.
    await expect(heading).not.toBeInViewport();
    for (const item of keyNumbers) await expect(shownNumber(page, item.label)).toHaveText(/^\s*0$/);

    await page.locator("dl").filter({ hasText: "Projects Completed" }).scrollIntoViewIfNeeded();
    // The count starts when the block is seen (an IntersectionObserver, in real time): tick until it moves.
    await expect
      .poll(async () => {
        await page.clock.runFor(20);
        return readNumber(shownNumber(page, "Projects Completed"));
      })
      .toBeGreaterThan(0);
    await page.clock.runFor(1000);
    const partway = await readNumber(shownNumber(page, "Projects Completed"));
    expect(partway, "still counting 1 s in").toBeGreaterThan(0);
    expect(partway).toBeLessThan(90);

    await page.clock.runFor(1500);
    for (const item of keyNumbers) {
      await expect(shownNumber(page, item.label)).toHaveText(new RegExp(`^\\s*${item.value}$`));
    }
  });
});

test.describe("home: contact call to action", () => {
  test("a picture that fails to load falls back to the placeholder", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: net::ERR_FAILED/);
    let failed = 0;
    await page.route(/\/assets\/img\/home-contact-cta-/, (route) => {
      failed += 1;
      return route.abort("failed");
    });
    await gotoHydrated(page, "/");
    const image = page.locator("#contact-section").getByRole("img", { name: home.contact.image.alt });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth })))
      .toEqual({ src: expect.stringContaining("misc-placeholder-"), width: expect.any(Number) });
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
  });
});

test.describe("home: with prefers-reduced-motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the carousel stays still and the key numbers show their figures at once", { tag: "@layout" }, async ({
    page,
  }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    const visible = cardsVisibleAt(viewportWidth(page));
    await expect(carouselStatus(page)).toHaveText(`Showing projects 1 to ${visible} of 6`);
    await page.clock.runFor(10_000);
    await expect(carouselStatus(page)).toHaveText(`Showing projects 1 to ${visible} of 6`);
    // Manual steps still work, without the sliding transition.
    await carousel(page).getByRole("button", { name: "Next projects" }).click();
    await expect(carouselStatus(page)).toHaveText(`Showing projects 2 to ${visible + 1} of 6`);

    for (const item of keyNumbers) {
      await expect(shownNumber(page, item.label)).toHaveText(new RegExp(`^\\s*${item.value}$`));
    }
  });
});
