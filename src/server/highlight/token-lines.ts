import Prism from 'prismjs';

/**
 * Prism's token types in the short class names of Pygments (and of GitLab's `rich_text`): a
 * highlighted line is mostly these spans, so short names keep diff batches small. Types not
 * listed (punctuation and operators, for two) get no span of their own, nor does a token inside
 * one of the same class (Prism nests a template string's quotes in the string).
 */
const CLASS_OF: Record<string, string> = {
  keyword: 'k',
  atrule: 'k',
  rule: 'k',
  important: 'k',
  builtin: 'nb',
  boolean: 'kc',
  constant: 'no',
  number: 'm',
  string: 's',
  'template-string': 's',
  'template-punctuation': 's',
  'attr-value': 's',
  url: 's',
  char: 'sc',
  regex: 'sr',
  symbol: 'ss',
  'interpolation-punctuation': 'si',
  comment: 'c',
  prolog: 'cp',
  doctype: 'cp',
  cdata: 'cp',
  directive: 'cp',
  macro: 'cp',
  function: 'nf',
  'function-variable': 'nf',
  'class-name': 'nc',
  namespace: 'nn',
  decorator: 'nd',
  annotation: 'nd',
  'attr-name': 'na',
  key: 'na',
  property: 'py',
  tag: 'nt',
  selector: 'nt',
  variable: 'nv',
  parameter: 'nv',
  entity: 'ni',
  deleted: 'gd',
  inserted: 'gi',
  title: 'gh',
  bold: 'gs',
  italic: 'ge',
};

function classOf(token: Prism.Token): string | undefined {
  const own = CLASS_OF[token.type];
  if (own) return own;
  const aliases = typeof token.alias === 'string' ? [token.alias] : (token.alias ?? []);
  for (const alias of aliases) if (CLASS_OF[alias]) return CLASS_OF[alias];
  return undefined;
}

const SPECIAL = /[&<>]/;
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escapes text for element content (not attributes): `&`, `<` and `>` are all that can break out. */
export function escapeText(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>]/g, (ch) => ESCAPED[ch]!) : text;
}

const CLOSE = '</span>';
/** Class names are a single word of our own, so the attribute needs no quotes (and JSON no escapes). */
const OPEN: Record<string, string> = Object.fromEntries(
  Object.values(CLASS_OF).map((name) => [name, `<span class=${name}>`]),
);

/**
 * Highlights `code` with `grammar` into one HTML string per line. Every line is valid HTML on its
 * own: spans open at a line's end are closed there and opened again on the next line, so a
 * multi-line comment colours each of its lines.
 */
export function highlightLines(code: string, grammar: Prism.Grammar): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  // A line is gathered as parts and joined once: a flat string, where `+=` would keep a rope of
  // every token alive in the cache and make the garbage collector walk it.
  let parts: string[] = [];

  const endLine = () => {
    for (let i = 0; i < open.length; i++) parts.push(CLOSE);
    lines.push(parts.join(''));
    parts = [...open];
  };

  const text = (value: string) => {
    let start = 0;
    for (let newline = value.indexOf('\n'); newline >= 0; newline = value.indexOf('\n', start)) {
      if (newline > start) parts.push(escapeText(value.slice(start, newline)));
      endLine();
      start = newline + 1;
    }
    if (start < value.length) parts.push(escapeText(start === 0 ? value : value.slice(start)));
  };

  const walk = (stream: Prism.TokenStream): void => {
    if (typeof stream === 'string') return text(stream);
    if (!Array.isArray(stream)) return walkToken(stream);
    for (const token of stream) {
      if (typeof token === 'string') text(token);
      else walkToken(token);
    }
  };

  const walkToken = (token: Prism.Token): void => {
    const name = classOf(token);
    const tag = name ? OPEN[name]! : undefined;
    if (!tag || tag === open.at(-1)) return walk(token.content);
    open.push(tag);
    parts.push(tag);
    walk(token.content);
    open.pop();
    parts.push(CLOSE);
  };

  walk(Prism.tokenize(code, grammar));
  lines.push(parts.join(''));
  return lines;
}
