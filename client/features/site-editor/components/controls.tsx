import images from "virtual:content-images";
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

const imageNames = Object.keys(images).sort();
const IMAGE_LIST_ID = "site-editor-images";

/** The names of the build's images, for every image field's suggestions (rendered once per form). */
export function ImageNames() {
  return (
    <datalist id={IMAGE_LIST_ID}>
      {imageNames.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}

/** A line of text, a text area for long texts, or an image's name with a small preview. */
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
  const image = spec.format === "image" ? images[text] : undefined;
  const unknownImage = spec.format === "image" && text !== "" && !image;
  return (
    <Field
      label={label}
      hint={unknownImage ? `“${text}” is not one of the site's images: the page could not be published with it.` : hint}
      error={error}
      className={className}
    >
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
          <div className="flex items-center gap-2">
            {image && (
              <img src={image.src} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded object-cover" />
            )}
            <Input
              {...control}
              ref={inputRef}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              maxLength={spec.max}
              type={spec.format === "email" ? "email" : "text"}
              list={spec.format === "image" ? IMAGE_LIST_ID : undefined}
              autoComplete="off"
              spellCheck={spec.format === undefined}
            />
          </div>
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
