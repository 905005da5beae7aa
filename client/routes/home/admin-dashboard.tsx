import type { ReactNode } from "react";
import { PipelineOverview } from "~/features/pipeline/components/pipeline-overview";
import { PipelineSections } from "~/features/pipeline/components/pipeline-sections";
import { FileRequests } from "~/features/shares/components/file-requests";
import { SharedFilesStat } from "~/features/shares/components/shared-files-stat";
import { UploadFiles } from "~/features/shares/components/upload-files";
import AdminDashboard from "~/features/staff/components/admin-dashboard";
import { useSession } from "~/lib/use-session";

/**
 * What home.tsx shows an admin (not a route of its own; loaded lazily, so none of it reaches a
 * public page): the staff area's Admin Dashboard with the shares and the pipeline composed in.
 */
export default function AdminHome({ chat }: { chat: ReactNode }) {
  const me = useSession()?.user.username ?? "";
  return (
    <AdminDashboard
      stats={<SharedFilesStat />}
      overview={<PipelineOverview />}
      files={
        <>
          <UploadFiles />
          <FileRequests />
        </>
      }
      pipeline={<PipelineSections me={me} />}
      chat={chat}
    />
  );
}
