import { LogIn } from "lucide-react";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Outlet, useNavigate } from "react-router";
import { BrandMark } from "~/components/layout/brand-mark";
import { Button } from "~/components/ui/button";
import { StaffProviders } from "~/features/staff/components/staff-providers";
import { WorkspaceShell } from "~/features/workspace/components/workspace-shell";
import { logout } from "~/lib/logout";
import { useSession } from "~/lib/use-session";

// Staff code is in this route's own chunks, which load only under /staff: the frame (the staff
// providers and the shell) is imported outright (a lazy one would add a round trip before the
// page's own code and data could start).
const LoginDialog = lazy(() => import("~/features/auth/components/login-dialog"));

export const meta = () => [{ title: "Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

const subscribeNever = () => () => {};
const Loading = () => <main id="main" className="min-h-dvh bg-steel-50" aria-busy="true" />;

/**
 * The staff workspace (DESIGN §15) at /staff and below: client-only. Signed out, it asks for a
 * login on the spot and then shows the address asked for; signed in, the workspace's frame.
 */
export default function StaffLayout() {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const session = useSession();
  const navigate = useNavigate();
  if (!mounted) return <Loading />;
  if (!session) return <SignIn />;
  return (
    <StaffProviders>
      <WorkspaceShell
        user={{ username: session.user.username, role: session.user.role, token: session.token }}
        onLogout={() => {
          logout();
          navigate("/");
        }}
      >
        <Outlet />
      </WorkspaceShell>
    </StaffProviders>
  );
}

function SignIn() {
  const [open, setOpen] = useState(true);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-steel-50 px-4 text-center">
      <BrandMark />
      <div className="max-w-sm">
        <h1 className="text-xl font-bold text-steel-950">Sign in to open this page</h1>
        <p className="mt-1 text-sm text-steel-600">It is part of the staff workspace. You will come back here.</p>
      </div>
      <Button onClick={() => setOpen(true)}>
        <LogIn aria-hidden="true" size={16} />
        Login
      </Button>
      <Suspense>
        <LoginDialog open={open} onOpenChange={setOpen} />
      </Suspense>
    </main>
  );
}
