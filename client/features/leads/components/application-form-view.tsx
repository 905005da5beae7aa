import { Send } from "lucide-react";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { formatBytes } from "../../../../shared/bytes.ts";
import { cvFileRule, leadLimits } from "../../../../shared/lead-limits.ts";
import { positionOptions } from "../../../../shared/open-positions.ts";
import {
  type Bind,
  CaptchaPlaceholder,
  checkboxClass,
  type FieldMessages,
  FormCard,
  fileInputClass,
  Honeypot,
  Required,
  RequiredNote,
  textareaClass,
} from "./form-parts.tsx";

export interface ApplicationFormViewProps {
  bind: Bind;
  errors?: FieldMessages;
  labelledBy?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** True for the stand-in shown while the form code loads: its fields work, its submit waits. */
  loading?: boolean;
  sending?: boolean;
  captcha?: ReactNode;
  chosenFile?: string;
  footer?: ReactNode;
}

const cvHint = `${cvFileRule.label}, up to ${formatBytes(cvFileRule.maxBytes)}.`;

/**
 * The career application form (SPEC §5, DESIGN §11): name, email, phone and CV required; the
 * position (an open job, preselected by its "Apply for this role" link, or Open application),
 * the message and the consent to be kept for future roles optional.
 */
export function ApplicationFormView({
  bind,
  errors = {},
  labelledBy,
  onSubmit,
  loading = false,
  sending = false,
  captcha,
  chosenFile,
  footer,
}: ApplicationFormViewProps) {
  const keepHintId = useId();
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
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={
              <>
                Name
                <Required />
              </>
            }
            error={errors.name}
          >
            {(control) => <Input {...control} {...bind("name")} required autoComplete="name" />}
          </Field>
          <Field
            label={
              <>
                Email
                <Required />
              </>
            }
            error={errors.email}
          >
            {(control) => (
              <Input {...control} {...bind("email")} type="email" required autoComplete="email" inputMode="email" />
            )}
          </Field>
          <Field
            label={
              <>
                Phone
                <Required />
              </>
            }
            error={errors.phone}
          >
            {(control) => <Input {...control} {...bind("phone")} type="tel" required autoComplete="tel" />}
          </Field>
          <Field label="Position" error={errors.position} className="sm:col-span-2">
            {(control) => (
              <Select {...control} {...bind("position")}>
                {positionOptions.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Message" error={errors.message} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                {...bind("message")}
                rows={5}
                maxLength={leadLimits.messageMax}
                placeholder="The projects and software you have worked on, the role you are after…"
                className={textareaClass}
              />
            )}
          </Field>
          <Field
            label={
              <>
                CV
                <Required />
              </>
            }
            hint={chosenFile ?? cvHint}
            error={errors.cv}
            className="sm:col-span-2"
          >
            {(control) => (
              <input
                {...control}
                {...bind("cv")}
                type="file"
                required
                accept={cvFileRule.extensions.join(",")}
                className={fileInputClass}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <label className="inline-flex min-h-6 items-start gap-2 text-sm text-steel-800">
              <input
                type="checkbox"
                {...bind("keepForFutureRoles")}
                aria-describedby={keepHintId}
                className={`${checkboxClass} mt-0.5`}
              />
              Keep my application on file for future roles
            </label>
            <p id={keepHintId} className="mt-1 ml-6 text-xs text-steel-500">
              We delete applications after a set period; with your consent we keep yours twice as long.
            </p>
          </div>
        </div>

        <Honeypot bind={bind} />

        <div className="mt-6">{captcha ?? <CaptchaPlaceholder />}</div>

        <div className="mt-4">
          <Button type="submit" variant="accent" loading={sending} disabled={loading} className="h-11 w-full sm:w-auto">
            {!sending && <Send aria-hidden="true" size={16} />}
            {sending ? "Sending…" : "Submit application"}
          </Button>
          {footer}
        </div>
      </form>
    </FormCard>
  );
}
