import { CareerPage } from "~/features/marketing/components/career/career-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/career");

export default CareerPage;
