import type { ReactNode, Ref } from "react";
import { useController } from "react-hook-form";
import { cx } from "~/components/ui/cx";
import type { SiteFields } from "../../../../shared/site-content.ts";
import { useFieldError } from "../hooks/use-field-error.ts";
import type { FieldEntry } from "../lib/field-specs.ts";
import { DatetimeControl, NumberControl, TextControl } from "./controls.tsx";
import { ImageControl, ImageNames } from "./image-control.tsx";
import { GroupsEditor, LinesEditor } from "./list-editors.tsx";
import { RichTextControl } from "./rich-text-control.tsx";

/** Long texts, lists and groups take the form's whole width; short fields sit two by two. */
const isWide = (entry: FieldEntry) =>
  entry.spec.kind === "lines" ||
  entry.spec.kind === "groups" ||
  entry.spec.kind === "object" ||
  (entry.spec.kind === "text" && (entry.spec.long || ((entry.spec.max ?? 0) >= 200 && entry.spec.format !== "email")));

/**
 * An item's fields as its collection's schema describes them (lib/field-specs.ts), inside a
 * react-hook-form form: each field bound by its dotted path, each section of the about page a
 * fieldset of its own.
 */
export function ItemFields({ fields }: { fields: FieldEntry[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((entry) => (
        <BoundField key={entry.key} entry={entry} path={entry.key} top />
      ))}
      <ImageNames />
    </div>
  );
}

function Section({ entry, top, children }: { entry: FieldEntry; top?: boolean; children: ReactNode }) {
  return (
    <fieldset
      className={cx(
        "min-w-0 sm:col-span-2",
        top ? "rounded-xl border border-steel-200 bg-white p-4 shadow-xs" : "rounded-lg border border-steel-200 p-3",
      )}
    >
      <legend className={cx("px-1 font-bold text-steel-950", top ? "text-base" : "text-sm")}>{entry.label}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A field bound to the form: a section's fields one by one, anything else as one controlled value. */
function BoundField({ entry, path, top }: { entry: FieldEntry; path: string; top?: boolean }) {
  if (entry.spec.kind === "object") {
    return (
      <Section entry={entry} top={top}>
        {entry.spec.fields.map((child) => (
          <BoundField key={child.key} entry={child} path={`${path}.${child.key}`} />
        ))}
      </Section>
    );
  }
  return <ControlledField entry={entry} path={path} />;
}

function ControlledField({ entry, path }: { entry: FieldEntry; path: string }) {
  const { field } = useController({ name: path });
  return (
    <ValueField
      entry={entry}
      path={path}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
    />
  );
}

/** One value and its control: the leaves, and inside lists the groups' own fields. */
function ValueField({
  entry,
  path,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  entry: FieldEntry;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  const error = useFieldError(path);
  const { spec } = entry;
  const common = { label: entry.label, hint: entry.hint, error, value, onChange, onBlur, inputRef };
  const wide = isWide(entry) ? "sm:col-span-2" : undefined;
  switch (spec.kind) {
    case "text":
      // The whole row: an uploaded picture's details open under the field.
      if (spec.format === "image" && !spec.long) return <ImageControl {...common} className="sm:col-span-2" />;
      if (spec.format === "markdown") return <RichTextControl {...common} className={wide} />;
      return <TextControl {...common} spec={spec} className={wide} />;
    case "number":
      return <NumberControl {...common} spec={spec} />;
    case "datetime":
      return <DatetimeControl {...common} />;
    case "lines":
      return (
        <div className={wide}>
          <LinesEditor path={path} entry={entry} value={value} onChange={onChange} />
        </div>
      );
    case "groups":
      return (
        <div className={wide}>
          <GroupsEditor
            path={path}
            entry={entry}
            value={value}
            onChange={onChange}
            renderItem={(item, onItemChange, itemPath) =>
              spec.fields.map((child) => (
                <ValueField
                  key={child.key}
                  entry={child}
                  path={`${itemPath}.${child.key}`}
                  value={item[child.key]}
                  onChange={(next) => onItemChange({ ...item, [child.key]: next })}
                />
              ))
            }
          />
        </div>
      );
    case "object": {
      const fields = (value ?? {}) as SiteFields;
      return (
        <Section entry={entry}>
          {spec.fields.map((child) => (
            <ValueField
              key={child.key}
              entry={child}
              path={`${path}.${child.key}`}
              value={fields[child.key]}
              onChange={(next) => onChange({ ...fields, [child.key]: next })}
            />
          ))}
        </Section>
      );
    }
  }
}
