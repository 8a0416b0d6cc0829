import type { Reference } from '../../../shared/markdown/references';
import type { Actor } from '../../auth/permissions';
import type { MarkdownRenderer, MarkdownTexts } from '../../markdown/markdown-renderer';
import { referenceLink, type ReferenceTarget } from '../../markdown/reference-links';
import { writeHtml, type ReferenceLinker } from '../../markdown/rendered';
import type { IssuesService } from '../issues/issues.service';
import type { LabelsService } from '../labels/labels.service';
import { labelTextColor } from '../../../shared/labels/labels';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MentionedNamespaceRow, NamespacesService } from '../namespaces/namespaces.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';

type Deps = {
  markdown: Pick<MarkdownRenderer, 'renderTexts'>;
  projects: Pick<ProjectsService, 'readableByFullPaths'>;
  namespaces: Pick<NamespacesService, 'mentionableByFullPaths'>;
  issues: Pick<IssuesService, 'readableByIids'>;
  mergeRequests: Pick<MergeRequestsService, 'readableByIids'>;
  labels: Pick<LabelsService, 'byRefs'>;
};

/** An answer's markdown, written for its reader: notes, descriptions, titles. */
export type MarkdownWriter = {
  html: (text: string) => string;
  inline: (text: string) => string;
};

/**
 * At most this many distinct things of each kind are looked up for one answer; references
 * beyond them stay text. A 1 MB note of `#1 #2 #3 ...` must not become a 100,000-row query.
 */
export const MAX_REFERENCES_PER_KIND = 1000;

type IidReference = Extract<Reference, { type: 'issue' | 'merge_request' }>;

const distinctFirst = <T>(values: readonly T[], limit: number): T[] => [...new Set(values)].slice(0, limit);

/**
 * Links references for one reader (GitLab's reference filters and ReferenceRedactor in one step):
 * the rendered markdown is the same for everyone and holds only the places of references; here
 * what they name is looked up, in one query per kind for all the texts of an answer, and each
 * becomes a link only if it exists and this reader may read it. Anything else (missing,
 * confidential, in a private project) is written as the text it was, so its title and its
 * existence stay unknown to the reader.
 */
