/** What the site editor's journeys share (site-editor, site-pictures, site-journey specs). */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures.ts";

/** A notification of the staff area, by its title (the newest first of those showing). */
export const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .getByText(title)
    .first();

/**
 * Adds a project from the Projects list (Add project, its id, Continue) and fills in its text
 * fields; the editor of the new project, for its picture and the save.
 */
export async function startNewProject(page: Page, project: { id: string; name: string; client: string }) {
  await page.getByRole("button", { name: "Add project" }).click();
  const add = page.getByRole("dialog", { name: "Add a project" });
  await add.getByRole("textbox", { name: "Id" }).fill(project.id);
  await add.getByRole("button", { name: "Continue" }).click();
  const editor: Locator = page.getByRole("region", { name: "New project" });
  await expect(editor).toBeVisible();
  await editor.getByRole("textbox", { name: "Name", exact: true }).fill(project.name);
  await editor.getByRole("textbox", { name: "Short description" }).fill(`Detailed end to end for ${project.client}.`);
  await editor.getByRole("textbox", { name: "Long description" }).fill("Portal frames, bracing and crane rails.");
  await editor.getByRole("textbox", { name: "Client" }).fill(project.client);
  await editor.getByRole("textbox", { name: "Location" }).fill("Leeds, UK");
  await editor.getByRole("spinbutton", { name: "Year" }).fill("2026");
  await editor.getByRole("textbox", { name: "Category" }).fill("Industrial");
  return editor;
}

/** A JPEG of two colours: the left `leftWidth` pixels one, the rest the other (where a crop falls shows in them). */
export const twoTonePhoto = (size: { width: number; height: number; leftWidth: number }, left: string, right: string) =>
  sharp({ create: { width: size.width, height: size.height, channels: 3, background: right } })
    .composite([
      {
        input: { create: { width: size.leftWidth, height: size.height, channels: 3, background: left } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
