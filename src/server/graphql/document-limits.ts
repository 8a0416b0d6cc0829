/** Deeper than any query a client sends; far below the ~2,000 levels that exhaust graphql-js's parser. */
export const MAX_NESTING = 100;

export const TOO_DEEP = `Query nests more than ${MAX_NESTING} levels deep`;

/**
 * Whether braces, brackets and parentheses outside strings and comments nest deeper than
 * `limit`: graphql-js parses recursively, and a few thousand `[` exhaust the stack before its
 * token limit is reached.
 */
export function nestsDeeperThan(source: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '"') {
      const block = source.startsWith('"""', i);
      const end = block ? '"""' : '"';
      i += end.length;
      while (i < source.length && !source.startsWith(end, i)) i += source[i] === '\\' ? 2 : 1;
      i += end.length - 1;
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > limit) return true;
    } else if (char === '}' || char === ']' || char === ')') {
      depth--;
    }
  }
  return false;
}
