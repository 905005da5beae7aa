import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteChunk } from "./site-chunk.ts";

const file = (name: string) => path.resolve(`client/${name}`);
const layout = file("routes/layout.tsx");
const home = file("routes/home.tsx");
const about = file("routes/about.tsx");
const career = file("routes/career.tsx");
const contact = file("routes/contact.tsx");
const staff = file("routes/staff.tsx");

/** A module graph given as "module → its static importers". */
function graph(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => ({ importers: importers[id] ?? [] }) };
}

describe("siteChunk", () => {
  const site = siteChunk({ layoutFile: layout, publicRouteFiles: [home, about, career, contact] });
  const modules = graph({
    [file("components/navbar.tsx")]: [layout],
    [file("components/picture.tsx")]: [file("components/banner.tsx"), home],
    [file("components/banner.tsx")]: [about, career],
    [file("features/public-forms/form-parts.tsx")]: [career, contact],
    [file("features/staff/panel.tsx")]: [staff],
    // A cycle must not hang the walk or lose a route.
    [file("lib/a.ts")]: [file("lib/b.ts"), home],
    [file("lib/b.ts")]: [file("lib/a.ts"), about, contact],
  });

  it("groups what the layout imports, and what three or more pages reach, directly or not", () => {
    expect(site.name(file("components/navbar.tsx"), modules)).toBe("site");
    expect(site.name(file("components/picture.tsx"), modules)).toBe("site");
    expect(site.name(file("lib/a.ts"), modules)).toBe("site");
  });

  it("leaves to the bundler what two pages share, staff-only code, the routes and the framework", () => {
    expect(site.name(file("components/banner.tsx"), modules)).toBeNull();
    expect(site.name(file("features/public-forms/form-parts.tsx"), modules)).toBeNull();
    expect(site.name(file("features/staff/panel.tsx"), modules)).toBeNull();
    expect(site.name(home, modules)).toBeNull();
    expect(site.name(path.resolve("node_modules/react-dom/client.js"), graph({}))).toBeNull();
    expect(site.framework.test(path.resolve("node_modules/react-router/dist/index.mjs"))).toBe(true);
    expect(site.framework.test(path.resolve("node_modules/@radix-ui/react-dialog/dist/index.mjs"))).toBe(false);
  });
});
