import { FileSpreadsheet } from "lucide-react";
import { useRef, useState } from "react";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { type DrawingImportResult, drawingImportLimits } from "../../../../shared/drawings.ts";
import { useImportRegister } from "../api/drawings.ts";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "Imported successfully: 2 sheets added, 1 retitled, 0 unchanged." */
const summary = (result: DrawingImportResult) =>
  `Imported successfully: ${plural(result.created, "sheet")} added, ${result.updated} retitled, ${result.unchanged} unchanged.`;

/**
 * A register exported from Tekla or SDS2 (CSV: number, title, revision): lists the new sheets and
 * retitles known ones; the server names every bad row, and then nothing is imported.
 */
export function ImportRegisterForm({ job }: { job: string }) {
  const importRegister = useImportRegister(job);
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<[string, string][]>([]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setRowErrors([]);
    const file = fileRef.current?.files?.[0];
    setError(file ? undefined : "Choose the register's CSV");
    if (!file) return;
    try {
      const result = await importRegister.mutateAsync(file);
      setMessage(summary(result));
      if (fileRef.current) fileRef.current.value = "";
    } catch (failure) {
      const errors = fieldErrorsFrom(failure);
      setError(errors.file);
      setRowErrors(Object.entries(errors).filter(([key]) => key.startsWith("row ")));
      setMessage(messageFrom(failure, "The register could not be imported."));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Import register"
      className="space-y-3 rounded-lg border border-steel-200 p-3 sm:p-4"
    >
      <h3 className="text-sm font-bold text-steel-950">Import a register</h3>
      <Field
        label="Register CSV"
        hint={`Columns number, title and revision, as Tekla or SDS2 export them; at most ${formatBytes(drawingImportLimits.maxBytes)}. New numbers become sheets with no revision yet.`}
        error={error}
      >
        {(control) => <Input {...control} ref={fileRef} type="file" accept=".csv,text/csv" />}
      </Field>
      <MessageBanner message={message} onDismiss={() => setMessage(null)} />
      {rowErrors.length > 0 && (
        <ul aria-label="Rows not imported" className="max-h-48 space-y-1 overflow-y-auto text-sm text-red-800">
          {rowErrors.map(([row, reason]) => (
            <li key={row}>
              <span className="font-semibold">{row.replace(/^row/, "Row")}:</span> {reason}
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="secondary" loading={importRegister.isPending}>
        {!importRegister.isPending && <FileSpreadsheet aria-hidden="true" size={16} />}
        Import register (CSV)
      </Button>
    </form>
  );
}
