import { describe, expect, it } from 'vitest';
import { JOURNAL_ERROR_CODES } from '../../src-shared/ipc/journal';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { plainFailure } from '../../src-renderer/src/app/plainFailure';
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

});

describe('failures the main process kept as plain data', () => {
  it('reads a failed import\'s storage code with its status, not its English message', () => {
    const failure = plainFailure({ code: 'UploadFailedStatus', message: 'Upload failed with status 403', params: { code: 403 } });
    expect(messageKeyOf(failure)).toBe('storageError.UploadFailedStatus');
    expect(failure.params).toEqual({ code: 403 });
  });

  it('reads the server\'s message key and a journal code alike', () => {
    expect(messageKeyOf(plainFailure({ code: 'taskSubject.notHolder', message: 'error.taskSubject.notHolder' }))).toBe('error.taskSubject.notHolder');
    expect(messageKeyOf(plainFailure({ code: 'JOURNAL_OFFLINE', message: 'fetch failed' }))).toBe('journalError.JOURNAL_OFFLINE');
  });
});
