/**
 * Rasterises generated SVGs with sharp (the same renderer the build uses) for visual checks.
 * It renders the scenes' output directly, not the files on disk, so a picture the company has
 * replaced still previews as the generator draws it.
 *
 *   node --import tsx tools/artwork/preview.ts [outDir=/tmp/art] [width] [filter...]
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { artworks } from "./scenes/index.ts";

const [outDir = "/tmp/art", widthArg, ...filters] = process.argv.slice(2);
const width = widthArg ? Number(widthArg) : undefined;
await mkdir(outDir, { recursive: true });
for (const [file, build] of Object.entries(artworks)) {
  if (filters.length && !filters.some((f) => file.includes(f))) continue;
  const input = Buffer.from(build());
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
