import { describe, expect, it } from 'vitest';
import { commitCiConfig } from '../support/ci';
import { buildProject } from '../support/factories';
import { conformanceSetup } from '../support/gitlab-client';

const CONFIG = [
  // Committing runs no pipeline: the test starts its own through the API.
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'deploy:',
  '  resource_group: production',
  '  script: [echo deploying]',
].join('\n');

/** How @gitbeaker rejects a refused request: with its status. */
const refused = (status: number) => ({ cause: { response: { status } } });

describe('resource groups through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('lists, shows and edits a group made by a pipeline, and lists its upcoming jobs', async () => {
    const { t, owner, gitlab } = setup;
    const project = await buildProject(t.container, owner);
    const projectId = project.project.id;
    await commitCiConfig(t.app, owner, projectId, CONFIG);
    await gitlab.Pipelines.create(projectId, 'main');
    await gitlab.Pipelines.create(projectId, 'main');

    const groups = await gitlab.ResourceGroups.all(projectId);
    expect(groups).toEqual([expect.objectContaining({ key: 'production', process_mode: 'unordered' })]);
    expect(await gitlab.ResourceGroups.show(projectId, 'production')).toMatchObject({
      key: 'production',
      process_mode: 'unordered',
    });

    const edited = await gitlab.ResourceGroups.edit(projectId, 'production', { processMode: 'oldest_first' });
    expect(edited).toMatchObject({ key: 'production', process_mode: 'oldest_first' });

    // Two deploy jobs wait for the one resource; neither has taken it here (no job queue runs).
    const upcoming = await gitlab.ResourceGroups.allUpcomingJobs(projectId, 'production');
    expect(upcoming.map((job) => job.name)).toEqual(['deploy', 'deploy']);

    await expect(gitlab.ResourceGroups.show(projectId, 'staging')).rejects.toMatchObject(refused(404));
    await expect(
      gitlab.ResourceGroups.edit(projectId, 'production', { processMode: 'fastest_first' }),
    ).rejects.toMatchObject(refused(400));
    expect(await gitlab.ResourceGroups.show(projectId, 'production')).toMatchObject({
      process_mode: 'oldest_first',
    });
  });
});
