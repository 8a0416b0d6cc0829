import { Flash, SegmentedControl, Spinner, Text, Textarea } from '@primer/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MarkdownResponse } from '../../shared/api/mergeRequests';
import { request } from '../api/client';
import { MarkdownBody } from './MarkdownBody';
import './markdown.css';

/**
 * The editor's Preview: the server renders and sanitizes, as it will for the saved text, with the
 * project as the context of references (`#1` is that project's issue).
 */
function useMarkdownPreview(project: string) {
  return useMutation({
    mutationFn: (text: string) =>
      request<MarkdownResponse>('/api/v4/markdown', { method: 'POST', body: { text, gfm: true, project } }),
  });
}

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The full path of the project the text belongs to. */
  project: string;
  placeholder?: string;
};

/** A markdown textarea with a Preview rendered by the server, so it shows exactly what will be saved. */
export function MarkdownEditor({ label, value, onChange, project, placeholder }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const preview = useMarkdownPreview(project);

  const showPreview = () => {
    setMode('preview');
    preview.mutate(value);
  };

  return (
    <div className="md-editor">
      <div className="md-editor__bar">
        <Text as="label" htmlFor={id} weight="semibold" size="medium">
          {label}
        </Text>
        <SegmentedControl aria-label="Write or preview" size="small">
          <SegmentedControl.Button selected={mode === 'write'} onClick={() => setMode('write')}>
            Write
          </SegmentedControl.Button>
          <SegmentedControl.Button selected={mode === 'preview'} onClick={showPreview}>
            Preview
          </SegmentedControl.Button>
        </SegmentedControl>
      </div>
      {mode === 'write' ? (
        <Textarea
          id={id}
          block
          rows={10}
          resize="vertical"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <div className="md-editor__preview" aria-live="polite">
          {preview.isPending ? (
            <Spinner size="small" />
          ) : preview.isError ? (
            <Flash variant="danger">{preview.error.message}</Flash>
          ) : preview.data?.html ? (
            <MarkdownBody html={preview.data.html} />
          ) : (
            <p className="muted">Nothing to preview.</p>
          )}
        </div>
      )}
    </div>
  );
}
