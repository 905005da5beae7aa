import { useParams } from "react-router";
import { ProjectDetails } from "~/features/projects/components/project-details";
import { ProjectFormDialog } from "~/features/projects/components/project-form-dialog";
import { ProjectList } from "~/features/projects/components/project-list";
import { useSession } from "~/lib/use-session";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Projects | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/**
 * /staff/projects and /staff/projects/{job} (DESIGN §16): the projects I am on (an admin: every
 * one), and one project at its own address.
 */
export default function Projects() {
  const user = useSession()?.user;
  const me = user?.username ?? "";
  const admin = user?.role === "admin";
  const { job } = useParams();
  if (job) {
    return (
      <WorkspacePage title={`Project ${job}`}>
        <ProjectDetails job={job} admin={admin} me={me} />
      </WorkspacePage>
    );
  }
  return (
    <WorkspacePage
      title="Projects"
      description={admin ? "Every job the office details, with its team." : "The jobs you are on."}
      listTitle={admin ? "All projects" : "Your projects"}
    >
      {admin && (
        <div className="flex justify-end">
          <ProjectFormDialog me={me} />
        </div>
      )}
      <ProjectList admin={admin} />
    </WorkspacePage>
  );
}
