import { useId } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatBytes } from "../../../../shared/bytes.ts";
import { publicFormLimits, quoteFileRule, workTypeOptions } from "../../../../shared/public-form-limits.ts";
import { checkboxClass, fileInputClass, textareaClass } from "./form-parts.tsx";
import { NameAndEmailFields, PublicFormFrame, type PublicFormViewProps } from "./public-form-frame.tsx";

const fileHint = `Optional. ${quoteFileRule.label}, up to ${formatBytes(quoteFileRule.maxBytes)}.`;

/**
 * The quote request form (SPEC §3, §5): name and email required; company, phone, project details,
 * Type of Work and one file optional. Rendered live (bound to react-hook-form) or as its stand-in.
 */
export function QuoteRequestFormView({ errors = {}, chosenFile, ...frame }: PublicFormViewProps) {
  const { bind } = frame;
  const workTypesLegend = useId();
  const workTypesError = useId();
  return (
    <PublicFormFrame {...frame} submitLabel="Submit inquiry">
      <NameAndEmailFields bind={bind} errors={errors} />
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
            maxLength={publicFormLimits.dateMax}
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
            maxLength={publicFormLimits.dateMax}
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
            maxLength={publicFormLimits.scopeOfWorkMax}
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

      <Field label="Attach a file" hint={chosenFile ?? fileHint} error={errors.uploadFile} className="sm:col-span-2">
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
    </PublicFormFrame>
  );
}
