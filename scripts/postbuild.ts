/**
 * After `react-router build`: writes robots.txt, sitemap.xml and the social card into the client
 * build, and precompresses every text asset (brotli + gzip) so the server never compresses on the fly.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import sharp from "sharp";
import services from "../content/services.json" with { type: "json" };
import site from "../content/site.json" with { type: "json" };
import { deferBoot } from "../server/lib/deferred-boot.ts";
import { NOT_FOUND_FILE, NOT_FOUND_PRERENDER_PATH, publicRoutes, SPA_FALLBACK_FILE } from "../shared/site-routes.ts";
import { type BrochureLine, brochurePdf, wrap } from "./lib/brochure-pdf.ts";

const clientDir = path.resolve("build/client");
const origin = (process.env.PUBLIC_ORIGIN ?? "http://localhost:3000").replace(/\/+$/, "");
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".map"]);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function writeSeoFiles() {
  const today = new Date().toISOString().slice(0, 10);
  const urls = publicRoutes
    .map(
      (route) =>
        `  <url>\n    <loc>${origin}${route.path}</loc>\n    <lastmod>${today}</lastmod>\n    <changefreq>${route.changefreq}</changefreq>\n    <priority>${route.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  await writeFile(
    path.join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  await writeFile(
    path.join(clientDir, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /employee-dashboard\nDisallow: /staff\nDisallow: /share/\nDisallow: /upload/\nDisallow: /review/\nDisallow: /rfi/\nDisallow: /site-preview/\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
}

async function writeSocialCard() {
  const source = path.resolve("content/images/og/og-image.svg");
  try {
    await stat(source);
  } catch {
    return;
  }
  await sharp(source).resize(1200, 630).png({ compressionLevel: 9 }).toFile(path.join(clientDir, "og-image.png"));
}

async function writeBrochure() {
  const white: [number, number, number] = [1, 1, 1];
  const grey: [number, number, number] = [0.26, 0.33, 0.42];
  const lines: BrochureLine[] = [
    { text: site.brand.legalName, size: 22, bold: true, color: white, gap: -12 },
    { text: `${site.brand.tagline}.`, size: 12, gap: 34 },
    { text: `Serving ${site.regions.join(", ")} in ${site.software.join(" and ")}.`, size: 10.5, color: grey, gap: 2 },
    { text: "Services", size: 15, bold: true, gap: 18 },
  ];
  for (const service of services) {
    lines.push({ text: service.title, size: 11.5, bold: true, gap: 8 });
    for (const line of wrap(service.summary, 92)) lines.push({ text: line, size: 10, color: grey });
  }
  lines.push({ text: "Contact", size: 15, bold: true, gap: 18 });
  for (const email of site.contact.emails) lines.push({ text: `${email.label}: ${email.address}`, size: 10.5, gap: 2 });
  for (const phone of site.contact.phones) lines.push({ text: `${phone.label}: ${phone.number}`, size: 10.5, gap: 2 });
  for (const office of site.contact.offices) {
    lines.push({ text: `${office.label}: ${office.lines.join(", ")}`, size: 10.5, gap: 2 });
  }
  lines.push({ text: origin, size: 10.5, color: grey, gap: 10 });
  await writeFile(path.join(clientDir, "brochure.pdf"), brochurePdf(lines));
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * Every prerendered page (not the staff area's empty shell) paints before any script is requested:
 * see server/lib/deferred-boot.ts. The 404 page, prerendered at NOT_FOUND_PRERENDER_PATH, moves to
 * the file the server answers unknown addresses with.
 */
async function rewritePages() {
  let pages = 0;
  for await (const file of walk(clientDir)) {
    if (path.extname(file) !== ".html" || path.basename(file) === SPA_FALLBACK_FILE) continue;
    const html = await readFile(file, "utf8");
    const deferred = deferBoot(html);
    if (deferred === html) continue;
    await writeFile(file, deferred);
    pages += 1;
  }
  const notFoundDir = path.join(clientDir, NOT_FOUND_PRERENDER_PATH.slice(1));
  await rename(path.join(notFoundDir, "index.html"), path.join(clientDir, NOT_FOUND_FILE));
  await rm(notFoundDir, { recursive: true });
  return pages;
}

async function precompress() {
  let files = 0;
  for await (const file of walk(clientDir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const data = await readFile(file);
    if (data.length < 512) continue;
    const [br, gzipped] = await Promise.all([
      brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    files += 1;
  }
  return files;
}

await writeSeoFiles();
await writeSocialCard();
await writeBrochure();
const deferred = await rewritePages();
const compressed = await precompress();
console.log(
  `postbuild: robots.txt, sitemap.xml, og-image.png, brochure.pdf written; scripts deferred past the first paint on ${deferred} pages; ${compressed} assets precompressed`,
);
