import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ProgressBar } from "~/components/ui/progress-bar";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import {
  type Drawing,
  drawingLimits,
  expectedRevision,
  revisionSchema,
  sheetNumberSchema,
} from "../../../../shared/drawings.ts";
import { useAddRevision } from "../api/drawings.ts";

/**
 * A sheet's next revision, or a new sheet, with its PDF. The revision is filled in with what the
 * sheet expects next (A for a new one); the server says why another cannot come next.
 */
export function AddRevisionForm({ job, sheets }: { job: string; sheets: Drawing[] }) {
  const add = useAddRevision(job);
  const toast = useToast();
  const [number, setNumber] = useState("");
  const [revision, setRevision] = useState("A");
  const [revisionTouched, setRevisionTouched] = useState(false);
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const sheet = sheets.find((one) => one.number === number.trim());
  const expected = expectedRevision(sheet?.revision ? { revision: sheet.revision, status: sheet.status } : null);

  const onNumber = (value: string) => {
    setNumber(value);
    const match = sheets.find((one) => one.number === value.trim());
    if (!revisionTouched) {
      setRevision(expectedRevision(match?.revision ? { revision: match.revision, status: match.status } : null));
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const file = fileRef.current?.files?.[0];
    const found: Record<string, string> = {};
    const numberCheck = sheetNumberSchema.safeParse(number);
    if (!numberCheck.success) found.number = numberCheck.error.issues[0]?.message ?? "Not a sheet number";
    const revisionCheck = revisionSchema.safeParse(revision);
    if (!revisionCheck.success) found.revision = revisionCheck.error.issues[0]?.message ?? "Not a revision";
    if (!sheet && !title.trim()) found.title = "A new sheet needs a title";
    if (!file) found.file = "Choose the sheet's PDF";
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setPercent(0);
    try {
      await add.mutateAsync({
        number: number.trim(),
        revision: revision.trim(),
        title: title.trim(),
        file,
        onProgress: setPercent,
      });
      toast({ title: `${number.trim()} revision ${revision.trim()} added`, description: file.name });
      setNumber("");
      setRevision("A");
      setRevisionTouched(false);
      setTitle("");
      if (fileRef.current) fileRef.current.value = "";
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      setProblem(messageFrom(error, "The revision could not be added."));
    } finally {
      setPercent(null);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Add a revision" className="space-y-4">
      <h3 className="text-sm font-bold text-steel-950">Add a sheet or a revision</h3>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <Field
          label="Sheet number"
          hint={sheet ? `${sheet.title}, now at ${sheet.revision || "no revision"}` : "A new number adds a sheet."}
          error={errors.number}
        >
          {(control) => (
            <Input
              {...control}
              list={listId}
              value={number}
              onChange={(event) => onNumber(event.target.value)}
              maxLength={drawingLimits.numberMax}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Revision" hint={`Next: ${expected}`} error={errors.revision}>
          {(control) => (
            <Input
              {...control}
              value={revision}
              onChange={(event) => {
                setRevisionTouched(true);
                setRevision(event.target.value.toUpperCase());
              }}
              maxLength={3}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <datalist id={listId}>
        {sheets.map((one) => (
          <option key={one.number} value={one.number}>
            {one.title}
          </option>
        ))}
      </datalist>
      <Field label="Title" optional={Boolean(sheet)} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={drawingLimits.titleMax}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="PDF" hint={`One sheet, at most ${drawingLimits.maxMB} MB.`} error={errors.file}>
        {(control) => <Input {...control} ref={fileRef} type="file" accept="application/pdf,.pdf" />}
      </Field>
      {percent !== null && (
        <ProgressBar value={percent} label={`Uploading ${number.trim()} revision ${revision.trim()}`} />
      )}
      <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
      <Button type="submit" variant="accent" loading={add.isPending}>
        {!add.isPending && <Upload aria-hidden="true" size={16} />}
        Add revision
      </Button>
    </form>
  );
}
