import { useCallback } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { QuoteRequestsPanel } from "~/features/pipeline/components/quote-requests-panel";
import { useSession } from "~/lib/use-session";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Quote requests | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/**
 * /staff/quotes and /staff/quotes/{reference}: the pipeline with its filters in the query, the open
 * request in the path; for an employee, the requests assigned to them (decision 043).
 */
export default function Quotes() {
  const user = useSession()?.user;
  const me = user?.username ?? "";
  const admin = user?.role === "admin";
  const { reference } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onChange = useCallback(
    (next: string | null) => navigate(`${next ? staffAddresses.quote(next) : staffAddresses.quotes}${search}`),
    [navigate, search],
  );
  return (
    <WorkspacePage
      title="Quote requests"
      description={
        admin ? "Requests from the website, worked from new to won." : "The requests an admin has assigned to you."
      }
      listTitle={admin ? "All quote requests" : "Quote requests assigned to you"}
    >
      <QuoteRequestsPanel me={me} admin={admin} selection={{ reference: reference ?? null, onChange }} />
    </WorkspacePage>
  );
}
