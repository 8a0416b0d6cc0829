import type { Container } from './container';
import { ensureRootUser } from './features/users/bootstrap-root';
import { DEMO_PASSWORD, seedDemo } from './seed/demo-seed';

export type BootstrapReport = {
  rootCreated: boolean;
  /** Set only when the root password was generated on this start. */
  generatedRootPassword?: string;
  demoProjectPath?: string;
};

/** On an empty instance: the root administrator, then (unless SEED_DEMO=false) the demo data. */
export async function bootstrapInstance(c: Container): Promise<BootstrapReport> {
  const root = await ensureRootUser(c, {
    ...(c.config.initialRootPassword ? { initialRootPassword: c.config.initialRootPassword } : {}),
    dataDir: c.config.dataDir,
  });
  if (!root.created) return { rootCreated: false };
  const demo = c.config.seedDemo ? await seedDemo(c) : undefined;
  return {
    rootCreated: true,
    ...(root.password ? { generatedRootPassword: root.password } : {}),
    ...(demo ? { demoProjectPath: demo.projectPath } : {}),
  };
}

/** What startup prints: where to go and how to sign in. */
export function signInInstructions(report: BootstrapReport, url: string, passwordFile: string): string {
  const lines = [`Mergeway is running at ${url}`];
  if (report.generatedRootPassword) {
    lines.push(`Sign in as root with the password ${report.generatedRootPassword}`);
    lines.push(`(shown once; it is also in ${passwordFile})`);
  } else if (report.rootCreated) {
    lines.push('Sign in as root with INITIAL_ROOT_PASSWORD.');
  } else {
    lines.push(`Sign in as root (initial password in ${passwordFile} if it was generated).`);
  }
  if (report.demoProjectPath) {
    lines.push(
      `Demo users: alice and bob, password ${DEMO_PASSWORD}. Demo project: ${url}/${report.demoProjectPath}`,
    );
  }
  return lines.join('\n');
}
