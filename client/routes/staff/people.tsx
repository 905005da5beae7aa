import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PeoplePanel } from "~/features/staff/components/people-panel";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "People | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/people and /staff/people?person={username}: the staff accounts, the one open for editing in the address. */
export default function People() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const onChange = useCallback(
    (username: string | null) => navigate(username ? staffAddresses.person(username) : staffAddresses.people),
    [navigate],
  );
  return (
    <WorkspacePage title="People" description="Staff accounts: register, edit, disable and delete." only="admin">
      <PeoplePanel selection={{ username: searchParams.get("person"), onChange }} />
    </WorkspacePage>
  );
}
