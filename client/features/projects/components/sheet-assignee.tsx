import { useId } from "react";
import { Select } from "~/components/ui/input";
import { messageFrom } from "~/lib/http-error";
import { useSession } from "~/lib/use-session";
import type { Drawing } from "../../../../shared/drawings.ts";
import { useAssignSheet } from "../api/assign-sheet.ts";
import { useProject } from "../api/get-project.ts";

/**
 * "Assigned to": who a sheet waits on (issue #34), one of the project's team; an admin may also
 * take it. The server's reason shows when it refuses.
 */
export function SheetAssignee({ job, sheet }: { job: string; sheet: Drawing }) {
  const id = useId();
  const team = useProject(job).data?.team ?? [];
  const me = useSession()?.user;
  const assign = useAssignSheet(job);
  const choices = [...team];
  for (const name of [sheet.assignee, me?.role === "admin" ? me.username : null]) {
    if (name && !choices.some((one) => one.toLowerCase() === name.toLowerCase())) choices.push(name);
  }
  const value = assign.isPending ? (assign.variables.assignee ?? "") : (sheet.assignee ?? "");
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-xs text-steel-600">
      <label htmlFor={id}>Assigned to</label>
      <Select
        id={id}
        value={value}
        disabled={assign.isPending}
        onChange={(event) => assign.mutate({ number: sheet.number, assignee: event.target.value || null })}
        aria-label={`${sheet.number} assigned to`}
        className="h-8 w-auto py-0 text-xs"
      >
        <option value="">Nobody</option>
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      {assign.isError && (
        <span role="alert" className="font-medium text-red-700">
          {messageFrom(assign.error, `${sheet.number} could not be assigned.`)}
        </span>
      )}
    </span>
  );
}
