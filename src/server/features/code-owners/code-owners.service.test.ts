import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { computeApprovalState, type ApprovalRuleInput } from '../../../shared/approvals';
import { parseCodeOwners } from '../../../shared/code-owners';
import {
  addGroupMember,
  addProjectMember,
  buildProject,
  buildUser,
  type TestUser,
} from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { ZERO_SHA, updateRef } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { createCodeOwnersService } from './code-owners.service';

const author = { name: 'Ada', email: 'ada@example.com', date: new Date('2024-05-01T10:00:00Z') };

describe('code owners of merge requests, read from the target branch', () => {
  let t: TestApp;
  let owner: TestUser;
  let developers: TestUser[];
  let project: ProjectContext;

  /** Writes files on a branch (created from main when it does not exist yet). */
  const commit = (ctx: ProjectContext, branch: string, files: Record<string, string>) =>
    commitFiles(ctx.gitDir, {
      branch,
      startBranch: 'main',
      message: `Write ${Object.keys(files).join(', ')}`,
      author,
      changes: Object.entries(files).map(([path, content]) => ({ action: 'create' as const, path, content })),
    });
  const rules = (ctx: ProjectContext, targetBranch: string, changedPaths: string[]) =>
    t.container.codeOwners.codeOwnerRules(ctx, { targetBranch, changedPaths });
  const approvers = (found: ApprovalRuleInput[]) => found.map((rule) => [...rule.approverIds].sort());

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developers = [];
    for (let i = 0; i < 3; i++) developers.push(await buildUser(t.container));
    project = await buildProject(t.container, owner);
    for (const developer of developers) await addProjectMember(t.container, project, developer, 30);
  });
  afterAll(() => t.close());

  it('reads CODEOWNERS, then docs/CODEOWNERS, then .gitlab/CODEOWNERS, the first that exists', async () => {
    const [a, b, c] = developers as [TestUser, TestUser, TestUser];
    await commit(project, 'places', { '.gitlab/CODEOWNERS': `* @${c.username}\n` });
    expect(approvers(await rules(project, 'places', ['app.rb']))).toEqual([[c.id]]);
    await commit(project, 'places', { 'docs/CODEOWNERS': `* @${b.username}\n` });
    expect(approvers(await rules(project, 'places', ['app.rb']))).toEqual([[b.id]]);
    await commit(project, 'places', { CODEOWNERS: `* @${a.username}\n` });
    expect(approvers(await rules(project, 'places', ['app.rb']))).toEqual([[a.id]]);
    // A folder named CODEOWNERS is no file: the next place is read.
    await commit(project, 'folder', {
      'CODEOWNERS/README': 'not owners\n',
      'docs/CODEOWNERS': `* @${b.username}\n`,
    });
    expect(approvers(await rules(project, 'folder', ['app.rb']))).toEqual([[b.id]]);
    // No file at all (main has only a README): no code owner rules.
    expect(await rules(project, 'main', ['README.md'])).toEqual([]);
  });

  it('reads the branch, never a tag of the same name', async () => {
    const [a, b] = developers as [TestUser, TestUser];
    await commit(project, 'stable', { CODEOWNERS: `* @${a.username}\n` });
    const tagged = await commit(project, 'tagged-owners', { CODEOWNERS: `* @${b.username}\n` });
    expect(await updateRef(project.gitDir, 'refs/tags/stable', tagged, ZERO_SHA)).toBe(true);
    expect(await updateRef(project.gitDir, 'refs/tags/release', tagged, ZERO_SHA)).toBe(true);
    expect(approvers(await rules(project, 'stable', ['app.rb']))).toEqual([[a.id]]);
    // Only a tag called `release`: there is no target branch to read owners from.
    expect(await rules(project, 'release', ['app.rb'])).toEqual([]);
  });

  it('keeps sections apart: required counts, optional sections, default owners and exclusions', async () => {
    const [a, b, c] = developers as [TestUser, TestUser, TestUser];
    await commit(project, 'sections', {
      CODEOWNERS: [
        `* @${a.username}`,
        '!*.lock',
        `[Docs][2] @${b.username}`,
        'docs/',
        `docs/api/ @${c.username}`,
        `^[Ruby]`,
        `*.rb @${c.username}`,
        '!/config/**/*.rb',
        '',
      ].join('\n'),
    });
    const found = await rules(project, 'sections', [
      'docs/guide.md',
      'docs/api/v4.md',
      'app/user.rb',
      'config/boot.rb',
      'Gemfile.lock',
    ]);
    expect(
      found.map(({ id, name, section, approvalsRequired, sectionOptional, approverIds }) => ({
        id,
        name,
        section,
        approvalsRequired,
        sectionOptional,
        approverIds,
      })),
    ).toEqual([
      {
        id: 'codeowners:*',
        name: '*',
        section: 'codeowners',
        approvalsRequired: 0,
        sectionOptional: false,
        approverIds: [a.id],
      },
      {
        id: 'Docs:docs/',
        name: 'docs/',
        section: 'Docs',
        approvalsRequired: 2,
        sectionOptional: false,
        approverIds: [b.id],
      },
      {
        id: 'Docs:docs/api/',
        name: 'docs/api/',
        section: 'Docs',
        approvalsRequired: 2,
        sectionOptional: false,
        approverIds: [c.id],
      },
      {
        id: 'Ruby:*.rb',
        name: '*.rb',
        section: 'Ruby',
        approvalsRequired: 0,
        sectionOptional: true,
        approverIds: [c.id],
      },
    ]);
    expect(found.every((rule) => rule.kind === 'code_owner')).toBe(true);
  });

  it('requires code owners only where the target branch is protected with code owner approval', async () => {
    const [a] = developers as [TestUser];
    await commit(project, 'guarded', { CODEOWNERS: `* @${a.username}\n^[Optional]\n*.md @${a.username}\n` });
    const api = `/api/v4/projects/${project.project.id}/protected_branches`;
    const protect = await t.app.inject({
      method: 'POST',
      url: api,
      headers: owner.headers,
      payload: { name: 'guarded', code_owner_approval_required: true },
    });
    expect(protect.json()).toMatchObject({ name: 'guarded', code_owner_approval_required: true });
    const stateOf = async (branch: string) => {
      const protection = await t.container.protectedBranches.protectionOf(project.project.id, branch);
      return computeApprovalState({
        rules: await rules(project, branch, ['README.md']),
        approvedByIds: [],
        people: { authorId: owner.id, committerIds: [] },
        settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false },
        codeOwnerApprovalRequired: protection?.codeOwnerApprovalRequired ?? false,
      });
    };
    const guarded = await stateOf('guarded');
    expect(guarded.rules.map((rule) => [rule.section, rule.approvalsRequired])).toEqual([
      ['codeowners', 1],
      ['Optional', 0],
    ]);
    expect(guarded.approved).toBe(false);

    await commit(project, 'unguarded', { CODEOWNERS: `* @${a.username}\n` });
    const unguarded = await stateOf('unguarded');
    expect(unguarded.rules.map((rule) => rule.approvalsRequired)).toEqual([0]);
    expect(unguarded.approved).toBe(true);
  });

  it('makes a rule naming no one it knows invalid, and nothing fails', async () => {
    const stranger = await buildUser(t.container);
    await commit(project, 'unknown', {
      CODEOWNERS: [
        '* @nobody-at-all @no-such/group nobody@example.invalid',
        `*.md @${stranger.username}`,
        `[Strict][2] @${developers[0]!.username}`,
        '*.txt',
        '',
      ].join('\n'),
    });
    const found = await rules(project, 'unknown', ['app.rb', 'README.md', 'notes.txt']);
    expect(found.map((rule) => [rule.name, rule.approverIds])).toEqual([
      ['*', []],
      ['*.md', []],
      ['*.txt', [developers[0]!.id]],
    ]);
    const state = computeApprovalState({
      rules: found,
      approvedByIds: [],
      people: { authorId: owner.id, committerIds: [] },
      settings: { preventApprovalByAuthor: true, preventApprovalByCommitAuthor: false },
      codeOwnerApprovalRequired: true,
    });
    // Nobody can approve the first two, and one owner cannot give the section's two approvals.
    expect(state.invalidApproversRules.map((rule) => rule.name)).toEqual(['*', '*.md', '*.txt']);
  });
});

