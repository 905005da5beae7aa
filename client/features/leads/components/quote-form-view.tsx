import { Send } from "lucide-react";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatBytes } from "../../../../shared/bytes.ts";
import { leadLimits, quoteFileRule, workTypeOptions } from "../../../../shared/lead-limits.ts";
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

export interface QuoteFormViewProps {
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

const fileHint = `Optional. ${quoteFileRule.label}, up to ${formatBytes(quoteFileRule.maxBytes)}.`;

/**
 * The quote request form (SPEC §3, §5): name and email required; company, phone, project details,
 * Type of Work and one file optional. Rendered live (bound to react-hook-form) or as its stand-in.
 */
export function QuoteFormView({
  bind,
  errors = {},
  labelledBy,
  onSubmit,
  loading = false,
  sending = false,
  captcha,
  chosenFile,
  footer,
}: QuoteFormViewProps) {
  const workTypesLegend = useId();
  const workTypesError = useId();
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
          <Field label="Company" error={errors.company}>
            {(control) => <Input {...control} {...bind("company")} autoComplete="organization" />}
          </Field>
          <Field label="Phone" error={errors.phone}>
            {(control) => <Input {...control} {...bind("phone")} type="tel" autoComplete="tel" />}
          </Field>
          <Field label="Project name" error={errors.projectName}>
            {(control) => <Input {...control} {...bind("projectName")} autoComplete="off" />}
          </Field>
          <Field label="Tons of steel" error={errors.tonsOfSteel}>
            {(control) => <Input {...control} {...bind("tonsOfSteel")} autoComplete="off" placeholder="e.g. 350" />}
          </Field>
          <Field label="Proposal date" error={errors.proposalDate}>
            {(control) => (
              <Input
                {...control}
                {...bind("proposalDate")}
                autoComplete="off"
                placeholder="MM/DD/YYYY"
                maxLength={leadLimits.dateMax}
              />
            )}
          </Field>
          <Field label="Project date" error={errors.projectDate}>
            {(control) => (
              <Input
                {...control}
                {...bind("projectDate")}
                autoComplete="off"
                placeholder="MM/DD/YYYY"
                maxLength={leadLimits.dateMax}
              />
            )}
          </Field>
          <Field label="Project URL" error={errors.projectUrl} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...bind("projectUrl")}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
              />
            )}
          </Field>
          <Field label="Scope of work" error={errors.scopeOfWork} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                {...bind("scopeOfWork")}
                rows={5}
                maxLength={leadLimits.scopeOfWorkMax}
                className={textareaClass}
              />
            )}
          </Field>

          <fieldset
            className="sm:col-span-2"
            aria-describedby={errors.workTypes ? workTypesError : undefined}
            aria-labelledby={workTypesLegend}
          >
            <legend id={workTypesLegend} className="text-sm font-semibold text-steel-800">
              Type of Work
            </legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {workTypeOptions.map((option) => (
                <label key={option} className="inline-flex min-h-6 items-center gap-2 text-sm text-steel-800">
                  <input
                    type="checkbox"
                    value={option}
                    {...bind("workTypes")}
                    aria-invalid={errors.workTypes ? true : undefined}
                    className={checkboxClass}
                  />
                  {option}
                </label>
              ))}
            </div>
            {errors.workTypes && (
              <p id={workTypesError} className="mt-1.5 text-sm font-medium text-red-700">
                {errors.workTypes}
              </p>
            )}
          </fieldset>

          <Field
            label="Attach a file"
            hint={chosenFile ?? fileHint}
            error={errors.uploadFile}
            className="sm:col-span-2"
          >
            {(control) => (
              <input
                {...control}
                {...bind("uploadFile")}
                type="file"
                accept={quoteFileRule.extensions.join(",")}
                className={fileInputClass}
              />
            )}
          </Field>
        </div>

        <Honeypot bind={bind} />

        <div className="mt-6">{captcha ?? <CaptchaPlaceholder />}</div>

        <div className="mt-4">
          <Button type="submit" variant="accent" loading={sending} disabled={loading} className="h-11 w-full sm:w-auto">
            {!sending && <Send aria-hidden="true" size={16} />}
            {sending ? "Sending…" : "Submit inquiry"}
          </Button>
          {footer}
        </div>
      </form>
    </FormCard>
  );
}
