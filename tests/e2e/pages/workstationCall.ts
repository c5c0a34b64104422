import { expect, type APIRequestContext } from '@playwright/test';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../../src-shared/ipc/nodeHost';
import { E2E_WORKSTATION_SECRET, E2E_WORKSTATION_URL } from '../../../playwright.config';

/**
 * A call of the workstation's own contract, as its pages make them (the browser host's invoke
 * path); with `caller`, as the page signed in with that session token (tokenOf) makes it.
 */
export async function workstationCall<T>(request: APIRequestContext, method: string, args: unknown, caller?: string): Promise<T> {
  const headers = { [NODE_HOST_SECRET_HEADER]: E2E_WORKSTATION_SECRET, ...(caller ? { [NODE_HOST_CALLER_HEADER]: caller } : {}) };
  const res = await request.post(`${E2E_WORKSTATION_URL}${NODE_HOST_INVOKE_PATH}`, { headers, data: { method, args } });
  const body = (await res.json()) as { ok: boolean; result: T };
  expect(body.ok, `${method}: ${JSON.stringify(body)}`).toBe(true);
  return body.result;
}
