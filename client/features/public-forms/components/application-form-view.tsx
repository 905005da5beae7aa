import { useId } from "react";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { useSiteCollection } from "~/lib/site-content";
import { formatBytes } from "../../../../shared/bytes.ts";
import { positionOptionsFor } from "../../../../shared/open-positions.ts";
import { cvFileRule, publicFormLimits } from "../../../../shared/public-form-limits.ts";
import { checkboxClass, fileInputClass, textareaClass } from "./form-parts.tsx";
import { NameAndEmailFields, PublicFormFrame, type PublicFormViewProps, requiredLabel } from "./public-form-frame.tsx";

const cvHint = `${cvFileRule.label}, up to ${formatBytes(cvFileRule.maxBytes)}.`;

/**
 * The career application form (SPEC §5, DESIGN §11): name, email, phone and CV required; the
 * position (an open job, preselected by its "Apply for this role" link, or Open application),
 * the message and the consent to be kept for future roles optional.
 */
export function ApplicationFormView({ errors = {}, chosenFile, ...frame }: PublicFormViewProps) {
  const { bind } = frame;
  const keepHintId = useId();
  const positions = positionOptionsFor(useSiteCollection("jobs"));
  return (
    <PublicFormFrame {...frame} submitLabel="Submit application">
      <NameAndEmailFields bind={bind} errors={errors} />
      <Field label={requiredLabel("Phone")} error={errors.phone}>
        {(control) => <Input {...control} {...bind("phone")} type="tel" required autoComplete="tel" />}
      </Field>
      <Field label="Position" error={errors.position} className="sm:col-span-2">
        {(control) => (
          <Select {...control} {...bind("position")}>
            {positions.map((title) => (
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
            maxLength={publicFormLimits.messageMax}
            placeholder="The projects and software you have worked on, the role you are after…"
            className={textareaClass}
          />
        )}
      </Field>
      <Field label={requiredLabel("CV")} hint={chosenFile ?? cvHint} error={errors.cv} className="sm:col-span-2">
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
    </PublicFormFrame>
  );
}
