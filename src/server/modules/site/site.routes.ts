import type { FastifyInstance } from 'fastify';
import { getSchoolProfile } from './site.service.ts';

export default async function siteRoutes(app: FastifyInstance) {
  app.get('/api/school', async () => ({ data: await getSchoolProfile(app.db) }));
}
