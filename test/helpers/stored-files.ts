// What a test app has stored, asked of the object store it uses (disk or S3), so that the same
// assertion holds both ways. On disk it also reports what no listing shows: temporaries of puts
// cut off or still running (`.upload-*`), content types without their object, anything else
// in a namespace's folder. "Nothing left behind" then means nothing at all.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ObjectStore } from "../../server/storage/object-store.ts";

type WithStorage = { storage: { objects: ObjectStore } };

/** The folder of a disk store (`disk:/path`), or undefined for S3. */
const diskRoot = (objects: ObjectStore) =>
  objects.location.startsWith("disk:") ? objects.location.slice("disk:".length) : undefined;

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * Every key under `namespaces` (every namespace when none is named), sorted, as `namespace/name`;
 * on disk, plus every other entry of those folders as `namespace/<entry>` or `namespace/.types/<entry>`.
 */
export async function storedKeys(app: WithStorage, ...namespaces: string[]): Promise<string[]> {
  const { objects } = app.storage;
  const keys = new Set<string>();
  for (const prefix of namespaces.length > 0 ? namespaces.map((namespace) => `${namespace}/`) : [""]) {
    for await (const object of objects.list(prefix)) keys.add(object.key);
  }
  const root = diskRoot(objects);
  if (root) {
    const folders =
      namespaces.length > 0
        ? namespaces
        : existsSync(root)
          ? readdirSync(root, { withFileTypes: true })
              .filter((entry) => entry.isDirectory())
              .map((entry) => entry.name)
          : [];
    for (const namespace of folders) {
      for (const name of entries(path.join(root, namespace))) {
        if (name !== ".types") keys.add(`${namespace}/${name}`);
      }
      for (const name of entries(path.join(root, namespace, ".types"))) {
        // A type belongs beside its object; one without is left over.
        if (!keys.has(`${namespace}/${name}`)) keys.add(`${namespace}/.types/${name}`);
      }
    }
  }
  return [...keys].sort();
}

/** The names (without the namespace) stored in one namespace; on disk, leftovers too (see storedKeys). */
export const storedNames = async (app: WithStorage, namespace: string) =>
  (await storedKeys(app, namespace)).map((key) => key.slice(namespace.length + 1));

/** The content of a stored object, or undefined when there is none. */
export async function storedContent(app: WithStorage, key: string): Promise<Buffer | undefined> {
  const object = await app.storage.objects.get(key);
  return object ? Buffer.concat(await object.body.toArray()) : undefined;
}
