import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Link2, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { controlClass, Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { fileRequestLimits } from "../../../../shared/file-requests.ts";
import { fileShareLimits } from "../../../../shared/files.ts";
import { useCreateFileRequest } from "../api/create-file-request.ts";
import type { CreatedFileRequest } from "../api/types.ts";
import { useCopyLink } from "../hooks/use-copy-link.ts";
import {
  emptyFileRequestForm,
  type FileRequestFormValues,
  fileRequestBody,
  fileRequestFormSchema,
} from "../lib/file-request-form.ts";

/** The server's 400 field names are the form's own. */
const formFields = ["title", "message", "expiryHours", "maxTotalMB", "password"] as const;

/** A new file request: title, note, expiry, total limit and password; then its link, ready to copy. */
export function NewFileRequestForm() {
  const create = useCreateFileRequest();
  const toast = useToast();
  const copyLink = useCopyLink();
  const [created, setCreated] = useState<CreatedFileRequest | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const linkId = useId();
  const form = useForm<FileRequestFormValues>({
    resolver: zodResolver(fileRequestFormSchema),
    defaultValues: emptyFileRequestForm,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    setCreated(null);
    try {
      const result = await create.mutateAsync(fileRequestBody(values));
      setCreated(result);
      form.reset(emptyFileRequestForm);
      toast({ title: "File request created", description: "Send the link to your client." });
    } catch (error) {
      const fieldErrors = fieldErrorsFrom(error);
      for (const name of formFields) {
        const text = fieldErrors[name];
        if (text) form.setError(name, { message: text });
      }
      setMessage(messageFrom(error, "The file request could not be created."));
      toast({ title: "Could not create the file request", tone: "error" });
    }
  });

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} aria-label="New file request" className="space-y-4">
        <h3 className="text-sm font-bold text-steel-950">New file request</h3>
        <Field label="Title" hint="The client sees it as the page's heading." error={errors.title?.message}>
          {(control) => (
            <Input {...control} {...form.register("title")} maxLength={fileRequestLimits.titleMax} autoComplete="off" />
          )}
        </Field>
        <Field
          label="Note to the client"
          optional
          hint="What you need, shown under the title."
          error={errors.message?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register("message")}
              rows={3}
              maxLength={fileRequestLimits.messageMax}
              className={cx(controlClass, "resize-y")}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Field label="Expires in (hours)" hint="168 hours is a week." error={errors.expiryHours?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("expiryHours", { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={fileRequestLimits.minExpiryHours}
                max={fileRequestLimits.maxExpiryHours}
                step={1}
                className="max-w-40"
              />
            )}
          </Field>
          <Field
            label="Total limit (MB)"
            optional
            hint={`Empty: up to ${Math.round(fileShareLimits.maxBytes / (1024 * 1024))} MB.`}
            error={errors.maxTotalMB?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("maxTotalMB")}
                type="number"
                inputMode="numeric"
                min={fileRequestLimits.minTotalMB}
                max={fileRequestLimits.maxTotalMB}
                step={1}
                className="max-w-40"
              />
            )}
          </Field>
        </div>
        <Field label="Password" optional hint="Leave empty for no password." error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register("password")}
              // A password for the link, not the admin's own: keep the browser from filling that in.
              autoComplete="new-password"
              maxLength={fileShareLimits.passwordMax}
            />
          )}
        </Field>
        <Button type="submit" variant="accent" loading={isSubmitting}>
          {!isSubmitting && <Plus aria-hidden="true" size={16} />}
          Create link
        </Button>
        <MessageBanner message={message} onDismiss={() => setMessage(null)} />
      </form>

      {created && (
        <div role="status" className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-900">
            <Link2 aria-hidden="true" size={16} />
            Link ready: send it to your client.
          </p>
          <div className="flex gap-2">
            <label htmlFor={linkId} className="sr-only">
              Link for the client
            </label>
            <Input
              id={linkId}
              readOnly
              value={created.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs sm:text-xs"
            />
            <Button variant="secondary" onClick={() => void copyLink(created.url, "New file request")}>
              <Copy aria-hidden="true" size={14} />
              Copy
            </Button>
          </div>
          <p className="text-xs text-emerald-900">Works until {dateTimeFormat.format(new Date(created.expiresAt))}.</p>
        </div>
      )}
    </div>
  );
}
