import { BadRequestError } from '../errors';

/** A parameter hash as Rack builds it: text values, arrays (`a[]=`) and nested hashes (`a[b]=`). */
export type ParamHash = { [key: string]: ParamValue };
export type ParamValue = string | ParamValue[] | ParamHash;

/** Rack refuses parameters nested deeper than this (`ParamsTooDeepError`). */
const MAX_DEPTH = 32;

/** Without a prototype, so `__proto__[x]=1` is a key like any other. */
const emptyHash = (): ParamHash => Object.create(null) as ParamHash;

const isHash = (value: ParamValue | undefined): value is ParamHash =>
  typeof value === 'object' && !Array.isArray(value);

function kindOf(value: ParamValue): string {
  if (Array.isArray(value)) return 'Array';
  return typeof value === 'string' ? 'String' : 'Hash';
}

/** Rack's words for a name used both as a value and as an array or hash (`a=1&a[b]=2`). */
function typeError(expected: string, key: string, found: ParamValue): BadRequestError {
  return new BadRequestError(`expected ${expected} (got ${kindOf(found)}) for param \`${key}'`);
}

/** The first key of `name` (`a` of `a[b][c]`, `b` of `[b][c]`, `[]` of `[][c]`) and what follows it. */
function splitName(name: string, depth: number): { key: string; after: string } {
  if (depth === 0) {
    const start = name.indexOf('[', 1);
    return start === -1 ? { key: name, after: '' } : { key: name.slice(0, start), after: name.slice(start) };
  }
  if (name.startsWith('[]')) return { key: '[]', after: name.slice(2) };
  const end = name.indexOf(']', 1);
  if (name.startsWith('[') && end !== -1) return { key: name.slice(1, end), after: name.slice(end + 1) };
  return { key: name, after: '' };
}

/** `[b]` of `a[][b]`: the key of a hash inside an array, when it is a simple one. */
function childKeyOf(after: string): string {
  const inner = after.slice(3, -1);
  const simple = after[2] === '[' && after.endsWith(']') && inner !== '' && !/[[\]]/.test(inner);
  return simple ? inner : after.slice(2);
}

/** Puts one `name=value` pair into `params`, as Rack's `normalize_params` does. */
function assign(params: ParamHash, name: string, value: string, depth: number): void {
  if (depth >= MAX_DEPTH) throw new BadRequestError('Parameters nested too deep');
  const { key, after } = splitName(name, depth);
  if (key === '') return;
  const current = params[key];
  if (after === '') {
    // A later plain value replaces an earlier one (`a=1&a=2` is `a=2`), but never a list or hash.
    if (current !== undefined && typeof current !== 'string') throw typeError(kindOf(current), key, value);
    params[key] = value;
  } else if (after === '[') {
    params[name] = value;
  } else if (after.startsWith('[]')) {
    const list = current ?? [];
    if (!Array.isArray(list)) throw typeError('Array', key, list);
    params[key] = list;
    if (after === '[]') {
      list.push(value);
      return;
    }
    const childKey = childKeyOf(after);
    const last = list[list.length - 1];
    // `a[][b]=1&a[][c]=2` fills one hash; a repeated `b` starts the next one.
    if (isHash(last) && !(splitName(childKey, depth + 1).key in last)) {
      assign(last, childKey, value, depth + 1);
    } else {
      const item = emptyHash();
      assign(item, childKey, value, depth + 1);
      list.push(item);
    }
  } else {
    const hash = current ?? emptyHash();
    if (!isHash(hash)) throw typeError('Hash', key, hash);
    params[key] = hash;
    assign(hash, after, value, depth + 1);
  }
}

/**
 * Reads a query string or form body as GitLab's API framework does (Rack): `a[]=1&a[]=2` is a
 * list, `a[b]=1` a hash, `a[][b]=1` a list of hashes. A name given both as a value and as a list
 * or hash is refused (400), not dropped.
 */
export function parseNestedParams(text: string): ParamHash {
  return nestParams(new URLSearchParams(text));
}

/** The same for name/value pairs already split (the text fields of a multipart body). */
export function nestParams(pairs: Iterable<[string, string]>): ParamHash {
  const params = emptyHash();
  for (const [name, value] of pairs) assign(params, name, value, 0);
  return params;
}
