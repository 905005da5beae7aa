import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { searchKinds } from "../../shared/search.ts";
import { searchPlugin } from "./search.ts";

const none = async () => [];

describe("the search registry", () => {
  it("stops the server at start when a declared kind has no provider, naming it", async () => {
    const app = Fastify();
    await app.register(searchPlugin);
    for (const kind of searchKinds.filter((kind) => kind !== "drawing" && kind !== "rfi"))
      app.finder.addKind(kind, none);
    await expect(app.ready()).rejects.toThrow("search kinds with no provider: drawing, rfi");
    await app.close();
  });

  it("starts once every declared kind has one, and refuses a kind added twice", async () => {
    const app = Fastify();
    await app.register(searchPlugin);
    for (const kind of searchKinds) app.finder.addKind(kind, none);
    expect(() => app.finder.addKind("rfi", none)).toThrow("search kind rfi is added twice");
    await app.ready();
    expect(app.finder.missingKinds()).toEqual([]);
    await app.close();
  });
});
