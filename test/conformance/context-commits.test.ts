import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';
import { pushFile } from '../support/merge-request-factories';

describe('merge request context commits through @gitbeaker/rest (MergeRequestContextCommits)', () => {
  const setup = conformanceSetup();
  let parser: string;
  let lexer: string;
  beforeAll(async () => {
    const { t, owner, project } = setup;
    parser = await pushFile(project, 'main', {
      path: 'parser.ts',
      content: 'parse\n',
      message: 'Add the parser',
    });
    lexer = await pushFile(project, 'main', { path: 'lexer.ts', content: 'lex\n', message: 'Add the lexer' });
    await pushFile(project, 'feature', { path: 'app.ts', content: 'app\n', message: 'Add the app' });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'App',
    });
  });

  it('creates, lists and removes context commits', async () => {
    const { project, gitlab } = setup;
    const id = project.project.id;
    expect(await gitlab.MergeRequestContextCommits.all(id, 1)).toEqual([]);

    // gitbeaker types the answer as void; GitLab (and we) answer the added commits.
    const created = (await gitlab.MergeRequestContextCommits.create(id, [parser, lexer], {
      mergerequestIId: 1,
    })) as unknown as Array<{ id: string }>;
    expect(created.map((c) => c.id).sort()).toEqual([parser, lexer].sort());

    const listed = await gitlab.MergeRequestContextCommits.all(project.fullPath, 1);
    expect(listed.map((c) => c.title)).toEqual(['Add the lexer', 'Add the parser']);
    expect(listed[0]).toMatchObject({
      id: lexer,
      short_id: lexer.slice(0, 8),
      message: 'Add the lexer',
      author_name: 'Ada Lovelace',
      author_email: 'ada@example.com',
      authored_date: expect.any(String) as unknown,
      committer_name: 'Ada Lovelace',
      committed_date: expect.any(String) as unknown,
      created_at: expect.any(String) as unknown,
    });

    // gitbeaker's remove types no body, but sends its options as the DELETE's JSON body, as GitLab reads `commits`.
    await gitlab.MergeRequestContextCommits.remove(id, 1, { commits: [parser] } as never);
    expect((await gitlab.MergeRequestContextCommits.all(id, 1)).map((c) => c.id)).toEqual([lexer]);
  });

  it('answers 400 for a commit not on the target branch', async () => {
    const { project, gitlab, t } = setup;
    const feature = (await t.container.mergeRequests.show(setup.owner, project.project.id, 1)).mergeRequest
      .headSha;
    await expect(
      gitlab.MergeRequestContextCommits.create(project.project.id, [feature!], { mergerequestIId: 1 }),
    ).rejects.toMatchObject({ cause: { response: { status: 400 } } });
  });
});
