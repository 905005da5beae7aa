import { FolderKanban } from "lucide-react";
import { Link } from "react-router";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { useProjects } from "../api/get-projects.ts";
import { dueDateLabel } from "../lib/due-date.ts";

/** The projects I may read, by job number, each opening its own address. */
export function ProjectList({ admin }: { admin: boolean }) {
  const projects = useProjects();
  if (projects.isPending) return <ListSkeleton label="Loading projects" />;
  if (projects.isError) {
    return (
      <ListError
        error={projects.error}
        fallback="The projects could not be loaded."
        onRetry={() => void projects.refetch()}
        retrying={projects.isFetching}
      />
    );
  }
  if (projects.data.length === 0) {
    return (
      <EmptyPanel
        icon={FolderKanban}
        title="No projects yet"
        text={admin ? "Create the first with New project." : "An admin puts you on a project's team."}
      />
    );
  }
  return (
    <ul className="divide-y divide-steel-100 overflow-hidden rounded-xl border border-steel-200 bg-white">
      {projects.data.map((project) => (
        <li key={project.job}>
          <Link
            to={staffAddresses.project(project.job)}
            className="grid gap-1 px-4 py-3 hover:bg-steel-50 focus-visible:bg-steel-50 focus-visible:outline-none sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
          >
            <span className="font-mono text-sm font-semibold text-steel-950">{project.job}</span>
            <span className="min-w-0">
              <span className="block truncate font-semibold text-steel-900">{project.name}</span>
              <span className="block truncate text-sm text-steel-600">
                {[project.client.company, project.fabricator].filter(Boolean).join(" · ")}
              </span>
            </span>
            <span className="text-sm text-steel-600">
              {[dueDateLabel(project.dueDate), `${project.team.length} on the team`].filter(Boolean).join(" · ")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
