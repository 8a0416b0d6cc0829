import { escapeHtml } from '../../highlight/highlight';

/** Past this many token pairs the texts are shown as one deletion and one addition, not diffed word by word. */
const MAX_DIFF_CELLS = 4_000_000;

type Part = { kind: 'same' | 'added' | 'removed'; text: string };

const tokens = (text: string): string[] => text.match(/\s+|[^\s]+/g) ?? [];

/** Word-level differences between two texts (longest common subsequence of words and spaces). */
export function diffWords(from: string, to: string): Part[] {
  const a = tokens(from);
  const b = tokens(to);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Part[] = start > 0 ? [{ kind: 'same', text: a.slice(0, start).join('') }] : [];
  const tail: Part[] = endA < a.length ? [{ kind: 'same', text: a.slice(endA).join('') }] : [];
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return [...head, ...diffMiddle(midA, midB), ...tail].filter((part) => part.text !== '');
}

function diffMiddle(a: string[], b: string[]): Part[] {
  if ((a.length + 1) * (b.length + 1) > MAX_DIFF_CELLS)
    return [
      { kind: 'removed', text: a.join('') },
      { kind: 'added', text: b.join('') },
    ];
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
  const parts: Part[] = [];
  const push = (kind: Part['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  // Where a deletion and an addition would do equally, the deletion comes first, as GitLab shows them.
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i++] ?? '');
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || (lengths[i * width + j + 1] ?? 0) > (lengths[(i + 1) * width + j] ?? 0))
    ) {
      push('added', b[j++] ?? '');
    } else {
      push('removed', a[i++] ?? '');
    }
  }
  return parts;
}

/** GitLab's description diff: the text with `idiff addition` and `idiff deletion` spans, escaped. */
export function descriptionDiffHtml(from: string, to: string): string {
  return diffWords(from, to)
    .map((part) => {
      const text = escapeHtml(part.text);
      if (part.kind === 'same') return text;
      return `<span class="idiff ${part.kind === 'added' ? 'addition' : 'deletion'}">${text}</span>`;
    })
    .join('');
}
