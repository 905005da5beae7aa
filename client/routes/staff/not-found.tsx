import { Link } from "react-router";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Not found | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** An address under /staff that names nothing. */
export default function StaffNotFound() {
  return (
    <WorkspacePage title="There is nothing at this address">
      <p className="text-steel-700">
        The link may be old or mistyped.{" "}
        <Link to="/staff" className="font-semibold text-steel-950 underline underline-offset-2">
          Go to the overview
        </Link>
        .
      </p>
    </WorkspacePage>
  );
}
