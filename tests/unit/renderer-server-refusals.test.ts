import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { dispatchInvoke } from '../../src-main/services/dispatch';
import { ServerCallError } from '../../src-main/services/session/serverClient';
import { serverFailure } from '../../src-main/services/packages/packageErrors';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { BridgeError } from '../../src-renderer/src/host/bridgeError';
import { resources } from '../../src-renderer/src/i18n/resources';

/** What the page gets when the main process's call to the team server is refused (packages.take). */
async function refusalAsThePageSeesIt(err: unknown): Promise<BridgeError> {
  const handlers = { 'packages.take': async () => Promise.reject(serverFailure(err)) };
  const outcome = await dispatchInvoke(handlers as never, 'packages.take', {});
  if (outcome.ok) throw new Error('expected a refusal');
  // Across IPC or HTTP only plain data goes.
  return new BridgeError(JSON.parse(JSON.stringify(outcome.error)) as ConstructorParameters<typeof BridgeError>[0]);
}

describe('the team server\'s refusals passed on by the workstation', () => {
  it('show the server\'s translated text with its figures: a take past the lease cap', async () => {
    const failure = await refusalAsThePageSeesIt(new ServerCallError(409, 409, 'error.task.packageLimit', { leased: 3, packageSize: 3 }));
    expect(messageKeyOf(failure)).toBe('error.task.packageLimit');
    expect(failure.params).toEqual({ leased: 3, packageSize: 3 });
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'zh-CN', fallbackLng: false, initAsync: false });
    expect(i18n.t(messageKeyOf(failure), failure.params)).toBe('你在这个步骤已租用 3 条数据，已到上限（3 条）。请先完成或退回手上的工作包，再领取新的');
    await i18n.changeLanguage('en-US');
    expect(i18n.t(messageKeyOf(failure), failure.params)).toMatch(/^You already hold as many leased items at this step as one worker may \(3 of 3\)\. Finish or give back/);
  });

  it('fall back to the status\'s text for an answer that was not the server\'s envelope, never the raw English', async () => {
    const failure = await refusalAsThePageSeesIt(new ServerCallError(404, 404, '404 Not Found'));
    expect(messageKeyOf(failure)).toBe('error.notFound');
    // Data that is not plain figures does not cross as params.
    expect((await refusalAsThePageSeesIt(new ServerCallError(404, 404, 'error.task.packageItemNotFound', { taskSubjectIds: [1, 2] }))).params).toEqual({});
  });
});
