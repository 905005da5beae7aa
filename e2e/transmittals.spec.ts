/**
 * A transmittal as its two sides meet it (DESIGN §16): a team member at a desk sends two sheets for
 * approval from the project's Transmittals tab; the client opens the e-mailed link on a phone, with
 * no login, views a sheet, answers each with a comment and a marked-up file, and submits; the team
 * sees who opened and answered it, the responses, and the register's new statuses.
 */

import { storageKeys } from "../shared/roles.ts";
import { type Account, loginAdmin, newEmployee, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { drawingsPdf } from "./office-fixtures.ts";

test("a team member sends sheets for approval; the client reviews them on a phone through the link", async ({
  page,
  browser,
  request,
}) => {
  const admin = await loginAdmin(request);
  const detailer: Account = await newEmployee(request, admin, "Tomas");
  const job = `TR-${unique().slice(-8).toUpperCase()}`;
  const auth = { authorization: `Bearer ${admin}` };
  const created = await request.post("/api/projects", {
    headers: auth,
    data: {
      job,
      name: "Riverside Warehouse",
      client: { company: "Keystone", email: "pm@keystone.example" },
      team: [detailer.username],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (const [number, title] of [
    ["E-301", "Roof framing plan"],
    ["E-302", "Column base details"],
  ] as const) {
    const sheet = await request.post(`/api/projects/${job}/drawings`, {
      headers: auth,
      multipart: {
        number,
        revision: "A",
        title,
        file: { name: `${number} A.pdf`, mimeType: "application/pdf", buffer: drawingsPdf(1, number) },
      },
    });
    expect(sheet.status(), await sheet.text()).toBe(201);
  }

  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: detailer.username, role: "employee" }, detailer.token] as const,
  );
  await page.goto(`/staff/projects/${job}?tab=transmittals`);
  const log = page.getByRole("region", { name: "Transmittals" });
  await expect(log.getByText("No transmittals yet")).toBeVisible(dashboardLoad);
  await log.getByRole("button", { name: "New transmittal" }).click();
  const form = page.getByRole("form", { name: "New transmittal" });
  await expect(form.getByRole("textbox", { name: /Send to/ })).toHaveValue("pm@keystone.example");
  await form.getByRole("button", { name: "Send transmittal" }).click();
  await expect(form.getByText("Choose at least one sheet")).toBeVisible();
  await form.getByRole("button", { name: "Choose all" }).click();
  await form.getByRole("textbox", { name: /Message/ }).fill("Roof and base details for your approval.");
  await form.getByRole("button", { name: "Send transmittal" }).click();
  const row = log.getByRole("listitem", { name: `Transmittal ${job}-T-001` });
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await expect(row.getByText("For approval · 2 sheets")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "/tmp/shots/transmittals-1280.png", fullPage: true });

  // The link the client was e-mailed, as the log gives it to the team.
  const [sent] = (await (await request.get(`/api/projects/${job}/transmittals`, { headers: auth })).json()) as {
    url: string;
  }[];
  const link = new URL(sent?.url ?? "").pathname;
  expect(link).toMatch(/^\/review\/[A-Za-z0-9_-]{32}$/);

  const client = await (await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true })).newPage();
  expect((await client.goto(link))?.status()).toBe(200);
  await expect(client.getByRole("heading", { level: 1, name: `Transmittal ${job}-T-001` })).toBeVisible(dashboardLoad);
  await expect(client.getByText(`${job} · Riverside Warehouse`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(client);
  const first = client.getByRole("listitem").filter({ has: client.getByRole("heading", { name: /E-301/ }) });
  await first.getByRole("button", { name: "View drawing" }).click();
  await expect(first.getByText("1 page")).toBeVisible(dashboardLoad);
  await first.getByRole("radio", { name: "Approved", exact: true }).check();
  const second = client.getByRole("listitem").filter({ has: client.getByRole("heading", { name: /E-302/ }) });
  await second.getByRole("radio", { name: "Revise and resubmit" }).check();
  await second.getByRole("textbox", { name: /Comment/ }).fill("Base plate welds: see markup.");
  await second.getByLabel("Attach marked-up files to E-302").setInputFiles({
    name: "E-302 markup.pdf",
    mimeType: "application/pdf",
    buffer: drawingsPdf(1, "markup"),
  });
  await expect(second.getByText("E-302 markup.pdf")).toBeVisible();
  await client.screenshot({ path: "/tmp/shots/review-375.png", fullPage: true });
  await client.getByRole("button", { name: "Send review" }).click();
  await expect(client.getByRole("heading", { name: /Your review was sent/ })).toBeVisible();
  await expect(client.getByText("Revise and resubmit")).toBeVisible();
  await client.context().close();

  // The team: opened and answered, the responses with the markup, and the register's statuses.
  await page.reload();
  await expect(row.getByText("Answered", { exact: true })).toBeVisible(dashboardLoad);
  await expect(row.getByText(/Opened/)).toBeVisible();
  await expect(row.getByText("1 approved")).toBeVisible();
  await row.getByText("Sheets and responses").click();
  await expect(row.getByText("Base plate welds: see markup.")).toBeVisible();
  await expect(row.getByRole("button", { name: /E-302 markup\.pdf/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Drawings" }).click();
  const register = page.getByRole("region", { name: "Drawing register" });
  await expect(register.getByText("Revise and resubmit")).toBeVisible(dashboardLoad);
  await expect(register.getByText("Approved", { exact: true })).toBeVisible();
});
