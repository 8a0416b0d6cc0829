/** Where a submodule's diff links: its project, its tree at the new commit, and the compare of both. */
export type SubmoduleLinks = {
  /** The submodule's project page, or its URL as `.gitmodules` gives it. */
  link: string | null;
  /** The submodule's files at the new commit; null where the host's page layout is unknown. */
  treeUrl: string | null;
  /** The commits from the old to the new gitlink; null for an added or removed submodule. */
  compareUrl: string | null;
};

const NO_LINKS: SubmoduleLinks = { link: null, treeUrl: null, compareUrl: null };

const withoutGitSuffix = (path: string) => path.replace(/\/+$/, '').replace(/\.git$/, '');

/**
 * A relative submodule URL resolved as git resolves it: against the superproject's own address,
 * so `../lib.git` from `group/app` is `group/lib`, and `./lib` is `group/app/lib`. Null when it
 * climbs above the root.
 */
function resolveRelative(url: string, superprojectPath: string): string | null {
  const segments = url.startsWith('/') ? [] : superprojectPath.split('/');
  for (const part of url.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(part);
  }
  return segments.length > 0 ? withoutGitSuffix(segments.join('/')) : null;
}

/** Pages of a project at `base`, in the layout of GitHub or of GitLab (and of this server). */
function pageLinks(base: string, github: boolean, oldSha: string, newSha: string): SubmoduleLinks {
  const separator = github ? '/' : '/-/';
  return {
    link: base,
    treeUrl: newSha ? `${base}${separator}tree/${newSha}` : null,
    compareUrl: oldSha && newSha ? `${base}${separator}compare/${oldSha}...${newSha}` : null,
  };
}

/**
 * GitLab's submodule links. A relative URL (or a path from the root) names a project on this
 * server; an http(s) URL names another host, linked with GitHub's layout on github.com and with
 * GitLab's everywhere else (self-hosted hosts are GitLab-compatible far more often than not), its
 * credentials removed. Other URLs (ssh, `git@host:`, file) only show as text: no page to link to.
 */
export function submoduleLinks(
  url: string | null,
  superprojectPath: string,
  oldSha: string,
  newSha: string,
): SubmoduleLinks {
  if (!url) return NO_LINKS;
  if (url.startsWith('./') || url.startsWith('../') || url.startsWith('/')) {
    const project = resolveRelative(url, superprojectPath);
    return project ? pageLinks(`/${project}`, false, oldSha, newSha) : NO_LINKS;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return NO_LINKS;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return NO_LINKS;
  const path = withoutGitSuffix(parsed.pathname);
  if (path === '' || path === '/') return NO_LINKS;
  const base = `${parsed.protocol}//${parsed.host}${path}`;
  return pageLinks(base, parsed.hostname === 'github.com', oldSha, newSha);
}
