import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * `virtual:content-images`: every picture under content/images, rasterised at build time to
 * AVIF and WebP at several widths, with content-hashed names (cached immutable by the server).
 * The company replaces a picture by dropping a file of the same name there (SVG, JPEG, PNG or WebP).
 * The encoded files are kept in the repository (content/encoded-images, decision 031): a build
 * encodes only a picture whose files are not there yet, and writes them there to be committed.
 */
const VIRTUAL_ID = "virtual:content-images";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const WIDTHS = [480, 800, 1200, 1600];
const SOURCE_EXTENSIONS = new Set([".svg", ".jpg", ".jpeg", ".png", ".webp"]);

export interface ContentImage {
  width: number;
  height: number;
  avif: string;
  webp: string;
  src: string;
}

/** Every picture file under root, sorted; chooseSources picks the one per name the site shows. */
export async function listSources(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (SOURCE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) found.push(full);
    }
  };
  await walk(root);
  return found.sort();
}

const nameOf = (root: string, source: string) =>
  path
    .relative(root, source)
    .replace(/\.[^.]+$/, "")
    .split(path.sep)
    .join("/");

/**
 * One source per picture name. A photo the company dropped beside the drawn SVG of the same name
 * replaces it (the SVG stays for the artwork tool, tools/artwork, which never overwrites a picture
 * that was replaced); two photos of one name are a mistake the build names rather than guesses at.
 */
export function chooseSources(root: string, sources: string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const source of sources) {
    const name = nameOf(root, source);
    byName.set(name, [...(byName.get(name) ?? []), source]);
  }
  const chosen: string[] = [];
  for (const [name, candidates] of byName) {
    const photos = candidates.filter((source) => path.extname(source).toLowerCase() !== ".svg");
    if (photos.length > 1) {
      throw new Error(
        `content/images: ${photos.map((p) => path.basename(p)).join(" and ")} are both "${name}": keep one`,
      );
    }
    chosen.push(photos[0] ?? candidates[0]!);
  }
  return chosen.sort();
}

export interface SourcePicture {
  source: string;
  /** The picture's name on the site: its path under root without the extension ("hero/steel-frame"). */
  name: string;
  input: Buffer;
  /** The first 10 hex digits of the source's SHA-256: a replaced picture gets new file names. */
  hash: string;
  width: number;
  height: number;
  isVector: boolean;
}

/** Reads a source and what its encoded files are named after; encodes nothing. */
export async function readSource(root: string, source: string): Promise<SourcePicture> {
  const { default: sharp } = await import("sharp");
  const input = await readFile(source);
  const meta = await sharp(input).metadata();
  return {
    source,
    name: nameOf(root, source),
    input,
    hash: createHash("sha256").update(input).digest("hex").slice(0, 10),
    width: meta.width ?? 1200,
    height: meta.height ?? 800,
    isVector: path.extname(source).toLowerCase() === ".svg",
  };
}

export interface EncodedFile {
  width: number;
  format: "avif" | "webp";
  /** `{slug}-{hash}-{width}.{format}`, the same name in the repository and in build/client/assets/img. */
  fileName: string;
}

/**
 * The files a picture is encoded to: every standard width up to its own (a vector to the largest;
 * a raster never upscaled, and one smaller than every width kept at its own), each in AVIF and WebP.
 */
export function encodedFiles(picture: Pick<SourcePicture, "name" | "hash" | "width" | "isVector">): EncodedFile[] {
  const maxWidth = picture.isVector ? WIDTHS[WIDTHS.length - 1]! : picture.width;
  const widths = WIDTHS.filter((w) => w <= maxWidth);
  if (widths.length === 0) widths.push(picture.width);
  const slug = picture.name.replaceAll("/", "-");
  return widths.flatMap((width) =>
    (["avif", "webp"] as const).map((format) => ({
      width,
      format,
      fileName: `${slug}-${picture.hash}-${width}.${format}`,
    })),
  );
}

/** Runs tasks at most `limit` at a time. */
async function inPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

