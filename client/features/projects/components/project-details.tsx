import { MessagesSquare, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { buttonClass } from "~/components/ui/button";
import { HttpError } from "~/lib/http-error";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { useProject } from "../api/get-project.ts";
import { dueDateLabel } from "../lib/due-date.ts";
import { DrawingRegister } from "./drawing-register.tsx";
import { ProjectFiles } from "./project-files.tsx";
import { ProjectFormDialog } from "./project-form-dialog.tsx";
import { RfiLog } from "./rfi-log.tsx";
import { TransmittalLog } from "./transmittal-log.tsx";

/** The sections of a project's page, by `?tab=` (the register when none). */
const projectTabs = [
  ["drawings", "Drawings"],
  ["transmittals", "Transmittals"],
  ["rfis", "RFIs"],
  ["files", "Files"],
  ["chat", "Chat"],
] as const;

/**
 * One project: its client, fabricator, due date and team, Edit for admins, and its tabs (DESIGN
 * §16: drawings, transmittals, RFIs, files and chat). The chat is the chat feature's, handed in by
 * the page as `chat` (a conversation address to its view).
 */
export function ProjectDetails({
  job,
  admin,
  me,
  chat,
}: {
  job: string;
  admin: boolean;
  me: string;
  chat: (conversation: string) => ReactNode;
}) {
  const project = useProject(job);
  const [search] = useSearchParams();
  const tab = projectTabs.find(([key]) => key === search.get("tab"))?.[0] ?? "drawings";
  if (project.isPending) return <ListSkeleton label="Loading the project" />;
  if (project.isError) {
    if (project.error instanceof HttpError && (project.error.status === 404 || project.error.status === 400)) {
      return (
        <div className="space-y-4">
          <EmptyPanel icon={SearchX} title="No such project" text={`There is no project ${job} that you are on.`} />
          <Link to={staffAddresses.projects} className="text-sm font-semibold text-accent-700 underline">
            All projects
          </Link>
        </div>
      );
    }
    return (
      <ListError
        error={project.error}
        fallback="The project could not be loaded."
        onRetry={() => void project.refetch()}
        retrying={project.isFetching}
      />
    );
  }
  const { data } = project;
  const rows: [string, React.ReactNode][] = [
    ["Client", [data.client.company, data.client.contact].filter(Boolean).join(" · ")],
    [
      "Client e-mail",
      <a key="email" href={`mailto:${data.client.email}`} className="text-accent-700 underline">
        {data.client.email}
      </a>,
    ],
    ["Fabricator", data.fabricator || "Not set"],
    ["Due", dueDateLabel(data.dueDate)?.replace(/^Due /, "") ?? "Not set"],
    ["Team", data.team.length > 0 ? data.team.join(", ") : "Nobody yet"],
  ];
  return (
    <div className="space-y-5">
      <section
        aria-labelledby="project-heading"
        className="space-y-4 rounded-xl border border-steel-200 bg-white p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="project-heading" className="text-lg font-bold text-steel-950">
            <span className="font-mono">{data.job}</span> · {data.name}
          </h2>
          <div className="flex flex-wrap gap-2">
            {data.chatGroupId !== null && (data.team.includes(me) || admin) && (
              <Link
                to={staffAddresses.conversation(`group:${data.chatGroupId}`)}
                className={buttonClass("secondary", "sm")}
              >
                <MessagesSquare aria-hidden="true" size={14} />
                Project chat
              </Link>
            )}
            {admin && <ProjectFormDialog key={data.version} project={data} me={me} />}
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm font-semibold text-steel-600">{term}</dt>
              <dd className="min-w-0 text-sm break-words text-steel-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <nav aria-label="Project sections" className="flex overflow-x-auto border-b border-steel-200 sm:gap-1">
        {projectTabs.map(([key, label]) => (
          <Link
            key={key}
            to={{ search: key === "drawings" ? "" : `?tab=${key}` }}
            replace
            aria-current={tab === key ? "page" : undefined}
            className="-mb-px shrink-0 border-b-2 border-transparent px-2.5 py-2 text-sm whitespace-nowrap sm:px-3 font-semibold text-steel-600 aria-[current=page]:border-accent-600 aria-[current=page]:text-steel-950"
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === "chat" ? (
        data.chatGroupId === null ? (
          <EmptyPanel
            icon={MessagesSquare}
            title="No project chat"
            text="Its chat group was deleted in the chat; the team can talk in a new group there."
          />
        ) : (
          <section aria-label="Project chat" className="overflow-hidden rounded-xl border border-steel-200">
            {chat(`group:${data.chatGroupId}`)}
          </section>
        )
      ) : tab === "files" ? (
        <ProjectFiles job={data.job} me={me} admin={admin} />
      ) : tab === "rfis" ? (
        <RfiLog job={data.job} />
      ) : tab === "transmittals" ? (
        <TransmittalLog job={data.job} clientEmail={data.client.email} />
      ) : (
        <DrawingRegister job={data.job} />
      )}
    </div>
  );
}
