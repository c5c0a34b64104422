import { describe, expect, it } from 'vitest';
import { returnPath, returnStateFor } from '../../src-renderer/src/features/auth/returnTo';

describe('the address a login leads back to', () => {
  it('is the page asked for, with its query', () => {
    expect(returnPath(returnStateFor({ pathname: '/projects/7/settings', search: '?tab=x' }))).toBe('/projects/7/settings?tab=x');
  });

  it('is the projects without one, or with anything that is not an in-app path', () => {
    for (const state of [undefined, null, {}, { from: 42 }, { from: 'https://evil.example/' }, { from: '//evil.example/x' }, { from: 'projects' }]) {
      expect(returnPath(state)).toBe('/projects');
    }
  });

  it('never leads back to a guest page', () => {
    for (const from of ['/login', '/register', '/forgot-password', '/login?x=1']) expect(returnPath({ from })).toBe('/projects');
  });
});
