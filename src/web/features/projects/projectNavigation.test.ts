import { describe, expect, it } from 'vitest';
import { activeSection, projectNavEntries, viewerAccessLevel } from './projectNavigation';

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
      'Labels',
      'Members',
    ]);
    expect(labels(40)).toContain('Settings');
    expect(projectNavEntries('release/1.0', 0)[1]?.page).toBe('tree/release/1.0');
  });

  it('takes the higher of project and group access, and Owner for administrators', () => {
    const project = (projectLevel: number | null, groupLevel: number | null) => ({
      permissions: {
        project_access: projectLevel === null ? null : { access_level: projectLevel, notification_level: 3 },
        group_access: groupLevel === null ? null : { access_level: groupLevel, notification_level: 3 },
      },
    });
    expect(viewerAccessLevel(project(null, null), false)).toBe(0);
    expect(viewerAccessLevel(project(30, 40), false)).toBe(40);
    expect(viewerAccessLevel(project(20, null), false)).toBe(20);
    expect(viewerAccessLevel(project(null, null), true)).toBe(50);
  });
});
