import { YAMLSeq, parseDocument } from 'yaml';
import type { CollectionTag, ScalarTag } from 'yaml';

/** GitLab's `max_yaml_size_bytes` default: a bigger file is refused before it is parsed. */
export const MAX_YAML_SIZE_BYTES = 2 * 1024 * 1024;
/** GitLab's `max_yaml_depth` default. */
export const MAX_YAML_DEPTH = 100;
/**
 * Aliases a document may expand. GitLab measures the parsed tree instead (DeepSize); counting
 * expansions stops a "billion laughs" document before it is built, which is what matters here.
 */
const MAX_ALIAS_COUNT = 10_000;
/** Nodes a parsed tree may hold (aliases counted each time they are used). */
const MAX_NODES = 500_000;

/** A `!reference [job, key, ...]` tag, resolved after `include` and `extends` (references.ts). */
export class CiReference {
  constructor(
    /** The path as written: strings when valid, anything else kept to name it in the error. */
    readonly path: unknown[],
  ) {}
}

class ReferenceSeq extends YAMLSeq {
  static tag = '!reference';
  // yaml calls toJSON to build the JavaScript value: the tag's list becomes a CiReference.
  override toJSON(_?: unknown, ctx?: Parameters<YAMLSeq['toJSON']>[1]): unknown[] {
    return new CiReference(super.toJSON(_, ctx)) as unknown as unknown[];
  }
}

const referenceTag: CollectionTag = {
  tag: '!reference',
  collection: 'seq',
  nodeClass: ReferenceSeq,
  resolve(seq) {
    const node = new ReferenceSeq();
    node.items = (seq as YAMLSeq).items;
    return node;
  },
};

/** Psych (Ruby's YAML) reads yes/no/on/off in any case as booleans, but not y/n. */
const psychBooleans: ScalarTag = {
  tag: 'tag:yaml.org,2002:bool',
  default: true,
  test: /^(?:yes|no|on|off)$/i,
  resolve: (text: string) => /^(?:yes|on)$/i.test(text),
  identify: () => false,
};

export type YamlLoad =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string; kind: 'syntax' | 'too_big' | 'format' };

/**
 * Parses one `.gitlab-ci.yml` (or an included file) as GitLab does: YAML 1.1 merge keys (`<<:`),
 * anchors and aliases, duplicate keys (last wins), `!reference` tags, a header document before
 * `---` set aside. Bounded: the source size, the alias expansion and the depth are capped, so
 * no document can make the parse slow.
 */
export function loadYaml(source: string): YamlLoad {
  if (new TextEncoder().encode(source).length > MAX_YAML_SIZE_BYTES)
    return { ok: false, error: 'The provided YAML is too big', kind: 'too_big' };
  const documents = splitDocuments(source);
  const content = documents[documents.length - 1] ?? '';
  const doc = parseDocument(content, {
    merge: true,
    uniqueKeys: false,
    customTags: [referenceTag, psychBooleans],
    prettyErrors: true,
  });
  const first = doc.errors[0];
  if (first) return { ok: false, error: syntaxMessage(first.message, first.linePos?.[0]), kind: 'syntax' };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return { ok: false, error: 'The parsed YAML is too big', kind: 'too_big' };
  }
  if (!withinSize(value)) return { ok: false, error: 'The parsed YAML is too big', kind: 'too_big' };
  if (!isPlainObject(value)) return { ok: false, error: 'Invalid configuration format', kind: 'format' };
  return { ok: true, value };
}

/** GitLab's multi-document split: a header (`spec:`) may come before the `---` line. */
function splitDocuments(source: string): string[] {
  const parts = source.split(/^---\s+/m);
  const limited = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join('---\n')] : parts;
  if (limited.length > 0 && limited[0]?.trim() === '') limited.shift();
  return limited.filter((part) => part.trim() !== '');
}

function syntaxMessage(message: string, position: { line: number; col: number } | undefined): string {
  const text = message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '').replace(/\.$/, '');
  return position
    ? `(<unknown>): ${text} at line ${position.line} column ${position.col}`
    : `(<unknown>): ${text}`;
}

/** Walks the tree once, counting shared (aliased) subtrees each time they are used, and stops early. */
function withinSize(root: unknown): boolean {
  let nodes = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > MAX_NODES || depth > MAX_YAML_DEPTH) return false;
    const children =
      value instanceof CiReference
        ? value.path
        : Array.isArray(value)
          ? value
          : isPlainObject(value)
            ? Object.values(value)
            : [];
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return true;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof CiReference)
  );
}
