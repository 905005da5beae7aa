import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyOutput, loadManifest, type Manifest, saveManifest, sha256 } from "./write-policy.ts";

const FILE = "content/images/projects/tower.svg";
const OLD = "<svg><title>Tower</title></svg>";
const NEW = "<svg><title>Tower</title><rect/></svg>";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "artwork-"));
  await mkdir(path.join(root, "content/images/projects"), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const onDisk = (file = FILE) => readFile(path.join(root, file), "utf8");
const put = (content: string, file = FILE) => writeFile(path.join(root, file), content);
const run = (manifest: Manifest, forced = false) => applyOutput({ root, file: FILE, content: NEW, manifest, forced });

describe("applyOutput", () => {
  it("writes a picture that does not exist yet and records its hash", async () => {
    const manifest: Manifest = {};
    expect(await run(manifest)).toEqual({ action: "write", reason: "new" });
    expect(await onDisk()).toBe(NEW);
    expect(manifest[FILE]).toBe(sha256(NEW));
  });

  it("rewrites a picture that is still exactly what it last generated", async () => {
    await put(OLD);
    const manifest: Manifest = { [FILE]: sha256(OLD) };
    expect(await run(manifest)).toEqual({ action: "write", reason: "regenerated" });
    expect(await onDisk()).toBe(NEW);
    expect(manifest[FILE]).toBe(sha256(NEW));
  });

  it("keeps an SVG edited by hand since it was generated", async () => {
    await put("<svg><title>Our tower</title></svg>");
    const manifest: Manifest = { [FILE]: sha256(OLD) };
    expect(await run(manifest)).toEqual({ action: "keep", reason: "edited" });
    expect(await onDisk()).toBe("<svg><title>Our tower</title></svg>");
    expect(manifest[FILE]).toBe(sha256(OLD));
  });

  it("keeps a file it has no record of, unless it is byte for byte what it would write", async () => {
    await put(OLD);
    expect(await run({})).toEqual({ action: "keep", reason: "unrecorded" });
    expect(await onDisk()).toBe(OLD);

    await put(NEW);
    const manifest: Manifest = {};
    expect(await run(manifest)).toEqual({ action: "write", reason: "unchanged" });
    expect(manifest[FILE]).toBe(sha256(NEW));
  });

  it("leaves the SVG untouched when a photo of the same name replaces it", async () => {
    await put(OLD);
    await put("jpeg bytes", "content/images/projects/tower.JPG");
    const manifest: Manifest = { [FILE]: sha256(OLD) };
    expect(await run(manifest)).toEqual({ action: "keep", reason: "raster", rasters: ["tower.JPG"] });
    expect(await onDisk()).toBe(OLD);
    expect(manifest[FILE]).toBe(sha256(OLD));
  });

  it("does not create the SVG when only the photo is there", async () => {
    await put("webp bytes", "content/images/projects/tower.webp");
    expect((await run({})).action).toBe("keep");
    await expect(onDisk()).rejects.toThrow(/ENOENT/);
  });

  it("ignores files that only share a prefix", async () => {
    await put("png bytes", "content/images/projects/tower-2.png");
    expect(await run({})).toEqual({ action: "write", reason: "new" });
  });

  it("overwrites a replaced picture when forced", async () => {
    await put("<svg><title>Our tower</title></svg>");
    await put("png bytes", "content/images/projects/tower.png");
    const manifest: Manifest = {};
    expect(await run(manifest, true)).toEqual({ action: "write", reason: "forced" });
    expect(await onDisk()).toBe(NEW);
    expect(manifest[FILE]).toBe(sha256(NEW));
  });
});

describe("manifest", () => {
  it("round-trips with sorted keys and starts empty when missing", async () => {
    const file = path.join(root, "generated.json");
    expect(await loadManifest(file)).toEqual({});
    await saveManifest(file, { b: "2", a: "1" });
    expect(await readFile(file, "utf8")).toBe('{\n  "a": "1",\n  "b": "2"\n}\n');
    expect(await loadManifest(file)).toEqual({ a: "1", b: "2" });
  });
});
