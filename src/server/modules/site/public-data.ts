import type { FastifyInstance } from 'fastify';
import type { PublicData } from '../../../client/lib/public-data.ts';
import { getSchoolProfile } from './site.service.ts';

/** The server's side of the public pages' data: services called directly, no HTTP. */
export function createServerPublicData(app: FastifyInstance): PublicData {
  return {
    school: () => getSchoolProfile(app.db),
  };
}
