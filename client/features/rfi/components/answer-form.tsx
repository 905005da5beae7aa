import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { controlClass } from "~/components/ui/input";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { rfiAnswerSchema, rfiLimits } from "../../../../shared/rfis.ts";
import { useAnswerRfi } from "../api/rfi.ts";

type AnswerValues = { answer: string };
const maxBytes = rfiLimits.answerFileMaxMB * 1024 * 1024;

/** The answer: text, and files if the answer needs a sketch (checked here by count and size, by type on the server). */
export function AnswerForm({ token }: { token: string }) {
  const send = useAnswerRfi(token);
  const form = useForm<AnswerValues>({ resolver: zodResolver(rfiAnswerSchema), defaultValues: { answer: "" } });
  const { errors, isSubmitting } = form.formState;
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const filesId = useId();

  const onSubmit = form.handleSubmit(async ({ answer }) => {
    setProblem(null);
    const files = [...(fileRef.current?.files ?? [])];
    if (files.length > rfiLimits.answerFilesMax) return setFileError(`Send at most ${rfiLimits.answerFilesMax} files.`);
    const big = files.find((file) => file.size > maxBytes);
    if (big) return setFileError(`${big.name} is larger than the ${formatBytes(maxBytes)} limit.`);
    setFileError(null);
    try {
      await send.mutateAsync({ token, answer, files });
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      if (fields.answer) form.setError("answer", { message: fields.answer });
      if (fields.files) setFileError(fields.files);
      setProblem(messageFrom(error, "Your answer could not be sent. Please try again."));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="answer-heading" className="space-y-4">
      <h2 id="answer-heading" className="text-lg font-bold text-steel-950">
        Your answer
      </h2>
      <Field label="Answer" error={errors.answer?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register("answer")}
            rows={6}
            maxLength={rfiLimits.answerMax}
            className={controlClass}
          />
        )}
      </Field>
      <div>
        <label htmlFor={filesId} className="block text-sm font-semibold text-steel-800">
          Files <span className="font-normal text-steel-500">(optional)</span>
        </label>
        <input
          id={filesId}
          ref={fileRef}
          type="file"
          multiple
          aria-describedby={`${filesId}-hint`}
          aria-invalid={fileError ? true : undefined}
          className="mt-1.5 block w-full text-sm text-steel-700 file:mr-3 file:rounded-md file:border-0 file:bg-steel-100 file:px-3 file:py-2 file:font-semibold file:text-steel-900"
        />
        {fileError && <p className="mt-1.5 text-sm font-medium text-red-700">{fileError}</p>}
        <p id={`${filesId}-hint`} className="mt-1.5 text-xs text-steel-500">
          Sketches, marked-up PDFs, photos: up to {rfiLimits.answerFilesMax} files, each at most {formatBytes(maxBytes)}
          .
        </p>
      </div>
      <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
      <Button type="submit" variant="accent" loading={isSubmitting}>
        {!isSubmitting && <Send aria-hidden="true" size={16} />}
        Send answer
      </Button>
    </form>
  );
}
