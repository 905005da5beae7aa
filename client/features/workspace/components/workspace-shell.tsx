import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, Search, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { BrandMark } from "~/components/layout/brand-mark";
import { SkipLink } from "~/components/layout/skip-link";
import { cx } from "~/components/ui/cx";
import { useToast } from "~/components/ui/toast";
import type { AccountKind } from "../../../../shared/roles.ts";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { countKeys, useChatUnreadCount, useQuotesDueCount } from "../api/counts.ts";
import { useNotifications } from "../api/notifications.ts";
import { ChatUnreadReport } from "../hooks/use-chat-unread-report.ts";
import { useLiveNotifications } from "../hooks/use-live-notifications.ts";
import { useShortcuts } from "../hooks/use-shortcuts.ts";
import { sectionOf, sectionsFor } from "../lib/sections.ts";
import { NotificationBell } from "./notification-bell.tsx";
import { SearchPalette } from "./search-palette.tsx";
import { ShortcutsDialog } from "./shortcuts-dialog.tsx";

export interface WorkspaceUser {
  username: string;
  role: AccountKind;
  token: string;
}

/**
 * The staff workspace's frame (DESIGN §15): side navigation on a desk's width, a top bar with a
 * menu on a phone's (the content keeps the whole width), the bell and search on every page, the
 * keyboard's shortcuts. `children` is the page.
 */
export function WorkspaceShell({
  user,
  onLogout,
  children,
}: {
  user: WorkspaceUser;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [searching, setSearching] = useState(false);
  const [helping, setHelping] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const sections = sectionsFor(user.role);
  const current = sectionOf(pathname);
  const [reportedChatUnread, setReportedChatUnread] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // Moving between sections may have read messages or moved follow-ups: count again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs on each move to another address.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: countKeys.all });
  }, [pathname, queryClient]);

  useLiveNotifications(user, (notification) => toast({ title: notification.title, tone: "info" }));
  useShortcuts((action) => {
    if (action.type === "search") setSearching(true);
    else if (action.type === "help") setHelping(true);
    else {
      const section = sections.find((candidate) => candidate.key === action.key);
      if (section) navigate(section.path);
    }
  });

  const badges = useNavBadges(user, reportedChatUnread);
  const chatUnread = badges[staffAddresses.chat]?.count ?? 0;
  const nav = (onNavigate?: () => void) => <SectionNav badges={badges} sections={sections} onNavigate={onNavigate} />;

  return (
    <div className="min-h-dvh bg-steel-50 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-steel-200 bg-white lg:flex">
        <Link to="/staff" className="px-5 py-4" aria-label="Workspace overview">
          <BrandMark />
        </Link>
        {nav()}
        <UserBox user={user} onLogout={onLogout} />
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-steel-200 bg-white/95 px-2 backdrop-blur sm:px-4">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              aria-label={`Open the workspace menu${chatUnread > 0 ? `, ${chatUnread} unread messages` : ""}`}
              className="relative inline-flex size-10 items-center justify-center rounded-md text-steel-700 hover:bg-steel-100 lg:hidden"
            >
              <Menu aria-hidden="true" size={20} />
              {chatUnread > 0 && (
                <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-red-700" />
              )}
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 lg:hidden" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col bg-white shadow-2xl focus:outline-none lg:hidden"
              >
                <div className="flex items-center justify-between px-4 py-3">
                  <Dialog.Title className="font-bold text-steel-950">Workspace</Dialog.Title>
                  <Dialog.Close
                    aria-label="Close the menu"
                    className="inline-flex size-10 items-center justify-center rounded-md text-steel-700 hover:bg-steel-100"
                  >
                    <X aria-hidden="true" size={20} />
                  </Dialog.Close>
                </div>
                {nav(() => setMenuOpen(false))}
                <UserBox user={user} onLogout={onLogout} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <p className="min-w-0 flex-1 truncate font-semibold text-steel-950 lg:sr-only">
            {current?.label ?? "Workspace"}
          </p>
          <button
            type="button"
            onClick={() => setSearching(true)}
            aria-label="Search everything (Ctrl+K)"
            className="inline-flex h-10 items-center gap-2 rounded-md border-steel-300 px-2.5 text-sm text-steel-600 hover:bg-steel-100 lg:w-80 lg:border lg:bg-white"
          >
            <Search aria-hidden="true" size={18} />
            <span className="hidden lg:inline">Search…</span>
            <kbd className="ml-auto hidden rounded border border-steel-300 px-1.5 text-xs text-steel-500 lg:inline">
              Ctrl K
            </kbd>
          </button>
          <span className="hidden flex-1 lg:block" />
          <NotificationBell />
        </header>
        {/* The page renders the <main id="main"> the skip link leads to. */}
        <ChatUnreadReport value={setReportedChatUnread}>
          <div className="min-w-0 flex-1">{children}</div>
        </ChatUnreadReport>
      </div>

      <SearchPalette open={searching} onOpenChange={setSearching} />
      <ShortcutsDialog open={helping} onOpenChange={setHelping} sections={sections} />
    </div>
  );
}

type NavBadges = Record<string, { count: number; what: string; tone: string } | undefined>;

/** The side navigation's counts (DESIGN §15): unread notifications, unread chat messages, follow-ups due. */
function useNavBadges(user: WorkspaceUser, reportedChatUnread: number | null): NavBadges {
  const unread = useNotifications().data?.unreadCount ?? 0;
  const chatFromServer = useChatUnreadCount(user.username);
  const due = useQuotesDueCount(user.username);
  return {
    [staffAddresses.overview]: { count: unread, what: "unread", tone: "bg-red-700 text-white" },
    [staffAddresses.chat]: {
      count: reportedChatUnread ?? chatFromServer,
      what: "unread messages",
      tone: "bg-red-700 text-white",
    },
    [staffAddresses.quotes]: { count: due, what: "follow-ups due", tone: "bg-amber-200 text-amber-950" },
  };
}

function SectionNav({
  badges,
  sections,
  onNavigate,
}: {
  badges: NavBadges;
  sections: ReturnType<typeof sectionsFor>;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Workspace" className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
      <ul className="space-y-0.5">
        {sections.map((section) => {
          const badge = badges[section.path];
          return (
            <li key={section.path}>
              <NavLink
                to={section.path}
                end={section.path === staffAddresses.overview}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx(
                    "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium",
                    isActive ? "bg-steel-900 text-white" : "text-steel-700 hover:bg-steel-100 hover:text-steel-950",
                  )
                }
              >
                <section.icon aria-hidden="true" size={18} />
                <span className="flex-1">{section.label}</span>
                {badge && badge.count > 0 && (
                  <span className={cx("rounded-full px-1.5 text-xs leading-5 font-bold", badge.tone)}>
                    {badge.count > 99 ? "99+" : badge.count}
                    <span className="sr-only"> {badge.what}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function UserBox({ user, onLogout }: { user: WorkspaceUser; onLogout: () => void }) {
  return (
    <div className="flex items-center gap-2 border-t border-steel-200 px-4 py-3">
      <p className="min-w-0 flex-1 text-sm">
        <span className="block truncate font-semibold text-steel-950">{user.username}</span>
        <span className="block text-xs text-steel-600">{user.role === "admin" ? "Admin" : "Employee"}</span>
      </p>
      <button
        type="button"
        onClick={onLogout}
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-steel-700 hover:bg-steel-100"
      >
        <LogOut aria-hidden="true" size={16} />
        Logout
      </button>
    </div>
  );
}
