import { describe, expect, it } from 'vitest';
import { VISIBILITIES, type Visibility } from '../../shared/access/accessLevels';
import { can, type Action, type Actor, type Subject } from './permissions';

type Role =
  | 'anonymous'
  | 'non-member'
  | 'guest'
  | 'reporter'
  | 'developer'
  | 'maintainer'
  | 'owner'
  | 'admin'
  | 'blocked owner';

const ROLES: Record<Role, { actor: Actor; accessLevel: number }> = {
  anonymous: { actor: null, accessLevel: 0 },
  'non-member': { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 0 },
  guest: { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 10 },
  reporter: { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 20 },
  developer: { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 30 },
  maintainer: { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 40 },
  owner: { actor: { id: 1, admin: false, state: 'active' }, accessLevel: 50 },
  admin: { actor: { id: 1, admin: true, state: 'active' }, accessLevel: 0 },
  'blocked owner': { actor: { id: 1, admin: false, state: 'blocked' }, accessLevel: 50 },
};

/**
 * Each cell reads public, internal, private: `Y` allowed, `-` refused. Written out by hand, so a
 * change to the rules shows up here as a diff a reviewer can read.
 */
type Table = Partial<Record<Action, Record<Role, string>>>;

const projectTable: Table = {
  read_project: {
    anonymous: 'Y--',
    'non-member': 'YY-',
    guest: 'YYY',
    reporter: 'YYY',
    developer: 'YYY',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  read_code: {
    anonymous: 'Y--',
    'non-member': 'YY-',
    guest: 'YY-',
    reporter: 'YYY',
    developer: 'YYY',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  push_code: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: 'YYY',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  admin_project: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  admin_project_member: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  manage_owner_members: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: '---',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  remove_project: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: '---',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
};

const groupTable: Table = {
  read_group: {
    anonymous: 'Y--',
    'non-member': 'YY-',
    guest: 'YYY',
    reporter: 'YYY',
    developer: 'YYY',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  create_project_in_group: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  create_subgroup: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  admin_group_member: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: 'YYY',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  manage_owner_members: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: '---',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
  admin_group: {
    anonymous: '---',
    'non-member': '---',
    guest: '---',
    reporter: '---',
    developer: '---',
    maintainer: '---',
    owner: 'YYY',
    admin: 'YYY',
    'blocked owner': '---',
  },
};

function cases(table: Table) {
  return Object.entries(table).flatMap(([action, byRole]) =>
    Object.entries(byRole).flatMap(([role, cells]) =>
      VISIBILITIES.map((visibility) => ({
        action: action as Action,
        role: role as Role,
        visibility,
        expected: cells[['public', 'internal', 'private'].indexOf(visibility)] === 'Y',
      })),
    ),
  );
}

const projectSubject = (visibility: Visibility, accessLevel: number, archived = false): Subject => ({
  type: 'project',
  visibility,
  archived,
  accessLevel,
});

describe('can() on projects', () => {
  it.each(cases(projectTable))(
    '$role may $action on a $visibility project: $expected',
    ({ action, role, visibility, expected }) => {
      const { actor, accessLevel } = ROLES[role];
      expect(can(actor, action, projectSubject(visibility, accessLevel))).toBe(expected);
    },
  );

  it('refuses pushes to an archived project, even to its owner, but still lets maintainers unarchive it', () => {
    const { actor } = ROLES.owner;
    expect(can(actor, 'push_code', projectSubject('public', 50, true))).toBe(false);
    expect(can(actor, 'create_merge_request', projectSubject('public', 50, true))).toBe(false);
    expect(can(actor, 'admin_project', projectSubject('public', 40, true))).toBe(true);
  });
});

describe('can() on groups', () => {
  it.each(cases(groupTable))(
    '$role may $action on a $visibility group: $expected',
    ({ action, role, visibility, expected }) => {
      const { actor, accessLevel } = ROLES[role];
      expect(can(actor, action, { type: 'group', visibility, accessLevel })).toBe(expected);
    },
  );
});

describe('can() on the instance', () => {
  it.each([
    ['anonymous', 'create_group', false],
    ['non-member', 'create_group', true],
    ['blocked owner', 'create_group', false],
    ['non-member', 'admin_instance', false],
    ['admin', 'admin_instance', true],
  ] as const)('%s may %s: %s', (role, action, expected) => {
    expect(can(ROLES[role].actor, action, { type: 'instance' })).toBe(expected);
  });
});
