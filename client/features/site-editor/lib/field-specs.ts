/**
 * The editor's form, read from the collection's own zod schema (shared/site-content.ts): the same
 * schema that checks an item on the server decides which control each field gets, how long it may
 * be, and how many lines a list holds. Pure: the components render what this describes.
 */
import type { z } from "zod";
import { type SiteCollection, type SiteFields, siteFieldSchemas } from "../../../../shared/site-content.ts";

export type FieldSpec =
  | { kind: "text"; max?: number; long: boolean; format?: "email" | "image" | "markdown" }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "datetime" }
  | { kind: "lines"; item: Extract<FieldSpec, { kind: "text" }>; count: number }
  | { kind: "groups"; fields: FieldEntry[]; count: number }
  | { kind: "object"; fields: FieldEntry[] };

export interface FieldEntry {
  key: string;
  label: string;
  hint?: string;
  spec: FieldSpec;
}

/** What the editor reads of a zod schema: its definition, as zod 4 keeps it on `_zod.def`. */
interface SchemaFacts {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, unknown>;
      element?: unknown;
      innerType?: unknown;
      in?: unknown;
      checks?: { _zod: { def: { check: string; maximum?: number } } }[];
    };
  };
  maxLength?: number | null;
  format?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
}

const facts = (schema: unknown) => schema as SchemaFacts;

/** Labels the words of a key would not give ("cta" → "Call to action"). */
const labels: Record<string, string> = {
  alt: "Alt text",
  closesAt: "Closes at",
  cta: "Call to action",
  href: "Link",
  missionVision: "Mission and vision",
  url: "Image",
  whoWeAre: "Who we are",
};

/** One item of a list, by the list's key ("responsibilities" → "Responsibility"). */
const singulars: Record<string, string> = {
  benefits: "Benefit",
  emails: "Email",
  facts: "Fact",
  features: "Feature",
  items: "Item",
  lines: "Line",
  offices: "Office",
  paragraphs: "Paragraph",
  phones: "Phone",
  requirements: "Requirement",
  responsibilities: "Responsibility",
  tools: "Tool",
};

const hints: Record<string, string> = {
  closesAt: "From this moment the job leaves the career page and the application form. Empty: open.",
  icon: "An icon name such as shield-check.",
  image: "One of the site's images by name (type to see them), or a picture you upload.",
  url: "One of the site's images by name (type to see them), or a picture you upload.",
  "phones.href": "What a phone dials: tel:+ and the digits, as tel:+14125550100.",
  "offices.id": "Lower-case letters, digits and hyphens.",
  href: "A path on this site (/contactus), an https:// address, mailto: or tel:.",
};

