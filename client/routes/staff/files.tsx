import { UploadFiles } from "~/features/shares/components/upload-files";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Files | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff/files: files shared with clients through links. */
export default function Files() {
  return (
    <WorkspacePage title="Files" description="Files shared with clients through download links." only="admin">
      <UploadFiles />
    </WorkspacePage>
  );
}
