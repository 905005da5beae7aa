import { get, useFormContext } from "react-hook-form";
import { readableError } from "../lib/field-specs.ts";

/** The error of the field at `path` (the schema's or the server's), in a person's words. */
export function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext();
  const error = get(formState.errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return readableError(error?.message ?? error?.root?.message);
}
