import type { FastifyPluginAsync } from "fastify";
import { tokenGuard } from "./token-guard";

/**
 * GET /api/admin/backup (ADMIN_TOKEN): the embedded database's consistent copy, taken by the
 * running server, which alone may open its data directory (`npm run backup` asks for it). On
 * PostgreSQL, 409: its backups are pg_dump's (`npm run backup` runs it) and the provider's own.
 */
export const backupRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook("onRequest", tokenGuard(app, { token, name: "admin" }));
  app.get("/api/admin/backup", async (_request, reply) => {
    if (!app.store.snapshot)
      return reply
        .code(409)
        .send({ error: "The database is PostgreSQL: back it up with pg_dump (npm run backup runs it)." });
    const copy = Buffer.from(await (await app.store.snapshot()).arrayBuffer());
    app.log.info({ bytes: copy.length }, "backup of the embedded database taken");
    return reply
      .header("content-type", "application/gzip")
      .header("content-disposition", 'attachment; filename="staffing-backup.tar.gz"')
      .header("cache-control", "no-store")
      .send(copy);
  });
};
