/**
 * DESIGN §17 images, as an admin does it at /staff/site: a new project with a photo uploaded from
 * the editor, its focal point placed on the whole picture, its alt text written (a colleague's
 * rewrite of it meanwhile shown beside this admin's after a 409), and the projects page previewed
 * with it (the real renderer, the drafts' signed link): the photo is there in the build's sizes
 * and formats, cropped around that point, with that alt text.
 *
 * The e2e server is shared: other specs count the projects on /projects, so this journey previews
 * rather than publishes (publishing a picture is checked in server/modules/site/images.test.ts and
 * on two instances in test/topology/site.test.ts), and removes its draft at the end.
 */
import sharp from "sharp";
import { sitePaths } from "../shared/site-content.ts";
import { siteImagePaths } from "../shared/site-images.ts";
import { loginAdmin, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { signInAsAdmin } from "./office-fixtures.ts";
import { startNewProject, twoTonePhoto } from "./site-fixtures.ts";

/** A photo whose left third is red and the rest blue: where the crop falls shows in its colours. */
const photo = () => twoTonePhoto({ width: 1800, height: 900, leftWidth: 600 }, "#dc2626", "#1d4ed8");

test("an admin adds a project with a photo, places its focal point, describes it and previews the page", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow();
  const token = await loginAdmin(request);
  const id = `e2e-project-${unique()}`;
  const name = `E2E Depot ${id.slice(-6)}`;
  const alt = `The steel frame of ${name}, seen from the west`;
  await signInAsAdmin(page, token);
  await page.goto("/staff/site/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Site" })).toBeVisible(dashboardLoad);

  const editor = await startNewProject(page, { id, name, client: "Depot Co" });

  // The upload: the field takes the picture's name, and its details open under it.
  await editor.getByLabel("Upload a picture for Image").setInputFiles({
    name: "depot.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  const imageField = editor.getByRole("combobox", { name: "Image" });
  await expect(imageField).toHaveValue(/^uploads\/[a-f0-9]{12}$/);
  const pictureName = await imageField.inputValue();
  const details = editor.getByRole("group", { name: /^Picture depot\.jpg \(1800×900\)/ });
  await expect(details.getByText("Needs alt text, or the decorative mark, before it can be published.")).toBeVisible();

  // The focal point, placed by a click on the whole picture (a tenth of the way across): the crop goes left.
  const focal = details.getByRole("button", { name: /^Place the focal point/ });
  const box = await focal.boundingBox();
  if (!box) throw new Error("the focal point's picture is not shown");
  await focal.click({ position: { x: box.width * 0.1, y: box.height * 0.5 } });
  await expect(details.getByText("Across 10%")).toBeVisible();
  await details.getByRole("textbox", { name: "Alt text" }).fill(alt);
  const saved = page.waitForResponse((response) => response.request().method() === "PATCH" && response.ok());
  await details.getByRole("button", { name: "Save picture" }).click();
  await saved;
  await expect(details.getByText("Needs alt text")).toHaveCount(0);
  await expect(details.getByRole("button", { name: "Save picture" })).toBeDisabled();

  // A colleague rewrites the alt text meanwhile; this admin's rewrite is a conflict, theirs shown beside it.
  const theirs = `${alt}, at dusk`;
  const colleague = await request.patch(siteImagePaths.image(pictureName.slice(8)), {
    headers: { authorization: `Bearer ${token}` },
    data: { alt: theirs, read: { alt } },
  });
  expect(colleague.status()).toBe(200);
  consoleErrors.allow(/409/);
  await details.getByRole("textbox", { name: "Alt text" }).fill(`${alt}, in the morning`);
  await details.getByRole("button", { name: "Save picture" }).click();
  await expect(details.getByText(/^Someone changed this picture's alt text since you opened it/)).toBeVisible();
  await expect(details.getByText(`Theirs: “${theirs}”`)).toBeVisible();
  await expect(details.getByRole("textbox", { name: "Alt text" })).toHaveValue(`${alt}, in the morning`);
  await expectNoAxeViolations(page);
  // Theirs taken, then mine saved over it knowingly: the alt text the preview below looks for.
  await details.getByRole("button", { name: "Use theirs" }).click();
  await expect(details.getByRole("textbox", { name: "Alt text" })).toHaveValue(theirs);
  await expect(details.getByRole("button", { name: "Use theirs" })).toHaveCount(0);
  await details.getByRole("textbox", { name: "Alt text" }).fill(alt);
  await details.getByRole("button", { name: "Save picture" }).click();
  await expect(details.getByRole("button", { name: "Save picture" })).toBeDisabled();
  await expect(details.getByText(/^Someone changed/)).toHaveCount(0);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("region", { name })).toBeVisible();
  await expectNoAxeViolations(page);

  // The preview of the projects page, by the real renderer, with the draft and its photo.
  await page.getByRole("button", { name: "Preview the drafts" }).click();
  const projectsLink = page.getByRole("navigation", { name: "Preview" }).getByRole("link", { name: "Projects" });
  await expect(projectsLink).toBeVisible();
  const preview = await page.context().newPage();
  await preview.goto((await projectsLink.getAttribute("href")) ?? "");
  const picture = preview.getByRole("img", { name: alt });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("src", /^\/media\/site\/[a-f0-9]{12}-[a-f0-9]{8}-800\.webp$/);
  await expect(
    preview.locator(`source[type="image/avif"][srcset*="/media/site/${pictureName.slice(8)}-"]`),
  ).toHaveCount(1);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Cropped around the point placed: the 3:2 frame from the left edge holds the whole red third.
  const shown = await preview.request.get(`${(await picture.getAttribute("src")) ?? ""}`);
  expect(shown.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const { channels } = await sharp(await shown.body()).stats();
  expect(channels[0]!.mean).toBeGreaterThan(channels[2]!.mean * 0.6);
  await preview.close();

  // The draft goes; the picture stays in the library for the next project.
  expect(
    (await request.delete(sitePaths.item("projects", id), { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(204);
});
