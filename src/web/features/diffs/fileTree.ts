/** What the tree needs of a diff file (the metadata's `diff_files` items carry these fields). */
export type TreeFile = { file_hash: string; file_path: string; old_path: string; new_path: string };

/** Spec section 3, tree entry: a folder (`tree`) or a changed file (`blob`). */
export type TreeEntry = {
  type: 'blob' | 'tree';
  key: string;
  path: string;
  name: string;
  parentPath: string;
  fileHash: string | null;
  filePaths: { old: string; new: string } | null;
  opened: boolean;
  diffLoaded: boolean;
  diffLoading: boolean;
  tree: TreeEntry[];
};

/** Whether each file's diff has arrived, by file hash: drives the tree entries' loading flags. */
export type LoadState = (fileHash: string) => 'loaded' | 'loading' | 'pending';

const byFoldersFirst = (a: TreeEntry, b: TreeEntry): number =>
  a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'tree' ? -1 : 1;

/**
 * The file tree of a diff, folders first and by name, every folder opened. A chain of folders
 * with a single folder inside is shown as one entry (`src/web/features`), as review tools do.
 */
export function buildFileTree(
  files: readonly TreeFile[],
  loadState: LoadState = () => 'pending',
): TreeEntry[] {
  const root: TreeEntry[] = [];
  const folders = new Map<string, TreeEntry>();
  const folder = (path: string): TreeEntry[] => {
    if (path === '') return root;
    const existing = folders.get(path);
    if (existing) return existing.tree;
    const slash = path.lastIndexOf('/');
    const parentPath = slash < 0 ? '' : path.slice(0, slash);
    const entry: TreeEntry = {
      type: 'tree',
      key: `tree:${path}`,
      path,
      name: path.slice(slash + 1),
      parentPath,
      fileHash: null,
      filePaths: null,
      opened: true,
      diffLoaded: false,
      diffLoading: false,
      tree: [],
    };
    folders.set(path, entry);
    folder(parentPath).push(entry);
    return entry.tree;
  };
  for (const file of files) {
    const slash = file.file_path.lastIndexOf('/');
    const parentPath = slash < 0 ? '' : file.file_path.slice(0, slash);
    const state = loadState(file.file_hash);
    folder(parentPath).push({
      type: 'blob',
      key: `blob:${file.file_hash}`,
      path: file.file_path,
      name: file.file_path.slice(slash + 1),
      parentPath,
      fileHash: file.file_hash,
      filePaths: { old: file.old_path, new: file.new_path },
      opened: false,
      diffLoaded: state === 'loaded',
      diffLoading: state === 'loading',
      tree: [],
    });
  }
  return squash(sortTree(root));
}

function sortTree(entries: TreeEntry[]): TreeEntry[] {
  for (const entry of entries) entry.tree = sortTree(entry.tree);
  return entries.sort(byFoldersFirst);
}

function squash(entries: TreeEntry[]): TreeEntry[] {
  return entries.map((entry) => {
    let current = entry;
    while (current.type === 'tree' && current.tree.length === 1 && current.tree[0]!.type === 'tree') {
      const only = current.tree[0]!;
      current = { ...only, name: `${current.name}/${only.name}`, parentPath: entry.parentPath };
    }
    return current.type === 'tree' ? { ...current, tree: squash(current.tree) } : current;
  });
}

/** One visible row of the tree, for a flat (virtualizable) rendering. */
export type TreeRow = { entry: TreeEntry; depth: number };

/** The rows a reader sees: children of closed folders are left out. */
export function visibleRows(tree: readonly TreeEntry[], closed: ReadonlySet<string>, depth = 0): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const entry of tree) {
    const opened = entry.type === 'tree' && !closed.has(entry.path);
    rows.push({ entry: { ...entry, opened: entry.type === 'tree' ? opened : entry.opened }, depth });
    if (opened) rows.push(...visibleRows(entry.tree, closed, depth + 1));
  }
  return rows;
}

/** The list view (spec 2.7, tree or list): every file on a row of its own, in the tree's order, no folders. */
export function listRows(tree: readonly TreeEntry[]): TreeRow[] {
  return tree.flatMap((entry) => (entry.type === 'blob' ? [{ entry, depth: 0 }] : listRows(entry.tree)));
}

/** The tree's files in the order the tree shows them, which is the order the diff list follows. */
export function filesInTreeOrder(tree: readonly TreeEntry[]): string[] {
  return tree.flatMap((entry) => (entry.type === 'blob' ? [entry.fileHash!] : filesInTreeOrder(entry.tree)));
}

/**
 * The file finder's matches: every query character in order in the path (fuzzy), best first:
 * a match in the file name beats one spread over folders, then shorter paths win.
 */
export function findFiles<T extends Pick<TreeFile, 'file_path'>>(
  files: readonly T[],
  query: string,
  limit = 50,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return files.slice(0, limit);
  const scored: Array<{ file: T; score: number }> = [];
  for (const file of files) {
    const path = file.file_path.toLowerCase();
    const name = path.slice(path.lastIndexOf('/') + 1);
    let score: number;
    if (name.includes(needle)) score = 0;
    else if (path.includes(needle)) score = 1;
    else if (isSubsequence(needle, path)) score = 2;
    else continue;
    scored.push({ file, score: score * 10_000 + path.length });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.file);
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (const ch of haystack) if (ch === needle[i]) i++;
  return i === needle.length;
}
