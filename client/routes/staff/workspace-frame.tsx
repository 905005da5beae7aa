import type { ReactNode } from "react";
import { StaffProviders } from "~/features/staff/components/staff-providers";
import { WorkspaceShell, type WorkspaceUser } from "~/features/workspace/components/workspace-shell";

/** The workspace's frame inside the staff area's providers (query cache, toasts): loaded lazily by layout.tsx. */
export default function WorkspaceFrame({
  user,
  onLogout,
  children,
}: {
  user: WorkspaceUser;
  onLogout: () => void;
  children: ReactNode;
}) {
  return (
    <StaffProviders>
      <WorkspaceShell user={user} onLogout={onLogout}>
        {children}
      </WorkspaceShell>
    </StaffProviders>
  );
}
