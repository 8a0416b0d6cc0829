import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pipelineEventTypeName, type MergeRequestEventType } from '../../../shared/ci/views/pipelineTypes';
import { pipelineLook } from '../../components/ciStatusLook';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { PIPELINE_STATUS_FAILED } from '../../../shared/merge-widget/messages';
import { PipelineBox, PipelineSection, type SectionPipeline } from './PipelineSection';

const pipeline = (
  type: MergeRequestEventType | null,
  overrides: Partial<SectionPipeline> = {},
): SectionPipeline => ({
  id: 5,
  path: '/g/p/-/pipelines/5',
  status: {
    ...pipelineLook('success'),
    tooltip: 'passed',
    has_details: true,
    details_path: '/g/p/-/pipelines/5',
    illustration: null,
    favicon: '',
  },
  eventTypeName: pipelineEventTypeName(type),
  mergeRequestEventType: type,
  mergeTrainPipeline: type === 'merge_train',
  commit: { short_id: '1a2b3c4d', commit_path: '/g/p/-/commit/1a2b3c4d' },
  branch: 'feature',
  finishedAt: null,
  coverage: null,
  stages: [{ name: 'test', status: 'success', warnings: false }],
  upstream: null,
  downstream: [],
  ...overrides,
});

const render = (value: SectionPipeline) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PipelineBox
          label="Pipeline"
          fullPath="g/p"
          pipeline={value}
          targetBranch="main"
          onPipelineAction={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const linked = (id: number) => ({
  id,
  path: `/g/other/-/pipelines/${id}`,
  status: pipeline(null).status,
  project: { name: 'other', full_path: 'g/other' },
});

/** Spec 000 sections 2 and 9: the pipeline section's sentence, its type popover and its mini graph. */
describe('the widget pipeline section', () => {
  it.each<[MergeRequestEventType | null, string, string | null]>([
    [null, 'Pipeline #5 passed for 1a2b3c4d on feature', null],
    [
      'detached',
      'Merge request pipeline #5 passed for 1a2b3c4d on feature',
      'What is a merge request pipeline?',
    ],
    [
      'merged_result',
      'Merged results pipeline #5 passed for 1a2b3c4d on feature',
      'What is a merged results pipeline?',
    ],
    [
      'merge_train',
      'Merge train pipeline #5 passed for 1a2b3c4d on feature',
      'What is a merge train pipeline?',
    ],
  ])('says %s pipelines as "%s", with their popover', (type, sentence, help) => {
    const html = render(pipeline(type));
    expect(html).toContain(`aria-label="${sentence}"`);
    if (help) expect(html).toContain(`>${help}<`);
    else expect(html).not.toContain('What is a');
  });

  it('shows the coverage, and the stage dropdowns with the upstream and up to 3 downstream pipelines then +N', () => {
    const html = render(
      pipeline(null, {
        coverage: '82.50',
        upstream: linked(1),
        downstream: [linked(7), linked(8), linked(9), linked(10), linked(11)],
      }),
    );
    expect(html).toContain('Test coverage 82.50%');
    expect(html).toContain('aria-label="Stage test: passed"');
    expect(html).toContain('aria-label="Upstream pipeline #1 of other: passed"');
    expect(html.match(/aria-label="Downstream pipeline #\d+/g)).toEqual([
      'aria-label="Downstream pipeline #7',
      'aria-label="Downstream pipeline #8',
      'aria-label="Downstream pipeline #9',
    ]);
    expect(html).toContain('>+2</a>');
  });
});

/** Spec 000 section 2, as GitLab's widget decides it (`hasCi && !ciStatus`). */
describe('the widget pipeline section without a readable status', () => {
  const section = (
    facts: Pick<CachedWidget, 'has_ci' | 'pipeline' | 'only_allow_merge_if_pipeline_succeeds'>,
  ) =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          {/* Only the facts the section reads; the rest of the widget's answer plays no part. */}
          <PipelineSection
            cached={{ ...facts, retargeted: false } as CachedWidget}
            onPipelineAction={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('says the status could not be retrieved when the request has CI but no pipeline status', () => {
    const html = section({ has_ci: true, pipeline: null, only_allow_merge_if_pipeline_succeeds: false });
    expect(html).toContain(PIPELINE_STATUS_FAILED);
    expect(html).toContain(
      'Could not retrieve the pipeline status. For troubleshooting steps, read the documentation.',
    );
  });

  it('says nothing of it without CI', () => {
    const html = section({ has_ci: false, pipeline: null, only_allow_merge_if_pipeline_succeeds: false });
    expect(html).not.toContain(PIPELINE_STATUS_FAILED);
  });
});
