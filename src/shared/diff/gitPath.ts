const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * A path as git prints it in patch headers: verbatim, or C-quoted (`"caf\303\251 \"x\"\n.txt"`)
 * when it holds quotes, backslashes, control characters or (with core.quotePath) non-ASCII bytes.
 * Octal escapes are bytes of UTF-8, so they are collected and decoded together.
 */
export function unquoteGitPath(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  const encoder = new TextEncoder();
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      const code = body.codePointAt(i)!;
      if (code > 0xffff) i++;
      bytes.push(...encoder.encode(String.fromCodePoint(code)));
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
}

/** Whether a decoded path lost bytes that were not UTF-8 (they decode to U+FFFD). */
export function isLossyPath(path: string): boolean {
  return path.includes('\uFFFD');
}
