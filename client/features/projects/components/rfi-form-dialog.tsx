import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormDialog, FormDialogCancel } from "~/components/ui/form-dialog";
import { controlClass, Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import type { Drawing } from "../../../../shared/drawings.ts";
import { rfiLimits } from "../../../../shared/rfis.ts";
import { useCreateRfi } from "../api/rfis.ts";
import { createRfiBody, emptyRfiForm, type RfiFormValues, rfiFormSchema } from "../lib/rfi-form.ts";
import { SheetChecklist } from "./sheet-checklist.tsx";

/**
 * New RFI: subject, question, a suggested answer, the sheets it holds, who is asked and by when.
 * The person asked gets an e-mail with a link to answer without an account.
 */
export function RfiFormDialog({ job, sheets }: { job: string; sheets: Drawing[] }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateRfi(job);
  const toast = useToast();
  const form = useForm<RfiFormValues>({ resolver: zodResolver(rfiFormSchema), defaultValues: emptyRfiForm() });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const rfi = await create.mutateAsync(createRfiBody(values));
      setOpen(false);
      toast({ title: `${rfi.number} sent`, description: `Asked of ${rfi.to}` });
    } catch (error) {
      for (const [field, text] of Object.entries(fieldErrorsFrom(error))) {
        const name = field === "dueAt" ? "dueDay" : field.replace(/\.\d+$/, "");
        if (name in values) form.setError(name as keyof RfiFormValues, { message: text });
      }
      setProblem(messageFrom(error, "The RFI could not be sent."));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      busy={isSubmitting}
      onOpen={() => {
        form.reset(emptyRfiForm());
        setProblem(null);
      }}
      trigger={
        <Button variant="accent" size="sm">
          <Plus aria-hidden="true" size={14} />
          New RFI
        </Button>
      }
      title={`New RFI on ${job}`}
      description={"The sheets you name stay on hold until it is answered."}
    >
      <form noValidate onSubmit={onSubmit} aria-label="New RFI" className="mt-5 space-y-4">
        <Field label="Subject" error={errors.subject?.message}>
          {(control) => <Input {...control} {...form.register("subject")} maxLength={rfiLimits.subjectMax} />}
        </Field>
        <Field label="Question" error={errors.question?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("question")}
              rows={4}
              maxLength={rfiLimits.questionMax}
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Suggested answer" optional error={errors.suggestion?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("suggestion")}
              rows={2}
              maxLength={rfiLimits.suggestionMax}
              className={controlClass}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Ask (e-mail)" error={errors.to?.message} hint="They answer through a link, no account.">
            {(control) => <Input {...control} {...form.register("to")} type="email" autoComplete="email" />}
          </Field>
          <Field label="Answer due" error={errors.dueDay?.message}>
            {(control) => <Input {...control} {...form.register("dueDay")} type="date" />}
          </Field>
        </div>
        <Controller
          control={form.control}
          name="sheets"
          render={({ field }) => (
            <SheetChecklist
              legend={
                <>
                  Sheets to hold <span className="font-normal text-steel-500">(optional)</span>
                </>
              }
              sheets={sheets}
              value={field.value}
              onChange={field.onChange}
              empty="The register has no sheets yet."
              error={errors.sheets?.message}
            />
          )}
        />
        <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
        <div className="flex flex-wrap justify-end gap-2">
          <FormDialogCancel />
          <Button type="submit" variant="accent" loading={isSubmitting}>
            Send RFI
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
