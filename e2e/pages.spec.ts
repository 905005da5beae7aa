/** The inner public pages: Services, About, Projects, Gallery, Career, Contact (SPEC §2, §3, §4). */
import type { Locator, Page } from "@playwright/test";
import about from "../content/about.json" with { type: "json" };
import gallery from "../content/gallery.json" with { type: "json" };
import projects from "../content/projects.json" with { type: "json" };
import projectsPage from "../content/projects-page.json" with { type: "json" };
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

test.describe("services page", () => {
  const services = [
    { id: "connection-design", title: "Connection Design" },
    { id: "3d-modeling", title: "3D Modeling" },
    { id: "structural-drafting", title: "Structural Drafting" },
    { id: "misc-steel", title: "Miscellaneous Steel Detailing" },
    { id: "estimation", title: "Estimation" },
    { id: "shop-drawings", title: "Shop Drawings" },
  ];

  test("a banner and the 6 services, each reachable from the jump links", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    let previousTop = -1;
    for (const service of services) {
      const region = page.getByRole("region", { name: service.title, exact: true });
      await expect(region).toBeAttached();
      await expect(region.getByRole("heading", { level: 2, name: service.title })).toHaveCount(1);
      const top = await region.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      expect(top, `${service.title} comes after the previous service`).toBeGreaterThan(previousTop);
      previousTop = top;
    }
    const jump = page.getByRole("navigation", { name: "Jump to a service" });
    await expect(jump.getByRole("link")).toHaveText(services.map((service) => service.title));
    await jump.getByRole("link", { name: "Estimation" }).click();
    await expect(page).toHaveURL(/\/services#estimation$/);
    await expect(page.getByRole("heading", { level: 2, name: "Estimation", exact: true })).toBeInViewport();
  });
});

test.describe("about page", () => {
  test("has mission, vision, who we are, industries, technology, core values, benefits and vision pillars", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    for (const block of [/^Who we are$/i, /^Industries we serve$/i, /^Technology mastery$/i, /^Core values$/i]) {
      await expect(main.getByText(block)).toBeVisible();
    }
    const headings = [
      "Our Mission",
      "Our Vision",
      "Fabricators",
      "Contractors",
      "Engineers",
      "Tekla Structures",
      "SDS2",
      "Customer-Centric Approach",
      "Timely Project Delivery",
      "Cost-Effective Solutions",
      "Commitment to High Quality",
      "Global Excellence",
      "Innovation-Driven",
      "Sustainable Practices",
    ];
    for (const name of headings) await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();

    const benefits = main.getByRole("region", { name: about.benefits.title });
    await expect(benefits.getByRole("listitem")).toHaveText(about.benefits.items);
  });

  test("links to /contactus (Start Your Project) and /services", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Explore our services" })).toHaveAttribute("href", "/services");
    await main.getByRole("link", { name: "Start Your Project" }).click();
    await expect(page).toHaveURL("/contactus");
  });
});

test.describe("projects page", () => {
  const cardButton = (page: Page, name: string) =>
    page.getByRole("main").getByRole("heading", { level: 2, name }).getByRole("button", { name });
  const cardTitles = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
  const dialogOf = (page: Page, name: string) => page.getByRole("dialog", { name });

  test("All and each category filter the cards", async ({ page }) => {
    await gotoHydrated(page, "/projects");
    await expect(page.getByRole("heading", { level: 1, name: "Featured Works" })).toBeVisible();
    const filters = page.getByRole("group", { name: projectsPage.filter.label });
    const categories = [...new Set(projects.map((project) => project.category))];
    expect(categories).toEqual(["Commercial", "Infrastructure", "Residential", "Industrial"]);
    await expect(filters.getByRole("button")).toHaveText(["All", ...categories]);

    const all = filters.getByRole("button", { name: "All" });
    await expect(all).toHaveAttribute("aria-pressed", "true");
    await expect(cardTitles(page)).toHaveText(projects.map((project) => project.name));
    await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 6 projects");

    for (const category of categories) {
      await filters.getByRole("button", { name: category }).click();
      await expect(filters.getByRole("button", { name: category })).toHaveAttribute("aria-pressed", "true");
      await expect(all).toHaveAttribute("aria-pressed", "false");
      const expected = projects.filter((project) => project.category === category).map((project) => project.name);
      await expect(cardTitles(page), category).toHaveText(expected);
      for (const item of await page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("article") })
        .all()) {
        await expect(item.getByText(category, { exact: true })).toBeVisible();
      }
    }
    await all.click();
    await expect(cardTitles(page)).toHaveCount(6);
  });

  test("a card opens its details; the close button, Escape and the backdrop close them", async ({ page }) => {
    await gotoHydrated(page, "/projects");
    const [first, second, third] = projects;
    if (!first || !second || !third) throw new Error("content/projects.json lists 6 projects");

    await cardButton(page, first.name).click();
    const dialog = dialogOf(page, first.name);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`/projects?project=${first.id}`);
    for (const [term, value] of [
      ["Client", first.client],
      ["Location", first.location],
      ["Completed", String(first.year)],
    ]) {
      const row = dialog.getByRole("term").filter({ hasText: term });
      await expect(row).toBeVisible();
      await expect(
        dialog
          .getByRole("definition")
          .filter({ hasText: value ?? "" })
          .first(),
      ).toBeVisible();
    }
    await expect(dialog.getByRole("heading", { name: "Project Overview" })).toBeVisible();
    await expect(dialog.getByText(first.longDescription)).toBeVisible();

    await dialog.getByRole("button", { name: "Close project details" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/projects");
    await expect(cardButton(page, first.name)).toBeFocused();

    await cardButton(page, second.name).click();
    await expect(dialogOf(page, second.name)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialogOf(page, second.name)).toBeHidden();
    await expect(cardButton(page, second.name)).toBeFocused();

    await cardButton(page, third.name).click();
    await expect(dialogOf(page, third.name)).toBeVisible();
    // The backdrop: a corner of the window, outside the dialog at every width.
    await page.mouse.click(4, 4);
    await expect(dialogOf(page, third.name)).toBeHidden();
    await expect(page).toHaveURL("/projects");
  });

  test("/projects?project=<id> opens that project, and focus stays in the dialog", async ({ page }) => {
    test.setTimeout(60_000); // includes a CPU-bound axe run
    const project = projects[3];
    if (!project) throw new Error("content/projects.json lists 6 projects");
    await gotoHydrated(page, `/projects?project=${project.id}`);
    const dialog = dialogOf(page, project.name);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(project.client, { exact: true })).toBeVisible();
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/projects");
  });
});

