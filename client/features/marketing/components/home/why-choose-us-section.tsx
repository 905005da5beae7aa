import {
  BadgeDollarSign,
  Boxes,
  CircleCheck,
  Clock,
  Globe,
  type LucideIcon,
  MessagesSquare,
  ShieldCheck,
} from "lucide-react";
import { homeContent } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { blueprintGrid, container, sectionY } from "./styles.ts";

/** Icon names content/home.json may use; anything else gets a check mark. */
const reasonIcons: Record<string, LucideIcon> = {
  "shield-check": ShieldCheck,
  clock: Clock,
  globe: Globe,
  boxes: Boxes,
  "badge-dollar-sign": BadgeDollarSign,
  "messages-square": MessagesSquare,
};

/** Why Choose Us: the reasons clients pick and keep the company. */
export function WhyChooseUsSection() {
  const { whyChooseUs } = homeContent;
  return (
    <section className={`bg-steel-900 ${sectionY}`} style={blueprintGrid}>
      <div className={container}>
        <SectionHeader eyebrow={whyChooseUs.eyebrow} title={whyChooseUs.title} lead={whyChooseUs.lead} tone="dark" />
        <ul className="mt-12 grid gap-px overflow-hidden rounded-xl bg-steel-700/60 ring-1 ring-steel-700/60 sm:grid-cols-2 lg:grid-cols-3">
          {whyChooseUs.reasons.map((reason) => {
            const Icon = reasonIcons[reason.icon] ?? CircleCheck;
            return (
              <li key={reason.title} className="bg-steel-900 p-6 sm:p-8">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-accent-500/15 text-accent-400 ring-1 ring-accent-500/30">
                  <Icon aria-hidden="true" size={24} />
                </span>
                <h3 className="mt-5 text-lg font-bold text-white">{reason.title}</h3>
                <p className="mt-2 leading-relaxed text-steel-300">{reason.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
