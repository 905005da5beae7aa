import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "~/components/ui/toast";
import { HttpError } from "~/lib/http-error";

function createStaffQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // An auth or permission answer will not change by asking again.
        retry: (failureCount, error) =>
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Query cache and toasts of the staff area. They live here, not in root.tsx, so TanStack Query stays
 * out of the public bundle, and a new client per mount means nothing cached survives a logout.
 */
export function StaffProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createStaffQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>{children}</Toaster>
    </QueryClientProvider>
  );
}
