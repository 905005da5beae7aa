import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Sample, samples } from "../../test/helpers/sample-files.ts";
import { classifier, cvTypes, detectHead, headCheck, quoteTypes } from "./file-types.ts";
import { FileTypeError } from "./uploads.ts";

const dir = mkdtempSync(path.join(tmpdir(), "nb-file-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const onDisk = (sample: Sample) => {
  const file = path.join(dir, sample);
  writeFileSync(file, samples[sample]);
  return file;
};

describe("detectHead", () => {
  it.each([
    ["pdf", "pdf"],
    ["png", "png"],
    ["jpeg", "jpg"],
    ["gif", "gif"],
    ["webp", "webp"],
    ["tiff", "tif"],
    ["cfb", "cfb"],
    ["sevenZip", "7z"],
    ["rar", "rar"],
    ["dwg", "dwg"],
    ["dxf", "dxf"],
    ["dxfLf", "dxf"],
    ["ifc", "ifc"],
    ["elf", "elf"],
    ["exe", "exe"],
  ] as const)("recognises %s as %s from its first bytes", async (sample, ext) => {
    expect((await detectHead(samples[sample]))?.ext).toBe(ext);
  });

  it("does not recognise a web page or plain text", async () => {
    expect(await detectHead(samples.html)).toBeUndefined();
    expect(await detectHead(samples.text)).toBeUndefined();
  });
});

describe("quote attachments", () => {
  it.each([
    ["pdf", "application/pdf"],
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
    ["tiff", "image/tiff"],
    ["cfb", "application/octet-stream"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["zip", "application/zip"],
    ["sevenZip", "application/x-7z-compressed"],
    ["rar", "application/x-rar-compressed"],
    ["dwg", "image/vnd.dwg"],
    ["dxf", "image/vnd.dxf"],
    ["ifc", "application/x-step"],
  ] as const)("accept %s, stored as %s", async (sample, mime) => {
    await expect(headCheck(quoteTypes)(samples[sample])).resolves.toBeUndefined();
    await expect(classifier(quoteTypes)(onDisk(sample), samples[sample])).resolves.toBe(mime);
  });

  it.each(["elf", "exe", "html", "text"] as const)("refuse %s", async (sample) => {
    await expect(headCheck(quoteTypes)(samples[sample])).rejects.toBeInstanceOf(FileTypeError);
    await expect(classifier(quoteTypes)(onDisk(sample), samples[sample])).rejects.toBeInstanceOf(FileTypeError);
  });
});

describe("CVs", () => {
  it.each(["pdf", "cfb", "docx", "zip"] as const)("accept %s", async (sample) => {
    await expect(headCheck(cvTypes)(samples[sample])).resolves.toBeUndefined();
    await expect(classifier(cvTypes)(onDisk(sample), samples[sample])).resolves.toBeTruthy();
  });

  it.each(["png", "dwg", "sevenZip", "elf", "html"] as const)("refuse %s", async (sample) => {
    await expect(classifier(cvTypes)(onDisk(sample), samples[sample])).rejects.toBeInstanceOf(FileTypeError);
  });
});
