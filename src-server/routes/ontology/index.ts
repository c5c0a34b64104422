import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ontologyDeps } from './deps';
import { registerOntologyReads } from './read';
import { registerOntologyLabels } from './labels';
import { registerOntologyFeatures } from './features';
import { registerOntologies } from './ontologies';
import { registerOntologyReuse } from './reuse';

/** The Ontology routes of the spec's section 7 and the project's ontology calls (src-shared/api/ontology.ts). */
export function ontologyRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = ontologyDeps(ctx);
  registerOntologyReads(app, deps);
  registerOntologyLabels(app, deps);
  registerOntologyFeatures(app, deps);
  registerOntologies(app, deps);
  registerOntologyReuse(app, deps);
}
