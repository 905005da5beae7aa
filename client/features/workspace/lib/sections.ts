import {
  Bell,
  FileInput,
  FileUser,
  FolderKanban,
  FolderUp,
  Globe,
  Inbox,
  type LucideIcon,
  MessagesSquare,
  ScrollText,
  Users,
} from "lucide-react";
import type { AccountKind } from "../../../../shared/roles.ts";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";

/** One entry of the workspace's navigation (DESIGN §15): its address, who sees it, its `g` shortcut. */
export interface WorkspaceSection {
  label: string;
  path: string;
  icon: LucideIcon;
  roles: readonly AccountKind[];
  /** `g` then this key goes there. */
  key: string;
}

const everyone: readonly AccountKind[] = ["admin", "employee"];
const admins: readonly AccountKind[] = ["admin"];

export const workspaceSections: readonly WorkspaceSection[] = [
  { label: "Overview", path: staffAddresses.overview, icon: Bell, roles: everyone, key: "o" },
  { label: "Quote requests", path: staffAddresses.quotes, icon: Inbox, roles: everyone, key: "q" },
  { label: "Applications", path: staffAddresses.applications, icon: FileUser, roles: admins, key: "a" },
  { label: "Projects", path: staffAddresses.projects, icon: FolderKanban, roles: everyone, key: "j" },
  { label: "Files", path: staffAddresses.files, icon: FolderUp, roles: admins, key: "f" },
  { label: "File requests", path: staffAddresses.fileRequests, icon: FileInput, roles: admins, key: "r" },
  { label: "Chat", path: staffAddresses.chat, icon: MessagesSquare, roles: everyone, key: "c" },
  { label: "People", path: staffAddresses.people, icon: Users, roles: admins, key: "p" },
  { label: "Audit log", path: staffAddresses.audit, icon: ScrollText, roles: admins, key: "l" },
  // shared/staff-addresses.ts has no `site` yet (another engineer's file): the address of client/routes.ts.
  { label: "Site", path: "/staff/site", icon: Globe, roles: admins, key: "s" },
];

export const sectionsFor = (role: AccountKind) => workspaceSections.filter((section) => section.roles.includes(role));

/** The section an address belongs to (the longest path that starts it). */
export function sectionOf(pathname: string): WorkspaceSection | undefined {
  return [...workspaceSections]
    .sort((a, b) => b.path.length - a.path.length)
    .find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
}
