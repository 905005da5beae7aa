import { Send } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  type Bind,
  CaptchaPlaceholder,
  type FieldMessages,
  FormCard,
  Honeypot,
  Required,
  RequiredNote,
} from "./form-parts.tsx";

/** What both public forms' views take: rendered live (bound to react-hook-form) or as their stand-in. */
export interface PublicFormViewProps {
  bind: Bind;
  errors?: FieldMessages;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** True for the stand-in shown while the form code loads: its fields work, its submit waits. */
  loading?: boolean;
  sending?: boolean;
  /** The captcha widget (the stand-in shows a placeholder of the same size). */
  captcha?: ReactNode;
  /** The chosen file ("plans.pdf, 3.4 MB"), shown under the file input. */
  chosenFile?: string;
  /** The upload progress and the success or failure message. */
  footer?: ReactNode;
}

/**
 * A public form around its fields (`children`, in a two-column grid): the required note, the
 * honeypot, the captcha, the submit button (`submitLabel`) and the footer.
 */
export function PublicFormFrame({
  bind,
  labelledBy,
  onSubmit,
  loading = false,
  sending = false,
  captcha,
  footer,
  submitLabel,
  children,
}: Omit<PublicFormViewProps, "errors" | "chosenFile"> & { submitLabel: string; children: ReactNode }) {
  return (
    <FormCard>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={labelledBy}
        aria-busy={sending || undefined}
        data-stand-in={loading || undefined}
        className="relative"
      >
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">{children}</div>

        <Honeypot bind={bind} />

        <div className="mt-6">{captcha ?? <CaptchaPlaceholder />}</div>

        <div className="mt-4">
          <Button type="submit" variant="accent" loading={sending} disabled={loading} className="h-11 w-full sm:w-auto">
            {!sending && <Send aria-hidden="true" size={16} />}
            {sending ? "Sending…" : submitLabel}
          </Button>
          {footer}
        </div>
      </form>
    </FormCard>
  );
}

/** A field label with the visible "required" mark. */
export function requiredLabel(text: string) {
  return (
    <>
      {text}
      <Required />
    </>
  );
}

/** Name and Email, both required: the first two fields of either form. */
export function NameAndEmailFields({ bind, errors = {} }: Pick<PublicFormViewProps, "bind" | "errors">) {
  return (
    <>
      <Field label={requiredLabel("Name")} error={errors.name}>
        {(control) => <Input {...control} {...bind("name")} required autoComplete="name" />}
      </Field>
      <Field label={requiredLabel("Email")} error={errors.email}>
        {(control) => (
          <Input {...control} {...bind("email")} type="email" required autoComplete="email" inputMode="email" />
        )}
      </Field>
    </>
  );
}
