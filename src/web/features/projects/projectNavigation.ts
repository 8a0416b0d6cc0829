export type ProjectSection =
  | 'overview'
  | 'files'
  | 'commits'
  | 'branches'
  | 'issues'
  | 'merge_requests'
  | 'pipelines'
  | 'labels'
  | 'members'
  | 'settings';

/** Which navigation entry a URL belongs to, from what follows `/-/`. */
export function activeSection(pathname: string): ProjectSection {
  const marker = pathname.indexOf('/-/');
  if (marker < 0) return 'overview';
  const [page = '', next = ''] = pathname.slice(marker + 3).split('/');
  switch (page) {
    case 'tree':
    case 'blob':
    case 'new':
      return 'files';
    case 'commits':
    case 'commit':
      return 'commits';
    case 'branches':
      return 'branches';
    case 'issues':
      return 'issues';
    case 'merge_requests':
      return 'merge_requests';
    case 'pipelines':
    case 'pipeline_schedules':
    case 'jobs':
      return 'pipelines';
    case 'labels':
      return 'labels';
    case 'project_members':
      return 'members';
    case 'settings':
      return 'settings';
    case 'edit':
      // `/-/edit` is the settings page; `/-/edit/{branch}/{path}` the single-file editor.
      return next === '' ? 'settings' : 'files';
    default:
      return 'overview';
  }
}

export type NavEntry = { section: ProjectSection; label: string; page: string };

/** The project's navigation; Settings only for Maintainers and above. */
export function projectNavEntries(defaultBranch: string | null, accessLevel: number): NavEntry[] {
  // Branch names keep their slashes in page URLs, as the repository pages read them.
  const branch = (defaultBranch ?? 'main').split('/').map(encodeURIComponent).join('/');
  const entries: NavEntry[] = [
    { section: 'overview', label: 'Overview', page: '' },
    { section: 'files', label: 'Files', page: `tree/${branch}` },
    { section: 'commits', label: 'Commits', page: `commits/${branch}` },
    { section: 'branches', label: 'Branches', page: 'branches' },
    { section: 'issues', label: 'Issues', page: 'issues' },
    { section: 'merge_requests', label: 'Merge requests', page: 'merge_requests' },
    { section: 'pipelines', label: 'Pipelines', page: 'pipelines' },
    { section: 'labels', label: 'Labels', page: 'labels' },
    { section: 'members', label: 'Members', page: 'project_members' },
  ];
  if (accessLevel >= 40) entries.push({ section: 'settings', label: 'Settings', page: 'edit' });
  return entries;
}
