import { e2eAdmin } from "../playwright.config.ts";
import { expect, gotoHydrated, liveForm, solveCaptcha, test, visitorAddress } from "./fixtures.ts";

// The forms count submissions per address: this spec comes from one of its own.
test.use(visitorAddress(2));

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\ntrailer\n<< >>\n%%EOF\n`);

test("Apply for this role preselects the role; the position and the consent are stored", {
  tag: "@phone-only",
}, async ({ page, request }) => {
  const name = `Role Applicant ${test.info().project.name}-${Date.now().toString(36)}`;
  await gotoHydrated(page, "/career");
  const openings = page.getByRole("region", { name: "Open positions" });
  // Chosen before the form's code is there: the form starts with it.
  await openings.getByRole("link", { name: "Apply for this role: Sr. Checker" }).click();
  await expect(page).toHaveURL(/\/career#apply$/);
  const form = await liveForm(page, "Apply now");
  const position = form.getByRole("combobox", { name: "Position" });
  await expect(position).toHaveValue("Sr. Checker");
  await expect(position.getByRole("option")).toHaveText([
    "Project Manager",
    "Sr. Checker",
    "Sr. Modeler",
    "Sr. Shop Editor",
    "Sr. GA Editor",
    "Open application",
  ]);
  // Chosen while the form shows: it follows.
  await openings.getByRole("link", { name: "Apply for this role: Sr. Modeler" }).click();
  await expect(position).toHaveValue("Sr. Modeler");

  await solveCaptcha(form);
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("role.applicant@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill("+91 98765 43210");
  const consent = form.getByRole("checkbox", { name: "Keep my application on file for future roles" });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await form.getByLabel("CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf(name) });
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/applications/submit"));
  await form.getByRole("button", { name: "Submit application" }).click();
  expect((await answer).status()).toBe(201);
  await expect(form.getByRole("status")).toHaveText("✅ Application submitted successfully!");

  const login = await request.post("/api/auth/login", { data: { ...e2eAdmin, role: "admin" } });
  const { token } = await login.json();
  const listed = await request.get(`/api/applications?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await listed.json()).toEqual([
    expect.objectContaining({ name, position: "Sr. Modeler", keepForFutureRoles: true, status: "new" }),
  ]);
});
