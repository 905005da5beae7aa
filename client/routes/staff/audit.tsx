import { AuditLogPanel } from "~/features/staff/components/audit-log-panel";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Audit log | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/audit: every change an admin made. */
export default function Audit() {
  return (
    <WorkspacePage
      title="Audit log"
      description="Every change an admin made, and every admin login."
      only="admin"
      listTitle="Entries"
    >
      <AuditLogPanel />
    </WorkspacePage>
  );
}
