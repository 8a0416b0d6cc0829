import { Button, Spinner } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PipelineVariableEntry } from '../../../shared/api/pipelines';
import { request } from '../../api/client';
import { LoadState } from '../repository/LoadState';
import { projectApi } from './pipelinePaths';
import { pipelineKeys } from './queries';

/** What stands for a value not revealed: as many dots whatever its length, which it does not tell. */
const HIDDEN_VALUE = '••••••';

/**
 * The variables a pipeline was run with (the API, a schedule, a trigger), for those who may read
 * them. Values stay hidden until asked for: pipeline pages are read over shoulders and on shared
 * screens, and a variable given by hand is often a secret.
 */
export function ManualVariablesTab({ fullPath, pipelineId }: { fullPath: string; pipelineId: number }) {
  const variables = useQuery({
    queryKey: [...pipelineKeys.detail(fullPath, pipelineId), 'variables'],
    queryFn: ({ signal }) =>
      request<PipelineVariableEntry[]>(`${projectApi(fullPath)}/pipelines/${pipelineId}/variables`, {
        signal,
      }),
  });
  const [revealed, setRevealed] = useState(false);
  if (variables.isPending) return <Spinner srText="Loading manual variables" />;
  if (!variables.data) return <LoadState error={variables.error} what="manual variables" />;
  if (variables.data.length === 0)
    return (
      <div className="box blankslate ci-empty">
        <h2 className="ci-empty__title">There are no manual variables in this pipeline</h2>
        <p className="muted">
          Variables given when a pipeline is run by hand, by a schedule or by a trigger show here.
        </p>
      </div>
    );
  return (
    <div className="stack">
      <div>
        <Button size="small" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? 'Hide values' : 'Reveal values'}
        </Button>
      </div>
      <table className="ci-table box" aria-label="Manual variables">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          {variables.data.map((variable) => (
            <tr key={variable.key}>
              <td>
                <code>{variable.key}</code>
              </td>
              <td>
                {revealed ? (
                  <code>{variable.value}</code>
                ) : (
                  <span aria-label="Hidden value">{HIDDEN_VALUE}</span>
                )}
              </td>
              <td className="muted">{variable.variable_type === 'file' ? 'File' : 'Variable'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
