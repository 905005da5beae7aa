export interface ServiceJumpNavProps {
  label: string;
  services: ReadonlyArray<{ id: string; title: string }>;
}

/** In-page links to each service, so a phone user can skip straight to the one they came for. */
export function ServiceJumpNav({ label, services }: ServiceJumpNavProps) {
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {services.map((service) => (
          <li key={service.id}>
            <a
              href={`#${service.id}`}
              className="inline-flex min-h-10 items-center rounded-full border border-steel-700 bg-steel-900/60 px-4 py-2 text-sm font-medium text-steel-100 transition-colors hover:border-accent-400 hover:text-white"
            >
              {service.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
