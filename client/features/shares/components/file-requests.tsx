import { FolderInput } from "lucide-react";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { FileRequestList } from "./file-request-list.tsx";
import { NewFileRequestForm } from "./new-file-request-form.tsx";

/**
 * File requests (DESIGN §12): a link through which a client sends files, without an account; the
 * requests so far with the files received, refreshed every 30 s while the tab is visible.
 */
export function FileRequests() {
  return (
    <DashboardSection
      id="file-requests"
      title="File requests"
      description="Ask a client for files: they get a link, drop their files, and the files arrive here."
      icon={FolderInput}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8">
        <NewFileRequestForm />
        <FileRequestList />
      </div>
    </DashboardSection>
  );
}
