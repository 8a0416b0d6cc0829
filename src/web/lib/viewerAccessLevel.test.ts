import { describe, expect, it } from 'vitest';
import { viewerAccessLevel } from './viewerAccessLevel';

describe('viewer access level', () => {
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
