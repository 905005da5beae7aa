import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError, messageFrom } from "~/lib/http-error";
import { useExtendFile } from "../api/extend-file.ts";
import type { SharedFile } from "../api/types.ts";
import { expiryDateFormat, hoursToMinutes } from "../lib/expiry.ts";
import { expiryHoursSchema } from "../lib/share-form.ts";
import { DEFAULT_EXPIRY_HOURS, MAX_EXPIRY_HOURS } from "../lib/upload.ts";

const extendSchema = z.object({ hours: expiryHoursSchema });
type ExtendValues = z.input<typeof extendSchema>;

/**
 * The Extend button of a shared file and its dialog: a new lifetime in hours, counted from now
 * (default 10, like the upload form). A link that has ended (410) cannot be extended: the server says why.
 */
export function ExtendShareDialog({ file }: { file: SharedFile }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const extend = useExtendFile();
  const toast = useToast();
  const form = useForm<ExtendValues>({
    resolver: zodResolver(extendSchema),
    defaultValues: { hours: DEFAULT_EXPIRY_HOURS },
  });
  const { errors } = form.formState;
  const hours = useWatch({ control: form.control, name: "hours" });
  const until =
    typeof hours === "number" && hours >= 1 && hours <= MAX_EXPIRY_HOURS
      ? expiryDateFormat.format(Date.now() + hoursToMinutes(hours) * 60_000)
      : null;
  const busy = extend.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const updated = await extend.mutateAsync({ id: file.id, expiryMinutes: hoursToMinutes(values.hours as number) });
      setOpen(false);
      toast({
        title: "Link extended",
        description: `${updated.fileName} works until ${expiryDateFormat.format(new Date(updated.expiryDate))}.`,
      });
    } catch (error) {
      const ended = error instanceof HttpError && (error.status === 410 || error.status === 404);
      const text = messageFrom(error, "The link could not be extended. Please try again.");
      setProblem(text);
      // An ended link may drop out of the list (and this dialog with it): the toast keeps the reason.
      if (ended) toast({ title: "Link not extended", description: text, tone: "error" });
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) {
          form.reset({ hours: DEFAULT_EXPIRY_HOURS });
          setProblem(null);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" title="Extend the link" aria-label={`Extend link to ${file.fileName}`}>
          <CalendarClock aria-hidden="true" size={14} />
          Extend
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold break-words text-steel-950">
                Extend the link to {file.fileName}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-steel-600">
                The link works for this many hours from now.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="-m-1.5 rounded-md p-1.5 text-steel-500 hover:bg-steel-100 hover:text-steel-900"
            >
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>

          <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            <Field
              label="Link works for (hours)"
              hint={until ? `The link works until ${until}.` : "At least 1 hour."}
              error={errors.hours?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("hours", { valueAsNumber: true })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_EXPIRY_HOURS}
                  step={1}
                  disabled={busy}
                  className="max-w-40"
                />
              )}
            </Field>
            {problem && (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-900"
              >
                {problem}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="primary" loading={busy}>
                Extend link
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