describe('code owners named by group, subgroup, e-mail and role', () => {
  let t: TestApp;
  let owner: TestUser;
  let inGroup: TestUser;
  let inSubgroup: TestUser;
  let guestInGroup: TestUser;
  let developer: TestUser;
  let maintainer: TestUser;
  let blocked: TestUser;
  let groupPath: string;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    [inGroup, inSubgroup, guestInGroup, developer, maintainer, blocked] = (await Promise.all(
      Array.from({ length: 6 }, () => buildUser(t.container)),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
    groupPath = `owners-${Date.now()}`;
    const group = await t.container.groups.createGroup(owner, { name: 'Owners', path: groupPath });
    const subgroup = await t.container.groups.createGroup(owner, {
      name: 'Backend',
      path: 'backend',
      parent_id: group.group.id,
    });
    await addGroupMember(t.container, group, inGroup, ACCESS_LEVELS.developer);
    await addGroupMember(t.container, group, guestInGroup, ACCESS_LEVELS.guest);
    await addGroupMember(t.container, subgroup, inSubgroup, ACCESS_LEVELS.developer);
    await addGroupMember(t.container, subgroup, blocked, ACCESS_LEVELS.maintainer);
    await t.container.users.setState(blocked.id, 'blocked');
    project = await buildProject(t.container, owner, { namespace_id: subgroup.group.id });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
  });
  afterAll(() => t.close());

  const ownersOf = async (line: string) => {
    const branch = `b-${Math.random().toString(36).slice(2)}`;
    await commitFiles(project.gitDir, {
      branch,
      startBranch: 'main',
      message: 'Owners',
      author,
      changes: [{ action: 'create', path: 'CODEOWNERS', content: `* ${line}\n` }],
    });
    const [rule] = await t.container.codeOwners.codeOwnerRules(project, {
      targetBranch: branch,
      changedPaths: ['app.rb'],
    });
    return [...(rule?.approverIds ?? [])];
  };

  it('names the direct members of a group, and of a subgroup, who may approve', async () => {
    const group = await ownersOf(`@${groupPath.toUpperCase()}`);
    expect(group).toContain(inGroup.id);
    // Not a member of a subgroup, and not a guest: neither can approve for this group.
    expect(group).not.toContain(inSubgroup.id);
    expect(group).not.toContain(guestInGroup.id);
    const subgroup = await ownersOf(`@${groupPath}/backend`);
    expect(subgroup).toContain(inSubgroup.id);
    expect(subgroup).not.toContain(blocked.id);
    expect(subgroup).not.toContain(inGroup.id);
  });

  it('names a user by primary e-mail in any case, or by username', async () => {
    expect(await ownersOf(developer.email.toUpperCase())).toEqual([developer.id]);
    expect(await ownersOf(`@${inGroup.username}`)).toEqual([inGroup.id]);
    expect(await ownersOf(`@${guestInGroup.username}`)).toEqual([]);
  });

  it('names the direct project members of exactly one role with @@role', async () => {
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(await ownersOf('@@developer')).toEqual([developer.id]);
    // The project's creator is one of its Maintainers; the group's members hold no project role.
    expect(sorted(await ownersOf('@@maintainers'))).toEqual(sorted([owner.id, maintainer.id]));
    expect(sorted(await ownersOf('@@developer @@MAINTAINER'))).toEqual(
      sorted([developer.id, owner.id, maintainer.id]),
    );
    expect(await ownersOf('@@owner')).toEqual([]);
  });
});

