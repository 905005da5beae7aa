import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import projectsJson from "../../../../content/projects.json";
import services from "../../../../content/services.json";
import { homeContent } from "./home-content.ts";

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../content");
const IMAGE_EXTENSIONS = [".svg", ".jpg", ".jpeg", ".png", ".webp"];

const imageExists = (name: string) =>
  IMAGE_EXTENSIONS.some((ext) => existsSync(path.join(contentDir, "images", `${name}${ext}`)));

describe("content/home.json", () => {
  it("lists the same six projects as the projects page, each with its own image", () => {
    const { items } = homeContent.projects;
    expect(items).toHaveLength(6);
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
    expect(items.map((item) => item.id).sort()).toEqual(projectsJson.map((project) => project.id).sort());
    for (const item of items) expect(item.imageUrl).toBe(`projects/${item.id}`);
  });

  it("has four key numbers, whole and positive", () => {
    const { items } = homeContent.keyNumbers;
    expect(items).toHaveLength(4);
    for (const item of items) {
      expect(Number.isInteger(item.value)).toBe(true);
      expect(item.value).toBeGreaterThan(0);
      expect(item.label.trim()).not.toBe("");
    }
  });

  it("shows fewer services at first than there are", () => {
    expect(services).toHaveLength(6);
    expect(homeContent.services.initialCount).toBeGreaterThan(0);
    expect(homeContent.services.initialCount).toBeLessThan(services.length);
  });

  it("keeps the carousel's screen-reader templates fillable", () => {
    expect(homeContent.projects.slideLabel).toContain("{n}");
    expect(homeContent.projects.slideLabel).toContain("{count}");
    for (const key of ["{from}", "{to}", "{count}"]) expect(homeContent.projects.statusLabel).toContain(key);
  });

  it("names only pictures that exist under content/images", () => {
    const names = [
      homeContent.hero.image.name,
      homeContent.innovation.image.name,
      homeContent.contact.image.name,
      homeContent.contact.fallbackImage,
      homeContent.teasers.career.image.name,
      homeContent.teasers.quote.image.name,
      ...homeContent.projects.items.map((item) => item.imageUrl),
      ...services.map((service) => service.image),
    ];
    expect(names.filter((name) => !imageExists(name))).toEqual([]);
  });

  it("names only logos that exist under content/logos", () => {
    const files = new Set(readdirSync(path.join(contentDir, "logos")));
    const logos = [...homeContent.poweredBy.logos, ...homeContent.partners.logos];
    expect(logos.filter((logo) => !files.has(`${logo.file}.svg`)).map((logo) => logo.file)).toEqual([]);
    for (const logo of logos) expect(logo.width / logo.height).toBeGreaterThan(0);
  });
});
