import { Stat } from "~/components/dashboard/stat";
import { useFiles } from "../api/get-files.ts";

/** The Admin Dashboard's "Shared files" headline number, from the list the dashboard loads anyway. */
export function SharedFilesStat() {
  const files = useFiles();
  return <Stat label="Shared files" value={files.data?.length} />;
}
