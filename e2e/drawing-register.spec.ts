/**
 * The drawing register filled as the office does it (DESIGN §16): the register exported from
 * Tekla imported as CSV, then the sheets' PDFs picked at once and matched to their sheets by file
 * name, one flagged as matching none; the register shows them and downloads as CSV. At a phone's
 * width, where the table of files is most cramped.
 */
import { readFile } from "node:fs/promises";
import { loginAdmin, unique } from "./chat-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { drawingsPdf, signInAsAdmin } from "./office-fixtures.ts";

test("an admin imports the register from CSV, uploads its PDFs at once, and downloads it as CSV @phone-only", async ({
  page,
  request,
}) => {
  const token = await loginAdmin(request);
  const job = `E2E-${unique().slice(-8).toUpperCase()}`;
  const created = await request.post("/api/projects", {
    headers: { authorization: `Bearer ${token}` },
    data: { job, name: "Mill Building", client: { company: "Acme", email: "pm@acme.example" }, team: [] },
  });
  expect(created.status()).toBe(201);
  await signInAsAdmin(page, token);
  await page.goto(`/staff/projects/${job}`);
  const register = page.getByRole("region", { name: "Drawing register" });
  await expect(register.getByText("No sheets yet")).toBeVisible({ timeout: 20_000 });

  // Tekla's export: semicolons, a byte-order mark, CRLF.
  const importForm = register.getByRole("form", { name: "Import register" });
  await importForm.getByLabel("Register CSV").setInputFiles({
    name: "register.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("\uFEFFDrawing No;Title;Rev\r\nE-101;Anchor bolt plan;A\r\nE-102;Column schedule;B\r\n"),
  });
  await importForm.getByRole("button", { name: "Import register (CSV)" }).click();
  await expect(importForm.getByRole("status")).toHaveText(/2 sheets added, 0 retitled, 0 unchanged/);
  await expect(register.getByRole("listitem").getByText("Anchor bolt plan")).toBeVisible();

  // Three PDFs: two named after their sheets, one after none.
  const bulk = register.getByRole("region", { name: "Upload many PDFs" });
  await bulk.getByLabel("Sheet PDFs").setInputFiles(
    ["E-101_RevA.pdf", "E-102 rev A.pdf", "notes.pdf"].map((name) => ({
      name,
      mimeType: "application/pdf",
      buffer: drawingsPdf(1, name),
    })),
  );
  await expect(bulk.getByLabel("Sheet of E-101_RevA.pdf")).toHaveValue("E-101");
  await expect(bulk.getByLabel("Revision of E-102 rev A.pdf")).toHaveValue("A");
  await expect(bulk.getByLabel("Sheet of notes.pdf")).toHaveValue("");
  await expect(bulk.getByText("1 file matches no sheet of the register")).toBeVisible();
  await bulk.getByRole("button", { name: "Upload 2 files" }).click();
  await expect(bulk.getByText("Uploaded")).toHaveCount(2);
  await expect(register.getByRole("button", { name: "Rev A of E-101: open the drawing" })).toBeVisible();
  await expect(register.getByRole("button", { name: "Rev A of E-102: open the drawing" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    register.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${job}-drawing-register-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("number,title,revision,status,on hold,updated at");
  expect(lines.slice(1, 3).map((line) => line.split(",").slice(0, 4).join(","))).toEqual([
    "E-101,Anchor bolt plan,A,In progress",
    "E-102,Column schedule,A,In progress",
  ]);
});
