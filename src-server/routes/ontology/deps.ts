import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context';
import { ontologyDb, type OntologyDatabase } from '../../database/ontologySchema';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { OntologiesRepository, type OntologyRow } from '../../repositories/ontologies';
import { OntologyFeaturesRepository } from '../../repositories/ontologyFeatures';
import { OntologyReuseRepository } from '../../repositories/ontologyReuse';
import { ProjectListRepository } from '../../repositories/projectList';

/** What every ontology route file works with. */
export interface OntologyDeps {
  ctx: ServerContext;
  db: Kysely<OntologyDatabase>;
  ontologies: OntologiesRepository;
  features: OntologyFeaturesRepository;
  reuse: OntologyReuseRepository;
  projectList: ProjectListRepository;
}

export function ontologyDeps(ctx: ServerContext): OntologyDeps {
  const db = ontologyDb(ctx.db);
  return {
    ctx,
    db,
    ontologies: new OntologiesRepository(db),
    features: new OntologyFeaturesRepository(db),
    reuse: new OntologyReuseRepository(db),
    projectList: new ProjectListRepository(ctx.db),
  };
}

/** The project the route's access rule resolved (every ontology route but the reuse list has one). */
export const projectIdOf = (req: FastifyRequest): number => accessOf(req).project!.projectId;

/** The ontology an id names, only if it is this project's: another project's id is 404 like a missing one. */
export async function projectOntologyById(ontologies: OntologiesRepository, projectId: number, ontologyId: number): Promise<OntologyRow> {
  const row = await ontologies.ofProject(projectId, ontologyId);
  if (!row) throw new AppError('ontology.notFound');
  return row;
}

/** The project's ontology, which must exist. */
export async function projectOntology(ontologies: OntologiesRepository, projectId: number): Promise<OntologyRow> {
  const row = await ontologies.byProject(projectId);
  if (!row) throw new AppError('ontology.notFound');
  return row;
}
