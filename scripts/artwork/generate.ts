/**
 * Writes the site's own illustrations (content/images, content/logos, favicon) from code.
 *
 *   node --import tsx scripts/artwork/generate.ts            # everything
 *   node --import tsx scripts/artwork/generate.ts projects/  # only files whose path contains the filter
 *
 * Preview the result with scripts/artwork/preview.ts.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { artworks } from "./scenes/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const filters = process.argv.slice(2);
const MAX_BYTES = 40 * 1024;

let failed = false;
for (const [file, build] of Object.entries(artworks)) {
  if (filters.length && !filters.some((f) => file.includes(f))) continue;
  const svg = build();
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, svg);
  const size = Buffer.byteLength(svg);
  const problems: string[] = [];
  if (!/<svg[^>]*><title>[^<]+<\/title>/.test(svg)) problems.push("missing <title>");
  if (size > MAX_BYTES) problems.push(`over ${MAX_BYTES / 1024} KB`);
  if (problems.length) failed = true;
  console.log(`${file.padEnd(58)} ${(size / 1024).toFixed(1).padStart(6)} KB ${problems.join(", ")}`);
}
if (failed) process.exitCode = 1;
