import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * `virtual:content-images`: every picture under content/images, rasterised at build time to
 * AVIF and WebP at several widths, with content-hashed names (cached immutable by the server).
 * The company replaces a picture by dropping a file of the same name there (SVG, JPEG, PNG or WebP).
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

async function listSources(root: string): Promise<string[]> {
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

export function contentImages(options: { dir: string; cacheDir: string }): Plugin {
  let command: "build" | "serve" = "build";
  let manifest: Promise<{ images: Record<string, ContentImage>; files: Map<string, Buffer> }> | undefined;

  async function render(): Promise<{ images: Record<string, ContentImage>; files: Map<string, Buffer> }> {
    const { default: sharp } = await import("sharp");
    const images: Record<string, ContentImage> = {};
    const files = new Map<string, Buffer>();
    await mkdir(options.cacheDir, { recursive: true });

    for (const source of chooseSources(options.dir, await listSources(options.dir))) {
      const name = nameOf(options.dir, source);
      const input = await readFile(source);
      const meta = await sharp(input).metadata();
      const intrinsicWidth = meta.width ?? 1200;
      const intrinsicHeight = meta.height ?? 800;
      const isVector = path.extname(source).toLowerCase() === ".svg";

      if (command === "serve") {
        const url = `/@fs${source}`;
        images[name] = { width: intrinsicWidth, height: intrinsicHeight, avif: url, webp: url, src: url };
        continue;
      }

      const hash = createHash("sha256").update(input).digest("hex").slice(0, 10);
      const maxWidth = isVector ? WIDTHS[WIDTHS.length - 1]! : intrinsicWidth;
      const widths = WIDTHS.filter((w) => w <= maxWidth);
      if (widths.length === 0) widths.push(intrinsicWidth);
      const slug = name.replaceAll("/", "-");
      const srcsets: Record<"avif" | "webp", string[]> = { avif: [], webp: [] };

      for (const width of widths) {
        for (const format of ["avif", "webp"] as const) {
          const fileName = `assets/img/${slug}-${hash}-${width}.${format}`;
          const cached = path.join(options.cacheDir, path.basename(fileName));
          let data: Buffer;
          try {
            data = await readFile(cached);
          } catch {
            const density = isVector ? Math.max(72, Math.ceil((72 * width) / intrinsicWidth)) : undefined;
            const pipeline = sharp(input, density ? { density } : {}).resize({ width });
            data =
              format === "avif"
                ? await pipeline.avif({ quality: 55, effort: 4 }).toBuffer()
                : await pipeline.webp({ quality: 78 }).toBuffer();
            await writeFile(cached, data);
          }
          files.set(fileName, data);
          srcsets[format].push(`/${fileName} ${width}w`);
        }
      }
      const fallbackWidth = widths.includes(800) ? 800 : widths[widths.length - 1]!;
      images[name] = {
        width: intrinsicWidth,
        height: intrinsicHeight,
        avif: srcsets.avif.join(", "),
        webp: srcsets.webp.join(", "),
        src: `/assets/img/${slug}-${hash}-${fallbackWidth}.webp`,
      };
    }
    return { images, files };
  }

  return {
    name: "content-images",
    configResolved(config) {
      command = config.command;
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
