import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AuditAction } from "../../shared/audit.ts";
import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

/** One thing an admin did (DESIGN §11). */
export interface AuditRecord {
  /** The admin's username; for a failed login, the username tried. */
  actor: string;
  action: AuditAction;
  /** What it acted on, as `kind:id` (`employee:12`, `quote:Q-2026-0042`), or null. */
  target?: string | null;
  /** One line a person reads: "status new → contacted", "created bob (employee)". */
  summary: string;
}

/**
 * Appends to the audit log: the only writer of audit_log. Pass the transaction when the change is
 * written in one, so the entry commits (or rolls back) with it; the request gives the address.
 */
export class AuditTrail {
  constructor(private readonly db: Db) {}

  async record(request: FastifyRequest | null, entry: AuditRecord, tx: Db = this.db): Promise<void> {
    await tx.insert(auditLog).values({
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      summary: entry.summary,
      ip: request?.ip ?? null,
    });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

/** Decorates `app.audit`: registered after the database, before the modules that record. */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("audit", new AuditTrail(app.db));
  },
  { name: "audit", dependencies: ["database"] },
);
