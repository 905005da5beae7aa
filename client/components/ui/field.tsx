import { type ReactNode, useId } from "react";
import { cx } from "./cx.ts";

/** The attributes that tie a control to its label, hint and error. Spread them on the input. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the control; read out with it. */
  hint?: ReactNode;
  error?: string;
  /** Adds a muted "(optional)" after the label. */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with its hint and inline error (aria-invalid, aria-describedby). */
export function Field({ label, hint, error, optional, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("min-w-0", className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-steel-800">
        {label}
        {optional && <span className="font-normal text-steel-500"> (optional)</span>}
      </label>
      <div className="mt-1.5">
        {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-steel-500">
          {hint}
        </p>
      )}
    </div>
  );
}