describe('a CODEOWNERS of 10,000 lines', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
  });
  afterAll(() => t.close());

  it('is parsed once per blob, however often and for whatever paths it is asked', async () => {
    let parses = 0;
    const service = createCodeOwnersService({
      db: t.container.db,
      namespaces: t.container.namespaces,
      projects: t.container.projects,
      parse: (text) => {
        parses += 1;
        return parseCodeOwners(text);
      },
    });
    const lines = Array.from({ length: 10_000 }, (_, i) => `/src/module-${i}/ @${owner.username}`);
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Owners',
      author,
      changes: [{ action: 'create', path: 'CODEOWNERS', content: `${lines.join('\n')}\n` }],
    });
    const ask = (paths: string[]) =>
      service.codeOwnerRules(project, { targetBranch: 'main', changedPaths: paths });
    const [first, second] = await Promise.all([ask(['src/module-9999/a.ts']), ask(['src/module-0/b.ts'])]);
    expect(first.map((rule) => rule.name)).toEqual(['/src/module-9999/']);
    expect(second.map((rule) => rule.name)).toEqual(['/src/module-0/']);
    expect((await ask(['src/module-5000/c.ts', 'README.md'])).map((rule) => rule.name)).toEqual([
      '/src/module-5000/',
    ]);
    expect(parses).toBe(1);

    // A push that leaves CODEOWNERS alone keeps its blob, so it is not parsed again.
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Readme',
      author,
      changes: [{ action: 'update', path: 'README.md', content: 'changed\n' }],
    });
    await ask(['src/module-1/a.ts']);
    expect(parses).toBe(1);
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Fewer owners',
      author,
      changes: [{ action: 'update', path: 'CODEOWNERS', content: `/src/ @${owner.username}\n` }],
    });
    expect((await ask(['src/module-1/a.ts'])).map((rule) => rule.name)).toEqual(['/src/']);
    expect(parses).toBe(2);
  });

  it('answers who owns files at a revision, for a file page', async () => {
    const owners = await t.container.codeOwners.codeOwnersFor(project, 'refs/heads/main', [
      'src/a.ts',
      'README.md',
    ]);
    expect(owners).toEqual([
      {
        path: 'src/a.ts',
        owners: [
          {
            section: 'codeowners',
            pattern: '/src/',
            users: [{ id: owner.id, username: owner.username, name: owner.name }],
          },
        ],
      },
      { path: 'README.md', owners: [] },
    ]);
  });
});
