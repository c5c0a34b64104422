import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { API_BASE } from '../../src-shared/api/route';
import { TOKEN_NAME } from '../auth/tokens';

/** Generates the OpenAPI document from the route schemas and serves it at /core/openapi.json. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Annotation team server',
        version,
        description:
          'Every answer is the envelope { code, msg, data }; code 200 is success, any other code is a failure ' +
          'whose msg is a message key. Send the token from login as the header `' + TOKEN_NAME + '`.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_NAME } } },
    },
  });
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true }, config: { auth: false } }, async () => app.swagger());
}