export function contentImages(options: { dir: string; encodedDir: string }): Plugin {
  let command: "build" | "serve" = "build";
  let warn: (message: string) => void = console.warn;
  let manifest: Promise<{ images: Record<string, ContentImage>; files: Map<string, Buffer> }> | undefined;

  async function encode(picture: SourcePicture, file: EncodedFile): Promise<Buffer> {
    const { default: sharp } = await import("sharp");
    const density = picture.isVector ? Math.max(72, Math.ceil((72 * file.width) / picture.width)) : undefined;
    const pipeline = sharp(picture.input, density ? { density } : {}).resize({ width: file.width });
    const data =
      file.format === "avif"
        ? await pipeline.avif({ quality: 55, effort: 4 }).toBuffer()
        : await pipeline.webp({ quality: 78 }).toBuffer();
    // Written aside and renamed: an interrupted build must not leave a truncated file to be committed.
    const target = path.join(options.encodedDir, file.fileName);
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, target);
    return data;
  }

  async function render(): Promise<{ images: Record<string, ContentImage>; files: Map<string, Buffer> }> {
    const images: Record<string, ContentImage> = {};
    const files = new Map<string, Buffer>();
    const pictures = await Promise.all(
      chooseSources(options.dir, await listSources(options.dir)).map((source) => readSource(options.dir, source)),
    );

    if (command === "serve") {
      for (const picture of pictures) {
        const url = `/@fs${picture.source}`;
        images[picture.name] = { width: picture.width, height: picture.height, avif: url, webp: url, src: url };
      }
      return { images, files };
    }

    await mkdir(options.encodedDir, { recursive: true });
    const kept = new Set(await readdir(options.encodedDir));
    const missing: (() => Promise<void>)[] = [];
    const expected = new Set<string>();
    const order: string[] = [];
    for (const picture of pictures) {
      const srcsets: Record<"avif" | "webp", string[]> = { avif: [], webp: [] };
      const encoded = encodedFiles(picture);
      for (const file of encoded) {
        const fileName = `assets/img/${file.fileName}`;
        expected.add(file.fileName);
        order.push(fileName);
        if (kept.has(file.fileName)) files.set(fileName, await readFile(path.join(options.encodedDir, file.fileName)));
        else missing.push(async () => void files.set(fileName, await encode(picture, file)));
        srcsets[file.format].push(`/${fileName} ${file.width}w`);
      }
      const widths = encoded.map((file) => file.width);
      const fallbackWidth = widths.includes(800) ? 800 : widths[widths.length - 1]!;
      const slug = picture.name.replaceAll("/", "-");
      images[picture.name] = {
        width: picture.width,
        height: picture.height,
        avif: srcsets.avif.join(", "),
        webp: srcsets.webp.join(", "),
        src: `/assets/img/${slug}-${picture.hash}-${fallbackWidth}.webp`,
      };
    }

    // One encode keeps about one core busy (sharp runs libvips single-threaded on glibc): one per core at once.
    await inPool(missing, availableParallelism());
    const relative = path.relative(process.cwd(), options.encodedDir);
    if (missing.length > 0) {
      warn(`content-images: encoded ${missing.length} new files into ${relative}: commit them`);
    }
    const orphans = [...kept].filter((file) => !expected.has(file));
    if (orphans.length > 0) {
      warn(`content-images: ${relative} has files of no current picture (delete them): ${orphans.join(", ")}`);
    }
    // Emitted in the pictures' order, however the encodes finished.
    return { images, files: new Map(order.map((fileName) => [fileName, files.get(fileName)!])) };
  }

  return {
    name: "content-images",
    configResolved(config) {
      command = config.command;
      warn = (message) => config.logger.warn(message);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      manifest ??= render();
      const { images, files } = await manifest;
      if (command === "build") {
        for (const [fileName, source] of files) this.emitFile({ type: "asset", fileName, source });
      }
      return `export default ${JSON.stringify(images)};`;
    },
  };
}