export function createReferencesService({
  markdown,
  projects,
  namespaces,
  issues,
  mergeRequests,
  labels,
}: Deps) {
  async function linkerFor(
    actor: Actor,
    context: ProjectContext | null,
    references: readonly Reference[],
  ): Promise<ReferenceLinker> {
    if (references.length === 0) return () => null;
    const contextPath = context?.fullPath.toLowerCase() ?? null;
    const projectPathOf = (reference: IidReference): string | null =>
      reference.project?.toLowerCase() ?? contextPath;
    const iidReferences = references.filter(
      (r): r is IidReference => r.type === 'issue' || r.type === 'merge_request',
    );
    const labelRefs = references.flatMap((r) => (r.type === 'label' ? [r.label] : []));
    const otherPaths = distinctFirst(
      iidReferences.flatMap((r) => {
        const path = projectPathOf(r);
        return path && path !== contextPath ? [path] : [];
      }),
      MAX_REFERENCES_PER_KIND,
    );
    const mentions = distinctFirst(
      references.flatMap((r) => (r.type === 'user' ? [r.path.toLowerCase()] : [])),
      MAX_REFERENCES_PER_KIND,
    );

    const loadIidTargets = async () => {
      const readable =
        otherPaths.length > 0
          ? await projects.readableByFullPaths(actor, otherPaths)
          : new Map<string, ProjectContext>();
      if (context) readable.set(context.fullPath.toLowerCase(), context);
      const keysOf = (type: IidReference['type']) => {
        const keys = new Map<string, { ctx: ProjectContext; iid: number }>();
        for (const r of iidReferences) {
          const ctx = r.type === type ? readable.get(projectPathOf(r) ?? '') : undefined;
          if (ctx && keys.size < MAX_REFERENCES_PER_KIND)
            keys.set(`${ctx.project.id}:${r.iid}`, { ctx, iid: r.iid });
        }
        return [...keys.values()];
      };
      const issueKeys = keysOf('issue');
      const mergeRequestKeys = keysOf('merge_request');
      return Promise.all([
        issueKeys.length > 0 ? issues.readableByIids(actor, issueKeys) : [],
        mergeRequestKeys.length > 0 ? mergeRequests.readableByIids(actor, mergeRequestKeys) : [],
      ]);
    };
    const loadMentions = async () =>
      mentions.length > 0
        ? namespaces.mentionableByFullPaths(actor, mentions)
        : new Map<string, MentionedNamespaceRow>();
    const [[foundIssues, foundMergeRequests], mentioned, foundLabels] = await Promise.all([
      iidReferences.length > 0 ? loadIidTargets() : Promise.resolve([[], []] as const),
      loadMentions(),
      // Labels belong to the text's project (and its groups): without one, `~x` stays text.
      context && labelRefs.length > 0
        ? labels.byRefs(context, distinctFirst(labelRefs, MAX_REFERENCES_PER_KIND))
        : [],
    ]);

    const targets = new Map<string, ReferenceTarget>();
    for (const { ctx, issue } of foundIssues)
      targets.set(`${ctx.fullPath.toLowerCase()}#${issue.iid}`, {
        type: 'issue',
        url: `/${ctx.fullPath}/-/issues/${issue.iid}`,
        projectId: ctx.project.id,
        projectPath: ctx.fullPath,
        id: issue.id,
        iid: issue.iid,
        title: issue.title,
        issueType: issue.issueType,
        state: issue.state,
      });
    for (const { ctx, mergeRequest } of foundMergeRequests)
      targets.set(`${ctx.fullPath.toLowerCase()}!${mergeRequest.iid}`, {
        type: 'merge_request',
        url: `/${ctx.fullPath}/-/merge_requests/${mergeRequest.iid}`,
        projectId: ctx.project.id,
        projectPath: ctx.fullPath,
        id: mergeRequest.id,
        iid: mergeRequest.iid,
        title: mergeRequest.title,
        state: mergeRequest.state,
      });
    for (const [path, namespace] of mentioned)
      targets.set(
        `@${path}`,
        namespace.user
          ? {
              type: 'user',
              url: `/${namespace.user.username}`,
              id: namespace.user.id,
              name: namespace.user.name,
            }
          : {
              type: 'group',
              url: `/groups/${namespace.fullPath}`,
              id: namespace.id,
              name: namespace.fullName,
            },
      );

    // Later rows (a group's label of the same name) do not replace the project's own.
    for (const label of [...foundLabels].reverse()) {
      const target = {
        type: 'label' as const,
        url: `/${context?.fullPath ?? ''}/-/issues?label_name[]=${encodeURIComponent(label.title)}`,
        id: label.id,
        projectId: context?.project.id ?? 0,
        name: label.title,
        color: label.color,
        textColor: labelTextColor(label.color),
        description: label.description,
      };
      targets.set(`~id:${label.id}`, target);
      targets.set(`~name:${label.title}`, target);
    }

    return (reference) => {
      const key = keyOf(reference);
      const target = targets.get(key);
      return target ? referenceLink(reference, target) : null;
    };

    function keyOf(reference: Reference): string {
      switch (reference.type) {
        case 'user':
          return `@${reference.path.toLowerCase()}`;
        case 'label':
          return reference.label.kind === 'id'
            ? `~id:${reference.label.id}`
            : `~name:${reference.label.name}`;
        default:
          return `${projectPathOf(reference)}${reference.type === 'issue' ? '#' : '!'}${reference.iid}`;
      }
    }
  }

  /**
   * Renders the texts of one answer (in the render pool, or from the cache when seen before) and
   * looks up everything they reference at once, so a page of notes costs the same few queries as
   * one note.
   */
  async function writerFor(
    actor: Actor,
    context: ProjectContext | null,
    texts: MarkdownTexts,
  ): Promise<MarkdownWriter> {
    const rendered = await markdown.renderTexts(texts);
    const all = [...(texts.blocks ?? []).map(rendered.block), ...(texts.inlines ?? []).map(rendered.inline)];
    const link = await linkerFor(
      actor,
      context,
      all.flatMap((r) => r.references),
    );
    return {
      html: (text) => writeHtml(rendered.block(text), link),
      inline: (text) => writeHtml(rendered.inline(text), link),
    };
  }

  return { writerFor, linkerFor };
}

export type ReferencesService = ReturnType<typeof createReferencesService>;
