/**
 * An RFI as its two people meet it (DESIGN §16), at a phone's width: a team member asks one in the
 * project's RFIs tab naming a sheet, which goes on hold; the person asked opens the e-mailed link in
 * a browser of their own, with no login, and answers it; the RFI shows answered and the hold is gone.
 */

import { storageKeys } from "../shared/roles.ts";
import { type Account, loginAdmin, newEmployee, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { drawingsPdf } from "./office-fixtures.ts";

test("a team member asks an RFI holding a sheet; the engineer answers it through the link", {
  tag: "@phone-only",
}, async ({ page, browser, request }) => {
  const admin = await loginAdmin(request);
  const detailer: Account = await newEmployee(request, admin, "Rhea");
  const job = `RFI-${unique().slice(-8).toUpperCase()}`;
  const auth = { authorization: `Bearer ${admin}` };
  const created = await request.post("/api/projects", {
    headers: auth,
    data: {
      job,
      name: "Harbour Footbridge",
      client: { company: "Keystone", email: "pm@keystone.example" },
      team: [detailer.username],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sheet = await request.post(`/api/projects/${job}/drawings`, {
    headers: auth,
    multipart: {
      number: "E-201",
      revision: "A",
      title: "Stair stringer",
      file: { name: "E-201 A.pdf", mimeType: "application/pdf", buffer: drawingsPdf(1, "E-201") },
    },
  });
  expect(sheet.status(), await sheet.text()).toBe(201);

  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: detailer.username, role: "employee" }, detailer.token] as const,
  );
  await page.goto(`/staff/projects/${job}?tab=rfis`);
  const sections = page.getByRole("navigation", { name: "Project sections" });
  const log = page.getByRole("region", { name: "RFIs" });
  await expect(log.getByText("No RFIs yet")).toBeVisible(dashboardLoad);
  await log.getByRole("button", { name: "New RFI" }).click();
  const form = page.getByRole("form", { name: "New RFI" });
  await form.getByRole("textbox", { name: "Subject" }).fill("Stringer to landing connection");
  await form.getByRole("textbox", { name: "Question" }).fill("Is the stringer to landing connection bolted or welded?");
  await form.getByRole("textbox", { name: "Ask (e-mail)" }).fill("eor@engineers.example");
  await form.getByRole("checkbox", { name: /E-201/ }).check();
  await form.getByRole("button", { name: "Send RFI" }).click();
  const row = log.getByRole("listitem", { name: "RFI-001 Stringer to landing connection" });
  await expect(row.getByText("Open", { exact: true })).toBeVisible();
  await expect(row.getByText(/Holds E-201/)).toBeVisible();
  await expectNoAxeViolations(page);

  await sections.getByRole("link", { name: "Drawings" }).click();
  const register = page.getByRole("region", { name: "Drawing register" });
  await expect(register.getByText("On hold")).toBeVisible();

  // The link the engineer was e-mailed, as the log gives it to the team.
  const rfis = await request.get(`/api/projects/${job}/rfis`, { headers: auth });
  const [rfi] = (await rfis.json()) as { url: string }[];
  const link = new URL(rfi?.url ?? "").pathname;
  expect(link).toMatch(/^\/rfi\/[A-Za-z0-9_-]{32}$/);

  const engineer = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
  expect((await engineer.goto(link))?.status()).toBe(200);
  await expect(
    engineer.getByRole("heading", { level: 1, name: "RFI-001: Stringer to landing connection" }),
  ).toBeVisible(dashboardLoad);
  await expect(engineer.getByText("E-201 Stair stringer")).toBeVisible();
  await expect(engineer.getByText(`${job} Harbour Footbridge`)).toBeVisible();
  await expectNoAxeViolations(engineer);
  await engineer.getByRole("textbox", { name: "Answer" }).fill("Bolted: two 3/4 in A325 bolts per side.");
  await engineer.getByLabel("Files (optional)").setInputFiles({
    name: "SK-1.pdf",
    mimeType: "application/pdf",
    buffer: drawingsPdf(1, "SK-1"),
  });
  await engineer.getByRole("button", { name: "Send answer" }).click();
  await expect(engineer.getByRole("heading", { name: "Thank you: your answer is in" })).toBeVisible();
  await engineer.context().close();

  // The team sees it answered, and the sheet off hold.
  await sections.getByRole("link", { name: "RFIs" }).click();
  await page.reload();
  await expect(row.getByText("Answered", { exact: true })).toBeVisible(dashboardLoad);
  await row.getByText("Question and answer").click();
  await expect(row.getByText("Bolted: two 3/4 in A325 bolts per side.")).toBeVisible();
  await expect(row.getByRole("button", { name: /SK-1\.pdf/ })).toBeVisible();
  await sections.getByRole("link", { name: "Drawings" }).click();
  await expect(register.getByRole("button", { name: "Open E-201 revision A" })).toBeVisible();
  await expect(register.getByText("On hold")).toHaveCount(0);
});
