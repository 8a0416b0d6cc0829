import { runGit } from './run-git';

/**
 * The URL of each submodule that `.gitmodules` at `commit` declares, keyed by its path. A commit
 * without `.gitmodules`, or with one git cannot read, has none: the links it feeds are a
 * convenience, so they are left out rather than failing the diff.
 */
export async function readSubmoduleUrls(gitDir: string, commit: string): Promise<Map<string, string>> {
  const { code, stdout } = await runGit(
    gitDir,
    ['config', `--blob=${commit}:.gitmodules`, '-z', '--get-regexp', '^submodule\\..*\\.(path|url)$'],
    { okCodes: [1, 128] },
  );
  const urls = new Map<string, string>();
  if (code !== 0) return urls;
  // `-z` records are `submodule.<name>.<key>\n<value>\0`; the name may itself hold dots.
  const byName = new Map<string, { path?: string; url?: string }>();
  for (const record of stdout.toString('utf8').split('\0')) {
    const newline = record.indexOf('\n');
    if (newline < 0) continue;
    const key = record.slice(0, newline);
    const lastDot = key.lastIndexOf('.');
    const name = key.slice('submodule.'.length, lastDot);
    const entry = byName.get(name) ?? {};
    entry[key.slice(lastDot + 1) as 'path' | 'url'] = record.slice(newline + 1);
    byName.set(name, entry);
  }
  for (const { path, url } of byName.values()) if (path && url) urls.set(path, url);
  return urls;
}
