import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgListener } from '../db/pg-listener.ts';
import { changesPages, pathOf } from './page-cache.ts';

/** The PostgreSQL channel on which every instance announces its content and settings writes. */
export const SITE_CHANGES_CHANNEL = 'sprout_site_changes';

/** `remote`: the change came from another instance (or is a catch-up after reconnecting). */
type Listener = (what: string, remote: boolean) => void;

declare module 'fastify' {
  interface FastifyInstance {
    siteChanges: {
      /**
       * A write changed what public pages show (`what`: the path written to). Clears this process's
       * caches at once and, on PostgreSQL, tells the other instances (NOTIFY).
       */
      publish(what: string): void;
      /** Called for this process's writes and, on PostgreSQL, for every other instance's. */
      subscribe(listener: Listener): void;
      /** PostgreSQL: whether the listening connection is up (tests, health). */
      listening(): boolean;
    };
  }
}

/**
 * DESIGN §8: each instance keeps its own page cache; a write on any instance must empty them all.
 * On the built-in database there is one process, and nothing but the local call happens.
 */
export default fp(
  async function siteChanges(app: FastifyInstance) {
    const listeners: Listener[] = [];
    const instance = randomUUID().slice(0, 8);
    const notifyLocal = (what: string, remote: boolean) => {
      for (const listener of listeners) listener(what, remote);
    };
    let listener: PgListener | null = null;

    app.decorate('siteChanges', {
      publish(what: string) {
        notifyLocal(what, false);
        if (app.database.kind !== 'pg') return;
        // After the local clear, never awaited: the write is committed and answered already.
        const payload = `${instance} ${what.slice(0, 500)}`;
        void app.db.execute(sql`select pg_notify(${SITE_CHANGES_CHANNEL}, ${payload})`).catch((err: unknown) => {
          app.log.warn({ err }, 'could not tell the other instances about a change');
        });
      },
      subscribe(fn: Listener) {
        listeners.push(fn);
      },
      listening: () => listener?.listening ?? false,
    });
    // Every successful content or settings write is announced. A callback, not an async hook: it
    // runs on every response, and a promise each costs more than the check.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode < 400 && changesPages(request.method, request.url)) app.siteChanges.publish(pathOf(request.url));
      done(null, payload);
    });

    /** Listens on the current database (again, after the installer swapped it). */
    async function listen() {
      await listener?.close();
      listener = null;
      const url = app.database.current.url;
      if (app.database.kind !== 'pg' || !url) return;
      listener = new PgListener({
        url,
        channel: SITE_CHANGES_CHANNEL,
        onNotify(payload) {
          const space = payload.indexOf(' ');
          if (payload.slice(0, space) === instance) return; // this process cleared already
          notifyLocal(payload.slice(space + 1), true);
        },
        // Whatever was announced while not listening is unknown: everything goes.
        onConnect: () => notifyLocal('*', true),
        onError: (err) => app.log.warn({ err }, 'lost the connection that hears other instances’ changes; reconnecting'),
      });
      await listener.start();
    }
    app.addHook('onReady', listen);
    // The installer moved the app to PostgreSQL: other instances may join it from now on.
    app.database.onSwap(() =>
      listen().catch((err: unknown) => app.log.warn({ err }, 'could not listen for other instances’ changes')),
    );
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'site-changes', dependencies: ['db'] },
);
