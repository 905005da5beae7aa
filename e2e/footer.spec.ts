/** The shared footer (SPEC §2 Footer, §9 copyright year; DESIGN §9 newsletter stores the address). */
import { expect, gotoHydrated, test } from "./fixtures.ts";

const footerLinks = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: "Projects", path: "/projects" },
  { name: "Career", path: "/career" },
  { name: "About", path: "/about" },
  { name: "Contact", path: "/contactus" },
] as const;

test.describe("footer", () => {
  test("links to the six pages, and each one works", async ({ page }) => {
    await gotoHydrated(page, "/gallery");
    const nav = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer" });
    await expect(nav.getByRole("link")).toHaveText(footerLinks.map((link) => link.name));
    for (const link of footerLinks) {
      await nav.getByRole("link", { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(link.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
  });

  test("offers the brochure, a messaging link, the mailboxes and © 2025", async ({ page, request }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");

    const brochure = footer.getByRole("link", { name: /brochure/i });
    await expect(brochure).toBeVisible();
    await expect(brochure).toHaveAttribute("download");
    const href = await brochure.getAttribute("href");
    expect(href).toBeTruthy();
    const file = await request.get(href ?? "");
    expect(file.status(), `GET ${href}`).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");

    const messaging = footer.getByRole("link", { name: /message us/i });
    await expect(messaging).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
    await expect(messaging).toHaveAttribute("target", "_blank");
    await expect(messaging).toHaveAttribute("rel", /noopener/);

    await expect(footer.getByRole("link", { name: "sales@northbeam-detailing.example" })).toHaveAttribute(
      "href",
      "mailto:sales@northbeam-detailing.example",
    );
    await expect(footer.getByRole("link", { name: "info@northbeam-detailing.example" })).toHaveAttribute(
      "href",
      "mailto:info@northbeam-detailing.example",
    );
    await expect(footer.getByText(/© 2025 /)).toBeVisible();
  });

  test("before the page's scripts run, Subscribe waits: no native submit puts the address in a URL", async ({
    request,
  }) => {
    const html = await (await request.get("/about")).text();
    const form = /<form[^>]*aria-describedby[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain('name="email"');
    expect(form).toMatch(/<button type="submit" disabled=""[^>]*>Subscribe<\/button>/);
  });

  test("the newsletter form subscribes an address and clears the field", async ({ page }, testInfo) => {
    await gotoHydrated(page, "/about");
    const footer = page.getByRole("contentinfo");
    const email = footer.getByRole("textbox", { name: "Email address" });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required");

    // An empty field is refused by the browser before any request is made.
    await footer.getByRole("button", { name: "Subscribe" }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await email.fill(`reader-${testInfo.project.name}-${Date.now()}@example.com`);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/newsletter/subscribe"));
    await footer.getByRole("button", { name: "Subscribe" }).click();
    expect((await answer).ok()).toBe(true);
    await expect(footer.getByRole("status")).toHaveText("Thanks, you are subscribed.");
    await expect(email).toHaveValue("");
  });
});
