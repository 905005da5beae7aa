/**
 * Which fields of two items differ: for the merge after someone else's save (409) and to compare
 * two versions. Objects are compared key by key (the database keeps its own key order); a list is
 * one field, as the editor edits it. Pure.
 */
import {
  type PublicSiteContent,
  type SiteCollection,
  type SiteFields,
  siteCollections,
} from "../../../../shared/site-content.ts";
import { itemTitle } from "./collections.ts";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Alike, whatever the order of keys; a key holding undefined is as good as absent. */
export function isSame(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isSame(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isSame(a[key], b[key]));
  }
  return a === b || ((a === undefined || a === null) && (b === undefined || b === null));
}

/** The dotted paths at which two values differ: into objects, not into lists. */
export function differingPaths(a: unknown, b: unknown, prefix = ""): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => differingPaths(a[key], b[key], prefix ? `${prefix}.${key}` : key));
  }
  return isSame(a, b) ? [] : [prefix];
}

export function getAt(value: unknown, path: string): unknown {
  if (!path) return value;
  return path
    .split(".")
    .reduce<unknown>(
      (at, key) => (isPlainObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined),
      value,
    );
}

/** A copy of `target` with `value` at `path` (objects along the way copied, never changed). */
export function setAt(target: SiteFields, path: string, value: unknown): SiteFields {
  const [key, ...rest] = path.split(".");
  if (key === undefined) return target;
  const inner = isPlainObject(target[key]) ? (target[key] as SiteFields) : {};
  const next = rest.length === 0 ? value : setAt(inner, rest.join("."), value);
  const copy: SiteFields = { ...target };
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

export interface MergeField {
  path: string;
  mine: unknown;
  theirs: unknown;
  /** Who changed it since the form was opened. */
  changedBy: "you" | "them" | "both";
  /** What the merge takes unless the admin chooses: their change where only they changed it. */
  take: "mine" | "theirs";
}

/**
 * The fields where what I typed differs from what someone else saved since `base` (what I opened):
 * a field only they changed takes theirs, one I changed keeps mine until I choose.
 */
export function mergeFields(base: SiteFields, mine: SiteFields, theirs: SiteFields): MergeField[] {
  return differingPaths(mine, theirs).map((path) => {
    const mineChanged = !isSame(getAt(base, path), getAt(mine, path));
    const theirsChanged = !isSame(getAt(base, path), getAt(theirs, path));
    const changedBy = mineChanged && theirsChanged ? "both" : mineChanged ? "you" : "them";
    return {
      path,
      mine: getAt(mine, path),
      theirs: getAt(theirs, path),
      changedBy,
      take: changedBy === "them" ? "theirs" : "mine",
    };
  });
}

/** `mine` with the chosen fields of `theirs`. */
export function applyMerge(mine: SiteFields, fields: readonly MergeField[]): SiteFields {
  return fields.reduce(
    (merged, field) => (field.take === "theirs" ? setAt(merged, field.path, field.theirs) : merged),
    mine,
  );
}

/** A value as lines of text to read: a list line by line, a group as "label: value" pairs. */
export function displayLines(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return ["(empty)"];
  if (Array.isArray(value))
    return value.length === 0
      ? ["(none)"]
      : value.flatMap((item) => displayLines(item).map((line, i) => (i === 0 ? `• ${line}` : `  ${line}`)));
  if (isPlainObject(value)) {
    return [
      Object.entries(value)
        .map(
          ([key, inner]) =>
            `${key}: ${isPlainObject(inner) || Array.isArray(inner) ? JSON.stringify(inner) : String(inner)}`,
        )
        .join("; "),
    ];
  }
  return [String(value)];
}

export interface ItemRef {
  id: string;
  title: string;
}

export interface CollectionDiff {
  collection: SiteCollection;
  added: ItemRef[];
  removed: ItemRef[];
  changed: (ItemRef & { fields: { path: string; before: unknown; after: unknown }[] })[];
}

/** What changed from one version's content to another's, collection by collection (the unchanged left out). */
export function compareContents(from: PublicSiteContent, to: PublicSiteContent): CollectionDiff[] {
  return siteCollections.flatMap((collection) => {
    const before = new Map((from[collection] ?? []).map(({ id, ...fields }) => [id, fields as SiteFields]));
    const after = new Map((to[collection] ?? []).map(({ id, ...fields }) => [id, fields as SiteFields]));
    const ref = (id: string, fields: SiteFields | undefined) => ({ id, title: itemTitle(collection, fields, id) });
    const diff: CollectionDiff = {
      collection,
      added: [...after].filter(([id]) => !before.has(id)).map(([id, fields]) => ref(id, fields)),
      removed: [...before].filter(([id]) => !after.has(id)).map(([id, fields]) => ref(id, fields)),
      changed: [...after].flatMap(([id, fields]) => {
        const old = before.get(id);
        if (!old) return [];
        const paths = differingPaths(old, fields);
        if (paths.length === 0) return [];
        return [
          {
            ...ref(id, fields),
            fields: paths.map((path) => ({ path, before: getAt(old, path), after: getAt(fields, path) })),
          },
        ];
      }),
    };
    return diff.added.length + diff.removed.length + diff.changed.length > 0 ? [diff] : [];
  });
}
