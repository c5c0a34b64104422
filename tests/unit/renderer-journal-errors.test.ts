import { describe, expect, it } from 'vitest';
import { JOURNAL_ERROR_CODES } from '../../src-shared/ipc/journal';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { journalErrorsEn, journalErrorsZh } from '../../src-renderer/src/i18n/errors/journal';

describe('journal failures in the workspace', () => {
  it('shows a translated text for every journal code, never the raw English of the main process', () => {
    for (const code of JOURNAL_ERROR_CODES) {
      const failure = Object.assign(new Error('the server cannot be reached: fetch failed'), { name: 'JournalError', code });
      expect(messageKeyOf(failure)).toBe(`journalError.${code}`);
      expect(journalErrorsZh[code]).toMatch(/\S/);
      expect(journalErrorsEn[code]).toMatch(/\S/);
    }
  });

  it('names a server refusal kept by the journal by the server\'s own message key', () => {
    expect(messageKeyOf({ code: 'taskSubject.notHolder', msg: 'error.taskSubject.notHolder' })).toBe('error.taskSubject.notHolder');
  });
});
