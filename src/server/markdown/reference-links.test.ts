import { describe, expect, it } from 'vitest';
import { referenceLink } from './reference-links';

const issue = {
  type: 'issue' as const,
  url: '/group/app/-/issues/3',
  projectId: 7,
  projectPath: 'group/app',
  id: 41,
  iid: 3,
  title: 'Crash on start',
  issueType: 'issue',
  state: 'opened',
};

describe('referenceLink', () => {
  it('writes GitLab’s issue link: classes, data attributes and the title as tooltip', () => {
    expect(referenceLink({ type: 'issue', project: null, iid: 3, original: '#3' }, issue)).toBe(
      '<a href="/group/app/-/issues/3" data-reference-type="issue" data-project="7" ' +
        'data-issue="41" data-project-path="group/app" data-iid="3" data-issue-type="issue" ' +
        'data-original="#3" title="Crash on start" class="gfm gfm-issue">#3</a>',
    );
  });

  it('writes merge request and user links with their own classes and ids', () => {
    const mr = referenceLink(
      { type: 'merge_request', project: 'group/app', iid: 2, original: 'group/app!2' },
      {
        ...issue,
        type: 'merge_request',
        id: 9,
        iid: 2,
        state: 'merged',
        url: '/group/app/-/merge_requests/2',
      },
    );
    expect(mr).toContain('class="gfm gfm-merge_request"');
    expect(mr).toContain('data-merge-request="9"');
    expect(mr).toContain('>group/app!2 (merged)</a>');
    const user = referenceLink(
      { type: 'user', path: 'alice', original: '@alice' },
      { type: 'user', url: '/alice', id: 5, name: 'Alice' },
    );
    expect(user).toBe(
      '<a href="/alice" data-reference-type="user" data-user="5" data-original="@alice" ' +
        'title="Alice" class="gfm gfm-project_member js-user-link">@alice</a>',
    );
  });

  it('says when an issue is closed', () => {
    expect(
      referenceLink({ type: 'issue', project: null, iid: 3, original: '#3' }, { ...issue, state: 'closed' }),
    ).toContain('>#3 (closed)</a>');
  });

  it('keeps a hostile title or name inert inside its attribute', () => {
    const link = referenceLink(
      { type: 'issue', project: null, iid: 3, original: '#3' },
      { ...issue, title: '"><img src=x onerror=alert(1)><script>alert(2)</script>&' },
    );
    expect(link).toContain(
      'title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;&amp;"',
    );
    expect(link).not.toMatch(/<img|<script/);
  });
});
