import {
  environmentScopeMatches,
  validateCicdVariable,
  type CicdVariableInput,
} from '../../../shared/ci/variables/cicdVariable';
import type { CiVariable } from '../../../shared/ci';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationFailedError } from '../../errors';
import type { GroupsService } from '../groups/groups.service';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import {
  deleteVariable,
  findVariables,
  insertVariable,
  listVariables,
  updateVariable,
  variablesForProject,
  type CicdVariableRow,
  type VariableOwner,
} from './ci-variables.repo';

export type { CicdVariableRow };

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  groups: Pick<GroupsService, 'loadGroup'>;
};

/** What the API may set of a variable; absent fields keep their value (update) or default (create). */
export type VariableParams = Partial<CicdVariableInput> & { description?: string | null };

/** GitLab's 409 when a key is set in several environment scopes and the request names none. */
export const MULTIPLE_VARIABLES =
  "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'";

const DEFAULTS = {
  variableType: 'env_var',
  protected: false,
  masked: false,
  raw: false,
  environmentScope: '*',
} as const;

/**
 * Project and group CI/CD variables: managed by a project's Maintainers and a group's Owners
 * (GitLab's admin_cicd_variables), and resolved for a pipeline: every group above the project
 * (the nearest last), then the project; protected ones only on a protected ref.
 */
export function createCiVariablesService({ db, clock, projects, groups }: Deps) {
  async function ownerFor(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
  ): Promise<VariableOwner> {
    if (kind === 'group') {
      const ctx = await groups.loadGroup(actor, ref, 'admin_cicd_variables');
      return { kind, id: ctx.group.id };
    }
    const ctx = await projects.loadProject(actor, ref);
    if (!can(actor, 'admin_cicd_variables', projectSubject(ctx))) throw new ForbiddenError();
    return { kind, id: ctx.project.id };
  }

  async function list(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
    page: { offset: number; limit: number },
  ) {
    return listVariables(db, await ownerFor(actor, kind, ref), page);
  }

  /** The one variable of `key` (in `scope` when given): 404 when none, 409 when several match. */
  async function one(owner: VariableOwner, key: string, scope: string | undefined): Promise<CicdVariableRow> {
    const found = await findVariables(db, owner, key, scope);
    if (found.length === 0) throw new NotFoundError('Variable');
    if (found.length > 1) throw new ConflictError(MULTIPLE_VARIABLES);
    return found[0]!;
  }

  async function get(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
    key: string,
    scope?: string,
  ) {
    return one(await ownerFor(actor, kind, ref), key, scope);
  }

  function validated(input: CicdVariableInput): CicdVariableInput {
    const errors = validateCicdVariable(input);
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    return input;
  }

  async function create(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
    params: VariableParams,
  ) {
    const owner = await ownerFor(actor, kind, ref);
    const input = validated({ ...DEFAULTS, key: '', value: '', ...definedOf(params) });
    if ((await findVariables(db, owner, input.key, input.environmentScope)).length > 0)
      throw new ValidationFailedError({ key: [`(${input.key}) has already been taken`] });
    return insertVariable(db, owner, { ...input, description: params.description ?? null }, clock.now());
  }

  async function update(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
    key: string,
    scope: string | undefined,
    params: VariableParams,
  ) {
    const owner = await ownerFor(actor, kind, ref);
    const current = await one(owner, key, scope);
    const input = validated({ ...current, ...definedOf(params), key: current.key });
    if (
      input.environmentScope !== current.environmentScope &&
      (await findVariables(db, owner, input.key, input.environmentScope)).length > 0
    )
      throw new ValidationFailedError({ key: [`(${input.key}) has already been taken`] });
    const description = params.description === undefined ? current.description : params.description;
    return (await updateVariable(db, owner, current.id, { ...input, description }, clock.now()))!;
  }

  async function remove(
    actor: CurrentUser,
    kind: VariableOwner['kind'],
    ref: string,
    key: string,
    scope: string | undefined,
  ): Promise<void> {
    const owner = await ownerFor(actor, kind, ref);
    await deleteVariable(db, owner, (await one(owner, key, scope)).id);
  }

  /**
   * The variables a pipeline's jobs get from the project and its groups: protected ones only on
   * a protected ref; those of scope `*` for every job (`all`), the others (`scoped`) for the jobs
   * whose environment their scope matches (see `forEnvironment`), as the runner takes them
   * (secret: never public).
   */
  async function forPipeline(
    project: { id: number; namespaceFullPath: string; namespaceKind: string },
    { protectedRef }: { protectedRef: boolean },
  ): Promise<PipelineVariables> {
    const parts = project.namespaceFullPath.split('/');
    const groupPaths =
      project.namespaceKind === 'group' ? parts.map((_, index) => parts.slice(0, index + 1).join('/')) : [];
    const { groups: groupRows, project: projectRows } = await variablesForProject(db, project.id, groupPaths);
    const rows = [...groupRows, ...projectRows].filter((row) => protectedRef || !row.protected);
    return {
      all: rows.filter((row) => row.environmentScope === '*').map(runnerVariableOf),
      scoped: rows
        .filter((row) => row.environmentScope !== '*')
        .map((row) => ({ scope: row.environmentScope, variable: runnerVariableOf(row) })),
    };
  }

  return { list, get, create, update, remove, forPipeline };
}

export type CiVariablesService = ReturnType<typeof createCiVariablesService>;

/** A pipeline's project and group variables: for every job, and by environment scope. */
export type PipelineVariables = { all: CiVariable[]; scoped: Array<{ scope: string; variable: CiVariable }> };

/** The scoped variables a job deploying to `environment` gets (none without an environment). */
export function forEnvironment(variables: PipelineVariables, environment: string | null): CiVariable[] {
  return variables.scoped
    .filter(({ scope }) => environmentScopeMatches(scope, environment))
    .map(({ variable }) => variable);
}

const runnerVariableOf = (row: CicdVariableRow): CiVariable => ({
  key: row.key,
  value: row.value,
  public: false,
  masked: row.masked,
  ...(row.variableType === 'file' ? { file: true } : {}),
  ...(row.raw ? { raw: true } : {}),
});

const definedOf = (params: VariableParams): Partial<CicdVariableInput> =>
  Object.fromEntries(
    Object.entries(params).filter(([name, value]) => value !== undefined && name !== 'description'),
  );
