/** The shared navbar: sticky, links, hamburger menu, scroll spy, brand animation (SPEC §2 Navbar, §9). */
import type { Page } from "@playwright/test";
import {
  banner,
  expect,
  gotoHydrated,
  hasHamburger,
  landingSections,
  MENU_BREAKPOINT,
  menuButton,
  navbarLink,
  navbarLinks,
  nextFrames,
  openMenuIfCollapsed,
  scrollToMiddle,
  test,
  viewportWidth,
} from "./fixtures.ts";

test.describe("navbar", () => {
  test("stays stuck to the top of the viewport while the page scrolls", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const header = banner(page);
    await expect(header).toHaveCSS("position", "sticky");
    const scrolled = await page.evaluate(() => {
      window.scrollTo({ top: 1500, behavior: "instant" });
      return window.scrollY;
    });
    expect(scrolled, "the page must be long enough to scroll").toBeGreaterThan(1000);
    await expect(header).toBeInViewport();
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await expect(page.getByRole("link", { name: "Northbeam Steel Detailing, home" })).toBeInViewport();
  });

  test("links reach every public page and mark the current one", { tag: "@layout" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    // Home last: it is where we start.
    for (const link of [...navbarLinks.slice(1), navbarLinks[0]]) {
      await openMenuIfCollapsed(page);
      await navbarLink(page, link).click();
      await expect(page).toHaveURL(link.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      if (hasHamburger(page)) {
        // The dropdown closes on a link click.
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        await expect(navbarLink(page, link)).toBeHidden();
      } else if (link.path !== "/") {
        // On "/" the highlight follows the scroll spy instead (tested below).
        await expect(navbarLink(page, link)).toHaveAttribute("aria-current", "page");
      }
    }
  });

  test("a hamburger below 768 px toggles the dropdown; inline links from 768 px", { tag: "@layout" }, async ({
    page,
  }) => {
    await gotoHydrated(page, "/services");
    const inline = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true });
    if (hasHamburger(page)) {
      const button = menuButton(page);
      await expect(inline).toBeHidden();
      await expect(button).toHaveAccessibleName("Open menu");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      const dropdownLink = banner(page).getByRole("link", { name: "Contact Us", exact: true });
      await expect(dropdownLink).toBeHidden();

      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(button).toHaveAccessibleName("Close menu");
      for (const link of navbarLinks) await expect(navbarLink(page, link)).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Login", exact: true })).toBeVisible();

      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(dropdownLink).toBeHidden();

      // Closing the link list on a link click is covered by "links reach every public page".
      await button.click();
      await navbarLink(page, navbarLinks[1]).click();
      await expect(page).toHaveURL("/about");
      await expect(button).toHaveAttribute("aria-expanded", "false");
    } else {
      expect(viewportWidth(page)).toBeGreaterThanOrEqual(MENU_BREAKPOINT);
      await expect(menuButton(page)).toBeHidden();
      for (const link of navbarLinks) await expect(navbarLink(page, link)).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Login", exact: true })).toBeVisible();
    }
  });

  test("the open dropdown closes when the window grows to 768 px", { tag: "@layout" }, async ({ page }) => {
    const original = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, "/projects");
    const button = menuButton(page);
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");

    await page.setViewportSize({ width: 767, height: 740 });
    await expect(button, "still open just below the breakpoint").toHaveAttribute("aria-expanded", "true");

    await page.setViewportSize({ width: MENU_BREAKPOINT, height: 740 });
    await expect(button).toBeHidden();
    await expect(banner(page).getByRole("link", { name: "Contact Us", exact: true })).toBeHidden();
    // Stay at this width for a couple of frames, as a person dragging the window edge would: media
    // query listeners are told at the next rendering update, not at the instant of the resize.
    await nextFrames(page);

    // Shrinking again shows the hamburger closed: the menu state was reset, not just hidden by CSS.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(banner(page).getByRole("link", { name: "Contact Us", exact: true })).toBeHidden();
    if (original) await page.setViewportSize(original);
  });

  test("Escape closes the dropdown", { tag: "@layout" }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, "/gallery");
    const button = menuButton(page);
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("on the landing page the highlighted link follows the section in the middle of the viewport", {
    tag: "@layout",
  }, async ({ page }) => {
    await gotoHydrated(page, "/");
    // On a phone the highlight is seen in the dropdown: keep it open while scrolling.
    await openMenuIfCollapsed(page);
    await expect.poll(() => highlightedLinks(page), "at the top of the page").toEqual(["Home"]);
    for (const { id, label } of await sectionVisits(page)) {
      await scrollToMiddle(page, id);
      expect(await spansMiddle(page, id), `#${id} must be scrollable to the middle of the viewport`).toBe(true);
      await expect
        .poll(() => highlightedLinks(page), { message: `#${id} is in the middle`, intervals: [50, 100, 200] })
        .toEqual([label]);
    }
  });

  test("on the landing page the followed section is also announced as current (aria-current)", {
    tag: "@layout",
  }, async ({ page }) => {
    await gotoHydrated(page, "/");
    await openMenuIfCollapsed(page);
    const current = banner(page).locator('a[aria-current="page"]:visible');
    await expect(current).toHaveText(["Home"]);
    for (const { id, label } of await sectionVisits(page)) {
      await scrollToMiddle(page, id);
      await expect(current, `#${id} is in the middle`).toHaveText([label]);
    }
  });
});

