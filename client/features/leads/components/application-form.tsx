import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import { chosenPosition, onPositionChosen } from "~/lib/position-choice";
import { submitApplication } from "../api/submit-application.ts";
import { describeFile } from "../lib/file-check.ts";
import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationDefaults,
  applicationFormSchema,
} from "../lib/forms.ts";
import { leadMessages } from "../lib/messages.ts";
import { ApplicationFormView } from "./application-form-view.tsx";
import { CaptchaField, type CaptchaHandle } from "./captcha-field.tsx";
import { type FieldMessages, FormStatus, type FormStatusValue } from "./form-parts.tsx";
import type { StandIn } from "./lazy-form-slot.tsx";
import { applyServerErrors, firstFile, shouldResetCaptcha, UploadProgress } from "./submission.tsx";

/**
 * The live career form (loaded on demand by ApplicationFormSlot): validation, captcha, CV upload
 * with progress. It starts from what the visitor typed into the stand-in; a role chosen with a job
 * card's link wins over the stand-in's untouched default.
 */
export default function ApplicationForm({ labelledBy, standIn }: { labelledBy?: string; standIn?: StandIn }) {
  const form = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: startingValues(standIn),
  });
  // A job card's "Apply for this role" preselects its title, also once the form is showing.
  useEffect(() => onPositionChosen((title) => form.setValue("position", title, { shouldDirty: true })), [form]);
  const [status, setStatus] = useState<FormStatusValue>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const chosen = firstFile(useWatch({ control: form.control, name: "cv" }));
  // After useWatch has subscribed (effects run in order), so the chosen file shows at once.
  useEffect(() => {
    standIn?.restore((name, files) => form.setValue(name as Path<ApplicationFormInput>, files));
  }, [standIn, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    const file = values.cv;
    if (file) setProgress({ name: file.name, percent: 0 });
    try {
      await submitApplication(values, {
        onProgress: file ? (percent) => setProgress({ name: file.name, percent }) : undefined,
      });
      // A reset with no values also resets the <form>: the file input and the captcha clear too.
      form.reset();
      captcha.current?.reset();
      setStatus({ tone: "success", text: leadMessages.applicationSuccess });
    } catch (error) {
      applyServerErrors(error, Object.keys(applicationDefaults), (field, message, focus) =>
        form.setError(field as Path<ApplicationFormInput>, { message }, { shouldFocus: focus }),
      );
      if (shouldResetCaptcha(error)) captcha.current?.reset();
      setStatus({ tone: "error", text: leadMessages.applicationFailure });
    } finally {
      setProgress(null);
    }
  });

  const errors: FieldMessages = Object.fromEntries(
    Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message]),
  );

  return (
    <ApplicationFormView
      bind={(name) => form.register(name as Path<ApplicationFormInput>)}
      errors={errors}
      labelledBy={labelledBy}
      onSubmit={onSubmit}
      sending={form.formState.isSubmitting}
      chosenFile={chosen ? describeFile(chosen) : undefined}
      captcha={<CaptchaField control={form.control} name="altcha" handle={captcha} />}
      footer={
        <>
          {progress && <UploadProgress name={progress.name} percent={progress.percent} />}
          <FormStatus status={status} />
        </>
      }
    />
  );
}

function startingValues(standIn: StandIn | undefined): ApplicationFormInput {
  const typed = standIn?.draft()?.values as Partial<ApplicationFormInput> | undefined;
  const chosen = chosenPosition();
  const position =
    typed?.position && typed.position !== applicationDefaults.position
      ? typed.position
      : (chosen ?? applicationDefaults.position);
  return { ...applicationDefaults, ...typed, position };
}
