import { FileRequests } from "~/features/shares/components/file-requests";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "File requests | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/file-requests: links through which clients send files. */
export default function FileRequestsPage() {
  return (
    <WorkspacePage title="File requests" description="Links through which clients send their files." only="admin">
      <FileRequests />
    </WorkspacePage>
  );
}
