/**
 * bench:pictures — what an uploaded site picture costs the server (DESIGN §17, decision 056): the
 * header read, and the whole encoding (orient, crop 3:2 around a focal point, AVIF and WebP at the
 * build's widths, the editor's small whole picture), for photos of 2, 12 and 24 megapixels. The
 * photos are strong noise over a flat colour (JPEG q85): detail at every scale, slower to encode
 * than a real photo (the 2 MP one most: downscaling the larger ones smooths their noise).
 *
 *   npm run bench:pictures [-- --runs 3]
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { encodeImage, measure } from "../server/modules/site/image-encoding.ts";
import { wholeNumber } from "./lib/args.ts";
import { median, renderTable, round, writeResults } from "./lib/report.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = wholeNumber("bench:pictures", "runs", values.runs ?? "3", 1, 20);

/** A photo-like JPEG: noise over a colour, so the encoders have detail to spend bits on. */
async function photo(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#3b5b7a" } })
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const sizes = [
  { label: "2 MP (1800×1200)", width: 1800, height: 1200 },
  { label: "12 MP (4000×3000)", width: 4000, height: 3000 },
  { label: "24 MP (6000×4000)", width: 6000, height: 4000 },
];

const rows: string[][] = [];
const results: Record<string, unknown>[] = [];
for (const size of sizes) {
  const input = await photo(size.width, size.height);
  const header: number[] = [];
  const encode: number[] = [];
  let files = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    await measure(input);
    header.push(performance.now() - started);
    started = performance.now();
    const encoded = await encodeImage("0123456789ab", input, { x: 0.3, y: 0.5 }, true);
    encode.push(performance.now() - started);
    files = encoded.files.length;
    bytes = encoded.files.reduce((sum, file) => sum + file.data.length, 0);
  }
  const mb = round(input.length / 1024 / 1024, 2);
  rows.push([
    size.label,
    String(mb),
    String(round(median(header), 2)),
    String(round(median(encode), 0)),
    String(round(Math.max(...encode), 0)),
    String(files),
    String(round(bytes / 1024, 0)),
  ]);
  results.push({ ...size, uploadMB: mb, headerMs: median(header), encodeMs: encode, files, encodedKB: bytes / 1024 });
}

console.log(
  renderTable(["photo", "upload MB", "header ms", "encode p50 ms", "encode max ms", "files", "files KB"], rows, {
    leftColumns: 1,
  }),
);
console.log(`bench:pictures: ${runs} runs each; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
console.log(writeResults("pictures.json", { runs, results }));
