import { describe, expect, it } from "vitest";
import { siteFieldSchemas } from "../../../../shared/site-content.ts";
import { emptyFields, fieldsOf, labelOf, pathLabel, readableError } from "./field-specs.ts";

describe("the editor's fields, read from the server's schemas", () => {
  it("gives a job text inputs, a rich-text editor for its description, line lists and a moment", () => {
    const job = Object.fromEntries(fieldsOf("jobs").map((field) => [field.key, field.spec]));
    expect(job.title).toEqual({ kind: "text", max: 120, long: false });
    expect(job.description).toEqual({ kind: "text", max: 2000, long: true, format: "markdown" });
    expect(job.responsibilities).toEqual({ kind: "lines", item: { kind: "text", max: 400, long: true }, count: 30 });
    expect(job.closesAt).toEqual({ kind: "datetime" });
  });

  it("knows numbers, images and e-mail addresses", () => {
    const project = Object.fromEntries(fieldsOf("projects").map((field) => [field.key, field.spec]));
    expect(project.year).toEqual({ kind: "number", min: 1950, max: 2100 });
    expect(project.image).toMatchObject({ kind: "text", format: "image" });
    expect(project.longDescription).toMatchObject({ kind: "text", format: "markdown" });
    expect(project.shortDescription).toMatchObject({ kind: "text", max: 300 });
    expect(project.shortDescription).not.toHaveProperty("format");
    const contact = fieldsOf("contact");
    const emails = contact.find((field) => field.key === "emails")?.spec;
    expect(emails).toMatchObject({ kind: "groups", count: 10 });
    expect(emails?.kind === "groups" && emails.fields.map((field) => field.spec)).toContainEqual(
      expect.objectContaining({ format: "email" }),
    );
  });

  it("lays the about page out as sections of fields, with groups and images", () => {
    const about = fieldsOf("about");
    expect(about.map((field) => field.label)).toContain("Who we are");
    const whoWeAre = about.find((field) => field.key === "whoWeAre")?.spec;
    expect(whoWeAre?.kind).toBe("object");
    if (whoWeAre?.kind !== "object") return;
    const image = whoWeAre.fields.find((field) => field.key === "image")?.spec;
    expect(image?.kind === "object" && image.fields.map((field) => [field.label, field.spec.kind])).toEqual([
      ["Image name", "text"],
      ["Alt text", "text"],
    ]);
    expect(whoWeAre.fields.find((field) => field.key === "facts")?.spec).toMatchObject({ kind: "groups", count: 8 });
  });

  it("starts a new item empty, as the schema would refuse until it is filled in", () => {
    const empty = emptyFields(fieldsOf("jobs"));
    expect(empty).toEqual({
      title: "",
      location: "",
      department: "",
      type: "",
      experience: "",
      description: "",
      responsibilities: [],
      requirements: [],
    });
    expect(siteFieldSchemas.jobs.safeParse(empty).success).toBe(false);
    expect(Object.keys(emptyFields(fieldsOf("about")))).toHaveLength(9);
  });

  it("names fields and paths in words", () => {
    expect(labelOf("shortDescription")).toBe("Short description");
    expect(labelOf("cta")).toBe("Call to action");
    expect(pathLabel(fieldsOf("contact"), "offices.1.label")).toBe("Offices › Office 2 › Label");
    expect(pathLabel(fieldsOf("about"), "whoWeAre.image.name")).toBe("Who we are › Image › Image name");
    expect(readableError("Invalid input: expected number, received NaN")).toBe("Enter a whole number");
    expect(readableError("Too small: expected number to be >=1950")).toBe("At least 1950");
  });
});