/** "shortDescription" → "Short description". */
export function labelOf(key: string): string {
  if (labels[key]) return labels[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const singularOf = (key: string) => singulars[key] ?? "Line";

/**
 * Long free texts get a text area. Names, addresses and links (a pattern, no length of their own)
 * and alt texts, beside their image, stay one line.
 */
const isLong = (key: string, facts: SchemaFacts) =>
  typeof facts.maxLength === "number" && facts.maxLength > 200 && !facts.format && key !== "alt";

function describe(schema: unknown, key: string, parent: string | undefined): FieldSpec {
  let current = facts(schema);
  while (current._zod.def.type === "optional" || current._zod.def.type === "nullable") {
    current = facts(current._zod.def.innerType);
  }
  const { def } = current._zod;
  switch (def.type) {
    case "number":
      return { kind: "number", min: current.minValue ?? undefined, max: current.maxValue ?? undefined };
    case "array": {
      const count = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum ?? 100;
      const element = describe(def.element, key, parent);
      if (element.kind === "text") return { kind: "lines", item: element, count };
      if (element.kind === "object") return { kind: "groups", fields: element.fields, count };
      throw new Error(`The editor has no control for a list of ${element.kind} (${key})`);
    }
    case "object":
      return { kind: "object", fields: entriesOf(current, key) };
    case "pipe": {
      // The one pipe of the site's schemas: a long text kept as sanitized Markdown (richText).
      const written = describe(def.in, key, parent);
      if (written.kind !== "text")
        throw new Error(`The editor has no control for a pipe from ${written.kind} (${key})`);
      return { ...written, long: true, format: "markdown" };
    }
    case "string": {
      if (current.format === "datetime") return { kind: "datetime" };
      // A pattern (an id, an icon, an address) gives no length of its own: the server's check is the pattern.
      const max = current.maxLength ?? (current.format === "email" ? 254 : undefined);
      const image = key === "url" || key === "image" || (parent === "image" && key === "name");
      const format = current.format === "email" ? "email" : image ? "image" : undefined;
      return {
        kind: "text",
        ...(max === undefined ? {} : { max }),
        long: isLong(key, current),
        ...(format ? { format } : {}),
      };
    }
    default:
      throw new Error(`The editor has no control for a ${def.type} (${key})`);
  }
}

function entriesOf(schema: SchemaFacts, parent: string | undefined): FieldEntry[] {
  return Object.entries(schema._zod.def.shape ?? {}).map(([key, field]) => {
    const hint = hints[`${parent}.${key}`] ?? hints[key];
    const label = parent === "image" && key === "name" ? "Image name" : labelOf(key);
    return { key, label, ...(hint ? { hint } : {}), spec: describe(field, key, parent) };
  });
}

/** The fields of a collection's items, in the schema's order. */
export const fieldsOf = (collection: SiteCollection): FieldEntry[] =>
  entriesOf(facts(siteFieldSchemas[collection]), undefined);

/** An empty value for a spec: what a new item or a new line of a list starts with. */
export function emptyValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case "text":
      return "";
    case "number":
    case "datetime":
      return undefined;
    case "lines":
    case "groups":
      return [];
    case "object":
      return emptyFields(spec.fields);
  }
}

export const emptyFields = (fields: FieldEntry[]): SiteFields =>
  Object.fromEntries(
    fields.flatMap((field) => {
      const value = emptyValue(field.spec);
      return value === undefined ? [] : [[field.key, value]];
    }),
  );

/** The field entry at a dotted path ("about.whoWeAre.image.alt", list indexes skipped), for labels. */
export function entryAt(fields: FieldEntry[], path: string): FieldEntry | undefined {
  let entries: FieldEntry[] | undefined = fields;
  let found: FieldEntry | undefined;
  for (const part of path.split(".")) {
    if (/^\d+$/.test(part)) continue;
    found = entries?.find((entry) => entry.key === part);
    if (!found) return undefined;
    entries = found.spec.kind === "object" || found.spec.kind === "groups" ? found.spec.fields : undefined;
  }
  return found;
}

/** A dotted path in words: "whoWeAre.image.alt" → "Who we are › Image › Alt text"; "offices.1.label" → "Offices › Office 2 › Label". */
export function pathLabel(fields: FieldEntry[], path: string): string {
  const parts = path.split(".");
  return parts
    .map((part, index) => {
      if (/^\d+$/.test(part)) return `${singularOf(parts[index - 1] ?? "")} ${Number(part) + 1}`;
      return entryAt(fields, parts.slice(0, index + 1).join("."))?.label ?? labelOf(part);
    })
    .join(" › ");
}

/** The zod schema of a collection's fields, as react-hook-form's resolver takes it. */
export const schemaOf = (collection: SiteCollection) =>
  siteFieldSchemas[collection] as unknown as z.ZodType<SiteFields, SiteFields>;

/** zod's words for a missing number ("Invalid input: expected number, received NaN") as a person's. */
export function readableError(message: string | undefined): string | undefined {
  if (!message) return message;
  if (/^Invalid input: expected number/.test(message)) return "Enter a whole number";
  if (/expected string, received (undefined|null)/.test(message)) return "Required";
  if (/^Invalid ISO datetime/i.test(message)) return "Enter a date and time";
  return message
    .replace(/^Too small: expected number to be >=(\d+)$/, "At least $1")
    .replace(/^Too big: expected number to be <=(\d+)$/, "At most $1");
}
