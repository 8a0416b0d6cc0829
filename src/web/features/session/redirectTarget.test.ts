import { describe, expect, it } from 'vitest';
import { safeRedirectPath, sessionPageUrl } from './redirectTarget';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeRedirectPath('/group/project/-/merge_requests/1?tab=diffs#note_2')).toBe(
      '/group/project/-/merge_requests/1?tab=diffs#note_2',
    );
  });

  it('sends everything that could leave the site home', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(safeRedirectPath(target)).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });

  it('does not send a signed-in user back to the sign-in or sign-up page', () => {
    expect(safeRedirectPath('/users/sign_in')).toBe('/');
    expect(safeRedirectPath('/users/sign_up?redirect_to=/x')).toBe('/');
  });
});

describe('sessionPageUrl', () => {
  it('remembers the page to come back to', () => {
    expect(sessionPageUrl('sign_in', '/a/b/-/merge_requests?state=opened')).toBe(
      '/users/sign_in?redirect_to=%2Fa%2Fb%2F-%2Fmerge_requests%3Fstate%3Dopened',
    );
  });

  it('leaves the query off when the way back is home', () => {
    expect(sessionPageUrl('sign_up', '/')).toBe('/users/sign_up');
    expect(sessionPageUrl('sign_in', '/users/sign_up')).toBe('/users/sign_in');
  });
});
