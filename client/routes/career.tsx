import { CareerPage } from "~/features/marketing/components/career/career-page";
import { ApplicationFormSlot } from "~/features/public-forms/components/application-form-slot";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/career");

export default function Career() {
  return <CareerPage renderApplicationForm={(labelledBy) => <ApplicationFormSlot labelledBy={labelledBy} />} />;
}
