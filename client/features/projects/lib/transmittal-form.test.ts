import { describe, expect, it } from "vitest";
import type { Drawing } from "../../../../shared/drawings.ts";
import { createTransmittalBody, recipientList, sendableSheets, transmittalFormSchema } from "./transmittal-form.ts";

const sheet = (number: string, revision: string, status: Drawing["status"] = "inProgress"): Drawing => ({
  number,
  title: `Sheet ${number}`,
  revision,
  status,
  onHold: false,
  assignee: null,
  updatedAt: "2026-11-28T10:00:00.000Z",
  revisions: [],
});

describe("the New transmittal form", () => {
  it("reads recipients as people paste them, each once", () => {
    expect(recipientList("a@x.example, b@x.example;\nc@x.example a@x.example")).toEqual([
      "a@x.example",
      "b@x.example",
      "c@x.example",
    ]);
    expect(recipientList("  ")).toEqual([]);
  });

  it("refuses what the server refuses, with its words", () => {
    const parsed = transmittalFormSchema.safeParse({
      purpose: "approval",
      sheets: [],
      recipients: "not-an-address",
      message: "",
      dueDays: "0",
      password: "",
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
    expect(messages).toContain("sheets: Choose at least one sheet");
    expect(messages).toContain("dueDays: The client needs at least a day");
    expect(messages.some((text) => text.startsWith("recipients.0"))).toBe(true);
  });

  it("sends each chosen sheet at its latest revision, and only drawn sheets can go", () => {
    const register = [sheet("E-1", "B"), sheet("E-2", ""), sheet("E-3", "0", "released")];
    expect(sendableSheets(register, "approval").map((each) => each.number)).toEqual(["E-1"]);
    expect(sendableSheets(register, "fabrication").map((each) => each.number)).toEqual(["E-1", "E-3"]);
    const values = transmittalFormSchema.parse({
      purpose: "fabrication",
      sheets: ["E-1", "E-3"],
      recipients: "shop@fab.example",
      message: "For fabrication.",
      dueDays: "7",
      password: "",
    });
    expect(createTransmittalBody(values, register)).toEqual({
      purpose: "fabrication",
      sheets: [
        { number: "E-1", revision: "B" },
        { number: "E-3", revision: "0" },
      ],
      recipients: ["shop@fab.example"],
      message: "For fabrication.",
      dueDays: 7,
    });
  });
});
