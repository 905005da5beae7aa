import {
  Clock,
  Coins,
  Eye,
  Factory,
  Globe,
  HardHat,
  Leaf,
  Lightbulb,
  type LucideIcon,
  Ruler,
  ShieldCheck,
  Target,
  Users,
} from "lucide-react";

/** Icon names usable in content/about.json; an unknown name falls back to a plain marker. */
export const aboutIcons: Record<string, LucideIcon> = {
  clock: Clock,
  coins: Coins,
  eye: Eye,
  factory: Factory,
  globe: Globe,
  "hard-hat": HardHat,
  leaf: Leaf,
  lightbulb: Lightbulb,
  ruler: Ruler,
  "shield-check": ShieldCheck,
  target: Target,
  users: Users,
};
