import { useParams } from "react-router";
import { SiteEditor } from "~/features/site-editor/components/site-editor";
import { isCollection } from "~/features/site-editor/lib/collections";
import StaffNotFound from "./not-found.tsx";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Site | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/**
 * /staff/site, /staff/site/{collection}, /staff/site/{collection}/{id} and /staff/site/versions
 * (DESIGN §17, admins): the firm's own website, edited as drafts and published as versions. One
 * route, so the editor stays mounted (and keeps what is chosen to publish) while moving between items.
 */
export default function Site() {
  const { collection, id } = useParams();
  const section = collection ?? "jobs";
  if (section !== "versions" && !isCollection(section)) return <StaffNotFound />;
  if (section === "versions" && id !== undefined) return <StaffNotFound />;
  return (
    <WorkspacePage
      title="Site"
      description="The website's jobs, projects, gallery, services, numbers, contact details and about page: saved as drafts, published when ready."
      only="admin"
    >
      <SiteEditor section={section} id={id} />
    </WorkspacePage>
  );
}
