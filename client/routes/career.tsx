import { ApplicationFormSlot } from "~/features/leads/components/application-form-slot";
import { CareerPage } from "~/features/marketing/components/career/career-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/career");

export default function Career() {
  return <CareerPage renderApplicationForm={(labelledBy) => <ApplicationFormSlot labelledBy={labelledBy} />} />;
}
