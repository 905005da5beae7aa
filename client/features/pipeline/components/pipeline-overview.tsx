import type { LucideIcon } from "lucide-react";
import { AlarmClock, FileUser, Inbox, Timer } from "lucide-react";
import { useSearchParams } from "react-router";
import { cx } from "~/components/ui/cx";
import { useNow } from "~/lib/use-now";
import { applicationsSectionId } from "../../../../shared/applications.ts";
import { quoteRequestsSectionId } from "../../../../shared/quote-requests.ts";
import { useApplications } from "../api/get-applications.ts";
import { useQuoteRequests } from "../api/get-quote-requests.ts";
import {
  applicationStageParam,
  filtersToSearch,
  formatDuration,
  medianResponseTime,
  overviewCounts,
} from "../lib/pipeline.ts";

/** Where the overview's tiles lead. */
export const pipelineSectionIds = {
  quoteRequests: quoteRequestsSectionId,
  applications: applicationsSectionId,
} as const;

interface Tile {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  attention: boolean;
  go: () => void;
  action: string;
}

/**
 * What needs attention first (DESIGN §11): new requests, follow-ups due, applications waiting, and
 * the response time over the last 30 days. Each tile shows the matching list, filtered.
 */
export function PipelineOverview() {
  const requests = useQuoteRequests("");
  const applications = useApplications("");
  const [searchParams, setSearchParams] = useSearchParams();
  const now = new Date(useNow());
  const counts = overviewCounts(requests.data ?? [], applications.data ?? [], now);
  const median = medianResponseTime(requests.data ?? [], now);
  const loading = (value: number) => (requests.isSuccess ? String(value) : "–");

  const show = (section: string, update: (params: URLSearchParams) => URLSearchParams) => {
    setSearchParams(update(new URLSearchParams(searchParams)), { replace: true, preventScrollReset: true });
    const target = document.getElementById(section);
    target?.scrollIntoView({ block: "start" });
    const heading = target?.querySelector<HTMLElement>("h2");
    if (heading) {
      // The section's heading takes focus so that keyboard and screen reader users land on the list.
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  };

  const tiles: Tile[] = [
    {
      label: "New requests",
      value: loading(counts.newRequests),
      hint: "Not contacted yet",
      icon: Inbox,
      attention: counts.newRequests > 0,
      action: "Show new requests",
      go: () => show(pipelineSectionIds.quoteRequests, (params) => filtersToSearch(params, { status: "new" })),
    },
    {
      label: "Follow-ups due",
      value: loading(counts.followUpsDue),
      hint: "Due today or overdue",
      icon: AlarmClock,
      attention: counts.followUpsDue > 0,
      action: "Show follow-ups due",
      go: () => show(pipelineSectionIds.quoteRequests, (params) => filtersToSearch(params, { due: "today" })),
    },
    {
      label: "Applications waiting",
      value: applications.isSuccess ? String(counts.applicationsWaiting) : "–",
      hint: "New, not yet screened",
      icon: FileUser,
      attention: counts.applicationsWaiting > 0,
      action: "Show applications waiting",
      go: () =>
        show(pipelineSectionIds.applications, (params) => {
          params.set(applicationStageParam, "new");
          return params;
        }),
    },
    {
      label: "Response time (30 days)",
      value: !requests.isSuccess ? "–" : median === null ? "No data" : formatDuration(median),
      hint: "Median, request to first contact",
      icon: Timer,
      attention: false,
      action: "Show all quote requests",
      go: () => show(pipelineSectionIds.quoteRequests, (params) => filtersToSearch(params, {})),
    },
  ];

  return (
    <section aria-labelledby="pipeline-overview-heading" className="space-y-3">
      <h2 id="pipeline-overview-heading" className="text-sm font-bold tracking-wide text-steel-700 uppercase">
        Needs attention
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <button
              type="button"
              onClick={tile.go}
              aria-label={`${tile.label}: ${tile.value}. ${tile.action}`}
              className={cx(
                "flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-white p-4 text-left shadow-sm transition-colors hover:border-steel-400",
                tile.attention ? "border-accent-500 ring-1 ring-accent-500/40" : "border-steel-200",
              )}
            >
              <span className="flex items-center gap-2 text-xs font-semibold text-steel-600 sm:text-sm">
                <tile.icon
                  aria-hidden="true"
                  size={16}
                  className={tile.attention ? "text-accent-700" : "text-steel-500"}
                />
                {tile.label}
              </span>
              <span className="text-2xl font-bold text-steel-950 tabular-nums sm:text-3xl">{tile.value}</span>
              <span className="text-xs text-steel-500">{tile.hint}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
