import { FileUser, Inbox } from "lucide-react";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { ApplicationsPanel } from "./applications-panel.tsx";
import { pipelineSectionIds } from "./pipeline-overview.tsx";
import { QuoteRequestsPanel } from "./quote-requests-panel.tsx";

/**
 * The Admin Dashboard's two pipeline sections, where the overview's tiles lead: the quote requests
 * (`me`: the signed-in admin, for "assigned to me") and the job applications.
 */
export function PipelineSections({ me }: { me: string }) {
  return (
    <>
      <DashboardSection
        id={pipelineSectionIds.quoteRequests}
        title="Contact Form Submissions"
        description="Quote requests from prospective clients."
        icon={Inbox}
      >
        <QuoteRequestsPanel me={me} />
      </DashboardSection>

      <DashboardSection
        id={pipelineSectionIds.applications}
        title="Job Applications"
        description="Applications and CVs from the career page."
        icon={FileUser}
      >
        <ApplicationsPanel />
      </DashboardSection>
    </>
  );
}
