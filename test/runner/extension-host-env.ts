/**
 * Variables never passed from the caller's shell to the VS Code under test: the official Gcore clients'
 * credentials and targets (a developer's real key must not reach tests), and the ones by which an outer
 * code-server or VS Code would capture the one we start (when the tests are run from its terminal).
 */
export const WITHHELD_VARIABLES: readonly string[] = [
  'GCORE_API_KEY',
  'GCORE_BASE_URL',
  'GCORE_CLOUD_PROJECT_ID',
  'GCORE_CLOUD_REGION_ID',
  'GCORE_TEST_ENV_JSON',
  'VSCODE_IPC_HOOK_CLI',
  'ELECTRON_RUN_AS_NODE',
  'CODE_SERVER_PARENT_PID',
  'PASSWORD',
  'HASHED_PASSWORD',
  'PORT',
];

/** Where tests put the variables they want the extension host to see, as one JSON object of strings. */
export const TEST_ENV_VARIABLE = 'GCORE_TEST_ENV_JSON';

/**
 * What to change in the caller's environment for the extension host: withheld names map to undefined,
 * then the entries of GCORE_TEST_ENV_JSON are set (so a test can still give GCORE_API_KEY on purpose).
 */
export function extensionHostEnvChanges(callerEnv: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const changes: Record<string, string | undefined> = {};
  for (const name of WITHHELD_VARIABLES) changes[name] = undefined;
  return { ...changes, ...parseTestEnv(callerEnv[TEST_ENV_VARIABLE]) };
}

/** The caller's environment with the changes applied; names mapped to undefined are left out. */
export function applyEnvChanges(callerEnv: NodeJS.ProcessEnv, changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...callerEnv };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

function parseTestEnv(json: string | undefined): Record<string, string> {
  if (json === undefined || json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error(`${TEST_ENV_VARIABLE} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${TEST_ENV_VARIABLE} must be a JSON object of variable names to string values.`);
  }
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') {
      throw new Error(`${TEST_ENV_VARIABLE}: the value of "${name}" must be a string, not ${JSON.stringify(value)}.`);
    }
    variables[name] = value;
  }
  return variables;
}
