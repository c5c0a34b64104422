/**
 * Vitest global setup of the integration suites: the built-in model service, started once (its
 * models load once) and shared by every test server, as `npm start` runs it beside the server.
 */
import type { TestProject } from 'vitest/node';
import { startModelService, type ModelService } from '../../src-ai/service';

export const TEST_AI_KEY = 'integration-ai-service-key-0123456789';
let service: ModelService | null = null;

export async function setup(project: TestProject): Promise<void> {
  service = await startModelService({ key: TEST_AI_KEY, warm: true });
  // SAM loaded before the first test: its load (2 to 3 s of CPU) beside a team model's timed run
  // made that run miss its CPU limit for the wall-clock backstop on a loaded machine
  // (security-team-models, "cheap on a blank picture").
  await service.parts.sam.available();
  project.provide('aiServiceUrl', service.url);
  project.provide('aiServiceKey', TEST_AI_KEY);
}

export async function teardown(): Promise<void> {
  await service?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    aiServiceUrl: string;
    aiServiceKey: string;
  }
}
