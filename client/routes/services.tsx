import { ServicesPage } from "~/features/marketing/components/services/services-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/services");

export default ServicesPage;
