/**
 * The edits of issue #35's journey, made through the API on a running server before Lighthouse
 * measures (`BENCH_EDITED=1 npm run bench:web`): a job's description in rich text, a new project
 * with an uploaded photo (alt text, a focal point), a changed phone number; all published.
 */
import sharp from "sharp";
import { type AdminSiteContent, sitePaths } from "../../shared/site-content.ts";
import { siteImagePaths } from "../../shared/site-images.ts";

async function call<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { "content-type": "application/json" }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A photo-like picture: a gradient with noise, as a JPEG from a phone would be (1 600 × 1 200). */
async function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104_729) % 37) - 18;
      pixels[at] = Math.max(0, Math.min(255, 60 + (x * 120) / width + noise));
      pixels[at + 1] = Math.max(0, Math.min(255, 80 + (y * 90) / height + noise));
      pixels[at + 2] = Math.max(0, Math.min(255, 110 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function publishSiteEdits(origin: string, username: string, password: string): Promise<string[]> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "admin" }),
  });
  const { token } = (await login.json()) as { token: string };
  const content = await call<AdminSiteContent>(origin, token, "GET", sitePaths.adminContent);

  const job = content.jobs[0];
  if (!job?.published) throw new Error("no published job to edit");
  const description = `${String(job.published.description)}\n\nYou will work with:\n\n- **Tekla Structures** and SDS2\n- AISC, *Eurocode* and IS 800\n\n[See what we detail](/services).`;
  await call(origin, token, "PUT", sitePaths.item("jobs", job.id), {
    ...job.published,
    description,
    version: job.version,
  });

  const form = new FormData();
  form.append("alt", "The steel frame of a new warehouse at dusk");
  form.append("focalX", "0.6");
  form.append("focalY", "0.4");
  form.append("file", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), "warehouse.jpg");
  const picture = await call<{ name: string }>(origin, token, "POST", siteImagePaths.images, form);
  await call(origin, token, "PUT", sitePaths.item("projects", "bench-warehouse"), {
    name: "Riverside Warehouse",
    image: picture.name,
    shortDescription: "A 12 000 m² steel warehouse, detailed in eight weeks.",
    longDescription: "Portal frames, **crane beams** and a mezzanine:\n\n- 1 400 t of steel\n- 9 000 connections",
    client: "Riverside Logistics",
    location: "Rotterdam",
    year: 2026,
    category: "Industrial",
    version: 0,
  });

  const contact = content.contact[0];
  if (!contact?.published) throw new Error("no published contact details");
  const phones = (contact.published.phones as { label: string; number: string; href: string }[]).map((phone, index) =>
    index === 0 ? { ...phone, number: "+1 (412) 555-0142", href: "tel:+14125550142" } : phone,
  );
  await call(origin, token, "PUT", sitePaths.item("contact", "main"), {
    ...contact.published,
    phones,
    version: contact.version,
  });

  const version = await call<{ id: number; pages: string[] }>(origin, token, "POST", sitePaths.publish, { all: true });
  return version.pages;
}
