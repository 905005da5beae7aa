import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type AuditPage, auditPaths } from "../../../../shared/audit.ts";
import type { AuditFilterQuery } from "../lib/audit-filters.ts";

export { auditPaths };

export const AUDIT_PAGE_SIZE = 25;

/** Query keys of the audit log (under the staff area's, so logging out clears them). */
export const auditKeys = {
  all: ["staff", "audit"] as const,
  page: (filters: AuditFilterQuery, page: number) => ["staff", "audit", filters, page] as const,
};

/** GET /api/admin/audit: one page of the audit log, newest first. */
export const getAuditPage = (filters: AuditFilterQuery, page: number, signal?: AbortSignal) =>
  apiFetch<AuditPage>(auditPaths.list, { query: { ...filters, page, size: AUDIT_PAGE_SIZE }, signal });

export const auditPageQueryOptions = (filters: AuditFilterQuery, page: number) =>
  queryOptions({
    queryKey: auditKeys.page(filters, page),
    queryFn: ({ signal }) => getAuditPage(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (filters: AuditFilterQuery, page: number) => useQuery(auditPageQueryOptions(filters, page));
