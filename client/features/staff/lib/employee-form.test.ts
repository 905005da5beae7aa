import { describe, expect, it } from "vitest";
import type { Employee } from "../api/types.ts";
import { editEmployeeSchema, editValuesFrom, registerEmployeeSchema, toUpdateInput } from "./employee-form.ts";

const employee: Employee = {
  id: 7,
  name: "Jane Doe",
  email: "jane@northbeam.test",
  role: "Senior Modeler",
  username: "jdoe",
  status: "active",
  performance: 82,
  projects: ["Harbor Bridge", "Riverside Tower"],
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("registerEmployeeSchema", () => {
  it("requires every field and a valid email", () => {
    const result = registerEmployeeSchema.safeParse({ name: " ", email: "nope", role: "", username: "", password: "" });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(new Set(fields)).toEqual(new Set(["name", "email", "role", "username", "password"]));
  });
  it("trims text fields but not the password", () => {
    const result = registerEmployeeSchema.parse({
      name: " Jane Doe ",
      email: " jane@northbeam.test ",
      role: "Checker",
      username: " jdoe ",
      password: " secret-pass ",
    });
    expect(result).toMatchObject({
      name: "Jane Doe",
      email: "jane@northbeam.test",
      username: "jdoe",
      password: " secret-pass ",
    });
  });
});

describe("edit form", () => {
  it("starts from the employee with a blank password and comma-separated projects", () => {
    expect(editValuesFrom(employee)).toMatchObject({ password: "", projects: "Harbor Bridge, Riverside Tower" });
  });
  it("leaves a blank password out of the PUT body", () => {
    const body = toUpdateInput(editEmployeeSchema.parse(editValuesFrom(employee)));
    expect(body).not.toHaveProperty("password");
    expect(body.projects).toEqual(["Harbor Bridge", "Riverside Tower"]);
  });
  it("sends a new password", () => {
    const body = toUpdateInput(editEmployeeSchema.parse({ ...editValuesFrom(employee), password: "n3w-pass" }));
    expect(body.password).toBe("n3w-pass");
  });
  it("keeps performance a whole number from 0 to 100", () => {
    for (const performance of [-1, 101, 50.5, Number.NaN]) {
      expect(editEmployeeSchema.safeParse({ ...editValuesFrom(employee), performance }).success).toBe(false);
    }
  });
  it("checks a new password against the server's length rule, but allows blank", () => {
    expect(editEmployeeSchema.safeParse({ ...editValuesFrom(employee), password: "short" }).success).toBe(false);
    expect(editEmployeeSchema.safeParse({ ...editValuesFrom(employee), password: "" }).success).toBe(true);
  });
  it("uses the server's username rule", () => {
    const result = editEmployeeSchema.safeParse({ ...editValuesFrom(employee), username: "j doe" });
    expect(result.success).toBe(false);
  });
  it("requires the username", () => {
    const result = editEmployeeSchema.safeParse({ ...editValuesFrom(employee), username: "  " });
    expect(result.error?.issues[0]?.message).toBe("Username is required.");
  });
});
