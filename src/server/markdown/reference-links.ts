import { assertNever } from '../../shared/lib/assertNever';
import type { Reference } from '../../shared/markdown/references';
import { escapeHtml } from './rendered';

/** An issue or a merge request: named by project and iid. */
type IidTarget = {
  url: string;
  projectId: number;
  projectPath: string;
  id: number;
  iid: number;
  title: string;
  state: string;
};

/** What a reference names, once found and readable: all a link needs. */
export type ReferenceTarget =
  | (IidTarget & { type: 'issue'; issueType: string })
  | (IidTarget & { type: 'merge_request' })
  | { type: 'user' | 'group'; url: string; id: number; name: string }
  | {
      type: 'label';
      url: string;
      id: number;
      projectId: number;
      name: string;
      color: string;
      textColor: string;
      description: string | null;
    };

const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');

/** GitLab's IssuableStateFilter: a closed issue, a merged or closed request says so after its reference. */
function stateSuffix(target: ReferenceTarget): string {
  if (target.type === 'issue') return target.state === 'closed' ? ' (closed)' : '';
  if (target.type === 'merge_request')
    return target.state === 'merged' || target.state === 'closed' ? ` (${target.state})` : '';
  return '';
}

function dataOf(target: ReferenceTarget): Record<string, string | number> {
  switch (target.type) {
    case 'issue':
      return {
        'data-reference-type': 'issue',
        'data-project': target.projectId,
        'data-issue': target.id,
        'data-project-path': target.projectPath,
        'data-iid': target.iid,
        'data-issue-type': target.issueType,
      };
    case 'merge_request':
      return {
        'data-reference-type': 'merge_request',
        'data-project': target.projectId,
        'data-merge-request': target.id,
        'data-project-path': target.projectPath,
        'data-iid': target.iid,
      };
    case 'user':
      return { 'data-reference-type': 'user', 'data-user': target.id };
    case 'group':
      return { 'data-reference-type': 'user', 'data-group': target.id };
    case 'label':
      return { 'data-reference-type': 'label', 'data-label': target.id, 'data-project': target.projectId };
    default:
      return assertNever(target);
  }
}

const CLASSES: Record<ReferenceTarget['type'], string> = {
  issue: 'gfm gfm-issue',
  merge_request: 'gfm gfm-merge_request',
  user: 'gfm gfm-project_member js-user-link',
  group: 'gfm gfm-project_member js-user-link',
  label: 'gfm gfm-label gl-label-link',
};

/**
 * The link GitLab's reference filters write: `gfm gfm-*` classes, the data attributes its
 * front end reads, and the title of what is referenced as the tooltip. Every value is escaped:
 * titles and names are other users' text.
 */
export function referenceLink(reference: Reference, target: ReferenceTarget): string {
  if (target.type === 'label') return labelLink(reference, target);
  const title = target.type === 'issue' || target.type === 'merge_request' ? target.title : target.name;
  const attrs = attributes({
    href: target.url,
    ...dataOf(target),
    'data-original': reference.original,
    title,
    class: CLASSES[target.type],
  });
  return `<a${attrs}>${escapeHtml(reference.original)}${stateSuffix(target)}</a>`;
}

/** GitLab's label reference: a chip in the label's colours, linked to the issues that carry it. */
function labelLink(reference: Reference, target: Extract<ReferenceTarget, { type: 'label' }>): string {
  const attrs = attributes({
    href: target.url,
    ...dataOf(target),
    'data-original': reference.original,
    title: target.description ?? '',
    class: CLASSES.label,
  });
  const chip = attributes({
    class: 'gl-label-text',
    style: `background-color: ${target.color}; color: ${target.textColor}`,
  });
  return `<a${attrs}><span${chip}>${escapeHtml(target.name)}</span></a>`;
}
