/**
 * Which side of a VS Code restart an extension-host run is on. The code-server driver sets this variable in
 * code-server's environment (the extension host inherits it): the first start runs the suites plus the
 * reload check's set-up, the second start, on the same profile, runs only the check.
 */
export const RELOAD_PHASE_VARIABLE = 'GCORE_TEST_RELOAD_PHASE';

export type ReloadPhase = 'main' | 'afterReload';

/**
 * A loopback port the driver picks once for both starts, as it does code-server's: where the reload check's
 * emulator listens in each, so that the inference deployment kept in the chat answers at the same address after
 * the reload, as Gcore keeps a deployment's address while the deployment lives.
 */
export const RELOAD_ENDPOINT_PORT_VARIABLE = 'GCORE_TEST_RELOAD_ENDPOINT_PORT';

const PHASES: readonly ReloadPhase[] = ['main', 'afterReload'];
const RELOAD_DIR = 'reload/';
const BEFORE_RELOAD_SUITE = `${RELOAD_DIR}beforeReload.test.js`;
const AFTER_RELOAD_SUITE = `${RELOAD_DIR}afterReload.test.js`;

/** Undefined when the variable is unset: a single start with no restart to follow (e.g. @vscode/test-electron). */
export function reloadPhaseFrom(env: NodeJS.ProcessEnv): ReloadPhase | undefined {
  const value = env[RELOAD_PHASE_VARIABLE];
  if (value === undefined || value === '') return undefined;
  const phase = PHASES.find((known) => known === value);
  if (!phase) throw new Error(`${RELOAD_PHASE_VARIABLE} must be one of ${PHASES.join(', ')}, not "${value}".`);
  return phase;
}

export function reloadEndpointPortFrom(env: NodeJS.ProcessEnv): number {
  const value = env[RELOAD_ENDPOINT_PORT_VARIABLE];
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${RELOAD_ENDPOINT_PORT_VARIABLE} must be a port number, not "${value ?? ''}".`);
  }
  return port;
}

/**
 * The suites one start runs, in order, from every compiled suite (paths relative to the tests folder,
 * '/'-separated). The reload set-up comes last in the main phase because other suites reset the settings
 * and state it leaves for the second start. Without a phase the reload suites are left out: nothing would
 * check what the set-up leaves.
 */
export function suitesForPhase(allSuites: readonly string[], phase: ReloadPhase | undefined): string[] {
  const ordinary = allSuites.filter((suite) => !suite.startsWith(RELOAD_DIR));
  switch (phase) {
    case undefined:
      return ordinary;
    case 'main':
      return [...ordinary, requireSuite(allSuites, BEFORE_RELOAD_SUITE)];
    case 'afterReload':
      return [requireSuite(allSuites, AFTER_RELOAD_SUITE)];
  }
}

function requireSuite(allSuites: readonly string[], suite: string): string {
  if (!allSuites.includes(suite)) throw new Error(`the reload check needs ${suite}, which was not compiled.`);
  return suite;
}
