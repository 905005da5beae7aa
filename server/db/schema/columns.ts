/** Column builders every part of the schema uses. */
import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** A moment, kept with its time zone and read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** `'a', 'b'`: a list of values as a check constraint spells it (only ever the code's own constants). */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
