import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseSources, encodedFiles, listSources, readSource } from "./content-images.ts";

const root = path.resolve("content/images");
const encodedDir = path.resolve("content/encoded-images");
const at = (name: string) => path.join(root, name);

describe("chooseSources", () => {
  it("keeps one source per picture, a company photo winning over the drawn SVG of the same name", () => {
    expect(
      chooseSources(root, [at("hero/hero.svg"), at("hero/hero.jpg"), at("about/team.svg"), at("gallery/a.PNG")]),
    ).toEqual([at("about/team.svg"), at("gallery/a.PNG"), at("hero/hero.jpg")]);
    expect(chooseSources(root, [at("hero/hero.webp"), at("hero/hero.svg")])).toEqual([at("hero/hero.webp")]);
  });

  it("does not take pictures in different folders, or with longer names, for the same one", () => {
    expect(chooseSources(root, [at("a/x.svg"), at("b/x.jpg"), at("a/x-2.jpg")])).toEqual([
      at("a/x-2.jpg"),
      at("a/x.svg"),
      at("b/x.jpg"),
    ]);
  });

  it("refuses two photos of one name rather than pick one", () => {
    expect(() => chooseSources(root, [at("hero/hero.jpg"), at("hero/hero.png")])).toThrow(
      /hero\.jpg and hero\.png are both "hero\/hero"/,
    );
  });
});

describe("encodedFiles", () => {
  const names = (picture: Parameters<typeof encodedFiles>[0]) => encodedFiles(picture).map((file) => file.fileName);

  it("encodes a drawing at every width, whatever its own size, in AVIF and WebP", () => {
    expect(names({ name: "hero/steel-frame", hash: "0123456789", width: 300, isVector: true })).toEqual([
      "hero-steel-frame-0123456789-480.avif",
      "hero-steel-frame-0123456789-480.webp",
      "hero-steel-frame-0123456789-800.avif",
      "hero-steel-frame-0123456789-800.webp",
      "hero-steel-frame-0123456789-1200.avif",
      "hero-steel-frame-0123456789-1200.webp",
      "hero-steel-frame-0123456789-1600.avif",
      "hero-steel-frame-0123456789-1600.webp",
    ]);
  });

  it("never upscales a photo, and keeps one narrower than every width at its own", () => {
    const widths = (width: number) => [
      ...new Set(encodedFiles({ name: "a/b", hash: "h", width, isVector: false }).map((file) => file.width)),
    ];
    expect(widths(4000)).toEqual([480, 800, 1200, 1600]);
    expect(widths(1200)).toEqual([480, 800, 1200]);
    expect(widths(1000)).toEqual([480, 800]);
    expect(widths(320)).toEqual([320]);
  });
});

// The build encodes only what content/encoded-images lacks (decision 031): a picture replaced
// without its new files committed would cost every fresh clone the encoding.
describe("the committed encoded images", () => {
  it("are there for every current picture, and only for them", async () => {
    const pictures = await Promise.all(
      chooseSources(root, await listSources(root)).map((source) => readSource(root, source)),
    );
    const committed = new Set(await readdir(encodedDir).catch(() => [] as string[]));
    const expected = new Set<string>();
    const missing: string[] = [];
    for (const picture of pictures) {
      for (const { fileName } of encodedFiles(picture)) {
        expected.add(fileName);
        if (!committed.has(fileName)) missing.push(`${path.relative(root, picture.source)}: ${fileName}`);
      }
    }
    expect(
      missing,
      `content/encoded-images lacks these files of the current pictures: run \`npm run build\` (it writes them there) and commit content/encoded-images`,
    ).toEqual([]);
    const orphans = [...committed].filter((file) => !expected.has(file)).sort();
    expect(
      orphans,
      "content/encoded-images has files of no current picture (a replaced or removed one): delete them and commit",
    ).toEqual([]);
  });
});
