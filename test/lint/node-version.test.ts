/**
 * The tests run on the Node that package.json pins (decision 061): `npm ci` puts it in
 * node_modules/.bin, and `npm test` (like every npm script and npx) puts that folder first on PATH.
 * A run on another Node (a runner started outside npm) fails here rather than passing on a Node
 * the product does not ship with.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"));

it("runs on the Node that package.json pins", () => {
  expect(process.version).toBe(`v${pkg.devDependencies.node}`);
  expect(process.versions.node.split(".")[0]).toBe("24");
});
