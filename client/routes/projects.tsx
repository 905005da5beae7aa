import { ProjectsPage } from "~/features/marketing/components/projects/projects-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/projects");

export default ProjectsPage;
