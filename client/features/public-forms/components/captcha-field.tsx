import "altcha";
import type { AltchaWidgetElement } from "altcha/types/generic";
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { publicFormPaths } from "../api/paths.ts";
import { captchaBoxClass } from "./form-parts.tsx";

export interface CaptchaHandle {
  /** Back to unticked, e.g. after the server refused or used up the solution. */
  reset(): void;
}

interface StateChange {
  state: "unverified" | "verifying" | "verified" | "expired" | "error" | "code";
  payload: string | null;
}

// The widget's own options: no outbound link in its footer.
const widgetConfiguration = JSON.stringify({ hideFooter: true });

/**
 * The ALTCHA proof-of-work widget bound to a form field: the field holds the payload once the
 * widget says "verified", and nothing otherwise. The work starts as soon as the visitor focuses the
 * form (or ticks the box), so it is usually done before they reach the button.
 */
export function CaptchaField<T extends FieldValues, Output extends FieldValues>({
  control,
  name,
  handle,
}: {
  control: Control<T, unknown, Output>;
  name: Path<T>;
  handle?: Ref<CaptchaHandle>;
}) {
  const { field, fieldState } = useController<T, Path<T>, Output>({ control, name });
  const widget = useRef<AltchaWidgetElement | null>(null);
  const errorId = useId();
  const error = fieldState.error?.message;
  const { onChange, ref: registerRef } = field;

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onChange(state === "verified" && payload ? payload : "");
    };
    element.addEventListener("statechange", onState);
    return () => element.removeEventListener("statechange", onState);
  }, [onChange]);

  const checkbox = useCallback(
    () => widget.current?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null,
    [],
  );

  // Our inline error belongs to the widget's own checkbox, for screen readers too.
  useEffect(() => {
    const box = checkbox();
    if (!box) return;
    if (error) {
      box.setAttribute("aria-invalid", "true");
      box.setAttribute("aria-describedby", errorId);
    } else {
      box.removeAttribute("aria-invalid");
      box.removeAttribute("aria-describedby");
    }
  }, [checkbox, error, errorId]);

  useImperativeHandle(handle, () => ({ reset: () => widget.current?.reset?.() }), []);

  return (
    <div
      className={captchaBoxClass}
      // react-hook-form focuses the first invalid field: here, the widget's checkbox.
      ref={(element) => registerRef(element ? { focus: () => checkbox()?.focus() } : null)}
    >
      <altcha-widget
        ref={widget}
        challenge={publicFormPaths.captchaChallenge}
        auto="onfocus"
        name="altcha"
        language="en"
        configuration={widgetConfiguration}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
