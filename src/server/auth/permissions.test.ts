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
  destroy_pipeline: {
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
  admin_cicd_variables: {
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
  upload_file: {
    anonymous: '---',
    'non-member': '---',
    guest: 'YYY',
    reporter: 'YYY',
    developer: 'YYY',
    maintainer: 'YYY',
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
  admin_cicd_variables: {
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

  it('takes no uploads in an archived project', () => {
    expect(can(ROLES.owner.actor, 'upload_file', projectSubject('public', 50, true))).toBe(false);
  });
});

describe('can() on CI jobs', () => {
  const job = (accessLevel: number, userId: number | null, pushAccessLevel: number | null): Subject => ({
    type: 'build',
    visibility: 'private',
    archived: false,
    accessLevel,
    userId,
    pushAccessLevel,
  });

  it('lets Developers act on jobs of unprotected refs, never Reporters', () => {
    expect(can(ROLES.developer.actor, 'update_build', job(30, 2, null))).toBe(true);
    expect(can(ROLES.reporter.actor, 'update_build', job(20, 1, null))).toBe(false);
  });

  it('lets on a protected branch only those its protection lets push or merge', () => {
    expect(can(ROLES.developer.actor, 'update_build', job(30, 1, 40))).toBe(false);
    expect(can(ROLES.maintainer.actor, 'update_build', job(40, 1, 40))).toBe(true);
    expect(can(ROLES.owner.actor, 'update_build', job(50, 1, 0))).toBe(false);
  });

  it('lets Maintainers erase any job, a Developer only their own on an unprotected ref', () => {
    expect(can(ROLES.maintainer.actor, 'erase_build', job(40, 2, null))).toBe(true);
    expect(can(ROLES.developer.actor, 'erase_build', job(30, 1, null))).toBe(true);
    expect(can(ROLES.developer.actor, 'erase_build', job(30, 2, null))).toBe(false);
    expect(can(ROLES.developer.actor, 'erase_build', job(30, 1, 30))).toBe(false);
    expect(can(ROLES.reporter.actor, 'erase_build', job(20, 1, null))).toBe(false);
    expect(can(null, 'erase_build', job(0, null, null))).toBe(false);
  });

  it('shows the variables a pipeline ran with to Maintainers and to whoever ran it while they may still', () => {
    expect(can(ROLES.maintainer.actor, 'read_pipeline_variable', job(40, 2, null))).toBe(true);
    expect(can(ROLES.maintainer.actor, 'read_pipeline_variable', job(40, 2, 50))).toBe(true);
    expect(can(ROLES.developer.actor, 'read_pipeline_variable', job(30, 1, null))).toBe(true);
    expect(can(ROLES.developer.actor, 'read_pipeline_variable', job(30, 2, null))).toBe(false);
    expect(can(ROLES.developer.actor, 'read_pipeline_variable', job(30, 1, 40))).toBe(false);
    expect(can(ROLES.reporter.actor, 'read_pipeline_variable', job(20, 1, null))).toBe(false);
    expect(can(null, 'read_pipeline_variable', job(0, null, null))).toBe(false);
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

const ROLE_ORDER: Role[] = [
  'anonymous',
  'non-member',
  'guest',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
  'blocked owner',
];

/** Rows read as ROLE_ORDER; each cell reads public, internal, private. */
const row = (...cells: string[]): Record<Role, string> =>
  Object.fromEntries(ROLE_ORDER.map((role, i) => [role, cells[i]])) as Record<Role, string>;

const issueFacts = { authorId: 99, assigneeIds: [], confidential: false };
const issueSubject = (visibility: Visibility, accessLevel: number, confidential = false): Subject => ({
  type: 'issue',
  visibility,
  archived: false,
  accessLevel,
  ...issueFacts,
  confidential,
});

describe('can() on issues', () => {
  const table: Table = {
    read_issue: row('Y--', 'YY-', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    create_issue: row('---', 'YY-', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    update_issue: row('---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    set_issue_metadata: row('---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    destroy_issue: row('---', '---', '---', '---', '---', '---', 'YYY', 'YYY', '---'),
  };
  it.each(cases(table))('$role may $action on a $visibility project: $expected', (c) => {
    const { actor, accessLevel } = ROLES[c.role];
    expect(can(actor, c.action, issueSubject(c.visibility, accessLevel))).toBe(c.expected);
  });

  const confidential: Table = {
    read_issue: row('---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
  };
  it.each(cases(confidential))(
    '$role may read a confidential issue on a $visibility project: $expected',
    (c) => {
      const { actor, accessLevel } = ROLES[c.role];
      expect(can(actor, c.action, issueSubject(c.visibility, accessLevel, true))).toBe(c.expected);
    },
  );

  it('lets the author and assignees of a confidential issue read and update it, as guests', () => {
    const author = { id: 99, admin: false, state: 'active' as const };
    const assignee = { id: 7, admin: false, state: 'active' as const };
    const subject = { ...issueSubject('private', 10, true), assigneeIds: [7] } as Subject;
    expect(can(author, 'read_issue', subject)).toBe(true);
    expect(can(author, 'update_issue', subject)).toBe(true);
    expect(can(assignee, 'read_issue', subject)).toBe(true);
    expect(can(author, 'set_issue_metadata', subject)).toBe(false);
  });
});

const noteableSubject = (
  visibility: Visibility,
  accessLevel: number,
  facts: { discussionLocked?: boolean; archived?: boolean; noteableType?: 'Issue' | 'MergeRequest' } = {},
): Subject => ({
  type: 'noteable',
  visibility,
  archived: facts.archived ?? false,
  accessLevel,
  noteableType: facts.noteableType ?? 'MergeRequest',
  noteableAuthorId: 99,
  confidential: false,
  assigneeIds: [],
  discussionLocked: facts.discussionLocked ?? false,
});

describe('can() on merge request discussions', () => {
  const table: Table = {
    create_note: row('---', 'YY-', 'YY-', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    create_internal_note: row('---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    read_internal_note: row('---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    resolve_note: row('---', '---', '---', '---', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
    award_emoji: row('---', 'YY-', 'YY-', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
  };
  it.each(cases(table))('$role may $action on a $visibility project: $expected', (c) => {
    const { actor, accessLevel } = ROLES[c.role];
    expect(can(actor, c.action, noteableSubject(c.visibility, accessLevel))).toBe(c.expected);
  });

  const locked: Table = {
    create_note: row('---', '---', 'YY-', 'YYY', 'YYY', 'YYY', 'YYY', 'YYY', '---'),
  };
  it.each(cases(locked))(
    '$role may comment on a locked discussion in a $visibility project: $expected',
    (c) => {
      const { actor, accessLevel } = ROLES[c.role];
      const subject = noteableSubject(c.visibility, accessLevel, { discussionLocked: true });
      expect(can(actor, c.action, subject)).toBe(c.expected);
    },
  );

  it('accepts no comment in an archived project, not even from its owner', () => {
    const subject = noteableSubject('public', 50, { archived: true });
    expect(can(ROLES.owner.actor, 'create_note', subject)).toBe(false);
    expect(can(ROLES.owner.actor, 'read_noteable', subject)).toBe(true);
  });

  it('lets the merge request author resolve threads without developer access', () => {
    const author = { id: 99, admin: false, state: 'active' as const };
    expect(can(author, 'resolve_note', noteableSubject('public', 0))).toBe(true);
  });
});

describe('can() on one note', () => {
  const note = (accessLevel: number, authorId: number, internal = false): Subject => ({
    ...(noteableSubject('public', accessLevel) as Extract<Subject, { type: 'noteable' }>),
    type: 'note',
    authorId,
    internal,
  });
  const me = { id: 1, admin: false, state: 'active' as const };

  it.each([
    ['its author edits it', me, 'update_note', note(0, 1), true],
    ['a maintainer may not edit it', me, 'update_note', note(40, 2), false],
    ['its author deletes it', me, 'admin_note', note(0, 1), true],
    ['a maintainer deletes it', me, 'admin_note', note(40, 2), true],
    ['a developer may not delete it', me, 'admin_note', note(30, 2), false],
    ['a non-member reads a public note', me, 'read_note', note(0, 2), true],
    ['a non-member never reads an internal note', me, 'read_note', note(0, 2, true), false],
    ['a guest never reads an internal note', me, 'read_note', note(10, 2, true), false],
    ['a reporter reads an internal note', me, 'read_note', note(20, 2, true), true],
    ['an anonymous visitor never reads an internal note', null, 'read_note', note(0, 2, true), false],
  ] as const)('%s', (_name, actor, action, subject, expected) => {
    expect(can(actor, action, subject)).toBe(expected);
  });
});
