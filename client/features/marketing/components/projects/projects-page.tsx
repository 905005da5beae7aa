import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useSiteCollection } from "~/lib/site-content";
import page from "../../../../../content/projects-page.json";
import { CallToAction } from "../shared/call-to-action.tsx";
import { countLabel } from "../shared/format.ts";
import { PageBanner } from "../shared/page-banner.tsx";
import { ProjectCard } from "./project-card.tsx";
import { ALL, filterProjects, type ProjectFilter, projectCategories } from "./project-filter.ts";
import { ProjectFilterBar } from "./project-filter-bar.tsx";
import type { Project } from "./types.ts";

/** `?project=<id>` opens that project's modal (the home carousel's "View Project" links here). */
const PROJECT_PARAM = "project";

// The modal (and Radix's dialog, ~14 KB) is not part of the page's first load: it is fetched once
// the page is idle, or at the first open, whichever comes first.
const loadProjectDialog = () => import("./project-dialog.tsx");
const ProjectDialog = lazy(async () => ({ default: (await loadProjectDialog()).ProjectDialog }));

export function ProjectsPage() {
  const projects = useSiteCollection("projects");
  const categories = useMemo(() => projectCategories(projects), [projects]);
  const [filter, setFilter] = useState<ProjectFilter>(ALL);
  const [searchParams, setSearchParams] = useSearchParams();
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  const lastOpened = useRef<string | null>(null);

  const openId = searchParams.get(PROJECT_PARAM);
  const selected = useMemo(() => projects.find((project) => project.id === openId), [projects, openId]);
  if (selected) lastOpened.current = selected.id;
  // Once opened, the modal stays mounted so that it can animate out and hand the focus back. It is
  // mounted by an effect, after hydration: the prerendered page has no modal to match.
  const [dialogMounted, setDialogMounted] = useState(false);
  useEffect(() => {
    if (selected) setDialogMounted(true);
  }, [selected]);

  useEffect(() => {
    if (typeof requestIdleCallback === "undefined") return;
    const idle = requestIdleCallback(() => void loadProjectDialog(), { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, []);

  const visible = useMemo(() => filterProjects(projects, filter), [projects, filter]);

  // The modal's state lives in the URL, replaced rather than pushed so Back leaves the page.
  const setOpenProject = useCallback(
    (id: string | null) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id) next.set(PROJECT_PARAM, id);
          else next.delete(PROJECT_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    const id = lastOpened.current;
    if (id) triggers.current.get(id)?.focus();
  }, []);

  return (
    <main id="main">
      <PageBanner {...page.banner} />
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <ProjectFilterBar
            label={page.filter.label}
            allLabel={page.filter.all}
            categories={categories}
            value={filter}
            onChange={setFilter}
          />
          <p role="status" className="text-sm text-steel-600">
            {countLabel(page.filter.results, visible.length)}
          </p>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((project) => (
            <li key={project.id}>
              <ProjectCard
                project={project}
                viewLabel={page.card.viewLabel}
                onOpen={(p: Project) => setOpenProject(p.id)}
                buttonRef={(element) => {
                  if (element) triggers.current.set(project.id, element);
                  else triggers.current.delete(project.id);
                }}
              />
            </li>
          ))}
        </ul>
      </div>
      <CallToAction {...page.cta} />
      {dialogMounted && (
        <Suspense fallback={null}>
          <ProjectDialog
            project={selected}
            labels={page.modal}
            onClose={() => setOpenProject(null)}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      )}
    </main>
  );
}
