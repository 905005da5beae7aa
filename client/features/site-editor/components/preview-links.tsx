import { Eye } from "lucide-react";
import { Button } from "~/components/ui/button";
import { publicRoutes } from "../../../../shared/site-routes.ts";
import { usePreviewLink } from "../api/publish.ts";

const pageNames: Record<string, string> = {
  "/": "Home",
  "/services": "Services",
  "/about": "About",
  "/projects": "Projects",
  "/gallery": "Gallery",
  "/career": "Career",
  "/contactus": "Contact",
};

/**
 * DESIGN §17's preview: a signed link (one hour) to each public page as it will be with every
 * draft, rendered by the real renderer; a link to send a colleague as well as to open.
 */
export function PreviewLinks() {
  const preview = usePreviewLink();
  const link = preview.data;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Button variant="secondary" size="sm" loading={preview.isPending} onClick={() => preview.mutate()}>
        <Eye aria-hidden="true" size={14} />
        {link ? "New preview link" : "Preview the drafts"}
      </Button>
      {preview.error && <p className="text-sm font-medium text-red-700">{preview.error.message}</p>}
      {link && (
        <nav aria-label="Preview" className="text-sm">
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {publicRoutes.map(({ path }) => (
              <li key={path}>
                <a
                  href={`${link.url}${path}`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-steel-800 underline underline-offset-2 hover:text-steel-950"
                >
                  {pageNames[path] ?? path}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-steel-600">
            Valid until {new Date(link.expiresAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
          </p>
        </nav>
      )}
    </div>
  );
}
