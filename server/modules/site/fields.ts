/** An item's fields: checked by its collection's schema, and compared whatever the order of their keys. */
import { type SiteCollection, type SiteFields, siteFieldSchemas } from "../../../shared/site-content.ts";
import { badRequest } from "../../lib/errors.ts";
import { fieldErrorsOf } from "../../lib/schemas.ts";

/** The same JSON with every object's keys sorted: jsonb keeps its own key order, not the writer's. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;
/** Two items' fields alike, whatever the order of their keys. */
export const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The fields of an item as its collection's schema reads them, or a 400 naming each bad field. */
export function checkedFields(collection: SiteCollection, fields: unknown): SiteFields {
  const parsed = siteFieldSchemas[collection].safeParse(fields);
  if (parsed.success) return parsed.data as SiteFields;
  throw badRequest("Some fields of this item are not valid.", fieldErrorsOf(parsed.error, "item"));
}
