/**
 * Issue #34 "the employee's day": an employee on a project's team with a sheet given to them sees
 * the project and the sheet on their workspace overview, each a link to the project, and in the
 * register whose the sheet is.
 */
import { storageKeys } from "../shared/roles.ts";
import { loginAdmin, newEmployee, unique } from "./chat-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { drawingsPdf } from "./office-fixtures.ts";

test("an employee sees their project and the sheet given to them on /staff", async ({ page, request }) => {
  const token = await loginAdmin(request);
  const admin = { authorization: `Bearer ${token}` };
  const employee = await newEmployee(request, token, "Dora");
  const job = `E2E-${unique().slice(-8).toUpperCase()}`;
  const created = await request.post("/api/projects", {
    headers: admin,
    data: { job, name: "Grain Silo", client: { company: "Acme", email: "pm@acme.example" }, team: [employee.username] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const uploaded = await request.post(`/api/projects/${job}/drawings`, {
    headers: admin,
    multipart: {
      number: "S-201",
      revision: "A",
      title: "Hopper framing",
      file: { name: "S-201.pdf", mimeType: "application/pdf", buffer: drawingsPdf(1, "S-201") },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const assigned = await request.patch(`/api/projects/${job}/drawings/S-201`, {
    headers: admin,
    data: { assignee: employee.username },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await page.addInitScript(
    ([keys, user, jwt]) => {
      window.localStorage.setItem(keys.user, JSON.stringify(user));
      window.localStorage.setItem(keys.token, jwt);
    },
    [storageKeys, { username: employee.username, role: "employee" }, employee.token] as const,
  );

  await page.goto("/staff");
  const mine = page.getByRole("region", { name: "My projects" });
  const sheets = mine.getByRole("region", { name: "Sheets waiting on you" });
  await expect(sheets.getByRole("link", { name: /S-201 Hopper framing/ })).toBeVisible({ timeout: 20_000 });
  await expect(sheets.getByRole("link")).toContainText(`${job} · Rev A · In progress`);
  await expect(mine.getByRole("region", { name: "Projects you are on" }).getByRole("link")).toHaveText(
    new RegExp(`${job} Grain Silo`),
  );
  await sheets.getByRole("link", { name: /S-201/ }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/projects/${job}$`));

  // The register says whose the sheet is; giving it to nobody takes it off their list.
  const assignee = page.getByLabel("S-201 assigned to");
  await expect(assignee).toHaveValue(employee.username);
  await assignee.selectOption({ label: "Nobody" });
  await expect(assignee).toBeEnabled();
  await expect(assignee).toHaveValue("");
  await page.goto("/staff");
  await expect(page.getByText("No sheet is waiting on you.")).toBeVisible();
});
