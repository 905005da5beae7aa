import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ListError } from "~/components/dashboard/list-states";
import { dateTimeFormat } from "~/lib/date-format";
import { useNow } from "~/lib/use-now";
import { drawingStatusLabels } from "../../../../shared/drawings.ts";
import { type MyDay as MyDayData, myDayLimits } from "../../../../shared/my-day.ts";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { useMyDay } from "../api/my-day.ts";

/** A calendar day as written (YYYY-MM-DD), read in no time zone of its own. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/**
 * Issue #34 "the employee's day" (DESIGN §16): the projects I am on, the sheets waiting on me, the
 * responses my projects received and their RFIs due, each row a link to its address. Shown on the
 * workspace overview and in the employee dashboard's Current Tasks.
 */
export function MyDay() {
  const day = useMyDay();
  if (day.isPending)
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading your projects…</span>
        {[0, 1].map((row) => (
          <div key={row} className="h-12 animate-pulse rounded-lg bg-steel-100" />
        ))}
      </div>
    );
  if (day.isError)
    return (
      <ListError
        error={day.error}
        fallback="Your projects could not be loaded."
        onRetry={() => void day.refetch()}
        retrying={day.isFetching}
      />
    );
  return <MyDayLists day={day.data} />;
}

function MyDayLists({ day }: { day: MyDayData }) {
  const now = useNow();
  return (
    <div className="space-y-5">
      <DayList title="Projects you are on" empty="You are on no project's team.">
        {day.projects.map((project) => (
          <Row
            key={project.job}
            to={staffAddresses.project(project.job)}
            title={`${project.job} ${project.name}`}
            detail={project.dueDate ? `Due ${dayFormat.format(new Date(project.dueDate))}` : "No due date"}
          />
        ))}
      </DayList>
      <DayList title="Sheets waiting on you" empty="No sheet is waiting on you.">
        {day.sheets.map((sheet) => (
          <Row
            key={`${sheet.job} ${sheet.number}`}
            to={staffAddresses.project(sheet.job)}
            title={`${sheet.number} ${sheet.title}`}
            detail={`${sheet.job} · Rev ${sheet.revision || "–"} · ${drawingStatusLabels[sheet.status]}`}
          />
        ))}
      </DayList>
      <DayList title="Responses received" empty={`No response in the last ${myDayLimits.responsesDays} days.`}>
        {day.responses.map((response) => (
          <Row
            key={response.transmittal}
            to={`${staffAddresses.project(response.job)}?tab=transmittals`}
            title={`${response.transmittal}: ${response.summary}`}
            detail={`Answered ${dateTimeFormat.format(new Date(response.answeredAt))}`}
          />
        ))}
      </DayList>
      <DayList title="RFIs due" empty={`No RFI is due in the next ${myDayLimits.rfisDueDays} days.`}>
        {day.rfisDue.map((rfi) => {
          const overdue = Date.parse(rfi.dueAt) < now;
          return (
            <Row
              key={`${rfi.job} ${rfi.number}`}
              to={`${staffAddresses.project(rfi.job)}?tab=rfis`}
              title={`${rfi.job} ${rfi.number} ${rfi.subject}`}
              detail={`${overdue ? "Overdue, was due" : "Due"} ${dateTimeFormat.format(new Date(rfi.dueAt))}`}
              warn={overdue}
            />
          );
        })}
      </DayList>
    </div>
  );
}

function DayList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title}>
      <h3 className="text-xs font-bold tracking-wide text-steel-600 uppercase">
        {title}
        {children.length > 0 ? ` (${children.length})` : ""}
      </h3>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-steel-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">{children}</ul>
      )}
    </section>
  );
}

function Row({ to, title, detail, warn = false }: { to: string; title: string; detail: string; warn?: boolean }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-lg border border-steel-200 bg-white px-3 py-2 text-sm hover:border-steel-400"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-steel-950">{title}</span>
          <span className={`mt-0.5 block text-xs ${warn ? "font-semibold text-red-700" : "text-steel-600"}`}>
            {detail}
          </span>
        </span>
        <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-steel-400" />
      </Link>
    </li>
  );
}
