/**
 * Everything the server loads at run time is a production dependency (DESIGN §19): the image
 * installs `npm ci --omit=dev`, so a package the server imports that sits in devDependencies is
 * missing there and the server does not start (sharp was, before issue #54). The walk follows the
 * server's entry points (the server and the CLI the image runs) through every relative import, as
 * esbuild bundles them, and names each package they leave to node_modules; the client's server
 * build (build/render, loaded when a publish renders pages) is checked the same way from the
 * client's route modules.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

const builtins = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith("node:") || builtins.has(packageOf(specifier));

/** The packages `entryPoints` import (statically or by a literal dynamic import), through their relative imports. */
async function packagesImportedBy(entryPoints: string[]): Promise<Map<string, string>> {
  const { metafile } = await build({
    entryPoints: entryPoints.map((entry) => path.join(root, entry)),
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    alias: { "~": path.join(root, "client") },
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".jpg": "empty", ".webp": "empty" },
    outdir: path.join(root, ".esbuild-probe"),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const found = new Map<string, string>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      // `virtual:` modules are made by the build (client/vite/), not installed.
      if (!imported.external || isBuiltin(imported.path) || /^(\.|virtual:)/.test(imported.path)) continue;
      found.set(packageOf(imported.path), file);
    }
  }
  return found;
}

function notInDependencies(imported: Map<string, string>): string[] {
  return [...imported]
    .filter(([name]) => !(name in pkg.dependencies))
    .map(([name, file]) => `${name} (imported by ${file}${name in pkg.devDependencies ? "; a dev dependency" : ""})`);
}

describe("the server's run-time imports", () => {
  it("are all production dependencies", { timeout: 60_000 }, async () => {
    const imported = await packagesImportedBy([
      "server/main.ts",
      "server/cli/admin.ts",
      "server/cli/backup.ts",
      "server/cli/restore.ts",
    ]);
    // The walk sees the packages the server is made of, not an empty graph.
    expect([...imported.keys()]).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "sharp", "pdf-lib"]));
    expect(notInDependencies(imported)).toEqual([]);
  });

  it("of the client's server build (build/render) are production dependencies too", { timeout: 60_000 }, async () => {
    // React Router's server build bundles every route module of the client (routes.ts names them by
    // path, not by import), so every module of the client is an entry here; routes.ts and the Vite
    // plugins (client/vite/) are run by the build, not bundled.
    const modules = readdirSync(path.join(root, "client"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
      .filter((file) => file !== "routes.ts" && !file.startsWith("vite/"))
      .map((file) => path.join("client", file));
    const imported = await packagesImportedBy(modules);
    expect([...imported.keys()]).toEqual(expect.arrayContaining(["react", "react-router"]));
    expect(notInDependencies(imported)).toEqual([]);
  });

  it("names a package by its scope and name, without a subpath", () => {
    expect(packageOf("drizzle-orm/pglite")).toBe("drizzle-orm");
    expect(packageOf("@aws-sdk/client-s3")).toBe("@aws-sdk/client-s3");
    expect(packageOf("@tiptap/react/menus")).toBe("@tiptap/react");
  });
});
