import { PeoplePanel } from "~/features/staff/components/people-panel";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "People | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/people: the staff accounts (register, edit, disable, delete). */
export default function People() {
  return (
    <WorkspacePage title="People" description="Staff accounts: register, edit, disable and delete." only="admin">
      <PeoplePanel />
    </WorkspacePage>
  );
}
