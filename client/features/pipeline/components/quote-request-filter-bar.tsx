import { Columns3, List } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Select } from "~/components/ui/input";
import { quoteStatuses, quoteStatusLabels } from "../../../../shared/quote-requests.ts";
import { useAssignableUsernames } from "../api/get-assignees.ts";
import type { QuoteRequestFilters } from "../api/types.ts";
import { unassigned } from "../lib/pipeline.ts";

export type QuoteView = "list" | "board";

/** The stage, assignee and follow-up filters over the quote requests, and the List or Board switch. */
export function QuoteRequestFilterBar({
  me,
  admin,
  filters,
  view,
  onChange,
}: {
  me: string;
  /** Only an admin filters by assignee (anyone else sees only their own). */
  admin: boolean;
  filters: QuoteRequestFilters;
  view: QuoteView;
  onChange: (next: { filters?: QuoteRequestFilters; view?: QuoteView }) => void;
}) {
  const people = useAssignableUsernames(me, admin);
  const assignees =
    filters.assignee && filters.assignee !== unassigned && !people.includes(filters.assignee)
      ? [...people, filters.assignee]
      : people;
  const stageId = useId();
  const assigneeId = useId();
  const dueId = useId();
  const set = (patch: Partial<QuoteRequestFilters>) => {
    const next: QuoteRequestFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof QuoteRequestFilters)[]) if (!next[key]) delete next[key];
    onChange({ filters: next });
  };
  const active = Boolean(filters.status || filters.assignee || filters.due);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <label htmlFor={stageId} className="block text-xs font-semibold text-steel-600">
          Stage
        </label>
        <Select
          id={stageId}
          value={filters.status ?? ""}
          onChange={(event) => set({ status: (event.target.value || undefined) as QuoteRequestFilters["status"] })}
          className="mt-1"
        >
          <option value="">All stages</option>
          {quoteStatuses.map((status) => (
            <option key={status} value={status}>
              {quoteStatusLabels[status]}
            </option>
          ))}
        </Select>
      </div>
      {admin && (
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <label htmlFor={assigneeId} className="block text-xs font-semibold text-steel-600">
            Assignee
          </label>
          <Select
            id={assigneeId}
            value={filters.assignee ?? ""}
            onChange={(event) => set({ assignee: event.target.value || undefined })}
            className="mt-1"
          >
            <option value="">Anyone</option>
            <option value={unassigned}>Unassigned</option>
            {assignees.map((username) => (
              <option key={username} value={username}>
                {username === me ? `${username} (me)` : username}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="w-[calc(50%-0.375rem)] sm:w-48">
        <label htmlFor={dueId} className="block text-xs font-semibold text-steel-600">
          Follow-up
        </label>
        <Select
          id={dueId}
          value={filters.due ?? ""}
          onChange={(event) => set({ due: (event.target.value || undefined) as QuoteRequestFilters["due"] })}
          className="mt-1"
        >
          <option value="">Any date</option>
          <option value="today">Due today or overdue</option>
          <option value="overdue">Overdue</option>
        </Select>
      </div>
      {active && (
        <Button variant="ghost" size="sm" onClick={() => onChange({ filters: {} })}>
          Clear filters
        </Button>
      )}
      <fieldset className="ml-auto flex rounded-md border border-steel-300 bg-white p-0.5">
        <legend className="sr-only">View</legend>
        {(
          [
            { value: "list", label: "List", icon: List },
            { value: "board", label: "Board", icon: Columns3 },
          ] as const
        ).map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={view === option.value}
            onClick={() => onChange({ view: option.value })}
            className={cx(
              "inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-semibold",
              view === option.value ? "bg-steel-900 text-white" : "text-steel-700 hover:bg-steel-100",
            )}
          >
            <option.icon aria-hidden="true" size={14} />
            {option.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