test.describe("gallery page", () => {
  const imagery = (page: Page) => page.getByRole("region", { name: "Project imagery" });
  const layoutButton = (page: Page, name: string) =>
    imagery(page).getByRole("group", { name: "Gallery layout" }).getByRole("button", { name });

  interface Box {
    alt: string;
    x: number;
    y: number;
    width: number;
    height: number;
    ratio: number;
  }

  /** Where each visible gallery picture is drawn, and its own proportions. */
  function pictureBoxes(region: Locator): Promise<Box[]> {
    return region.evaluate((element) =>
      [...element.querySelectorAll("img")]
        .filter((img) => img.getClientRects().length > 0 && !img.closest("[inert]"))
        .map((img) => {
          const rect = img.getBoundingClientRect();
          return {
            alt: img.alt,
            x: Math.round(rect.left),
            y: Math.round(rect.top + window.scrollY),
            width: Math.round(rect.width),
            height: Math.round(rect.height),
            ratio: img.naturalWidth / img.naturalHeight,
          };
        }),
    );
  }

  /** How many different values, counting values within `tolerance` px of each other as one. */
  const distinct = (values: number[], tolerance = 2) => {
    const kept: number[] = [];
    for (const value of values) if (!kept.some((k) => Math.abs(k - value) <= tolerance)) kept.push(value);
    return kept.length;
  };

  test("shows the 10 pictures in a grid by default", async ({ page }) => {
    await gotoHydrated(page, "/gallery");
    await expect(layoutButton(page, "Grid")).toHaveAttribute("aria-pressed", "true");
    const images = imagery(page).getByRole("img");
    await expect(images).toHaveCount(10);
    for (const [i, image] of gallery.entries()) await expect(images.nth(i)).toHaveAccessibleName(image.alt);
    const boxes = await pictureBoxes(imagery(page));
    expect(boxes).toHaveLength(10);
    expect(distinct(boxes.map((box) => box.width)), "grid tiles share one width").toBe(1);
    for (const box of boxes) expect(Math.abs(box.width - box.height), `${box.alt} is square`).toBeLessThanOrEqual(2);
    expect(distinct(boxes.map((box) => box.y)), "grid tiles sit in rows").toBeLessThan(10);
  });

  test("the five layouts switch: grid, masonry, card, flexbox, carousel", async ({ page }) => {
    await gotoHydrated(page, "/gallery");
    const region = imagery(page);
    await expect(region.getByRole("group", { name: "Gallery layout" }).getByRole("button")).toHaveText([
      "Grid",
      "Masonry",
      "Card",
      "Flexbox",
      "Carousel",
    ]);

    await layoutButton(page, "Masonry").click();
    await expect(layoutButton(page, "Masonry")).toHaveAttribute("aria-pressed", "true");
    await expect(layoutButton(page, "Grid")).toHaveAttribute("aria-pressed", "false");
    await expect(region.getByRole("img")).toHaveCount(10);
    await expect(region.getByRole("figure")).toHaveCount(0);
    await expect
      .poll(async () => {
        const boxes = await pictureBoxes(region);
        return {
          widths: distinct(boxes.map((box) => box.width)),
          heights: distinct(boxes.map((box) => box.height)) > 1,
          proportions: boxes.every((box) => Math.abs(box.width / box.height - box.ratio) < 0.05),
        };
      }, "masonry: one column width, each picture at its own proportions")
      .toEqual({ widths: 1, heights: true, proportions: true });

    await layoutButton(page, "Card").click();
    await expect(layoutButton(page, "Card")).toHaveAttribute("aria-pressed", "true");
    const figures = region.getByRole("figure");
    await expect(figures).toHaveCount(10);
    for (const [i, image] of gallery.entries()) await expect(figures.nth(i)).toContainText(image.caption);

    await layoutButton(page, "Flexbox").click();
    await expect(layoutButton(page, "Flexbox")).toHaveAttribute("aria-pressed", "true");
    await expect(region.getByRole("figure")).toHaveCount(0);
    await expect(region.getByRole("img")).toHaveCount(10);
    await expect
      .poll(async () => {
        const boxes = await pictureBoxes(region);
        const firstRow = boxes.filter((box) => Math.abs(box.y - (boxes[0]?.y ?? 0)) <= 2);
        return {
          pictures: boxes.length,
          rowShared: firstRow.length > 1 && distinct(firstRow.map((box) => box.height)) === 1,
          widths: distinct(firstRow.map((box) => box.width)) > 1,
        };
      }, "flexbox: justified rows of equal height, widths by proportion")
      .toEqual({ pictures: 10, rowShared: true, widths: true });

    await layoutButton(page, "Carousel").click();
    await expect(layoutButton(page, "Carousel")).toHaveAttribute("aria-pressed", "true");
    const slideshow = region.getByRole("region", { name: "Gallery slideshow" });
    await expect(slideshow).toBeVisible();
    await expect(slideshow.getByRole("group", { name: "Image 1 of 10" })).toBeVisible();
    await expect(slideshow.getByRole("img")).toHaveCount(1);
    await slideshow.getByRole("button", { name: "Next image" }).click();
    await expect(slideshow.getByRole("group", { name: "Image 2 of 10" })).toBeVisible();
    await expect(slideshow.getByRole("img")).toHaveAccessibleName(gallery[1]?.alt ?? "");
    await slideshow.getByRole("button", { name: "Previous image" }).click();
    await slideshow.getByRole("button", { name: "Previous image" }).click();
    await expect(slideshow.getByRole("group", { name: "Image 10 of 10" })).toBeVisible();

    await layoutButton(page, "Grid").click();
    await expect(layoutButton(page, "Grid")).toHaveAttribute("aria-pressed", "true");
    await expect(region.getByRole("img")).toHaveCount(10);
    await expect(slideshow).toHaveCount(0);
  });
});

