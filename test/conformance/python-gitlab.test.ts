import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, pushFile } from '../support/merge-request-factories';
import { commitCiConfig, instanceRunnerToken } from '../support/ci';
import { runPythonGitlab, runPythonGitlabCli, type PythonTarget } from '../support/python-gitlab';
import { createTestApp, type TestApp } from '../support/test-app';

/** python-gitlab 3.12 (Debian's), driven by the scripts in test/conformance/python. */
describe('python-gitlab', () => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  /** One project per group of checks, so that each group sees only its own branches and requests. */
  const projects: Record<string, ProjectContext> = {};
  let project: ProjectContext;
  let target: PythonTarget;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olive Owner' });
    colleague = await buildUser(t.container);
    for (const path of ['alpha', 'bravo', 'charlie', 'delta', 'echo'])
      projects[path] = await buildProject(t.container, owner, { path });
    project = projects.alpha!;
    target = { url: await t.listen(), token: owner.token };
  });
  afterAll(() => t.close());

  it('signs in, reads the version, users, projects page by page, members and branches', async () => {
    const results = await runPythonGitlab<Record<string, unknown>>('basics.py', target, {
      colleague: colleague.username,
      colleague_id: colleague.id,
      project_path: project.fullPath,
    });
    expect(results).toEqual({
      user: owner.username,
      version: ['19.5.0', 'mergeway'],
      users: [colleague.username],
      user_by_id: colleague.username,
      owned_page_2: ['charlie', 'delta'],
      owned_all: ['alpha', 'bravo', 'charlie', 'delta', 'echo'],
      owned_iterated: ['alpha', 'bravo', 'charlie', 'delta', 'echo'],
      simple_unarchived: ['alpha', 'bravo', 'charlie', 'delta', 'echo'],
      project_by_path: project.project.id,
      project_by_id: project.fullPath,
      upload: expect.stringMatching(/^\[hello\.txt\]\(\/uploads\/[0-9a-f]{32}\/hello\.txt\)$/),
      member_added: [colleague.username, 30],
      member_edited: 40,
      members: [colleague.username, owner.username].sort(),
      members_after_delete: [owner.username],
      branch_created: ['from-python', true],
      branches: ['from-python', 'main'],
      branch_deleted: { status: 404, message: '404 Branch Not Found', error: 'GitlabGetError' },
    });
  });

  it('creates, lists (iids too), edits, closes, reopens and merges merge requests', async () => {
    const p = projects.bravo!;
    await addProjectMember(t.container, p, colleague, ACCESS_LEVELS.developer);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await pushFile(p, 'feature', { path: 'cart.test.ts', content: 'test\n', message: 'Test the cart' });
    await pushFile(p, 'other', { path: 'other.txt', content: 'other\n', message: 'Add the other' });
    const featureHead = await resolveCommit(p.gitDir, branchRef('feature'));
    const results = await runPythonGitlab<Record<string, unknown>>('merge_requests.py', target, {
      project_id: p.project.id,
      owner_id: owner.id,
      colleague_id: colleague.id,
    });
    expect(results).toEqual({
      created: [1, 'opened', [colleague.username, owner.username].sort(), 2],
      list_iids: [1],
      list_two_iids: [1, 2],
      list_unknown_iid: [],
      list_by_source: [2],
      list_by_author: [1, 2],
      list_by_assignee: [1],
      list_everywhere: [1, 2],
      edited: ['Add the feature, edited', 'Two commits, edited'],
      closed: 'closed',
      reopened: 'opened',
      changes: ['cart.test.ts', 'cart.ts'],
      commits: ['Test the cart', 'Add the cart'],
      stale_merge: {
        status: 409,
        message: `SHA does not match HEAD of source branch: ${featureHead}`,
        error: 'GitlabMRClosedError',
      },
      after_stale_merge: 'opened',
      merged: ['merged', true],
      squash_commit: 'Feature, squashed',
      merged_again: { status: 405, message: '405 Method Not Allowed', error: 'GitlabMRClosedError' },
    });
  });

  it('rebases: diverged_commits_count before and after, rebase_in_progress while it runs', async () => {
    const p = projects.charlie!;
    await pushFile(p, 'behind', { path: 'late.txt', content: 'late\n', message: 'Arrive late' });
    await pushFile(p, 'main', { path: 'one.txt', content: '1\n', message: 'One' });
    await pushFile(p, 'main', { path: 'two.txt', content: '2\n', message: 'Two' });
    // The rebase runs in a background job, as in production: this process's worker takes it.
    const failures: unknown[] = [];
    t.container.jobs.start((error) => failures.push(error));
    const results = await runPythonGitlab<Record<string, unknown>>('rebase.py', target, {
      project_id: p.project.id,
    }).finally(() => t.container.jobs.stop());
    expect(failures).toEqual([]);
    expect(results).toEqual({
      before: [2, false],
      without_flags: false,
      rebase: { rebase_in_progress: true },
      after: [0, false, null],
    });
  });

  it('writes notes, threads on diff lines (JSON and form bodies), draft notes and award emoji, and deletes them', async () => {
    const p = projects.delta!;
    await pushFile(p, 'notes', { path: 'notes.txt', content: 'one line\n', message: 'Add notes' });
    const mr = await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'notes',
      title: 'Discuss this',
    });
    const results = await runPythonGitlab<Record<string, unknown>>('notes.py', target, {
      project_id: p.project.id,
      mr_iid: mr.mergeRequest.iid,
      path: 'notes.txt',
    });
    expect(results).toEqual({
      note: ['A comment', owner.username],
      note_edited: 'A comment, edited',
      notes: ['A comment, edited'],
      thread: ['A thread', 'A reply'],
      resolved: true,
      diff_thread: ['DiffNote', 'notes.txt', 1],
      form_thread: [201, 'application/json', 'DiffNote', 1],
      draft: ['A pending comment', 1],
      drafts: ['A pending comment, edited'],
      drafts_after_delete: [],
      published: [204, true],
      mr_awards: ['thumbsup'],
      note_awards: ['tada'],
      upvotes: 1,
      awards_after_delete: [[], []],
      thread_after_delete: ['A thread'],
      note_deleted: { status: 404, message: '404 Note Not Found', error: 'GitlabGetError' },
    });
  });

  it('creates, lists, edits and deletes labels, and saves a merge request’s labels', async () => {
    // The colleague's, so that the owner's own projects stay the five the CLI lists.
    const p = await buildProject(t.container, colleague, { path: 'labels' });
    await addProjectMember(t.container, p, owner, ACCESS_LEVELS.maintainer);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'cart\n', message: 'Add the cart' });
    const results = await runPythonGitlab<Record<string, unknown>>('labels.py', target, {
      project_id: p.project.id,
    });
    expect(results).toEqual({
      created: ['bug', '#d9534f', '#000000', true],
      taken: { status: 409, message: 'Label already exists', error: 'GitlabCreateError' },
      bad_colour: {
        status: 400,
        message: { color: ['must be a valid color code'] },
        error: 'GitlabCreateError',
      },
      listed: [
        ['bug', '#d9534f'],
        ['needs review', '#ffa500'],
      ],
      edited: 'review',
      mr_saved: ['brand new', 'bug', 'review'],
      mr_fetched: ['brand new', 'bug', 'review'],
      mr_by_label: [1],
      mr_not_label: [],
      mr_details: ['brand new', 'bug', 'review'],
      after_delete: ['brand new', 'review'],
      mr_after_delete: ['brand new', 'review'],
      gone: { status: 404, message: '404 Label Not Found', error: 'GitlabGetError' },
    });
  });

  it('lists projects and merge requests with python-gitlab’s CLI, configured for the server', async () => {
    const p = projects.echo!;
    for (const branch of ['first', 'second']) {
      await pushFile(p, branch, { path: `${branch}.txt`, content: `${branch}\n` });
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: branch,
        title: `Add ${branch}`,
      });
    }
    const config = path.join(t.dataDir, 'python-gitlab.cfg');
    await writeFile(
      config,
      `[global]\ndefault = test\n\n[test]\nurl = ${target.url}\nprivate_token = ${owner.token}\n`,
    );
    const cli = async <T>(...args: string[]) =>
      JSON.parse(await runPythonGitlabCli(config, ['-o', 'json', ...args])) as T;

    const listed = await cli<{ path: string }[]>(
      'project',
      'list',
      '--owned',
      'True',
      '--order-by',
      'id',
      '--sort',
      'asc',
      '--get-all',
    );
    expect(listed.map((project) => project.path)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const picked = await cli<{ iid: number; title: string }[]>(
      'project-merge-request',
      'list',
      '--project-id',
      String(p.project.id),
      '--state',
      'opened',
      '--iids',
      '2',
    );
    expect(picked.map((mr) => [mr.iid, mr.title])).toEqual([[2, 'Add second']]);
  });

  it('retries, plays, cancels and erases jobs, downloads artifacts, retries, cancels and deletes pipelines, and manages variables', async () => {
    const p = projects.echo!;
    const config = [
      'workflow:',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE != "push"',
      'build:',
      '  stage: build',
      '  script: [make]',
      'check:',
      '  stage: test',
      '  script: [make check]',
      'ship:',
      '  stage: test',
      '  when: manual',
      '  script: [make ship]',
    ].join('\n');
    await commitCiConfig(t.app, owner, p.project.id, config);
    const group = await t.container.groups.createGroup(owner, {
      name: 'Python',
      path: `python-${Date.now()}`,
    });
    const results = await runPythonGitlab<Record<string, unknown>>('ci.py', target, {
      project_id: p.project.id,
      group_id: group.group.id,
      api_url: `${target.url}/api/v4`,
      runner_token: await instanceRunnerToken(t.container),
    });
    expect(results).toEqual({
      failed: ['build', 'failed', 'artifacts.zip'],
      artifact: 'built\n',
      archive_is_zip: 'PK',
      retried: ['build', 'pending', true],
      played: 'pending',
      canceled: 'canceled',
      erased: [true, []],
      pipeline_variables: [['TARGET', 'arm64', 'env_var']],
      pipeline_retried: 'success',
      pipeline_canceled: 'success',
      pipeline_deleted: { status: 404, message: '404 Not Found', error: 'GitlabGetError' },
      variable: ['API_TOKEN', true, false, '*'],
      unmaskable: { status: 400, message: { value: ['is invalid'] }, error: 'GitlabCreateError' },
      variable_saved: ['zyxwvuts87654321', true],
      variables: ['API_TOKEN'],
      variable_deleted: { status: 404, message: '404 Variable Not Found', error: 'GitlabGetError' },
      group_variables: [['REGISTRY', 'file']],
    });
  });

  it('lists, reads, edits, enables in a second project, disables and deletes runners', async () => {
    // A user of their own, so that the owner's projects stay the five the CLI lists.
    const keeper = await buildUser(t.container);
    const developer = await buildUser(t.container);
    const first = await buildProject(t.container, keeper, { path: 'runner-first' });
    const second = await buildProject(t.container, keeper, { path: 'runner-second' });
    await addProjectMember(t.container, first, developer, ACCESS_LEVELS.developer);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: keeper.headers,
      payload: {
        runner_type: 'project_type',
        project_id: first.project.id,
        description: 'py',
        tag_list: 'docker',
      },
    });
    const runnerId = created.json<{ id: number }>().id;
    const results = await runPythonGitlab<Record<string, unknown>>(
      'runners.py',
      { ...target, token: keeper.token },
      {
        runner_id: runnerId,
        project_id: first.project.id,
        second_project_id: second.project.id,
        developer_token: developer.token,
      },
    );
    expect(results).toEqual({
      mine: [[runnerId, 'project_type', 'never_contacted']],
      mine_docker: [runnerId],
      mine_gpu: [],
      all_refused: { status: 403, message: '403 Forbidden', error: 'GitlabListError' },
      details: ['py', ['docker'], false, 'not_protected'],
      edited: ['edited from python', ['docker', 'arm64'], 3600],
      developer_get: { status: 403, message: '403 Forbidden - No access granted', error: 'GitlabGetError' },
      enabled: runnerId,
      second_listed: [runnerId],
      second_after_disable: [],
      last_project: {
        status: 403,
        message:
          '403 Forbidden - Only one project associated with the runner. Please remove the runner instead',
        error: 'GitlabDeleteError',
      },
      gone: { status: 404, message: '404 Runner Not Found', error: 'GitlabGetError' },
    });
  });
});
