import { zodResolver } from "@hookform/resolvers/zod";
import { RefreshCw, RotateCcw, Tags } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormDialog, FormDialogCancel } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import {
  defaultResponseLabels,
  type ResponseKey,
  type ResponseLabels,
  responseKeys,
  responseLabelLimits,
  responseLabelsSchema,
} from "../../../../shared/transmittals.ts";
import { useFreshResponseLabels, useSaveResponseLabels } from "../api/response-labels.ts";

/** What each response does to a sheet, whatever it is called: an admin renames the words, not the meaning. */
const meaning: Record<ResponseKey, string> = {
  approved: "The sheet is approved as drawn; it may be released for fabrication.",
  approvedAsNoted: "Approved with the client's notes to take in; it may be released.",
  reviseResubmit: "Changes are needed; the next revision goes back for approval.",
  rejected: "Not accepted; the next revision goes back for approval.",
};

/** The server's 400 field names (`labels.approved`) as the form's (`approved`). */
const formFieldOf = (serverField: string): ResponseKey | undefined =>
  responseKeys.find((key) => serverField === `labels.${key}`);

/**
 * Response labels (admins): the words a client picks from on a review (DESIGN §16). Answers are
 * kept by meaning, so the ones given already show the new words. Someone else's save since the
 * dialog opened (409) is shown with Reload, never overwritten.
 */
export function ResponseLabelsDialog() {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [version, setVersion] = useState<number | null>(null);
  const fresh = useFreshResponseLabels();
  const save = useSaveResponseLabels();
  const toast = useToast();
  const form = useForm<ResponseLabels>({
    resolver: zodResolver(responseLabelsSchema),
    defaultValues: defaultResponseLabels,
  });
  const { errors, isSubmitting } = form.formState;
  const loading = version === null && problem === null;

  /** The words as they are now, into the form; until they are, nothing can be saved. */
  const load = async () => {
    setVersion(null);
    setProblem(null);
    setStale(false);
    try {
      const current = await fresh();
      form.reset(current.labels);
      setVersion(current.version);
    } catch (error) {
      setProblem(messageFrom(error, "The response labels could not be loaded."));
    }
  };

  const resetToDefaults = () => {
    form.clearErrors();
    for (const key of responseKeys) form.setValue(key, defaultResponseLabels[key], { shouldDirty: true });
  };

  const onSubmit = form.handleSubmit(async (labels) => {
    if (version === null) return;
    setProblem(null);
    try {
      await save.mutateAsync({ labels, version });
      setOpen(false);
      toast({ title: "Response labels saved", description: responseKeys.map((key) => labels[key]).join(" · ") });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        setStale(true);
        setProblem(messageFrom(error, "Someone changed the response labels since you opened them."));
        return;
      }
      for (const [field, text] of Object.entries(fieldErrorsFrom(error))) {
        const name = formFieldOf(field);
        if (name) form.setError(name, { message: text });
      }
      setProblem(messageFrom(error, "The response labels could not be saved."));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      busy={isSubmitting}
      onOpen={() => void load()}
      trigger={
        <Button variant="secondary">
          <Tags aria-hidden="true" size={16} />
          Response labels
        </Button>
      }
      title="Response labels"
      description="The words a client picks from for each sheet of a review. Answers given already show the new words."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Response labels" aria-busy={loading} className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {responseKeys.map((key) => (
            <Field key={key} label={defaultResponseLabels[key]} hint={meaning[key]} error={errors[key]?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register(key)}
                  maxLength={responseLabelLimits.max}
                  readOnly={loading}
                  autoComplete="off"
                />
              )}
            </Field>
          ))}
        </div>
        {stale ? (
          <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm font-semibold text-amber-950">{problem}</p>
            <Button variant="secondary" size="sm" loading={loading} onClick={() => void load()}>
              {!loading && <RefreshCw aria-hidden="true" size={14} />}
              Reload
            </Button>
          </div>
        ) : (
          <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="ghost" onClick={resetToDefaults} disabled={loading || isSubmitting}>
            <RotateCcw aria-hidden="true" size={14} />
            Reset to defaults
          </Button>
          <div className="flex flex-wrap gap-2">
            <FormDialogCancel />
            <Button type="submit" variant="accent" loading={isSubmitting} disabled={stale || version === null}>
              Save labels
            </Button>
          </div>
        </div>
      </form>
    </FormDialog>
  );
}
