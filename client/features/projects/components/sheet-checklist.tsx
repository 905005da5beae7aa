import { cx } from "~/components/ui/cx";
import { type Drawing, drawingStatusLabels } from "../../../../shared/drawings.ts";

/**
 * The register's sheets to tick, for a form field holding their numbers (a transmittal's sheets,
 * an RFI's holds): number, title and, when `withRevision`, the revision and status each goes at;
 * "Choose all" when `chooseAll`.
 */
export function SheetChecklist({
  legend,
  sheets,
  value,
  onChange,
  empty,
  error,
  chooseAll = false,
  withRevision = false,
}: {
  legend: React.ReactNode;
  sheets: Drawing[];
  value: string[];
  onChange: (numbers: string[]) => void;
  /** Said when there is no sheet to tick. */
  empty: string;
  error?: string;
  chooseAll?: boolean;
  withRevision?: boolean;
}) {
  const all = value.length === sheets.length;
  return (
    <fieldset className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <legend className="text-sm font-semibold text-steel-800">{legend}</legend>
        {chooseAll && sheets.length > 1 && (
          <button
            type="button"
            className="min-h-8 text-sm font-semibold text-steel-800 underline"
            onClick={() => onChange(all ? [] : sheets.map((sheet) => sheet.number))}
          >
            {all ? "Choose none" : "Choose all"}
          </button>
        )}
      </div>
      {sheets.length === 0 ? (
        <p className="mt-1.5 text-sm text-steel-600">{empty}</p>
      ) : (
        <ul
          className={cx(
            "mt-1.5 grid gap-1 overflow-y-auto rounded-md border border-steel-200 p-2",
            withRevision ? "max-h-56" : "max-h-48 sm:grid-cols-2",
          )}
        >
          {sheets.map((sheet) => (
            <li key={sheet.number}>
              <label className="flex min-h-10 items-center gap-2 rounded px-1 text-sm text-steel-900 hover:bg-steel-50">
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0"
                  checked={value.includes(sheet.number)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...value, sheet.number]
                        : value.filter((number) => number !== sheet.number),
                    )
                  }
                />
                <span className="font-mono font-semibold">{sheet.number}</span>
                {withRevision && <span className="shrink-0 text-steel-600">rev {sheet.revision}</span>}
                <span className="min-w-0 flex-1 truncate text-steel-600">{sheet.title}</span>
                {withRevision && (
                  <span className="hidden shrink-0 text-xs text-steel-600 sm:inline">
                    {drawingStatusLabels[sheet.status]}
                  </span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
