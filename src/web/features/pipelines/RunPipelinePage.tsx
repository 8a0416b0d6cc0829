import { TrashIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  Heading,
  IconButton,
  LinkButton,
  Select,
  Spinner,
  Textarea,
  TextInput,
} from '@primer/react';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { ConfigVariables } from '../../../shared/api/pipelinePages';
import {
  linkVariables,
  prefilledRows,
  valueOptions,
  variablesToSend,
  withEmptyRow,
  withLinkVariables,
  type LinkVariable,
  type RunFormVariable,
  type RunFormVariableType,
} from '../../../shared/ci/views/runPipelineForm';
import { CREATING_PIPELINE } from '../../../shared/ci/views/pipelineErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from '../repository/LoadState';
import { RefPicker } from './RefPicker';
import { pipelinePage, pipelinesPage } from './pipelinePaths';
import { runErrors, useConfigVariables, useMayRunPipelines, useRunPipeline } from './runPipeline';
import './pipelines.css';

const NO_CONFIG: ConfigVariables = {};

/**
 * `{project}/-/pipelines/new` (GitLab's "Run pipeline"): a ref, variables, and run. A link may
 * prefill it as GitLab's do: `?ref=` picks the ref, `var[KEY]=value` and `file_var[KEY]=value`
 * set variables (over the configuration's values of the same keys) for that ref.
 */
export function RunPipelinePage() {
  const fullPath = useProjectFullPath();
  const project = useProject(fullPath);
  const mayRun = useMayRunPipelines(fullPath);
  const [params] = useSearchParams();
  const linked = useMemo(() => linkVariables(params.entries()), [params]);
  if (!project.data || mayRun === null) return <LoadState error={project.error} what="project" />;
  if (!mayRun) return <NotFoundPage />;
  return (
    <RunPipelineForm
      fullPath={fullPath}
      initialRef={params.get('ref') || project.data.default_branch || 'main'}
      linked={linked}
    />
  );
}

type FormProps = { fullPath: string; initialRef: string; linked: readonly LinkVariable[] };

function RunPipelineForm({ fullPath, initialRef, linked }: FormProps) {
  const navigate = useNavigate();
  const [ref, setRef] = useState(initialRef);
  const config = useConfigVariables(fullPath, ref);
  const run = useRunPipeline(fullPath);
  const lastId = useRef(0);
  const newId = () => ++lastId.current;
  // Each ref keeps the rows typed for it, as GitLab's form does when the ref is switched back.
  const [edited, setEdited] = useState<Record<string, RunFormVariable[]>>({});
  const described: ConfigVariables = config.data ?? NO_CONFIG;
  const prefilled = useMemo(() => {
    if (config.isPending) return null;
    // Ids below zero for the prefilled rows, so they never meet those of rows added later.
    let id = 0;
    const rows = prefilledRows(described, () => --id);
    // The link's variables are for the ref it names; another ref picked starts from its own file.
    return ref === initialRef ? withLinkVariables(rows, linked, () => --id) : rows;
  }, [config.isPending, described, ref, initialRef, linked]);
  const rows = edited[ref] ?? prefilled;
  const setRows = (next: RunFormVariable[]) =>
    setEdited((current) => ({ ...current, [ref]: withEmptyRow(next, newId) }));
  const change = (id: number, patch: Partial<RunFormVariable>) =>
    rows && setRows(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const submit = () => {
    if (!rows) return;
    run.mutate(
      {
        ref,
        variables_attributes: variablesToSend(rows).map(({ key, value, variable_type }) => ({
          key,
          secret_value: value,
          variable_type,
        })),
      },
      { onSuccess: (pipeline) => void navigate(pipelinePage(fullPath, pipeline.id)) },
    );
  };

  return (
    <form
      className="stack run-pipeline"
      aria-labelledby="run-pipeline-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Heading as="h1" id="run-pipeline-title">
        Run pipeline
      </Heading>
      {run.isError && (
        <Flash variant="danger" role="alert" className="run-pipeline__error">
          <strong>Pipeline cannot be run.</strong>
          {runErrors(run.error).map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Flash>
      )}
      <div className="run-pipeline__group">
        <span id="run-pipeline-ref" className="run-pipeline__label">
          Run for branch name or tag
        </span>
        <RefPicker fullPath={fullPath} value={ref} onChange={setRef} labelId="run-pipeline-ref" />
      </div>
      <fieldset className="run-pipeline__group run-pipeline__variables">
        <legend className="run-pipeline__label">Variables</legend>
        {!rows ? (
          <Spinner size="medium" srText="Loading variables" />
        ) : (
          rows.map((row, index) => (
            <VariableRow
              key={row.id}
              row={row}
              number={index + 1}
              options={valueOptions(described, row.key)}
              description={Object.hasOwn(described, row.key) ? described[row.key]?.description : undefined}
              removable={index < rows.length - 1}
              onChange={(patch) => change(row.id, patch)}
              onRemove={() => setRows(rows.filter((other) => other.id !== row.id))}
            />
          ))
        )}
        <p className="muted run-pipeline__caption">
          These values are used for this run only, over those of the configuration file and of the
          project&apos;s CI/CD settings. They are <strong>expanded</strong> and <strong>not masked</strong>.
        </p>
      </fieldset>
      <div className="row run-pipeline__actions">
        <Button type="submit" variant="primary" loading={run.isPending} disabled={!rows}>
          Run pipeline
        </Button>
        <LinkButton as={RouterLink} to={pipelinesPage(fullPath)}>
          Cancel
        </LinkButton>
        {run.isPending && (
          <span role="status" className="muted">
            {CREATING_PIPELINE}
          </span>
        )}
      </div>
    </form>
  );
}

type RowProps = {
  row: RunFormVariable;
  number: number;
  options: string[] | null;
  description: string | undefined;
  removable: boolean;
  onChange: (patch: Partial<RunFormVariable>) => void;
  onRemove: () => void;
};

/** One variable: its type, key, value (a dropdown where the configuration offers options), remove. */
function VariableRow({ row, number, options, description, removable, onChange, onRemove }: RowProps) {
  return (
    <div className="run-pipeline__variable">
      <div className="run-pipeline__row">
        <Select
          aria-label={`Variable ${number} type`}
          value={row.variable_type}
          onChange={(event) => onChange({ variable_type: event.target.value as RunFormVariableType })}
        >
          <Select.Option value="env_var">Variable</Select.Option>
          <Select.Option value="file">File</Select.Option>
        </Select>
        <TextInput
          aria-label={`Variable ${number} key`}
          placeholder="Input variable key"
          value={row.key}
          onChange={(event) => onChange({ key: event.target.value })}
        />
        {options ? (
          <Select
            aria-label={`Variable ${number} value`}
            value={row.value}
            onChange={(event) => onChange({ value: event.target.value })}
          >
            {options.map((option) => (
              <Select.Option key={option} value={option}>
                {option}
              </Select.Option>
            ))}
          </Select>
        ) : (
          <Textarea
            rows={1}
            resize="vertical"
            aria-label={`Variable ${number} value`}
            placeholder="Input variable value"
            value={row.value}
            onChange={(event) => onChange({ value: event.target.value })}
          />
        )}
        {removable ? (
          <IconButton
            icon={TrashIcon}
            variant="invisible"
            aria-label={`Remove variable ${number}`}
            onClick={onRemove}
          />
        ) : (
          <span className="run-pipeline__no-remove" aria-hidden="true" />
        )}
      </div>
      {description && <p className="muted run-pipeline__description">{description}</p>}
    </div>
  );
}
