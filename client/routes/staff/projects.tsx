import { lazy, Suspense, useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import { ProjectDetails } from "~/features/projects/components/project-details";
import { ProjectFormDialog } from "~/features/projects/components/project-form-dialog";
import { ProjectList } from "~/features/projects/components/project-list";
import { ResponseLabelsDialog } from "~/features/projects/components/response-labels-dialog";
import { useSession } from "~/lib/use-session";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { WorkspacePage } from "./page.tsx";

// The chat and STOMP load with a project's Chat tab only.
const ChatView = lazy(() => import("~/features/chat/components/chat-view"));

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
  const navigate = useNavigate();
  const chat = useCallback(
    (conversation: string) => (
      <Suspense fallback={<div className="h-[calc(100dvh-12rem)] min-h-[420px]" aria-busy="true" />}>
        <ChatView
          single
          className="h-[calc(100dvh-12rem)]! min-h-[420px]! max-h-none! md:h-[calc(100dvh-14rem)]!"
          address={{
            conversation,
            // Opening another conversation from here (a reply in private) goes to the chat page.
            onChange: (next) => {
              if (next && next !== conversation) navigate(staffAddresses.conversation(next));
            },
          }}
        />
      </Suspense>
    ),
    [navigate],
  );
  if (job) {
    return (
      <WorkspacePage title={`Project ${job}`}>
        <ProjectDetails job={job} admin={admin} me={me} chat={chat} />
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
        <div className="flex flex-wrap justify-end gap-2">
          <ResponseLabelsDialog />
          <ProjectFormDialog me={me} />
        </div>
      )}
      <ProjectList admin={admin} />
    </WorkspacePage>
  );
}
