/**
 * Writes the site's own illustrations (content/images, content/logos, favicon) from code,
 * skipping any picture the company has replaced (see write-policy.ts and README.md).
 *
 *   npm run artwork                         # everything that is still ours
 *   npm run artwork -- projects/            # only files whose path contains the filter
 *   npm run artwork -- --force hero/        # also overwrite replaced files matching the filter
 *
 * Preview the result with tools/artwork/preview.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { artworks } from "./scenes/index.ts";
import { applyOutput, describe, loadManifest, saveManifest } from "./write-policy.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const manifestFile = path.join(here, "generated.json");
const MAX_BYTES = 40 * 1024;

const { values, positionals } = parseArgs({
  options: { force: { type: "string", multiple: true, default: [] } },
  allowPositionals: true,
});
const forceFilters = values.force;
const filters = [...positionals, ...forceFilters];
const matches = (file: string, list: string[]) => list.some((f) => file.includes(f));

const manifest = await loadManifest(manifestFile);
let failed = false;
let kept = 0;
for (const [file, build] of Object.entries(artworks)) {
  if (filters.length && !matches(file, filters)) continue;
  const svg = build();
  const size = Buffer.byteLength(svg);
  const problems: string[] = [];
  if (!/<svg[^>]*><title>[^<]+<\/title>/.test(svg)) problems.push("missing <title>");
  if (size > MAX_BYTES) problems.push(`over ${MAX_BYTES / 1024} KB`);
  if (problems.length) failed = true;
  const decision = await applyOutput({ root, file, content: svg, manifest, forced: matches(file, forceFilters) });
  if (decision.action === "keep") kept++;
  console.log(
    `${file.padEnd(58)} ${(size / 1024).toFixed(1).padStart(6)} KB  ${[describe(decision), ...problems].join(", ")}`,
  );
}
// Entries for pictures no scene draws any more would only confuse the next reader.
for (const file of Object.keys(manifest)) if (!(file in artworks)) delete manifest[file];
await saveManifest(manifestFile, manifest);
if (kept) console.log(`\n${kept} replaced picture(s) kept as they are.`);
if (failed) process.exitCode = 1;
