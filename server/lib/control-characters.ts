/** Text with control characters (DESIGN §14): found, named and refused, for HTTP routes and STOMP sends alike. */
import { badRequest } from "./errors.ts";

export const controlCharacterMessage = "Must not contain control characters (such as NUL).";
export const invalidFieldsMessage = "Some fields are not valid.";

/**
 * Does the text hold a C0 control character other than tab, newline and carriage return (DESIGN
 * §14)? PostgreSQL refuses U+0000 in text and jsonb, and none of the others belongs in anything
 * a person types.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/** A field name as it came, its control characters shown as JSON escapes (\u0000). */
const printable = (name: string) => (hasControlCharacters(name) ? JSON.stringify(name).slice(1, -1) : name);

/**
 * Arrays and plain objects (and the prototype-less ones query strings are parsed into): what
 * requests are made of; never buffers, streams or other class instances. Decided by the
 * prototype, never by a `constructor` property, which a JSON body can carry itself.
 */
const isPlainData = (value: unknown): value is object => {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
};

/**
 * The paths ("name", "members.2", "keys.auth"; `root` for a bare string) of the strings in `value`
 * that hold a control character, object keys included. Walks without recursion, so no nesting
 * depth can overflow the stack; stops after `max` findings.
 */
export function controlCharacterPaths(value: unknown, root = "body", max = 20): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0 && found.length < max) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (hasControlCharacters(current)) found.push(path || root);
    } else if (isPlainData(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${printable(key)}` : printable(key);
        if (hasControlCharacters(key)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found.reverse();
}

/** `{field: message}` for every field of `values` holding a control character; empty when all are clean. */
export function controlCharacterErrors(...values: unknown[]): Record<string, string> {
  // No prototype: a field named `constructor` or `__proto__` is reported like any other.
  const errors: Record<string, string> = Object.create(null);
  for (const value of values) {
    for (const path of controlCharacterPaths(value)) errors[path] ??= controlCharacterMessage;
  }
  return errors;
}

/** Throws the 400 for text fields (a multipart form's, read by its route) holding control characters. */
export function assertNoControlCharacters(...values: unknown[]): void {
  const errors = controlCharacterErrors(...values);
  if (Object.keys(errors).length > 0) throw badRequest(invalidFieldsMessage, errors);
}
