import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Until installed: pages redirect to /install, the API answers 503 (filled in by the install issue). */
export default fp(async function installGate(_app: FastifyInstance) {}, { name: 'install-gate', dependencies: ['db'] });
