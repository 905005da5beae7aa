import { describe, expect, it } from "vitest";
import {
  applicationDefaults,
  applicationFormData,
  applicationFormSchema,
  quoteRequestDefaults,
  quoteRequestFormData,
  quoteRequestFormSchema,
} from "./forms.ts";

describe("the quote request form", () => {
  it("requires name, email and the captcha; everything else is optional", () => {
    const result = quoteRequestFormSchema.safeParse(quoteRequestDefaults);
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields?.sort()).toEqual(["altcha", "email", "name"]);
    expect(
      quoteRequestFormSchema.safeParse({ ...quoteRequestDefaults, name: "Dana", email: "dana@x.example", altcha: "p" })
        .success,
    ).toBe(true);
  });

  it("checks dates, the link and the type of work as the server does", () => {
    const base = { ...quoteRequestDefaults, name: "Dana", email: "dana@x.example", altcha: "p" };
    const issues = (values: object) =>
      quoteRequestFormSchema.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.path[0]) ?? [];
    expect(issues({ proposalDate: "02/30/2025" })).toEqual(["proposalDate"]);
    expect(issues({ projectDate: "2025-01-01" })).toEqual(["projectDate"]);
    expect(issues({ projectUrl: "javascript:alert(1)" })).toEqual(["projectUrl"]);
    expect(issues({ workTypes: ["Welding"] })).toEqual(["workTypes"]);
    expect(quoteRequestFormSchema.parse({ ...base, proposalDate: "2/3/2025" }).proposalDate).toBe("02/03/2025");
  });

  it("sends SPEC §7's fields, workTypes JSON-encoded, the file last", () => {
    const file = new File(["%PDF-1.4"], "plan.pdf", { type: "application/pdf" });
    const values = quoteRequestFormSchema.parse({
      ...quoteRequestDefaults,
      name: "Dana",
      email: "dana@x.example",
      altcha: "payload",
      workTypes: ["MTO / TakeOFF", "Structural Steel Detailing"],
    });
    const body = quoteRequestFormData({ ...values, uploadFile: file });
    const names = [...body.keys()];
    expect(names).toEqual([
      "name",
      "email",
      "company",
      "phone",
      "projectName",
      "tonsOfSteel",
      "proposalDate",
      "projectDate",
      "scopeOfWork",
      "projectUrl",
      "workTypes",
      "website",
      "altcha",
      "uploadFile",
    ]);
    expect(body.get("workTypes")).toBe('["Structural Steel Detailing","MTO / TakeOFF"]');
    expect((body.get("uploadFile") as File).name).toBe("plan.pdf");
  });
});

describe("the career form", () => {
  it("requires name, email, phone, the CV and the captcha", () => {
    const result = applicationFormSchema.safeParse(applicationDefaults);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      "altcha",
      "cv",
      "email",
      "name",
      "phone",
    ]);
  });

  it("sends name, email, phone, message, the position, the consent only when given, then the CV", () => {
    const values = {
      name: "Ravi",
      email: "ravi@example.in",
      phone: "+91 98765 43210",
      message: "",
      position: "Sr. Modeler",
      keepForFutureRoles: true,
      altcha: "payload",
      website: "",
      cv: new File(["x"], "cv.docx"),
    };
    const body = applicationFormData(values);
    expect([...body.keys()]).toEqual([
      "name",
      "email",
      "phone",
      "message",
      "position",
      "keepForFutureRoles",
      "website",
      "altcha",
      "cv",
    ]);
    expect(body.get("position")).toBe("Sr. Modeler");
    expect(body.get("keepForFutureRoles")).toBe("true");
    expect(applicationFormData({ ...values, keepForFutureRoles: false }).has("keepForFutureRoles")).toBe(false);
  });

  it("takes Open application or a title as the position; which titles are open is the server's to say", () => {
    const base = {
      ...applicationDefaults,
      name: "Ravi",
      email: "ravi@example.in",
      phone: "+91 98765 43210",
      altcha: "p",
      cv: undefined,
    };
    const issues = (values: object) =>
      applicationFormSchema.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.path[0]) ?? [];
    expect(applicationDefaults.position).toBe("Open application");
    expect(applicationDefaults.keepForFutureRoles).toBe(false);
    expect(issues({ position: "Sr. Checker" })).toEqual(["cv"]);
    expect(issues({ position: "Open application" })).toEqual(["cv"]);
    // The select offers only the open jobs (the page's); the server refuses any other title (applications.test.ts).
    expect(issues({ position: "Astronaut" })).toEqual(["cv"]);
    expect(issues({ position: "x".repeat(121) }).sort()).toEqual(["cv", "position"]);
  });
});
