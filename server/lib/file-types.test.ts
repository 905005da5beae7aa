import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type Sample, samples } from "../../test/helpers/sample-files.ts";
import { classifier, cvTypes, detectHead, headCheck, quoteTypes } from "./file-types.ts";
import { FileTypeError } from "./uploads.ts";

/** Opens a sample as the store would hand back a complete upload: a stream, in small chunks. */
const stored = (sample: Sample) => async () =>
  Readable.from(
    (function* () {
      const bytes = samples[sample];
      for (let i = 0; i < bytes.length; i += 1024) yield bytes.subarray(i, i + 1024);
    })(),
  );

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
    await expect(classifier(quoteTypes)(stored(sample), samples[sample])).resolves.toBe(mime);
  });

  it.each(["elf", "exe", "html", "text"] as const)("refuse %s", async (sample) => {
    await expect(headCheck(quoteTypes)(samples[sample])).rejects.toBeInstanceOf(FileTypeError);
    await expect(classifier(quoteTypes)(stored(sample), samples[sample])).rejects.toBeInstanceOf(FileTypeError);
  });
});

describe("CVs", () => {
  it.each(["pdf", "cfb", "docx", "zip"] as const)("accept %s", async (sample) => {
    await expect(headCheck(cvTypes)(samples[sample])).resolves.toBeUndefined();
    await expect(classifier(cvTypes)(stored(sample), samples[sample])).resolves.toBeTruthy();
  });

  it.each(["png", "dwg", "sevenZip", "elf", "html"] as const)("refuse %s", async (sample) => {
    await expect(classifier(cvTypes)(stored(sample), samples[sample])).rejects.toBeInstanceOf(FileTypeError);
  });
});