test.describe("career page", () => {
  test("lists the 5 open positions in Office-India, each with a way to apply", async ({ page }) => {
    await gotoHydrated(page, "/career");
    const openings = page.getByRole("region", { name: "Open positions" });
    const titles = ["Project Manager", "Sr. Checker", "Sr. Modeler", "Sr. Shop Editor", "Sr. GA Editor"];
    await expect(openings.getByRole("heading", { level: 3 })).toHaveText(titles);
    await expect(openings.getByRole("article")).toHaveCount(5);
    for (const title of titles) {
      const job = openings.getByRole("article", { name: title });
      await expect(job.getByText("Office-India")).toBeVisible();
      await expect(job.getByRole("link", { name: `Apply for this role: ${title}` })).toBeVisible();
    }
    await openings.getByRole("link", { name: "Apply for this role: Sr. Checker" }).click();
    await expect(page).toHaveURL(/\/career#apply$/);
    await expect(page.getByRole("heading", { name: "Apply now" })).toBeInViewport();
  });
});

test.describe("contact page", () => {
  test("gives the sales and info mailboxes, two phone numbers, and the US and India offices", async ({ page }) => {
    await gotoHydrated(page, "/contactus");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "sales@northbeam-detailing.example" })).toHaveAttribute(
      "href",
      "mailto:sales@northbeam-detailing.example",
    );
    await expect(main.getByRole("link", { name: "info@northbeam-detailing.example" })).toHaveAttribute(
      "href",
      "mailto:info@northbeam-detailing.example",
    );
    const phones = main.getByRole("link", { name: /^\+\d[\d ()-]+$/ });
    await expect(phones).toHaveCount(2);
    for (const phone of await phones.all()) await expect(phone).toHaveAttribute("href", /^tel:\+\d+$/);

    const offices = main.getByRole("region", { name: "Our offices" });
    const usa = offices.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "USA office" }) });
    const india = offices.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "India office" }) });
    await expect(usa).toContainText("United States");
    await expect(india).toContainText("India");
    await expect(main.getByRole("heading", { name: "Request a Quote" })).toBeVisible();
  });
});
