import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormDialog, FormDialogCancel } from "~/components/ui/form-dialog";
import { controlClass, Input, Select } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import type { Drawing } from "../../../../shared/drawings.ts";
import { transmittalLimits, transmittalPurposeLabels, transmittalPurposes } from "../../../../shared/transmittals.ts";
import { useCreateTransmittal } from "../api/transmittals.ts";
import {
  createTransmittalBody,
  emptyTransmittalForm,
  sendableSheets,
  type TransmittalFormInput,
  type TransmittalFormValues,
  transmittalFormSchema,
} from "../lib/transmittal-form.ts";
import { SheetChecklist } from "./sheet-checklist.tsx";

/**
 * New transmittal: the sheets to send (each at its latest revision), why, to whom and by when.
 * The recipients get an e-mail with the review link; the cover sheet is made on the server.
 */
export function TransmittalFormDialog({
  job,
  clientEmail,
  register,
}: {
  job: string;
  clientEmail: string;
  register: Drawing[];
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTransmittal(job);
  const toast = useToast();
  const form = useForm<TransmittalFormInput, unknown, TransmittalFormValues>({
    resolver: zodResolver(transmittalFormSchema),
    defaultValues: emptyTransmittalForm(clientEmail),
  });
  const { errors, isSubmitting } = form.formState;
  const purpose = form.watch("purpose");
  const sheets = sendableSheets(register, purpose);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const sent = await create.mutateAsync(createTransmittalBody(values, register));
      setOpen(false);
      toast({ title: `${sent.number} sent`, description: `To ${values.recipients.join(", ")}` });
    } catch (error) {
      for (const [field, text] of Object.entries(fieldErrorsFrom(error))) {
        const name = field.replace(/\.\d+.*$/, "");
        if (name in values) form.setError(name as keyof TransmittalFormInput, { message: text });
      }
      setProblem(messageFrom(error, "The transmittal could not be sent."));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      busy={isSubmitting}
      onOpen={() => {
        form.reset(emptyTransmittalForm(clientEmail));
        setProblem(null);
      }}
      trigger={
        <Button variant="accent" size="sm">
          <Send aria-hidden="true" size={14} />
          New transmittal
        </Button>
      }
      title={`New transmittal on ${job}`}
      description={"Each sheet goes at its latest revision; the client reviews them through a link, no account."}
    >
      <form noValidate onSubmit={onSubmit} aria-label="New transmittal" className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Purpose" error={errors.purpose?.message}>
            {(control) => (
              <Select {...control} {...form.register("purpose")}>
                {transmittalPurposes.map((key) => (
                  <option key={key} value={key}>
                    {transmittalPurposeLabels[key]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Days to respond" error={errors.dueDays?.message} hint="14 calendar days is the norm.">
            {(control) => (
              <Input
                {...control}
                {...form.register("dueDays")}
                type="number"
                inputMode="numeric"
                min={1}
                max={transmittalLimits.dueDaysMax}
              />
            )}
          </Field>
        </div>
        <Field
          label="Send to (e-mail)"
          error={errors.recipients?.message ?? firstError(errors.recipients)}
          hint="Separate several addresses with commas."
        >
          {(control) => <Input {...control} {...form.register("recipients")} type="text" autoComplete="off" />}
        </Field>
        <Controller
          control={form.control}
          name="sheets"
          render={({ field }) => (
            <SheetChecklist
              legend={`Sheets (${field.value.length} of ${sheets.length})`}
              sheets={sheets}
              value={field.value}
              onChange={field.onChange}
              empty="No sheet has a revision to send yet."
              error={errors.sheets?.message}
              chooseAll
              withRevision
            />
          )}
        />
        <Field label="Message" optional error={errors.message?.message}>
          {(control) => (
            <textarea
              {...control}
              {...form.register("message")}
              rows={3}
              maxLength={transmittalLimits.messageMax}
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Link password" optional error={errors.password?.message} hint="Tell it to the client separately.">
          {(control) => <PasswordInput {...control} {...form.register("password")} autoComplete="new-password" />}
        </Field>
        <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
        <div className="flex flex-wrap justify-end gap-2">
          <FormDialogCancel />
          <Button type="submit" variant="accent" loading={isSubmitting}>
            Send transmittal
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/** The first message of a list field's per-item errors (an address that is not one). */
function firstError(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  for (const item of errors) {
    const message = (item as { message?: string } | undefined)?.message;
    if (message) return message;
  }
  return undefined;
}
