import { useCallback } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { ApplicationsPanel } from "~/features/pipeline/components/applications-panel";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import StaffNotFound from "./not-found.tsx";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Applications | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/applications and /staff/applications/{id}: the applications, the open one in the path. */
export default function Applications() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const selected = id && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  const onChange = useCallback(
    (next: number | null) =>
      navigate(`${next === null ? staffAddresses.applications : staffAddresses.application(next)}${search}`),
    [navigate, search],
  );
  if (id !== undefined && selected === null) return <StaffNotFound />;
  return (
    <WorkspacePage
      title="Applications"
      description="Applications and CVs from the career page."
      only="admin"
      listTitle="All applications"
    >
      <ApplicationsPanel selection={{ id: selected, onChange }} />
    </WorkspacePage>
  );
}
