import { describe, expect, it } from 'vitest';
import { extractOwnerReferences, namesAnOwner, type OwnerReferences } from './ownerReferences';

const refs = (names: string[], emails: string[] = [], roles: OwnerReferences['roles'] = []) => ({
  names,
  emails,
  roles,
});

describe('extractOwnerReferences', () => {
  it.each<[string, string, OwnerReferences]>([
    ['a user', '@user-1', refs(['user-1'])],
    [
      'a group and a nested subgroup',
      '@group @group/with-nested/subgroup',
      refs(['group', 'group/with-nested/subgroup']),
    ],
    ['a name with dots', '@rrr.dev', refs(['rrr.dev'])],
    ['a trailing dot is punctuation', '@owner.', refs(['owner'])],
    ['an e-mail address', 'janedoe@gitlab.com', refs([], ['janedoe@gitlab.com'])],
    [
      'names and addresses mixed, words ignored',
      '@legal this does not match janedoe@gitlab.com',
      refs(['legal'], ['janedoe@gitlab.com']),
    ],
    [
      'tab-separated owners',
      '@multiple @owners\t@tab-separated',
      refs(['multiple', 'owners', 'tab-separated']),
    ],
    ['a role', '@@developer', refs([], [], ['developer'])],
    [
      'roles in plural and any case',
      '@@Developers @@MAINTAINER @@owners',
      refs([], [], ['developer', 'maintainer', 'owner']),
    ],
    ['a role named twice counts once', '@@developer @@developers', refs([], [], ['developer'])],
    ['an unknown role names nobody', '@@reporter', refs([])],
    ['a role glued to text is no role', '@@developerx', refs([])],
    ['a name glued to a word is no name', 'foo@bar', refs([], ['foo@bar'])],
    ['a name ending in .git is cut before it', '@repo.git', refs(['repo.gi'])],
    ['duplicates are listed once', '@a @a', refs(['a'])],
    ['blank text names nobody', '   ', refs([])],
  ])('%s: %s', (_rule, text, expected) => {
    expect(extractOwnerReferences(text)).toEqual(expected);
  });

  it.each<[string, string, boolean]>([
    ['a user', '@user', true],
    ['an address', 'user@example.com', true],
    ['a role', '@@maintainers', true],
    ['a plain word', 'not_a_user_not_an_email', false],
    ['an unknown role', '@@dev', false],
    ['an inline comment mark', '#', false],
  ])('namesAnOwner: %s (%s)', (_rule, word, expected) => {
    expect(namesAnOwner(word)).toBe(expected);
  });
});
