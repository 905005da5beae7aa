/**
 * Projects (DESIGN §16) as the office starts one: an admin creates a project with its team in the
 * workspace, lands on its address and changes it, adds a sheet and its next revision to the
 * drawing register (one that does not follow is refused with the reason); a team member finds it among their projects and
 * opens its chat group; axe is clean on both pages. At a phone's width and a desk's.
 */
import type { Page } from "@playwright/test";
import { storageKeys } from "../shared/roles.ts";
import {
  type Account,
  connectionStatus,
  escapeRegExp,
  loginAdmin,
  newEmployee,
  send,
  unique,
} from "./chat-fixtures.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { drawingsPdf, signInAsAdmin } from "./office-fixtures.ts";

/** Signs `account` in before the page's first script runs, as the login dialog leaves it. */
async function signIn(page: Page, account: Account) {
  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: account.username, role: account.role }, account.token] as const,
  );
}

test("an admin creates a project with its team and changes it; the team member finds it and its chat @phone", async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.slow();
  // The revision that does not follow is refused on purpose.
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  const token = await loginAdmin(request);
  const detailer = await newEmployee(request, token, "Dora");
  const job = `E2E-${unique().slice(-8).toUpperCase()}`;
  await signInAsAdmin(page, token);

  await page.goto("/staff/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "New project" }).click();
  const form = page.getByRole("form", { name: "New project" });
  // The server's own rules, checked before anything is sent.
  await form.getByRole("textbox", { name: "Job number" }).fill("j 1");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(form.getByText("The job number must be 2–20 capital letters, digits or hyphens")).toBeVisible();
  await expect(form.getByText("The project's name is required")).toBeVisible();

  await form.getByRole("textbox", { name: "Job number" }).fill(job);
  await form.getByRole("textbox", { name: "Project name" }).fill("Harbour Footbridge");
  await form.getByRole("textbox", { name: "Client", exact: true }).fill("Keystone Fabricators");
  await form.getByRole("textbox", { name: "Client e-mail" }).fill("pm@keystone.example");
  await form.getByRole("textbox", { name: "Fabricator (optional)" }).fill("Harbor Fab");
  await form.getByRole("searchbox", { name: "Find a person" }).fill(detailer.name);
  await form.getByRole("checkbox", { name: new RegExp(escapeRegExp(detailer.name)) }).check();
  await expect(form.getByText("(1 chosen)")).toBeVisible();
  await form.getByRole("button", { name: "Create project" }).click();

  // Its own address, with what was entered.
  await expect(page).toHaveURL(new RegExp(`/staff/projects/${job}$`));
  const details = page.getByRole("region", { name: `${job} · Harbour Footbridge` });
  await expect(details).toBeVisible();
  await expect(details.getByRole("definition")).toContainText([
    "Keystone Fabricators",
    "pm@keystone.example",
    "Harbor Fab",
    "Not set",
    detailer.username,
  ]);
  await page.screenshot({ path: test.info().outputPath("project.png"), fullPage: true });

  // Changed: a new name, shown at once; the same job number.
  await details.getByRole("button", { name: "Edit project" }).click();
  const edit = page.getByRole("form", { name: "Edit project" });
  await expect(edit.getByRole("textbox", { name: "Job number" })).toHaveValue(job);
  await edit.getByRole("textbox", { name: "Project name" }).fill("Harbour Footbridge Phase 2");
  await edit.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByRole("region", { name: `${job} · Harbour Footbridge Phase 2` })).toBeVisible();

  // The drawing register: a sheet at A, a revision that does not follow refused with the reason, then B.
  const register = page.getByRole("region", { name: "Drawing register" });
  await expect(register.getByText("No sheets yet")).toBeVisible();
  const add = register.getByRole("form", { name: "Add a revision" });
  const addRevision = async (number: string, revision: string, title?: string) => {
    await add.getByRole("combobox", { name: "Sheet number" }).fill(number);
    await add.getByRole("textbox", { name: "Revision" }).fill(revision);
    if (title) await add.getByRole("textbox", { name: /^Title/ }).fill(title);
    await add.getByLabel("PDF").setInputFiles({
      name: `${number} ${revision}.pdf`,
      mimeType: "application/pdf",
      buffer: drawingsPdf(1, `${number} rev ${revision}`),
    });
    await add.getByRole("button", { name: "Add revision" }).click();
  };
  await addRevision("E-101", "A", "Anchor bolt plan");
  await expect(register.getByRole("button", { name: "Rev A of E-101: open the drawing" })).toBeVisible();
  await addRevision("E-101", "C");
  await expect(add.getByText("C cannot follow A: the next revision of E-101 is B.")).toBeVisible();
  await addRevision("E-101", "B");
  await expect(register.getByRole("button", { name: "Rev B of E-101: open the drawing" })).toBeVisible();
  await expect(register.getByText("1 earlier revision")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("register.png"), fullPage: true });

  // The list has it, and opens it again.
  await page.goto("/staff/projects");
  const link = page.getByRole("link", { name: new RegExp(`^${job}`) });
  await expect(link).toContainText("Harbour Footbridge Phase 2");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("projects.png"), fullPage: true });

  // The team member: their projects, the project, its chat group.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const theirs = await context.newPage();
  await signIn(theirs, detailer);
  await theirs.goto("/staff/projects");
  await expect(theirs.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible({ timeout: 20_000 });
  await expect(theirs.getByRole("button", { name: "New project" })).toHaveCount(0);
  await theirs.getByRole("link", { name: new RegExp(`^${job}`) }).click();
  const theirDetails = theirs.getByRole("region", { name: `${job} · Harbour Footbridge Phase 2` });
  await expect(theirDetails).toBeVisible();
  await expect(theirDetails.getByRole("button", { name: "Edit project" })).toHaveCount(0);

  // The Files tab: a contract drawing added, listed with its kind; the register's revisions below it.
  const tabs = theirs.getByRole("navigation", { name: "Project sections" });
  await tabs.getByRole("link", { name: "Files" }).click();
  await expect(theirs).toHaveURL(/\?tab=files$/);
  const files = theirs.getByRole("region", { name: "Files" });
  await expect(files.getByText("No documents yet")).toBeVisible();
  const addFile = files.getByRole("form", { name: "Add a file" });
  await addFile.getByLabel("File").setInputFiles({
    name: "Contract S-1.pdf",
    mimeType: "application/pdf",
    buffer: drawingsPdf(1, "Contract S-1"),
  });
  await addFile.getByRole("combobox", { name: "Kind" }).selectOption("contract");
  await addFile.getByRole("textbox", { name: /^Note/ }).fill("Issued for construction");
  await addFile.getByRole("button", { name: "Add file" }).click();
  const contract = files.getByRole("listitem", { name: "Contract S-1.pdf" });
  await expect(contract).toContainText("Contract drawings");
  await expect(contract).toContainText("Issued for construction");
  await expect(contract.getByRole("button", { name: "Remove Contract S-1.pdf" })).toBeVisible();
  const loop = files.getByRole("region", { name: /^From drawings, transmittals and RFIs/ });
  await expect(loop.getByText("E-101 rev B")).toBeVisible();
  await expect(loop.getByText("E-101 rev A")).toBeVisible();
  await expectNoAxeViolations(theirs);
  await theirs.screenshot({ path: test.info().outputPath("files.png"), fullPage: true });

  // The Chat tab: the project's group, only it, at full height; a message sent from here.
  await tabs.getByRole("link", { name: "Chat" }).click();
  await expect(theirs).toHaveURL(/\?tab=chat$/);
  const projectChat = theirs.getByRole("region", { name: "Project chat" });
  await expect(projectChat.getByRole("heading", { name: `${job} Harbour Footbridge Phase 2` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(theirs.getByRole("complementary", { name: "Chats" })).toHaveCount(0);
  // The tab says whether the chat is connected (no list beside it does), and sends once it is.
  await expect(connectionStatus(theirs)).toHaveText("Connected", { timeout: 15_000 });
  await send(theirs, "Contract set is in the Files tab.");
  await expectNoAxeViolations(theirs);
  await theirs.screenshot({ path: test.info().outputPath("project-chat.png"), fullPage: true });
  // Reloaded, the address keeps the tab.
  await theirs.reload();
  await expect(
    theirs.getByRole("region", { name: "Project chat" }).getByText("Contract set is in the Files tab."),
  ).toBeVisible({ timeout: 20_000 });

  await theirDetails.getByRole("link", { name: "Project chat" }).click();
  await expect(theirs).toHaveURL(/\/staff\/chat\/group(:|%3A)\d+$/);
  await expect(theirs.getByText(`${job} Harbour Footbridge Phase 2`).first()).toBeVisible({ timeout: 20_000 });
  await context.close();
});
