import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REMEMBER_FOR_MS, RememberedSessions } from '../../src-main/services/session/rememberedSessions';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-sessions-'));
  dirs.push(dir);
  return path.join(dir, 'sessions.json');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const session = (token: string, id: number) => ({ tokenName: 'x-annot-token', tokenValue: token, user: { id, name: `User ${id}`, mobile: `+1555000${id}` } });

describe('the users this workstation remembers by their tokens', () => {
  it('finds a user again by the token after a restart, without the token on disk', () => {
    const file = tempFile();
    new RememberedSessions(file).remember(session('token-of-ann', 7), 1000);
    const again = new RememberedSessions(file);
    expect(again.find('token-of-ann', 2000)).toEqual({ user: { id: 7, name: 'User 7', mobile: '+15550007' }, savedAt: 1000 });
    expect(again.find('another-token', 2000)).toBeNull();
    expect(fs.readFileSync(file, 'utf8')).not.toContain('token-of-ann');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps each browser\'s user apart, forgets one signed out, and lets an old one go', () => {
    const file = tempFile();
    const m = new RememberedSessions(file);
    m.remember(session('a', 1), 1000);
    m.remember(session('b', 2), 1000);
    expect(m.find('a', 1000)?.user.id).toBe(1);
    expect(m.find('b', 1000)?.user.id).toBe(2);
    m.forget('a');
    expect(new RememberedSessions(file).find('a', 1000)).toBeNull();
    expect(m.find('b', 1000 + REMEMBER_FOR_MS - 1)?.user.id).toBe(2);
    expect(m.find('b', 1000 + REMEMBER_FOR_MS)).toBeNull();
  });

  it('remembers the team the user was in, and keeps it when a later session names none (the workspace sets it without)', () => {
    const file = tempFile();
    const m = new RememberedSessions(file);
    m.remember(session('a', 1), 1000);
    expect(m.find('a', 1000)?.team).toBeUndefined();
    m.remember({ ...session('a', 1), team: { id: 4, name: 'Night shift' } }, 2000);
    m.remember(session('a', 1), 3000);
    expect(new RememberedSessions(file).find('a', 3000)).toEqual({ user: { id: 1, name: 'User 1', mobile: '+15550001' }, team: { id: 4, name: 'Night shift' }, savedAt: 2000 });
    m.remember({ ...session('a', 1), team: { id: 5, name: 'Day shift' } }, 4000);
    expect(new RememberedSessions(file).find('a', 4000)?.team).toEqual({ id: 5, name: 'Day shift' });
  });

  it('starts with nobody from a damaged file, and writes a good one at the next sign-in', () => {
    const file = tempFile();
    fs.writeFileSync(file, '{"sessions": [ {"tokenHash": 3}, ');
    const m = new RememberedSessions(file);
    expect(m.find('a')).toBeNull();
    m.remember(session('a', 1));
    expect(new RememberedSessions(file).find('a')?.user.id).toBe(1);
  });
});
