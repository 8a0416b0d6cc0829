import { describe, expect, it } from 'vitest';
import { activeSection, projectNavEntries } from './projectNavigation';

describe('project navigation', () => {
  it.each([
    ['/group/app', 'overview'],
    ['/group/sub/app/-/tree/main/src', 'files'],
    ['/group/app/-/blob/main/README.md', 'files'],
    ['/group/app/-/commits/main', 'commits'],
    ['/group/app/-/commit/abc123', 'commits'],
    ['/group/app/-/branches', 'branches'],
    ['/group/app/-/merge_requests/4/diffs', 'merge_requests'],
    ['/group/app/-/issues/4', 'issues'],
    ['/group/app/-/issues', 'issues'],
    ['/group/app/-/project_members', 'members'],
    ['/group/app/-/labels', 'labels'],
    ['/group/app/-/edit', 'settings'],
    ['/group/app/-/settings/merge_requests', 'settings'],
    ['/group/app/-/edit/main/README.md', 'files'],
    ['/group/app/-/new/main', 'files'],
    ['/group/app/-/pipelines', 'pipelines'],
    ['/group/app/-/pipelines/12/builds', 'pipelines'],
    ['/group/app/-/jobs/7', 'pipelines'],
  ])('marks %s as %s', (pathname, section) => {
    expect(activeSection(pathname)).toBe(section);
  });

  it('offers Settings to Maintainers and Owners only, and links files to the default branch', () => {
    const labels = (level: number) => projectNavEntries('develop', level).map((entry) => entry.label);
    expect(labels(30)).toEqual([
      'Overview',
      'Files',
      'Commits',
      'Branches',
      'Issues',
      'Merge requests',
      'Pipelines',
      'Labels',
      'Members',
    ]);
    expect(labels(40)).toContain('Settings');
    expect(projectNavEntries('release/1.0', 0)[1]?.page).toBe('tree/release/1.0');
  });
});