/** The landing sections in page order, then back up again, with the link label expected for each. */
async function sectionVisits(page: Page) {
  const order = await page.evaluate(
    (ids) =>
      ids
        .map((id) => ({ id, top: document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN }))
        .sort((a, b) => a.top - b.top)
        .map((entry) => entry.id),
    landingSections.map((section) => section.id),
  );
  expect(order, "every landing section exists").toHaveLength(landingSections.length);
  const labelOf = (id: string) => {
    const link = landingSections.find((section) => section.id === id)?.link;
    if (!link) throw new Error(`landing section #${id} is missing`);
    return hasHamburger(page) && link === "Contact" ? "Contact Us" : link;
  };
  return [...order, ...order.slice(0, -1).reverse()].map((id) => ({ id, label: labelOf(id) }));
}

function spansMiddle(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const rect = document.getElementById(sectionId)?.getBoundingClientRect();
    const middle = window.innerHeight / 2;
    return rect !== undefined && rect.top <= middle && rect.bottom > middle;
  }, id);
}

/**
 * The navbar links a sighted visitor sees highlighted: of the visible page links, those drawn
 * differently from the rest (colour, background, weight, decoration, underline bar).
 */
function highlightedLinks(page: Page): Promise<string[]> {
  const labels = navbarLinks.flatMap((link) => [link.label, link.mobileLabel]);
  return banner(page).evaluate((header, names: string[]) => {
    const links = [...header.querySelectorAll("a")].filter(
      (a) => names.includes(a.textContent?.trim() ?? "") && a.getClientRects().length > 0,
    );
    const look = (a: Element) => {
      const style = getComputedStyle(a);
      const bar = getComputedStyle(a, "::after");
      return [style.color, style.backgroundColor, style.fontWeight, style.textDecorationLine, bar.transform].join("|");
    };
    const looks = links.map(look);
    const counts = new Map<string, number>();
    for (const value of looks) counts.set(value, (counts.get(value) ?? 0) + 1);
    const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    return links.filter((_, i) => looks[i] !== common).map((a) => a.textContent?.trim() ?? "");
  }, labels);
}

test.describe("brand", () => {
  const brandText = (page: Page) =>
    page.getByRole("link", { name: "Northbeam Steel Detailing, home" }).getByText("Northbeam", { exact: true });

  test("the brand text animation loops every 4 s, on the compositor", async ({ page }) => {
    await gotoHydrated(page, "/");
    const brand = brandText(page);
    await expect(brand).toBeVisible();
    // The sweep is the text's ::after band, moved by transform (no repaint at every frame).
    const animations = await brand.evaluate((element) =>
      element.getAnimations({ subtree: true }).map((animation) => {
        const effect = animation.effect as KeyframeEffect;
        const timing = effect.getComputedTiming();
        return {
          pseudo: effect.pseudoElement,
          duration: timing.duration,
          iterations: timing.iterations,
          properties: [...new Set(effect.getKeyframes().flatMap((frame) => Object.keys(frame)))].filter(
            (key) => !["offset", "computedOffset", "easing", "composite"].includes(key),
          ),
        };
      }),
    );
    expect(animations).toEqual([
      { pseudo: "::after", duration: 4000, iterations: Infinity, properties: ["transform"] },
    ]);
  });

  test.describe("with prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("the brand text does not animate", async ({ page }) => {
      await gotoHydrated(page, "/");
      const brand = brandText(page);
      await expect(brand).toBeVisible();
      expect(await brand.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    });
  });
});

test.describe("keyboard", () => {
  test("the first Tab reveals a skip link, and focus is visibly outlined", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Tab");
    const brand = page.getByRole("link", { name: "Northbeam Steel Detailing, home" });
    await expect(brand).toBeFocused();
    await expect(brand).toHaveCSS("outline-style", "solid");
    await expect(brand).toHaveCSS("outline-width", "3px");

    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole("main")).toBeInViewport();
  });
});
