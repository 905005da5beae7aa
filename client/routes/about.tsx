import { AboutPage } from "~/features/marketing/components/about/about-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/about");

export default AboutPage;
