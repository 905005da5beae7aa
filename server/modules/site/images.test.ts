// DESIGN §17 images: uploads through the store, the build's sizes and formats cropped around a
// focal point, served for good; publishing refuses a picture without alt text unless decorative.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublicSiteContent, sitePaths } from "../../../shared/site-content.ts";
import { type SiteImage, siteImagePaths } from "../../../shared/site-images.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { cropAround } from "./image-encoding.ts";

/** A JPEG whose left half is red and right half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0000ff" } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: "#ff0000" } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();

/** A PNG's header claiming `width` × `height`, with one tiny compressed row: it decodes to nothing that size. */
function claimedPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const project = (image: string) => ({
  name: "Riverside Depot",
  image,
  shortDescription: "A steel depot.",
  longDescription: "Detailed in Tekla.",
  client: "Depot Co",
  location: "Leeds",
  year: 2026,
  category: "Industrial",
  version: 0,
});

describe("cropAround", () => {
  it("takes the largest 3:2 box, centred on the focal point as far as the edges let it", () => {
    expect(cropAround(2400, 1200, { x: 0.5, y: 0.5 })).toEqual({ left: 300, top: 0, width: 1800, height: 1200 });
    expect(cropAround(2400, 1200, { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 1800, height: 1200 });
    expect(cropAround(2400, 1200, { x: 1, y: 0.5 })).toEqual({ left: 600, top: 0, width: 1800, height: 1200 });
    expect(cropAround(1000, 1000, { x: 0.5, y: 0.9 })).toEqual({ left: 0, top: 333, width: 1000, height: 667 });
    expect(cropAround(300, 200, { x: 0.2, y: 0.2 })).toEqual({ left: 0, top: 0, width: 300, height: 200 });
  });
});

describe("the site's uploaded pictures (DESIGN §17)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (file: Buffer, fields: Record<string, string> = {}, headers = admin, fileName = "photo.jpg") => {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: "file", value: file, fileName, contentType: "image/jpeg" },
    ]);
    return t.app.inject({
      method: "POST",
      url: siteImagePaths.images,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (file: Buffer, fields: Record<string, string> = {}) => {
    const response = await upload(file, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SiteImage;
  };
  /** The mean of the red channel of a served file (255: all red, 0: all blue). */
  const redOf = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    const stats = await sharp(response.rawPayload).stats();
    return stats.channels[0]!.mean;
  };
  const imageCount = async () =>
    ((await t.app.inject({ url: siteImagePaths.images, headers: admin })).json() as { images: SiteImage[] }).images
      .length;

  it("makes the build's widths and formats, cropped around the focal point, served for good", async () => {
    const photo = await halves(2400, 1200);
    const left = await uploaded(photo, { alt: "The depot's frame", focalX: "0.1", focalY: "0.5" });
    const right = await uploaded(photo, { alt: "The depot's frame", focalX: "0.9" });
    expect(left.name).toBe(`uploads/${left.id}`);
    expect([left.originalWidth, left.originalHeight, left.width, left.height]).toEqual([2400, 1200, 1600, 1067]);
    for (const format of ["avif", "webp"] as const) {
      expect(left[format].split(", ").map((entry) => entry.split(" ")[1])).toEqual(["480w", "800w", "1200w", "1600w"]);
    }
    const largest = left.avif.split(", ").at(-1)!.split(" ")[0]!;
    const response = await t.app.inject({ url: largest });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/avif");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    const whole = await t.app.inject({ url: left.whole });
    expect(whole.statusCode).toBe(200);
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(480);
    // Two thirds of the left crop is red, one third of the right one.
    expect(await redOf(left.src)).toBeGreaterThan(150);
    expect(await redOf(right.src)).toBeLessThan(105);
    // A picture narrower than the smallest width is not upscaled.
    const small = await uploaded(await halves(300, 200), { alt: "Small" });
    expect([small.width, small.height, small.webp.split(", ").length]).toEqual([300, 200, 1]);
    // Not a file name a picture could have: 404 without a look at the store.
    expect((await t.app.inject({ url: `${siteImagePaths.media}/..%2F..%2Fsecrets.json` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${siteImagePaths.media}/abcdefabcdef-00000000-800.webp` })).statusCode).toBe(
      404,
    );
  });

  it("refuses what is not a picture, a picture too large to decode, bad details and employees, keeping nothing", async () => {
    const before = await imageCount();
    const photo = await halves(600, 400);
    expect((await upload(Buffer.from("not a picture at all"))).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, {}, admin, "x.svg")).statusCode).toBe(415);
    const bomb = await upload(claimedPng(100_000, 100_000), {}, admin, "bomb.png");
    expect(bomb.statusCode, bomb.body).toBe(413);
    const badFocal = await upload(photo, { focalX: "2" });
    expect(badFocal.statusCode).toBe(400);
    expect(badFocal.json().errors).toHaveProperty("focalX");
    const employee = authHeader((await employeeSession(t)).token);
    expect((await upload(photo, {}, employee)).statusCode).toBe(403);
    expect((await t.app.inject({ url: siteImagePaths.images, headers: employee })).statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
  });

  it("publishes a picture only with alt text or marked decorative; a draft naming no upload is a 400", async () => {
    const unknown = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("projects", "riverside-depot"),
      headers: admin,
      payload: project("uploads/000000000000"),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.image).toContain("There is no uploaded picture");

    const image = await uploaded(await halves(1200, 800));
    const saved = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("projects", "riverside-depot"),
      headers: admin,
      payload: project(image.name),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const versionsBefore = (await t.app.inject({ url: sitePaths.versions, headers: admin })).json().length;
    const publish = () =>
      t.app.inject({
        method: "POST",
        url: sitePaths.publish,
        headers: admin,
        payload: { items: [{ collection: "projects", id: "riverside-depot" }] },
      });
    const refused = await publish();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(`${image.name} of projects "riverside-depot" has no alt text`);
    expect((await t.app.inject({ url: sitePaths.versions, headers: admin })).json()).toHaveLength(versionsBefore);

    const marked = await t.app.inject({
      method: "PATCH",
      url: siteImagePaths.image(image.id),
      headers: admin,
      payload: { decorative: true },
    });
    expect(marked.statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    const content = (await t.app.inject({ url: sitePaths.content })).json() as PublicSiteContent;
    expect(content.projects.find((item) => item.id === "riverside-depot")?.image).toBe(image.name);
    expect(content.media?.[image.name]).toMatchObject({ decorative: true, alt: "", src: image.src });
  });

  it("a new focal point is a new crop; the published page keeps the old one until the items showing it publish again", async () => {
    const image = await uploaded(await halves(2400, 1200), { alt: "A frame", focalX: "0.1" });
    const payload = { ...project(image.name), name: "Harbour Shed" };
    expect(
      (await t.app.inject({ method: "PUT", url: sitePaths.item("projects", "harbour-shed"), headers: admin, payload }))
        .statusCode,
    ).toBe(200);
    const publishAll = () =>
      t.app.inject({ method: "POST", url: sitePaths.publish, headers: admin, payload: { all: true } });
    expect((await publishAll()).statusCode).toBe(200);

    const moved = await t.app.inject({
      method: "PATCH",
      url: siteImagePaths.image(image.id),
      headers: admin,
      payload: { focalX: 0.9, alt: "The frame from the east" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json() as SiteImage;
    expect(after.src).not.toBe(image.src);
    expect(await redOf(after.src)).toBeLessThan(105);
    // The published version still names the old files, and they are still served.
    const published = (await t.app.inject({ url: sitePaths.content })).json() as PublicSiteContent;
    expect(published.media?.[image.name]?.src).toBe(image.src);
    expect(await redOf(image.src)).toBeGreaterThan(150);
    // A picture on the site cannot lose its description.
    const undescribed = await t.app.inject({
      method: "PATCH",
      url: siteImagePaths.image(image.id),
      headers: admin,
      payload: { alt: "" },
    });
    expect(undescribed.statusCode).toBe(400);
    expect(undescribed.json().errors).toHaveProperty("alt");
    // The item showing it waits to be published again, and then shows the new crop and alt text.
    const admins = (await t.app.inject({ url: sitePaths.adminContent, headers: admin })).json();
    expect(admins.projects.find((item: { id: string }) => item.id === "harbour-shed").status).toBe("changed");
    expect((await publishAll()).statusCode).toBe(200);
    const republished = (await t.app.inject({ url: sitePaths.content })).json() as PublicSiteContent;
    expect(republished.media?.[image.name]).toMatchObject({ src: after.src, alt: "The frame from the east" });
    const audit = (await t.app.inject({ url: "/api/admin/audit?action=site.edit", headers: admin })).json();
    expect(JSON.stringify(audit)).toContain(`Changed the picture ${image.name} (alt, focalX); 1 item(s) showing it`);
  });

  it("of two admins on one picture, neither loses an edit: other details both land, the same one is a 409 that changes nothing", async () => {
    const image = await uploaded(await halves(1200, 800), { alt: "A truss" });
    const read = { alt: image.alt, decorative: image.decorative, focalX: image.focalX, focalY: image.focalY };
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: siteImagePaths.image(image.id), headers: admin, payload });
    // At once, from the same reading: one the alt text, the other the focal point. Both stay.
    const [alt, focal] = await Promise.all([
      patch({ alt: "A roof truss", read: { alt: read.alt } }),
      patch({ focalX: 0.2, read: { focalX: read.focalX } }),
    ]);
    expect([alt.statusCode, focal.statusCode], `${alt.body} ${focal.body}`).toEqual([200, 200]);
    const both = (await t.app.inject({ url: siteImagePaths.images, headers: admin })).json().images as SiteImage[];
    expect(both.find((one) => one.id === image.id)).toMatchObject({ alt: "A roof truss", focalX: 0.2 });

    // The alt text again, from the first reading: someone changed it since. Nothing changes, nothing is audited.
    const auditBefore = (await t.app.inject({ url: "/api/admin/audit?action=site.edit", headers: admin })).json();
    const stale = await patch({ alt: "A timber truss", focalY: 0.8, read: { alt: read.alt, focalY: read.focalY } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Someone changed this picture's alt text since you opened it: theirs is shown beside yours. Save again to keep yours.",
    );
    const kept = (await t.app.inject({ url: siteImagePaths.images, headers: admin })).json().images as SiteImage[];
    expect(kept.find((one) => one.id === image.id)).toMatchObject({ alt: "A roof truss", focalX: 0.2, focalY: 0.5 });
    expect((await t.app.inject({ url: "/api/admin/audit?action=site.edit", headers: admin })).json()).toEqual(
      auditBefore,
    );
    // Saved again over theirs, knowingly (read as it is now); the same change as theirs is no conflict either.
    expect((await patch({ alt: "A timber truss", read: { alt: "A roof truss" } })).statusCode).toBe(200);
    expect((await patch({ alt: "A timber truss", read: { alt: "A truss" } })).statusCode).toBe(200);
    // Of two saves of the same detail from the same reading at once, exactly one lands.
    const racing = await Promise.all(
      ["First", "Second"].map((text) => patch({ alt: text, read: { alt: "A timber truss" } })),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // Only the details changed are compared with their reading; a reading of the wrong type is a 400.
    expect((await patch({ decorative: false, read: { alt: "anything" } })).statusCode).toBe(200);
    expect((await patch({ alt: "x", read: { alt: 5 } })).statusCode).toBe(400);
  });
});
