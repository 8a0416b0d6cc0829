import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/api/labels';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

describe('label references in markdown', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  const labels: Record<string, Label> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    for (const [name, color] of [
      ['bug', '#d9534f'],
      ['needs review', '#000080'],
    ]) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/labels`,
        headers: owner.headers,
        payload: { name, color, description: 'Shown as the <title>' },
      });
      labels[name!] = created.json<Label>();
    }
  });
  afterAll(() => t.close());

  const render = async (text: string, withProject = true) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/markdown',
        payload: { text, gfm: true, ...(withProject ? { project: project.fullPath } : {}) },
      })
    ).json<{ html: string }>().html;

  it('renders ~name, ~"two words" and ~id as coloured label links to the labelled issues', async () => {
    const html = await render(`Fix ~bug, then ~"needs review" (~${labels.bug!.id}).`);
    const bug =
      `<a href="/${project.fullPath}/-/issues?label_name[]=bug" data-reference-type="label" ` +
      `data-label="${labels.bug!.id}" data-project="${project.project.id}" data-original="~bug" ` +
      `title="Shown as the &lt;title&gt;" class="gfm gfm-label gl-label-link">` +
      `<span class="gl-label-text" style="background-color: #d9534f; color: #000000">bug</span></a>`;
    expect(html).toContain(bug);
    expect(html).toContain('style="background-color: #000080; color: #FFFFFF">needs review</span></a>');
    expect(html).toContain(`data-original="~${labels.bug!.id}"`);
  });

  it('leaves unknown labels, code and references without a project as text', async () => {
    expect(await render('~nothing-here and `~bug`')).toBe('<p>~nothing-here and <code>~bug</code></p>');
    expect(await render('~bug', false)).toBe('<p>~bug</p>');
  });
});
