import type { FastifyInstance } from 'fastify';
import { startPublisher } from './publisher.ts';

/** Scheduled publishing (issue 34): no routes of its own (posts and events take `publishAt`), the publisher's clock. */
export default async function schedulingRoutes(app: FastifyInstance) {
  startPublisher(app);
}
