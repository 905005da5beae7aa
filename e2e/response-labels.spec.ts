/**
 * DESIGN §16: an admin renames one of the review's responses on the Projects page; the client's
 * review page offers the new words, and the answer shows in them in the staff transmittal log.
 * "Approved as noted" is the one renamed: the project loop, which may run at the same time on the
 * same server, picks "Approved" and "Revise and resubmit". The defaults are put back afterwards.
 */
import type { APIRequestContext } from "@playwright/test";
import { defaultResponseLabels, transmittalPaths } from "../shared/transmittals.ts";
import { loginAdmin, unique } from "./chat-fixtures.ts";
import { dashboardLoad, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { drawingsPdf, signInAsAdmin } from "./office-fixtures.ts";

/** A project with sheet S-101 at revision A, sent to the client for approval: the review link's path. */
async function transmitted(request: APIRequestContext, headers: Record<string, string>, job: string) {
  const created = await request.post("/api/projects", {
    headers,
    data: { job, name: "Tannery Lofts", client: { company: "Keystone", email: "eor@keystone.example" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const uploaded = await request.post(`/api/projects/${job}/drawings`, {
    headers,
    multipart: {
      number: "S-101",
      revision: "A",
      title: "Roof framing plan",
      file: { name: "S-101.pdf", mimeType: "application/pdf", buffer: drawingsPdf(1, "S-101") },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const sent = await request.post(`/api/projects/${job}/transmittals`, {
    headers,
    data: { purpose: "approval", sheets: [{ number: "S-101", revision: "A" }], recipients: ["eor@keystone.example"] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return new URL(((await sent.json()) as { url: string }).url).pathname;
}

test("an admin renames a response and the client's review page shows it", async ({ page, browser, request }) => {
  const token = await loginAdmin(request);
  const headers = { authorization: `Bearer ${token}` };
  const job = `RL-${unique().slice(-8).toUpperCase()}`;
  const link = await transmitted(request, headers, job);
  try {
    await signInAsAdmin(page, token);
    await page.goto("/staff/projects");
    await page.getByRole("button", { name: "Response labels" }).click(dashboardLoad);
    const form = page.getByRole("form", { name: "Response labels" });
    const asNoted = form.getByRole("textbox", { name: "Approved as noted" });
    await expect(asNoted).toHaveValue("Approved as noted");
    await expectNoAxeViolations(page);
    // Two responses may not read alike: the form says so before anything is sent.
    await asNoted.fill("approved");
    await form.getByRole("button", { name: "Save labels" }).click();
    await expect(form.getByText(/same as the label for “Approved”/)).toBeVisible();
    await asNoted.fill("Approved with comments");
    await form.getByRole("button", { name: "Save labels" }).click();
    await expect(form).toBeHidden();

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const client = await context.newPage();
    expect((await client.goto(link))?.status()).toBe(200);
    await expect(client.getByRole("radio", { name: "Approved with comments" })).toBeVisible(dashboardLoad);
    await expect(client.getByRole("radio", { name: "Approved as noted" })).toHaveCount(0);
    await client.getByRole("radio", { name: "Approved with comments" }).check();
    await client.getByRole("button", { name: "Send review" }).click();
    await expect(client.getByRole("heading", { name: /Your review was sent/ })).toBeVisible();
    await expect(client.getByText("Approved with comments")).toBeVisible();
    await context.close();

    await page.goto(`/staff/projects/${job}?tab=transmittals`);
    const entry = page.getByRole("listitem", { name: `Transmittal ${job}-T-001` });
    await expect(entry.getByText("1 approved with comments")).toBeVisible(dashboardLoad);
  } finally {
    const current = await request.get(transmittalPaths.responseLabels, { headers });
    const { version } = (await current.json()) as { version: number };
    const reset = await request.put(transmittalPaths.responseLabels, {
      headers,
      data: { labels: defaultResponseLabels, version },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }
});
