import { Building2, CalendarCheck, MapPin, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { RichText } from "../shared/rich-text.tsx";
import type { Project } from "./types.ts";

export interface ProjectDialogLabels {
  close: string;
  client: string;
  location: string;
  year: string;
  overview: string;
  cta: { label: string; href: string };
}

export interface ProjectDialogProps {
  project: Project | undefined;
  labels: ProjectDialogLabels;
  onClose: () => void;
  /** Radix returns focus to its own trigger; these cards are not Radix triggers, so the page restores focus. */
  onCloseAutoFocus: (event: Event) => void;
}

/** The project details modal: Radix traps focus, closes on Escape, the backdrop and the close button. */
export function ProjectDialog({ project, labels, onClose, onCloseAutoFocus }: ProjectDialogProps) {
  return (
    <Dialog.Root
      open={project !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/75 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0" />
        {project && (
          <Dialog.Content
            onCloseAutoFocus={onCloseAutoFocus}
            className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl transition duration-200 starting:scale-95 starting:opacity-0"
          >
            <Dialog.Close
              aria-label={labels.close}
              className="absolute top-3 right-3 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-steel-900 shadow-md transition-colors hover:bg-white hover:text-accent-700"
            >
              <X aria-hidden="true" size={22} />
            </Dialog.Close>
            <div className="overflow-y-auto overscroll-contain">
              <div className="aspect-[16/9] bg-steel-100">
                <Picture
                  name={project.image}
                  alt=""
                  sizes="(min-width: 792px) 768px, calc(100vw - 24px)"
                  className="h-full w-full object-cover"
                />
              </div>
              <div className="p-6 sm:p-8">
                <p className="inline-flex rounded-full bg-accent-50 px-3 py-1 text-xs font-bold tracking-wide text-accent-700">
                  {project.category}
                </p>
                <Dialog.Title className="mt-3 text-2xl font-extrabold tracking-tight text-steel-950 sm:text-3xl">
                  {project.name}
                </Dialog.Title>
                <Dialog.Description className="mt-2 text-base leading-relaxed text-steel-600">
                  {project.shortDescription}
                </Dialog.Description>

                <dl className="mt-6 grid gap-4 rounded-xl bg-steel-50 p-5 sm:grid-cols-3">
                  <Fact icon={<Building2 aria-hidden="true" size={16} />} term={labels.client} value={project.client} />
                  <Fact
                    icon={<MapPin aria-hidden="true" size={16} />}
                    term={labels.location}
                    value={project.location}
                  />
                  <Fact icon={<CalendarCheck aria-hidden="true" size={16} />} term={labels.year} value={project.year} />
                </dl>

                <h3 className="mt-8 text-lg font-bold text-steel-950">{labels.overview}</h3>
                <RichText markdown={project.longDescription} className="mt-3 leading-relaxed text-steel-700" />

                <Link
                  to={labels.cta.href}
                  className="mt-8 inline-flex min-h-11 items-center rounded-md bg-accent-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-700"
                >
                  {labels.cta.label}
                </Link>
              </div>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Fact({ icon, term, value }: { icon: ReactNode; term: string; value: string | number }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-bold tracking-wider text-steel-600 uppercase">
        <span className="text-accent-700">{icon}</span>
        {term}
      </dt>
      <dd className="mt-1 font-semibold text-steel-950">{value}</dd>
    </div>
  );
}
