import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseSources } from "./content-images.ts";

const root = path.resolve("content/images");
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
