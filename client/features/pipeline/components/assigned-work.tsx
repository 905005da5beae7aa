import { ChevronRight, ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError } from "~/components/dashboard/list-states";
import { useNow } from "~/lib/use-now";
import { closedQuoteStatuses } from "../../../../shared/follow-up.ts";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { useQuoteRequests } from "../api/get-quote-requests.ts";
import type { QuoteRequest } from "../api/types.ts";
import { followUpState } from "../lib/pipeline.ts";
import { FollowUpBadge, QuoteStatusBadge } from "./pipeline-badges.tsx";

/** Open work first by its follow-up (the soonest, overdue included, first), then the newest. */
export function byFollowUp(a: QuoteRequest, b: QuoteRequest): number {
  if (a.followUpAt && b.followUpAt) return a.followUpAt.localeCompare(b.followUpAt);
  if (a.followUpAt) return -1;
  if (b.followUpAt) return 1;
  return b.submittedAt.localeCompare(a.submittedAt);
}

/**
 * The open quote requests assigned to `me` (won and lost ones are done), soonest follow-up first,
 * each a link to its address in the workspace: the employee dashboard's Current Tasks and the
 * workspace overview's "Assigned to you".
 */
export function AssignedWork({ me }: { me: string }) {
  const requests = useQuoteRequests("", { assignee: me });
  const now = new Date(useNow());
  if (requests.isPending)
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading your work…</span>
        {[0, 1].map((row) => (
          <div key={row} className="h-14 animate-pulse rounded-lg bg-steel-100" />
        ))}
      </div>
    );
  if (requests.isError)
    return (
      <ListError
        error={requests.error}
        fallback="Your work could not be loaded."
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  const open = requests.data.filter((request) => !closedQuoteStatuses.includes(request.status)).sort(byFollowUp);
  if (open.length === 0)
    return (
      <EmptyPanel
        icon={ClipboardList}
        title="Nothing is assigned to you."
        text="Quote requests an admin assigns to you show up here."
      />
    );
  return (
    <ul aria-label="Quote requests assigned to you" className="space-y-2">
      {open.map((request) => (
        <li key={request.id}>
          <Link
            to={staffAddresses.quote(request.reference)}
            className="flex items-center gap-3 rounded-lg border border-steel-200 bg-white px-3 py-2.5 text-sm hover:border-steel-400"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-steel-950">
                {request.projectName || request.company || request.name}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-steel-600">
                <span>{request.reference}</span>
                <QuoteStatusBadge status={request.status} />
                <FollowUpBadge at={request.followUpAt} state={followUpState(request, now)} />
              </span>
            </span>
            <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-steel-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
