import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { HOST_ERROR_CODES } from '../../src-shared/ipc/hostErrors';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { plainFailure } from '../../src-renderer/src/app/plainFailure';
import { resources } from '../../src-renderer/src/i18n/resources';

/** The host's refusals (its secret, the chosen-folders rule) reach the user translated, with the path and folder in the text. */
describe('workstation host refusals in the renderer', () => {
  it('has a translated text for every refusal code, in both languages', async () => {
    const t = i18next.createInstance();
    await t.init({ resources, lng: 'en-US', interpolation: { escapeValue: false } });
    for (const code of HOST_ERROR_CODES) {
      const failure = plainFailure({ code, message: 'english of the main process', params: { path: '/home/me/x.zip', folder: '/home/me', object: 'cat.png' } });
      const key = messageKeyOf(failure);
      expect(key).toBe(`hostError.${code}`);
      for (const lng of ['zh-CN', 'en-US']) {
        const text = t.t(key, { lng, ...failure.params });
        expect(text, `${lng} ${code}`).not.toBe(key);
        expect(text).not.toContain('{{');
      }
    }
    expect(t.t('hostError.FOLDER_NOT_CHOSEN', { path: '/etc/passwd', folder: '/etc' })).toBe('The workstation may not use /etc/passwd: it is not in a folder you chose. Choose the folder /etc first.');
  });
});
