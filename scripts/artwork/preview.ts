/**
 * Rasterises generated SVGs with sharp (the same renderer the build uses) for visual checks.
 *
 *   node --import tsx scripts/artwork/preview.ts [outDir=/tmp/art] [width] [filter...]
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { artworks } from "./scenes/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const [outDir = "/tmp/art", widthArg, ...filters] = process.argv.slice(2);
const width = widthArg ? Number(widthArg) : undefined;
await mkdir(outDir, { recursive: true });
for (const file of Object.keys(artworks)) {
  if (filters.length && !filters.some((f) => file.includes(f))) continue;
  const input = await readFile(path.join(root, file));
  const meta = await sharp(input).metadata();
  const density = width && meta.width ? Math.max(72, Math.ceil((72 * width) / meta.width)) : 72;
  let image = sharp(input, { density });
  if (width) image = image.resize({ width });
  const out = path.join(
    outDir,
    `${file
      .replace(/^.*?(images|logos|public)\//, "")
      .replaceAll("/", "-")
      .replace(/\.svg$/, "")}${width ? `-${width}` : ""}.png`,
  );
  await image.png().toFile(out);
  console.log(out);
}
