/**
 * Decides whether the generator may write a picture, so it never overwrites one the company has
 * replaced. The manifest (generated.json) holds the sha256 of the bytes last written per output:
 * a file whose hash still matches was ours; anything else was put there by someone.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Output path (relative to the repository root, "/"-separated) → sha256 of what we last wrote. */
export type Manifest = Record<string, string>;

/** The formats client/vite/content-images.ts accepts besides SVG: a photo dropped under the same name. */
const RASTER_EXTENSIONS = new Set([".jpg", ".jpeg", ".png", ".webp"]);

export type Decision =
  | { action: "write"; reason: "new" | "regenerated" | "unchanged" | "forced" }
  | { action: "keep"; reason: "edited" | "unrecorded" }
  | { action: "keep"; reason: "raster"; rasters: string[] };

export interface OutputState {
  /** Bytes currently at the target, undefined when there is no file. */
  current: Buffer | undefined;
  /** What the generator produces now. */
  next: Buffer;
  /** Manifest hash for this output, undefined when it has never been recorded. */
  recorded: string | undefined;
  /** Files beside the target with the same base name and a raster extension. */
  rasters: string[];
  forced: boolean;
}

export function sha256(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function decide(state: OutputState): Decision {
  if (state.forced) return { action: "write", reason: "forced" };
  // A photo of the same name is the company's replacement; rewriting the SVG would not change
  // which one the site shows, and deleting it is their call, so leave both alone.
  if (state.rasters.length > 0) return { action: "keep", reason: "raster", rasters: state.rasters };
  if (state.current === undefined) return { action: "write", reason: "new" };
  // Identical bytes cannot be a replacement; this also adopts files committed before the manifest.
  if (state.current.equals(state.next)) return { action: "write", reason: "unchanged" };
  if (state.recorded === undefined) return { action: "keep", reason: "unrecorded" };
  if (sha256(state.current) === state.recorded) return { action: "write", reason: "regenerated" };
  return { action: "keep", reason: "edited" };
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function rasterSiblings(target: string): Promise<string[]> {
  if (path.extname(target).toLowerCase() !== ".svg") return [];
  const base = path.basename(target, path.extname(target));
  let entries: string[];
  try {
    entries = await readdir(path.dirname(target));
  } catch {
    return [];
  }
  return entries
    .filter((name) => RASTER_EXTENSIONS.has(path.extname(name).toLowerCase()))
    .filter((name) => path.basename(name, path.extname(name)) === base)
    .sort();
}

/**
 * Applies the decision for one output under `root`: writes the file and records its hash in
 * `manifest` when allowed, otherwise touches neither.
 */
export async function applyOutput(options: {
  root: string;
  file: string;
  content: string | Buffer;
  manifest: Manifest;
  forced: boolean;
}): Promise<Decision> {
  const { root, file, manifest } = options;
  const target = path.join(root, file);
  const next = Buffer.from(options.content);
  const decision = decide({
    current: await readIfExists(target),
    next,
    recorded: manifest[file],
    rasters: await rasterSiblings(target),
    forced: options.forced,
  });
  if (decision.action === "write") {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, next);
    manifest[file] = sha256(next);
  }
  return decision;
}

export async function loadManifest(file: string): Promise<Manifest> {
  const text = await readIfExists(file);
  return text ? (JSON.parse(text.toString("utf8")) as Manifest) : {};
}

/** Sorted keys and a trailing newline, so the committed file only changes where a picture did. */
export async function saveManifest(file: string, manifest: Manifest): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFile(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** One line for the run log. */
export function describe(decision: Decision): string {
  switch (decision.reason) {
    case "new":
      return "written (new)";
    case "regenerated":
      return "written";
    case "unchanged":
      return "unchanged";
    case "forced":
      return "written (forced)";
    case "edited":
      return "kept: replaced since it was generated (--force to overwrite)";
    case "unrecorded":
      return "kept: not in generated.json, so not ours to overwrite (--force to overwrite)";
    case "raster":
      return `kept: replaced by ${decision.rasters.join(", ")} (the site shows the photo)`;
  }
}
