import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import { submitQuote } from "../api/submit-quote.ts";
import { describeFile } from "../lib/file-check.ts";
import { type QuoteFormInput, type QuoteFormValues, quoteDefaults, quoteFormSchema } from "../lib/forms.ts";
import { leadMessages } from "../lib/messages.ts";
import { CaptchaField, type CaptchaHandle } from "./captcha-field.tsx";
import { type FieldMessages, FormStatus, type FormStatusValue } from "./form-parts.tsx";
import type { StandIn } from "./lazy-form-slot.tsx";
import { QuoteFormView } from "./quote-form-view.tsx";
import { applyServerErrors, firstFile, shouldResetCaptcha, UploadProgress } from "./submission.tsx";

/**
 * The live quote form (loaded on demand by QuoteFormSlot): validation, captcha, upload with
 * progress. It starts from what the visitor typed into the stand-in.
 */
export default function QuoteForm({ labelledBy, standIn }: { labelledBy?: string; standIn?: StandIn }) {
  const form = useForm<QuoteFormInput, unknown, QuoteFormValues>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: { ...quoteDefaults, ...(standIn?.draft()?.values as Partial<QuoteFormInput> | undefined) },
  });
  const [status, setStatus] = useState<FormStatusValue>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const chosen = firstFile(useWatch({ control: form.control, name: "uploadFile" }));
  // After useWatch has subscribed (effects run in order), so the chosen file shows at once.
  useEffect(() => {
    standIn?.restore((name, files) => form.setValue(name as Path<QuoteFormInput>, files));
  }, [standIn, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    const file = values.uploadFile;
    if (file) setProgress({ name: file.name, percent: 0 });
    try {
      await submitQuote(values, {
        onProgress: file ? (percent) => setProgress({ name: file.name, percent }) : undefined,
      });
      // A reset with no values also resets the <form>: the file input and the captcha clear too.
      form.reset();
      captcha.current?.reset();
      setStatus({ tone: "success", text: leadMessages.quoteSuccess });
    } catch (error) {
      applyServerErrors(error, Object.keys(quoteDefaults), (field, message, focus) =>
        form.setError(field as Path<QuoteFormInput>, { message }, { shouldFocus: focus }),
      );
      if (shouldResetCaptcha(error)) captcha.current?.reset();
      setStatus({ tone: "error", text: leadMessages.quoteFailure });
    } finally {
      setProgress(null);
    }
  });

  const errors: FieldMessages = Object.fromEntries(
    Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message]),
  );

  return (
    <QuoteFormView
      bind={(name) => form.register(name as Path<QuoteFormInput>)}
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
