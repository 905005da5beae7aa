import type { Ref } from "react";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { controlClass, Input } from "~/components/ui/input";
import { isoToLocalInput, localInputToIso } from "../lib/datetime.ts";
import type { FieldSpec } from "../lib/field-specs.ts";

export interface ControlProps<V> {
  label: string;
  hint?: string;
  error?: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  className?: string;
}

/** A line of text, or a text area for long texts (an image's name: image-control.tsx). */
export function TextControl({
  spec,
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  inputRef,
  className,
}: ControlProps<unknown> & { spec: Extract<FieldSpec, { kind: "text" }> }) {
  const text = typeof value === "string" ? value : "";
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) =>
        spec.long ? (
          <textarea
            {...control}
            ref={inputRef}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            maxLength={spec.max}
            rows={(spec.max ?? 0) > 1000 ? 6 : 3}
            className={cx(controlClass, "min-h-20 resize-y")}
          />
        ) : (
          <Input
            {...control}
            ref={inputRef}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            maxLength={spec.max}
            type={spec.format === "email" ? "email" : "text"}
            autoComplete="off"
            spellCheck={spec.format === undefined}
          />
        )
      }
    </Field>
  );
}

/** A whole number; empty is left empty (the schema then asks for one). */
export function NumberControl({
  spec,
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  inputRef,
  className,
}: ControlProps<unknown> & { spec: Extract<FieldSpec, { kind: "number" }> }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          type="number"
          inputMode="numeric"
          step={1}
          min={spec.min}
          max={spec.max}
          value={typeof value === "number" && Number.isFinite(value) ? value : ""}
          onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.valueAsNumber)}
          onBlur={onBlur}
          className="max-w-48"
        />
      )}
    </Field>
  );
}

/** A moment in the reader's own time, kept as ISO 8601; empty is none. */
export function DatetimeControl({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  inputRef,
  className,
}: ControlProps<unknown>) {
  return (
    <Field label={label} hint={hint} error={error} className={className} optional>
      {(control) => (
        <Input
          {...control}
          ref={inputRef}
          type="datetime-local"
          value={isoToLocalInput(value)}
          onChange={(event) => onChange(localInputToIso(event.target.value))}
          onBlur={onBlur}
          className="max-w-64"
        />
      )}
    </Field>
  );
}

/** A label only a screen reader reads, for the lines of a list (their number shows beside them). */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="sr-only">
      {children}
    </label>
  );
}
