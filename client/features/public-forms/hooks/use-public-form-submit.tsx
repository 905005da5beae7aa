import { useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm, useWatch } from "react-hook-form";
import type { PostFormOptions } from "../api/post-form.ts";
import { CaptchaField, type CaptchaHandle } from "../components/captcha-field.tsx";
import { type FieldMessages, FormStatus, type FormStatusValue } from "../components/form-parts.tsx";
import type { StandIn } from "../components/lazy-form-slot.tsx";
import type { PublicFormViewProps } from "../components/public-form-frame.tsx";
import { applyServerErrors, firstFile, shouldResetCaptcha, UploadProgress } from "../components/submission.tsx";
import { describeFile } from "../lib/file-check.ts";

export interface PublicFormSubmitOptions<Input extends FieldValues, Values extends FieldValues> {
  resolver: Resolver<Input, unknown, Values>;
  defaultValues: Input;
  /** The stand-in this form takes over: its chosen files and focus are restored once mounted. */
  standIn?: StandIn;
  /** The form's one file input: shown when chosen, its upload's progress under the button. */
  fileField: Path<Input>;
  send: (values: Values, options: PostFormOptions) => Promise<unknown>;
  /** The texts under the button once sent, or when sending failed (SPEC §8). */
  messages: { success: string; failure: string };
}

/**
 * What a live public form does around its fields: react-hook-form with the captcha, sending with
 * the file's progress, the server's field messages beside their fields, the captcha reset when it
 * must be solved again, and the success or failure line. Returns the form and its view's props.
 */
export function usePublicFormSubmit<Input extends FieldValues, Values extends FieldValues>({
  resolver,
  defaultValues,
  standIn,
  fileField,
  send,
  messages,
}: PublicFormSubmitOptions<Input, Values>) {
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: defaultValues as DefaultValues<Input> });
  const [status, setStatus] = useState<FormStatusValue>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const chosen = firstFile(useWatch({ control: form.control, name: fileField }));
  // After useWatch has subscribed (effects run in order), so the chosen file shows at once.
  useEffect(() => {
    standIn?.restore((name, files) => form.setValue(name as Path<Input>, files as Input[Path<Input>]));
  }, [standIn, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    const file = firstFile(values[fileField as keyof Values]);
    if (file) setProgress({ name: file.name, percent: 0 });
    try {
      await send(values, {
        onProgress: file ? (percent) => setProgress({ name: file.name, percent }) : undefined,
      });
      // A reset with no values also resets the <form>: the file input and the captcha clear too.
      form.reset();
      captcha.current?.reset();
      setStatus({ tone: "success", text: messages.success });
    } catch (error) {
      applyServerErrors(error, Object.keys(defaultValues), (field, message, focus) =>
        form.setError(field as Path<Input>, { message }, { shouldFocus: focus }),
      );
      if (shouldResetCaptcha(error)) captcha.current?.reset();
      setStatus({ tone: "error", text: messages.failure });
    } finally {
      setProgress(null);
    }
  });

  // Generic over the form, react-hook-form cannot tell that each field's message is a string.
  const fieldErrors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const errors: FieldMessages = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, error]) => [field, error?.message]),
  );

  const view = {
    bind: (name: string) => form.register(name as Path<Input>),
    errors,
    onSubmit,
    sending: form.formState.isSubmitting,
    chosenFile: chosen ? describeFile(chosen) : undefined,
    captcha: <CaptchaField control={form.control} name={"altcha" as Path<Input>} handle={captcha} />,
    footer: (
      <>
        {progress && <UploadProgress name={progress.name} percent={progress.percent} />}
        <FormStatus status={status} />
      </>
    ),
  } satisfies Partial<PublicFormViewProps>;

  return { form, view };
}
