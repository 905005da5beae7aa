import { describe, expect, it } from "vitest";
import { currentXhr, installFakeXhr } from "../../../../test/helpers/fake-xhr.ts";
import { uploadFile } from "./upload-file.ts";

const sentFields = () => {
  const body = currentXhr().body;
  if (!(body instanceof FormData)) throw new Error("the body is not multipart");
  return [...body.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name]);
};

describe("uploadFile", () => {
  installFakeXhr();
  const file = new File(["drawing"], "drawing.pdf", { type: "application/pdf" });

  it("posts the expiry before the file, and no password or limit when none was given", () => {
    void uploadFile({ file, expiryMinutes: 600 });
    expect(currentXhr().url).toBe("/api/admin/files/upload");
    expect(sentFields()).toEqual([
      ["expiryMinutes", "600"],
      ["file", "drawing.pdf"],
    ]);
  });

  it("sends the password and the download limit as fields ahead of the file", () => {
    void uploadFile({ file, expiryMinutes: 60, password: "s3cret!", maxDownloads: 5 });
    expect(sentFields()).toEqual([
      ["expiryMinutes", "60"],
      ["password", "s3cret!"],
      ["maxDownloads", "5"],
      ["file", "drawing.pdf"],
    ]);
  });
});
