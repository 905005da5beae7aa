import { describe, expect, it } from "vitest";
import { sharedFileFrom, shareUploadMetadata } from "./upload-file.ts";

describe("shareUploadMetadata", () => {
  const file = new File(["drawing"], "drawing.pdf", { type: "application/pdf" });

  it("sends the name, type and expiry, and no password or limit when none was given", () => {
    expect(shareUploadMetadata({ file, expiryMinutes: 600 })).toEqual({
      filename: "drawing.pdf",
      filetype: "application/pdf",
      expiryMinutes: "600",
    });
  });

  it("sends the password and the download limit when given", () => {
    expect(shareUploadMetadata({ file, expiryMinutes: 60, password: "s3cret!", maxDownloads: 5 })).toEqual({
      filename: "drawing.pdf",
      filetype: "application/pdf",
      expiryMinutes: "60",
      password: "s3cret!",
      maxDownloads: "5",
    });
  });

  it("names a type for files the browser could not type", () => {
    const model = new File(["x"], "bridge.ifc");
    expect(shareUploadMetadata({ file: model, expiryMinutes: 60 }).filetype).toBe("application/octet-stream");
  });
});

describe("sharedFileFrom", () => {
  const shared = {
    id: 3,
    fileName: "drawing.pdf",
    fileUrl: "http://localhost/share/abc",
    expiryDate: "2026-11-26T10:00:00.000Z",
    size: 7,
    contentType: "application/pdf",
    createdAt: "2026-11-26T00:00:00.000Z",
    downloads: 0,
    lastDownloadAt: null,
    hasPassword: false,
    maxDownloads: null,
  };
  it("reads the final answer's SharedFile", () => {
    expect(sharedFileFrom(shared)).toEqual(shared);
  });
  it("is null when the answer had none (an upload found complete after a reload)", () => {
    expect(sharedFileFrom(undefined)).toBeNull();
  });
});
